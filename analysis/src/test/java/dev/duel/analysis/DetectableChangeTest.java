package dev.duel.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Locale;
import java.util.Random;
import org.apache.commons.statistics.distribution.TDistribution;
import org.junit.jupiter.api.Test;

/** What "these runs would detect a change of +X% or -Y%" promises, checked by seeded experiments (issue 31, item 7). */
class DetectableChangeTest {
    private static final int TRIALS = 20_000;

    /**
     * At a known noise, a change of the noncentral λ standard errors is found by a two-sided t test at 95% in 80% of
     * experiments; the sum of the two central quantiles, t(0.975) + t(0.8), in 73% at 1 degree of freedom and 77% at 2.
     */
    @Test
    void theNoncentralTGivesThePowerAskedFor() {
        Random random = new Random(71);
        for (int freedom : new int[] {1, 2, 5}) {
            double lambda = DetectableChange.noncentrality(freedom, 0.95, 0.8);
            TDistribution t = TDistribution.of(freedom);
            double sum = t.inverseCumulativeProbability(0.975) + t.inverseCumulativeProbability(0.8);
            double atLambda = power(random, freedom, lambda);
            double atSum = power(random, freedom, sum);
            System.out.printf(
                    Locale.ROOT,
                    "%d df: noncentral %.3f finds it in %.1f%%, t + t %.3f in %.1f%%%n",
                    freedom,
                    lambda,
                    100 * atLambda,
                    sum,
                    100 * atSum);
            assertEquals(0.8, atLambda, 0.01, freedom + " df");
            assertTrue(lambda >= sum, "the sum of quantiles understates the change at " + freedom + " df");
        }
        assertTrue(power(random, 1, sum(1)) < 0.75, "t + t at 1 df");
    }

    /**
     * The promise itself: from an A/A experiment of n paired repetitions (5% noise a run) that could not tell, the change
     * it prints, up or down, is found by a fresh experiment of the same size that truly has it, in at least 80% of such
     * experiments. From the observed error alone (the old (t + t) × s) it was found in 56% at 2 repetitions, 63% at 3,
     * 72% at 6: the error from few runs is itself too noisy to plan by.
     */
    @Test
    void aChangeOfThePrintedSizeIsFoundInAtLeastEightyPercentOfFreshExperiments() {
        Random random = new Random(72);
        for (int n : new int[] {2, 3, 6}) {
            int said = 0;
            int foundRise = 0;
            int foundFall = 0;
            for (int trial = 0; trial < TRIALS; trial++) {
                RatioInterval.Interval aa = experiment(random, n, 0);
                if (!aa.contains(1)) {
                    continue; // it told, and says no detectable change
                }
                DetectableChange detectable = aa.detectable(0.8);
                said++;
                foundRise +=
                        experiment(random, n, Math.log1p(detectable.rise())).contains(1) ? 0 : 1;
                foundFall +=
                        experiment(random, n, Math.log1p(detectable.fall())).contains(1) ? 0 : 1;
            }
            System.out.printf(
                    Locale.ROOT,
                    "%d repetitions: a change of the printed size found in %.1f%% (rise), %.1f%% (fall)%n",
                    n,
                    100.0 * foundRise / said,
                    100.0 * foundFall / said);
            assertTrue(foundRise >= 0.8 * said, n + " repetitions, rise: " + foundRise + " of " + said);
            assertTrue(foundFall >= 0.8 * said, n + " repetitions, fall: " + foundFall + " of " + said);
        }
    }

    /** A rise and a fall of the same size in logs: +109% and -52%. */
    @Test
    void theChangeIsSaidBothWays() {
        DetectableChange change = new DetectableChange(Math.log(2.09), 0.95, 0.8, 2);
        assertEquals(1.09, change.rise(), 1e-9);
        assertEquals(-0.5215, change.fall(), 1e-4);
        assertTrue(change.known());
        assertFalse(DetectableChange.of(Double.NaN, 2, 0.95, 0.8).known());
        assertFalse(DetectableChange.of(0.05, 0, 0.95, 0.8).known());
    }

    /**
     * Planning: more units make a smaller change detectable, and the noise's bound comes from the degrees of freedom
     * it was estimated with, not from the units planned.
     */
    @Test
    void aProjectionShrinksWithUnitsAndKeepsTheNoiseBound() {
        DetectableChange three = DetectableChange.projected(0.05, 2, 3, 0.95, 0.8);
        DetectableChange twelve = DetectableChange.projected(0.05, 2, 12, 0.95, 0.8);
        assertTrue(twelve.logChange() < three.logChange() / 2, three + " " + twelve);
        assertEquals(2, twelve.freedom());
        double bound = DetectableChange.noiseBound(0.05, 2, DetectableChange.NOISE_CONFIDENCE);
        assertEquals(DetectableChange.noncentrality(11, 0.95, 0.8) * bound / Math.sqrt(12), twelve.logChange(), 1e-12);
        assertEquals(DetectableChange.of(0.05 / Math.sqrt(3), 2, 0.95, 0.8).logChange(), three.logChange(), 1e-12);
    }

    /** A paired experiment of {@code n} repetitions, 5% noise a run, B / A truly exp({@code logTruth}): its 95% interval. */
    private static RatioInterval.Interval experiment(Random random, int n, double logTruth) {
        double[] a = new double[n];
        double[] b = new double[n];
        for (int i = 0; i < n; i++) {
            a[i] = 1000 * Math.exp(0.05 * random.nextGaussian());
            b[i] = 1000 * Math.exp(logTruth + 0.05 * random.nextGaussian());
        }
        return RatioInterval.paired(a, b, 0.95);
    }

    private static double sum(int freedom) {
        TDistribution t = TDistribution.of(freedom);
        return t.inverseCumulativeProbability(0.975) + t.inverseCumulativeProbability(0.8);
    }

    /** The share of t statistics (Z + λ) / √(V / df) beyond the two-sided 95% critical value. */
    private static double power(Random random, int freedom, double lambda) {
        double critical = TDistribution.of(freedom).inverseCumulativeProbability(0.975);
        int beyond = 0;
        for (int trial = 0; trial < 40_000; trial++) {
            double v = 0;
            for (int i = 0; i < freedom; i++) {
                double z = random.nextGaussian();
                v += z * z;
            }
            double t = (random.nextGaussian() + lambda) / Math.sqrt(v / freedom);
            beyond += Math.abs(t) > critical ? 1 : 0;
        }
        return beyond / 40_000.0;
    }
}
