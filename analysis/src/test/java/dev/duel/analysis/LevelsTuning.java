package dev.duel.analysis;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Not a test: prints how often {@link Levels} finds the levels of seeded alternating series, how often it finds
 * levels in the synthetic series that have none, and how often {@link MeanInterval} covers an alternating target's
 * long-run mean (the numbers in docs/steady-state.md). Run with the test classpath: {@code java -cp
 * analysis/target/classes:analysis/target/test-classes:<commons-statistics jars> dev.duel.analysis.LevelsTuning
 * [leastSeparation runsZ leastStep]}.
 */
final class LevelsTuning {
    static final int CASES = 1000;

    /** The alternations tried: stays from 2 s to 40 s, duty cycles from a quarter to three quarters. */
    static final List<double[]> STAYS = List.of(
            new double[] {2, 2},
            new double[] {3, 3},
            new double[] {3, 7},
            new double[] {5, 5},
            new double[] {10, 3},
            new double[] {4, 12},
            new double[] {8, 8},
            new double[] {15, 15},
            new double[] {20, 40});

    static final double[] RATIOS = {1.3, 1.5, 2, 4};

    private LevelsTuning() {}

    public static void main(String[] args) {
        Levels.Settings settings = Levels.Settings.DEFAULT;
        if (args.length > 0) {
            settings = new Levels.Settings(
                    Double.parseDouble(args[2]),
                    Double.parseDouble(args[0]),
                    settings.leastStayValues(),
                    settings.leastSwitches(),
                    Double.parseDouble(args[1]));
        }
        System.out.println("levels found, % of " + CASES + " (series of 30 s | 60 s | 120 s)");
        for (AlternatingSeries.Kind kind : AlternatingSeries.Kind.values()) {
            for (double[] stays : STAYS) {
                StringBuilder line = new StringBuilder(String.format(
                        Locale.ROOT, "%-9s %4.0f/%-4.0f", kind.name().toLowerCase(Locale.ROOT), stays[0], stays[1]));
                for (double ratio : RATIOS) {
                    line.append(String.format(Locale.ROOT, " | x%.1f", ratio));
                    for (int length : new int[] {30, 60, 120}) {
                        AlternatingSeries.Shape shape = new AlternatingSeries.Shape(kind, stays[0], stays[1], ratio);
                        line.append(String.format(Locale.ROOT, " %5.1f", found(shape, length, settings)));
                    }
                }
                System.out.println(line);
            }
        }
        System.out.println("\nlevels found where there are none, % of " + CASES);
        for (SyntheticSeries.Shape shape : SyntheticSeries.Shape.values()) {
            int found = 0;
            for (int seed = 0; seed < CASES; seed++) {
                if (Levels.of(SyntheticSeries.of(shape, seed).series(), 1, settings)
                        .isPresent()) {
                    found++;
                }
            }
            System.out.printf(Locale.ROOT, "%-12s %5.1f%n", shape, found * 100.0 / CASES);
        }
        System.out.println("\nmain's 95% interval: coverage of the long-run mean, % (median half-width, %), for a"
                + " stretch of n s whose last T s are main");
        int[][] designs = {{30, 10}, {40, 10}, {60, 20}, {20, 20}};
        for (AlternatingSeries.Kind kind : AlternatingSeries.Kind.values()) {
            for (double[] stays : STAYS.subList(0, 7)) {
                for (double ratio : new double[] {1.5, 4}) {
                    AlternatingSeries.Shape shape = new AlternatingSeries.Shape(kind, stays[0], stays[1], ratio);
                    StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-36s", shape));
                    for (int[] design : designs) {
                        double[] result = coverage(shape, design[0], design[1]);
                        line.append(String.format(
                                Locale.ROOT, " | %d/%d %5.1f (%3.0f)", design[0], design[1], result[0], result[1]));
                    }
                    System.out.println(line);
                }
            }
        }
    }

    static double found(AlternatingSeries.Shape shape, int length, Levels.Settings settings) {
        int found = 0;
        for (int seed = 0; seed < CASES; seed++) {
            if (Levels.of(AlternatingSeries.of(shape, length, 1, seed).values(), 1, settings)
                    .isPresent()) {
                found++;
            }
        }
        return found * 100.0 / CASES;
    }

    /** {coverage %, median relative half-width %} of main's interval, main the last T values of n. */
    static double[] coverage(AlternatingSeries.Shape shape, int n, int mainValues) {
        int covered = 0;
        double[] widths = new double[CASES];
        for (int seed = 0; seed < CASES; seed++) {
            AlternatingSeries.Case c = AlternatingSeries.of(shape, n, 1, seed);
            MeanInterval.Interval interval = MeanInterval.of(c.values(), n - mainValues, n, 0.95);
            if (Math.abs(interval.mean() - c.trueMean()) <= interval.halfWidth()) {
                covered++;
            }
            widths[seed] = interval.relativeHalfWidth();
        }
        Arrays.sort(widths);
        return new double[] {covered * 100.0 / CASES, widths[CASES / 2] * 100};
    }
}
