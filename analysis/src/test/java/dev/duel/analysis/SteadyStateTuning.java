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
        double[] penalties = {3, 5, 8, 10, 15, 20};
        int[] minSegments = {2, 3, 5};
        double[] tolerances = {0.02};
        int[] halfWindows = {5};
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
                                new Segmentation.Settings(penalty, minSegment, tolerance, halfWindow, 3, 0.001),
                                0.25,
                                10);
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

    private static double[] parse(String list) {
        return java.util.Arrays.stream(list.split(","))
                .mapToDouble(Double::parseDouble)
                .toArray();
    }
}
