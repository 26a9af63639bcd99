package dev.duel.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Seeded coverage of the ratio interval where the audit found the printed guarantee broken: unequal run-to-run noise
 * and unequal run counts (issue 22, item 5), for normal and heavy-tailed (t with 3 degrees of freedom) noise on the log
 * scale; the equivalence test's size at its margin; bimodal runs.
 */
class RatioIntervalTest {
    private static final double TRUE_RATIO = 0.8;

    /** {runs A, runs B, noise A, noise B}: the smaller side noisier, the larger, and equal, from 2 to 12 runs. */
    private static final double[][] CASES = {
        {2, 3, 0.15, 0.05}, {2, 3, 0.05, 0.15}, {3, 3, 0.05, 0.05}, {3, 3, 0.05, 0.15}, {4, 4, 0.05, 0.15},
        {4, 8, 0.15, 0.05}, {4, 8, 0.05, 0.15}, {8, 4, 0.05, 0.15}, {3, 6, 0.15, 0.05}, {6, 6, 0.05, 0.15},
        {6, 12, 0.15, 0.05}
    };

    @Test
    void theIntervalCoversAtLeastItsConfidenceUnderUnequalNoiseAndRunCounts() {
        Random random = new Random(22);
        StringBuilder seen = new StringBuilder();
        for (boolean heavy : new boolean[] {false, true}) {
            for (double[] c : CASES) {
                double coverage = coverage(random, (int) c[0], (int) c[1], c[2], c[3], heavy, 6_000);
                seen.append(String.format(
                        Locale.ROOT,
                        " %dv%d(%.0f:%.0f)%s %.1f%%",
                        (int) c[0],
                        (int) c[1],
                        c[2] * 100,
                        c[3] * 100,
                        heavy ? "t3" : "",
                        coverage * 100));
                assertTrue(coverage >= 0.95, "coverage under 95% at" + seen);
            }
        }
    }

    /**
     * Runs paired by repetition, where each repetition's two runs share what the machine did then (a factor with 8%
     * spread from one repetition to the next: the demo's session got 10-20% faster over seven minutes) and each run has
     * its own 3% (normal) or heavy-tailed noise. The paired interval covers at least its confidence at 3, 6 and 12
     * repetitions; the unpaired one covers too (the drift is noise to it) but is far wider, so the paired is at most
     * half as wide. Without a shared drift the two are about as wide and both cover.
     */
    @Test
    void pairedRunsCoverAndSharedDriftCancels() {
        Random random = new Random(23);
        StringBuilder seen = new StringBuilder();
        for (boolean heavy : new boolean[] {false, true}) {
            for (int n : new int[] {3, 6, 12}) {
                for (double drift : new double[] {0.08, 0}) {
                    int trials = 6_000;
                    int pairedCovers = 0;
                    double pairedWidth = 0;
                    double unpairedWidth = 0;
                    for (int trial = 0; trial < trials; trial++) {
                        double[] a = new double[n];
                        double[] b = new double[n];
                        for (int i = 0; i < n; i++) {
                            double shared = drift * random.nextGaussian();
                            a[i] = 1000 * Math.exp(shared + 0.03 * noise(random, heavy));
                            b[i] = 1000 * TRUE_RATIO * Math.exp(shared + 0.03 * noise(random, heavy));
                        }
                        RatioInterval.Interval paired = RatioInterval.paired(a, b, 0.95);
                        RatioInterval.Interval unpaired = RatioInterval.of(a, b, 0.95);
                        pairedCovers += paired.contains(TRUE_RATIO) ? 1 : 0;
                        pairedWidth += Math.log(paired.high() / paired.low());
                        unpairedWidth += Math.log(unpaired.high() / unpaired.low());
                    }
                    double coverage = pairedCovers / (double) trials;
                    double widths = pairedWidth / unpairedWidth;
                    seen.append(String.format(
                            Locale.ROOT,
                            " %d%s drift %.0f%%: %.1f%% width %.2f",
                            n,
                            heavy ? "t3" : "",
                            drift * 100,
                            coverage * 100,
                            widths));
                    assertTrue(coverage >= 0.945, "paired coverage under 95% at" + seen);
                    assertTrue(drift == 0 ? widths < 1.3 : widths <= 0.5, "widths at" + seen);
                }
            }
        }
    }

    private static double noise(Random random, boolean heavy) {
        return heavy ? t3(random) / Math.sqrt(3) : random.nextGaussian();
    }

    /**
     * The audit's case: 4 runs against 8 with the 4 three times as noisy. Hodges-Lehmann covered 88.2% there and
     * printed at least 95.2%; Welch-Satterthwaite covers about 94.3% and prints 95%.
     */
    @Test
    void fourAgainstEightWithTheSmallerSideNoisierCoversWhatTheRowPrints() {
        double coverage = coverage(new Random(48), 4, 8, 0.15, 0.05, false, 20_000);
        assertTrue(coverage >= 0.95, "coverage " + coverage);
    }

    /**
     * TOST: when the true difference is exactly the margin, "the same within ±m" at most 5% of the time; when the two
     * are equal and the runs many enough, it is said.
     */
    @Test
    void theSameWithinTheMarginIsSaidAtMostFivePercentOfTheTimeAtTheMargin() {
        Random random = new Random(5);
        double margin = 0.05;
        for (int runs : new int[] {3, 6}) {
            for (double truth : new double[] {1 + margin, 1 - margin}) {
                int same = 0;
                int trials = 10_000;
                for (int t = 0; t < trials; t++) {
                    double[] a = sample(random, runs, 1, 0.03, false);
                    double[] b = sample(random, runs, truth, 0.03, false);
                    same += RatioInterval.of(a, b, 0.95).sameWithin(margin, 0.05) ? 1 : 0;
                }
                assertTrue(same <= 0.05 * trials, runs + " runs at " + truth + ": same in " + same + " of " + trials);
            }
        }
        int same = 0;
        for (int t = 0; t < 1_000; t++) {
            same += RatioInterval.of(sample(random, 6, 1, 0.01, false), sample(random, 6, 1, 0.01, false), 0.95)
                            .sameWithin(margin, 0.05)
                    ? 1
                    : 0;
        }
        assertTrue(same >= 950, "equal with 1% noise, 6 runs a side: same in " + same + " of 1,000");
    }

    @Test
    void pointEstimateAndBoundsAreRatios() {
        RatioInterval.Interval three =
                RatioInterval.of(new double[] {100, 102, 98}, new double[] {120, 121, 119}, 0.95);
        assertEquals(RatioInterval.Method.WELCH_HSU, three.method());
        assertEquals(2, three.freedom());
        assertEquals(1.2, three.ratio(), 0.002);
        assertTrue(three.low() > 1.1 && three.high() < 1.3, three.toString());
        assertEquals("Welch-Hsu t on logs, 2 df", three.label());
        RatioInterval.Interval one = RatioInterval.of(new double[] {100}, new double[] {120, 121, 119}, 0.95);
        assertFalse(one.bounded());
        assertFalse(
                RatioInterval.of(new double[] {5, 5}, new double[] {7, 7}, 0.95).bounded(), "no noise, no interval");
    }

    @Test
    void runsInTwoGroupsAreBimodal() {
        assertTrue(RatioInterval.bimodal(new double[] {43_000, 36_100, 43_500, 35_800}));
        assertTrue(RatioInterval.bimodal(new double[] {43_000, 36_100, 43_500, 35_800, 42_700, 36_300}));
        assertFalse(RatioInterval.bimodal(new double[] {43_000, 41_100, 42_500, 40_800}), "one group with noise");
        assertFalse(RatioInterval.bimodal(new double[] {43_000, 36_100, 43_500}), "three runs cannot tell");
        assertFalse(RatioInterval.bimodal(new double[] {100, 101, 103, 104}), "a gap under 5%");
        Random random = new Random(3);
        int flagged = 0;
        for (int t = 0; t < 1_000; t++) {
            flagged += RatioInterval.bimodal(sample(random, 6, 1, 0.05, false)) ? 1 : 0;
        }
        assertTrue(flagged <= 30, "one normal group flagged bimodal in " + flagged + " of 1,000");
    }

    private static double coverage(
            Random random, int runsA, int runsB, double noiseA, double noiseB, boolean heavy, int trials) {
        int covered = 0;
        for (int t = 0; t < trials; t++) {
            double[] a = sample(random, runsA, 1, noiseA, heavy);
            double[] b = sample(random, runsB, TRUE_RATIO, noiseB, heavy);
            covered += RatioInterval.of(a, b, 0.95).contains(TRUE_RATIO) ? 1 : 0;
        }
        return covered / (double) trials;
    }

    /** Log-normal runs around {@code level} (or log-t with 3 degrees of freedom, scaled to the same deviation). */
    private static double[] sample(Random random, int runs, double level, double noise, boolean heavy) {
        double[] values = new double[runs];
        for (int i = 0; i < runs; i++) {
            double z = heavy ? t3(random) / Math.sqrt(3) : random.nextGaussian();
            values[i] = level * 10_000 * Math.exp(noise * z);
        }
        return values;
    }

    private static double t3(Random random) {
        double chi = 0;
        for (int k = 0; k < 3; k++) {
            double g = random.nextGaussian();
            chi += g * g;
        }
        return random.nextGaussian() / Math.sqrt(chi / 3);
    }
}
