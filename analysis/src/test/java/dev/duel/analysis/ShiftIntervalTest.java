package dev.duel.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Coverage of {@link ShiftInterval} over seeded simulated comparisons of shares with a known true
 * difference: 20,000 each, so a standard error of about 0.15 points; the bounds allow 0.5.
 */
class ShiftIntervalTest {
    private static final int TRIALS = 20_000;
    private static final double TRUE_SHIFT = 0.03;
    private static final double SLACK = 0.005;

    @Test
    void aSideAtZeroStillGetsAnInterval() {
        ShiftInterval.Interval late =
                ShiftInterval.of(new double[] {0, 0, 0, 0}, new double[] {0.040, 0.045, 0.042, 0.050}, 0.95);
        assertEquals(RatioInterval.Method.HODGES_LEHMANN, late.method());
        assertEquals("Hodges-Lehmann, coverage >= 97.1% under a pure shift", late.label());
        // k = 1 of 16 differences: the smallest and the largest, widened by the grid step 0.002 (0 ties with 0).
        assertEquals(0.040 - 0.002, late.low(), 1e-9);
        assertEquals(0.050 + 0.002, late.high(), 1e-9);
        assertFalse(late.contains(0));
        assertFalse(
                ShiftInterval.of(new double[] {0, 0, 0}, new double[] {0.04, 0.05, 0.06}, 0.95)
                        .bounded(),
                "3 runs a side: no interval");
        assertFalse(
                ShiftInterval.of(new double[] {0, 0, 0, 0}, new double[] {0, 0, 0, 0}, 0.95)
                        .bounded(),
                "no noise estimate");
    }

    /** Without ties the coverage is the exact one: 97.1% at 4 against 4, 95.9% at 6 against 6. */
    @Test
    void withoutTiesTheCoverageIsTheExactOne() {
        Random random = new Random(20261130);
        for (int runs : new int[] {4, 6}) {
            double exact = ShiftInterval.of(new double[runs], ramp(runs), 0.95).coverage();
            double coverage = coverage(runs, 0, random);
            assertTrue(Math.abs(coverage - exact) <= SLACK, runs + " runs: coverage " + coverage + ", exact " + exact);
        }
    }

    /** Shares of whole requests, rounded after the shift (0.5 and 1 point grids, 1 point of noise): still at least. */
    @Test
    void withTiesFromRoundingTheCoverageIsStillAtLeastTheExactOne() {
        Random random = new Random(31);
        for (double step : new double[] {0.005, 0.01}) {
            for (int runs : new int[] {4, 5, 6}) {
                double exact =
                        ShiftInterval.of(new double[runs], ramp(runs), 0.95).coverage();
                double coverage = coverage(runs, step, random);
                String what = runs + " runs, grid " + step + ": coverage " + coverage + ", exact " + exact;
                assertTrue(coverage >= exact - SLACK, what);
                assertTrue(coverage >= 0.95, what);
            }
        }
    }

    /**
     * A continuous share at 2 and 3 runs a side gets Welch's t interval: over seeded normal noise (A about 8% of CPU
     * with 0.6 points of noise, B shifted by 10 points with 0.3), it holds the true shift in 93% to 99% of 4,000
     * comparisons; and a late-start share at 3 runs still gets none.
     */
    @Test
    void aContinuousShareGetsAWelchHsuIntervalAtEveryRunCount() {
        Random random = new Random(1130);
        for (int runs : new int[] {2, 3}) {
            int held = 0;
            int trials = 4_000;
            for (int t = 0; t < trials; t++) {
                double[] a = new double[runs];
                double[] b = new double[runs];
                for (int i = 0; i < runs; i++) {
                    a[i] = 0.08 + 0.006 * random.nextGaussian();
                    b[i] = 0.18 + 0.003 * random.nextGaussian();
                }
                ShiftInterval.Interval interval = ShiftInterval.ofContinuous(a, b, 0.95);
                assertEquals(RatioInterval.Method.WELCH_HSU, interval.method());
                if (interval.contains(0.10)) {
                    held++;
                }
            }
            double coverage = (double) held / trials;
            assertTrue(coverage >= 0.95 && coverage <= 0.999, runs + " runs: coverage " + coverage);
        }
        ShiftInterval.Interval demo = ShiftInterval.ofContinuous(
                new double[] {0.076, 0.083, 0.092}, new double[] {0.185, 0.186, 0.191}, 0.95);
        assertTrue(demo.bounded() && !demo.contains(0), "the demo's GC+VM shares: " + demo);
        assertEquals("Welch-Hsu t", demo.label());
        assertFalse(ShiftInterval.of(new double[] {0, 0, 0}, new double[] {0.04, 0.05, 0.06}, 0.95)
                .bounded());
        assertEquals(
                RatioInterval.Method.WELCH_HSU,
                ShiftInterval.ofContinuous(new double[] {1, 2, 3, 4}, new double[] {5, 6, 7, 8}, 0.95)
                        .method(),
                "4 runs a side: the same interval at every run count");
    }

    private static double[] ramp(int runs) {
        double[] values = new double[runs];
        for (int i = 0; i < runs; i++) {
            values[i] = i + 1;
        }
        return values;
    }

    /**
     * Share of comparisons whose 95% interval holds the true shift: A's shares about 5% with 1 point of
     * noise, B's the same moved by 3 points, each then rounded to {@code step} (0: not rounded).
     */
    private static double coverage(int runs, double step, Random random) {
        int covered = 0;
        for (int t = 0; t < TRIALS; t++) {
            double[] a = new double[runs];
            double[] b = new double[runs];
            for (int i = 0; i < runs; i++) {
                a[i] = rounded(0.05 + 0.01 * random.nextGaussian(), step);
                b[i] = rounded(0.05 + TRUE_SHIFT + 0.01 * random.nextGaussian(), step);
            }
            if (ShiftInterval.of(a, b, 0.95).contains(TRUE_SHIFT)) {
                covered++;
            }
        }
        return covered / (double) TRIALS;
    }

    private static double rounded(double value, double step) {
        return step == 0 ? value : Math.round(value / step) * step;
    }
}
