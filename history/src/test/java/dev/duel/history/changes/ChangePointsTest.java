package dev.duel.history.changes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The change-point finder against known truth: seeded series with steps of known size at known commits, and series
 * with none, under plain noise and under the bimodal noise of a host whose speed flips.
 */
class ChangePointsTest {
    /** How close to the true commit a found change must be to count as found. */
    private static final int TOLERANCE = 2;

    enum Noise {
        /** Each value off by 2% (log-normal): a quiet machine's run-to-run spread. */
        PLAIN,
        /** Also, a quarter of the values at 0.53 of the others: runs caught in the host's slow level. */
        BIMODAL_HOST
    }

    static double[] series(SplittableRandom random, int n, Noise noise, int stepAt, double step) {
        double[] values = new double[n];
        for (int i = 0; i < n; i++) {
            double level = 10_000 * (stepAt >= 0 && i >= stepAt ? 1 + step : 1);
            double gaussian = gaussian(random) * 0.02;
            double host = noise == Noise.BIMODAL_HOST && random.nextDouble() < 0.25 ? 0.53 : 1;
            values[i] = level * Math.exp(gaussian) * host;
        }
        return values;
    }

    private static double gaussian(SplittableRandom random) {
        double u = 1 - random.nextDouble();
        double v = random.nextDouble();
        return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    }

    @Test
    void onAThousandSeededSeriesFalseChangesStayRareAndStepsAreFound() {
        SplittableRandom random = new SplittableRandom(33);
        int[][] stepFree = new int[2][2]; // [noise][0: series, 1: with a change]
        // [noise][band][0: series, 1: found within tolerance, 2: missed, 3: series with a false change beside]
        int[][][] stepped = new int[2][3][4];
        for (int trial = 0; trial < 1_000; trial++) {
            Noise noise = Noise.values()[trial % 2];
            int n = 20 + random.nextInt(181);
            boolean hasStep = (trial / 2) % 2 == 0;
            if (!hasStep) {
                List<ChangePoints.Change> found =
                        ChangePoints.find(series(random, n, noise, -1, 0), ChangePoints.Settings.DEFAULT);
                stepFree[noise.ordinal()][0]++;
                if (!found.isEmpty()) {
                    stepFree[noise.ordinal()][1]++;
                }
                continue;
            }
            double size = 0.03 + random.nextDouble() * 0.17;
            double step = random.nextBoolean() ? size : -size;
            int stepAt = n / 4 + random.nextInt(n / 2);
            List<ChangePoints.Change> found =
                    ChangePoints.find(series(random, n, noise, stepAt, step), ChangePoints.Settings.DEFAULT);
            int band = size < 0.06 ? 0 : size < 0.10 ? 1 : 2;
            int[] counts = stepped[noise.ordinal()][band];
            counts[0]++;
            boolean hit = found.stream().anyMatch(c -> Math.abs(c.index() - stepAt) <= TOLERANCE);
            counts[hit ? 1 : 2]++;
            if (found.stream().anyMatch(c -> Math.abs(c.index() - stepAt) > TOLERANCE)) {
                counts[3]++;
            }
        }
        StringBuilder table =
                new StringBuilder("noise | step | series | found (within 2) | missed | with a false change beside\n");
        String[] bands = {"3-6%", "6-10%", "10-20%"};
        for (Noise noise : Noise.values()) {
            for (int band = 0; band < 3; band++) {
                int[] c = stepped[noise.ordinal()][band];
                table.append(String.format(
                        Locale.ROOT,
                        "%s | %s | %d | %.1f%% | %.1f%% | %.1f%%%n",
                        noise,
                        bands[band],
                        c[0],
                        100.0 * c[1] / c[0],
                        100.0 * c[2] / c[0],
                        100.0 * c[3] / c[0]));
            }
            int[] free = stepFree[noise.ordinal()];
            table.append(String.format(
                    Locale.ROOT,
                    "%s | none | %d | a change in %.1f%% of step-free series%n",
                    noise,
                    free[0],
                    100.0 * free[1] / free[0]));
        }
        System.out.print(table);
        int freeSeries = stepFree[0][0] + stepFree[1][0];
        int freeChanged = stepFree[0][1] + stepFree[1][1];
        assertTrue(freeChanged <= 0.05 * freeSeries, "step-free series with a change: " + freeChanged + "\n" + table);
        for (Noise noise : Noise.values()) {
            int[] free = stepFree[noise.ordinal()];
            assertTrue(free[1] <= 0.05 * free[0], noise + ": " + free[1] + " of " + free[0] + "\n" + table);
        }
        // Steps of 10% and more under a quiet machine's 2%: five noise widths and at least 5 values a side.
        int[] large = stepped[Noise.PLAIN.ordinal()][2];
        assertTrue(large[1] >= 0.95 * large[0], "large steps found: " + large[1] + " of " + large[0] + "\n" + table);
        int[] small = stepped[Noise.PLAIN.ordinal()][0];
        assertTrue(small[1] >= 0.5 * small[0], "3-6% steps found: " + small[1] + " of " + small[0] + "\n" + table);
    }

    @Test
    void twoStepsAreBothFoundWithTheirSizes() {
        SplittableRandom random = new SplittableRandom(5);
        double[] values = new double[60];
        for (int i = 0; i < values.length; i++) {
            double level = i < 20 ? 10_000 : i < 40 ? 9_000 : 9_900;
            values[i] = level * Math.exp(gaussian(random) * 0.01);
        }
        List<ChangePoints.Change> found = ChangePoints.find(values, ChangePoints.Settings.DEFAULT);
        assertEquals(
                List.of(20, 40), found.stream().map(ChangePoints.Change::index).toList(), found.toString());
        ChangePoints.Change drop = found.get(0);
        assertEquals(0.90, drop.ratio(), 0.01);
        assertTrue(drop.low() < 0.90 && drop.high() > 0.90 && drop.high() < 0.95, drop.toString());
        assertEquals(20, drop.runsBefore());
        assertEquals(20, drop.runsAfter());
        assertEquals(1.10, found.get(1).ratio(), 0.01);
        assertTrue(drop.pValue() <= ChangePoints.Settings.DEFAULT.alpha());
        assertEquals(found, ChangePoints.find(values, ChangePoints.Settings.DEFAULT), "the same series, the same cuts");
    }

    @Test
    void aFlatOrShortSeriesHasNoChange() {
        assertEquals(
                List.of(),
                ChangePoints.find(new double[] {5, 5, 5, 5, 5, 5, 5, 5, 5, 5}, ChangePoints.Settings.DEFAULT));
        assertEquals(List.of(), ChangePoints.find(new double[] {1, 1, 1, 9, 9, 9, 9}, ChangePoints.Settings.DEFAULT));
        assertEquals(
                List.of(),
                ChangePoints.find(new double[] {2, 2, 2, 2, 2, 2, 2, 2, 2, 9, 9, 9}, ChangePoints.Settings.DEFAULT),
                "a last level of 3 values is under the 4 a change needs");
    }
}
