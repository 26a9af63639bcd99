package dev.duel.analysis;

import java.util.Locale;

/**
 * Not a test: prints, for a grid of settings, how often the synthetic cases are found (used to choose
 * the defaults, see docs/steady-state.md). Run with the test classpath:
 * {@code java -cp analysis/target/classes:analysis/target/test-classes:<commons-statistics jars>
 * dev.duel.analysis.SteadyStateTuning}.
 */
final class SteadyStateTuning {
    private SteadyStateTuning() {}

    public static void main(String[] args) {
        if (args.length > 0 && args[0].equals("stop")) {
            stopping();
            return;
        }
        double[] penalties = {2, 3, 4, 5};
        int[] minSegments = {3, 5};
        double[] tolerances = {0.02};
        int[] halfWindows = {10};
        if (args.length > 0) {
            penalties = parse(args[0]);
            minSegments = java.util.Arrays.stream(parse(args[1]))
                    .mapToInt(d -> (int) d)
                    .toArray();
            tolerances = parse(args[2]);
            halfWindows = java.util.Arrays.stream(parse(args[3]))
                    .mapToInt(d -> (int) d)
                    .toArray();
        }
        System.out.print("penalty minSeg tol halfWin |");
        for (SyntheticSeries.Shape shape : SyntheticSeries.Shape.values()) {
            System.out.printf(Locale.ROOT, " %12s", shape);
        }
        System.out.println("   (found within 2 s and classified as the truth, % of 1000)");
        for (double penalty : penalties) {
            for (int minSegment : minSegments) {
                for (double tolerance : tolerances) {
                    for (int halfWindow : halfWindows) {
                        SteadyState.Settings settings = new SteadyState.Settings(
                                new Segmentation.Settings(penalty, minSegment, tolerance, 2.5, halfWindow, 3),
                                0.25,
                                0.5,
                                10,
                                0.25);
                        System.out.printf(
                                Locale.ROOT,
                                "%7.0f %6d %3.0f%% %7d |",
                                penalty,
                                minSegment,
                                tolerance * 100,
                                halfWindow);
                        for (SyntheticSeries.Shape shape : SyntheticSeries.Shape.values()) {
                            Score score = score(shape, settings, 1000);
                            System.out.printf(Locale.ROOT, " %5.1f (%5.1f)", score.both, score.located);
                        }
                        System.out.println();
                    }
                }
            }
        }
    }

    record Score(double located, double classified, double both) {}

    static Score score(SyntheticSeries.Shape shape, SteadyState.Settings settings, int cases) {
        int located = 0;
        int classified = 0;
        int both = 0;
        for (int seed = 0; seed < cases; seed++) {
            SyntheticSeries.Case c = SyntheticSeries.of(shape, seed);
            SteadyState.Analysis a = SteadyState.of(c.series(), SteadyState.Direction.HIGHER_IS_BETTER, settings);
            int found = a.steady()
                    ? a.steadyStartIndex()
                    : a.segments().get(a.segments().size() - 1).startIndex();
            boolean near = Math.abs(found - c.changeIndex()) <= 2;
            boolean right = a.classification() == c.expected();
            located += near ? 1 : 0;
            classified += right ? 1 : 0;
            both += near && right ? 1 : 0;
        }
        return new Score(100.0 * located / cases, 100.0 * classified / cases, 100.0 * both / cases);
    }

    /**
     * The stopping rule checked every 5 s on growing prefixes of synthetic series (the engine's use): how often
     * it stops at all within the series, how often it stops before the truth's final change is 2 s old (too
     * early), and how many seconds after the final change it stops (median).
     */
    static void stopping() {
        for (SyntheticSeries.Shape shape : new SyntheticSeries.Shape[] {
            SyntheticSeries.Shape.STEP,
            SyntheticSeries.Shape.RAMP,
            SyntheticSeries.Shape.GENTLE_RAMP,
            SyntheticSeries.Shape.TWO_STEPS,
            SyntheticSeries.Shape.NOISE
        }) {
            int stopped = 0;
            int early = 0;
            java.util.List<Integer> after = new java.util.ArrayList<>();
            for (int seed = 0; seed < 1000; seed++) {
                SyntheticSeries.Case c = SyntheticSeries.of(shape, seed);
                for (int t = 10; t <= c.series().length; t += 5) {
                    WarmupStop.Decision d =
                            WarmupStop.check(java.util.Arrays.copyOf(c.series(), t), WarmupStop.Settings.DEFAULT);
                    if (d.steady()) {
                        stopped++;
                        early += d.steadySinceSecond() < c.changeIndex() - 2 ? 1 : 0;
                        after.add(t - c.changeIndex());
                        break;
                    }
                }
            }
            java.util.Collections.sort(after);
            System.out.printf(
                    Locale.ROOT,
                    "%-12s stopped %5.1f%%, steady-since more than 2 s before the truth %4.1f%%,"
                            + " median stop %s s after the final change%n",
                    shape,
                    stopped / 10.0,
                    early / 10.0,
                    after.isEmpty() ? "-" : after.get(after.size() / 2));
        }
    }

    private static double[] parse(String list) {
        return java.util.Arrays.stream(list.split(","))
                .mapToDouble(Double::parseDouble)
                .toArray();
    }
}
