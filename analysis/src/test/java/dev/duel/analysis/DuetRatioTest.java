package dev.duel.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The duet comparison against known truth: exact arithmetic on small series, then seeded simulations of a machine whose
 * speed drifts under both sides at once (a level per repetition, a ramp, steps at random seconds) with noise of their
 * own (each fresh JVM's level, autocorrelated second-to-second noise), measured two ways in the same wall time: duet
 * (both sides every second of the window) and alternation (A for half the window, then B, the order flipping each
 * repetition, paired by repetition as the report pairs alternating runs).
 */
class DuetRatioTest {
    private static final int TRIALS = 4000;
    private static final int WINDOW_SECONDS = 40;

    @Test
    void aRepetitionIsTheMeanOfItsPerSecondLogRatiosWithBatchMeansError() {
        double[] a = new double[15];
        double[] b = new double[15];
        for (int t = 0; t < 15; t++) {
            a[t] = 1000 * (t < 5 ? 1 : t < 10 ? 2 : 4); // the machine doubles its speed twice, under both
            b[t] = a[t] * (t < 5 ? 1.1 : t < 10 ? 1.2 : 1.3);
        }
        DuetRatio.Repetition repetition = DuetRatio.of(a, b);
        double expected = (Math.log(1.1) + Math.log(1.2) + Math.log(1.3)) / 3;
        assertEquals(expected, repetition.logRatio(), 1e-12, "the 4x change in speed cancels second by second");
        assertEquals(3, repetition.batches());
        // Three batch means ln 1.1, ln 1.2, ln 1.3 of 5 s each give sd / sqrt(3); the seconds, three levels of five,
        // are so alike from one to the next that the AR(1) error is the larger: lag-1 r = 0.80, raised by (1 + 4r) /
        // 15.
        double[] batches = {Math.log(1.1), Math.log(1.2), Math.log(1.3)};
        double batchError = Math.sqrt(RatioInterval.variance(batches) / 3);
        double[] seconds = new double[15];
        for (int t = 0; t < 15; t++) {
            seconds[t] = batches[t / 5];
        }
        double mean = RatioInterval.mean(seconds);
        double squares = 0;
        double lagged = 0;
        for (int t = 0; t < 15; t++) {
            squares += (seconds[t] - mean) * (seconds[t] - mean);
            lagged += t < 14 ? (seconds[t] - mean) * (seconds[t + 1] - mean) : 0;
        }
        double r = lagged / squares;
        assertTrue(r > 0.75, "three flat levels: neighbours alike, " + r);
        r = Math.min(0.95, r + (1 + 4 * r) / 15); // 1.08, kept at 0.95
        double autoregressiveError = Math.sqrt(squares / 14 / 15 * (1 + r) / (1 - r));
        assertTrue(autoregressiveError > batchError);
        assertEquals(autoregressiveError, repetition.logStandardError(), 1e-12);
    }

    @Test
    void secondsWhereASideServedNothingAreLeftOutAndCounted() {
        double[] a = {100, 0, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100};
        double[] b = {110, 110, 110, 110, 110, 110, 110, 110, 110, 110, 110, 110, 110, 110, 110, 0};
        DuetRatio.Repetition repetition = DuetRatio.of(a, b);
        assertEquals(14, repetition.seconds());
        assertEquals(2, repetition.secondsLeftOut());
        assertEquals(1.1, repetition.ratio(), 1e-12);
        assertTrue(repetition.describe().contains("2 s with a side at 0 left out"), repetition.describe());
        // No variation at all: nothing tells noise from a difference, so no error.
        assertTrue(Double.isNaN(repetition.logStandardError()));
    }

    @Test
    void tooShortAWindowHasNoWithinRunError() {
        DuetRatio.Repetition repetition = DuetRatio.of(
                new double[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, new double[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 11});
        assertEquals(2, repetition.batches());
        assertTrue(Double.isNaN(repetition.logStandardError()));
        assertEquals(
                RatioInterval.Method.NONE,
                DuetRatio.across(List.of(repetition), 0.95).method());
    }

    @Test
    void acrossRepetitionsIsStudentsTOnTheirLogRatios() {
        List<DuetRatio.Repetition> repetitions = List.of(
                new DuetRatio.Repetition(Math.log(1.02), 0.01, 30, 0, 6),
                new DuetRatio.Repetition(Math.log(1.05), 0.01, 30, 0, 6),
                new DuetRatio.Repetition(Math.log(1.04), 0.01, 30, 0, 6));
        RatioInterval.Interval interval = DuetRatio.across(repetitions, 0.95);
        RatioInterval.Interval paired =
                RatioInterval.paired(new double[] {1, 1, 1}, new double[] {1.02, 1.05, 1.04}, 0.95);
        assertEquals(paired.ratio(), interval.ratio(), 1e-12);
        assertEquals(paired.low(), interval.low(), 1e-12);
        assertEquals(paired.high(), interval.high(), 1e-12);
        assertEquals(RatioInterval.Method.DUET, interval.method());
        assertEquals(2, interval.freedom());
        assertEquals("duet: t on per-repetition ratios of simultaneous seconds, 2 df", interval.label());
    }

    /** How one simulated machine behaves: the shared drift and the sides' own noise, all on the log scale. */
    record Machine(
            double levelSd,
            double rampSd,
            double stepsPerSecond,
            double stepSd,
            double jvmSd,
            double secondSd,
            double rho) {
        /** The case: the host drifts under both (levels, ramps, steps), fresh JVMs differ by 1%. */
        static final Machine DRIFTING = new Machine(0.08, 0.10, 1.0 / 40, 0.08, 0.01, 0.05, 0.4);

        Machine withJvmSd(double sd) {
            return new Machine(levelSd, rampSd, stepsPerSecond, stepSd, sd, secondSd, rho);
        }

        Machine quiet() {
            return new Machine(0, 0, 0, 0, jvmSd, secondSd, rho);
        }

        /** The machine's log speed at each second of one repetition's window: what both sides share. */
        double[] drift(SplittableRandom random) {
            double[] drift = new double[WINDOW_SECONDS];
            double level = levelSd * gaussian(random);
            double slope = rampSd * gaussian(random) / WINDOW_SECONDS;
            double steps = 0;
            for (int t = 0; t < WINDOW_SECONDS; t++) {
                if (random.nextDouble() < stepsPerSecond) {
                    steps += stepSd * gaussian(random);
                }
                drift[t] = level + slope * t + steps;
            }
            return drift;
        }

        /** A side's own log noise over {@code seconds}: its JVM's level and AR(1) seconds of marginal sd secondSd. */
        double[] own(SplittableRandom random, int seconds) {
            double[] own = new double[seconds];
            double jvm = jvmSd * gaussian(random);
            double innovation = secondSd * Math.sqrt(1 - rho * rho);
            double e = secondSd * gaussian(random);
            for (int t = 0; t < seconds; t++) {
                own[t] = jvm + e;
                e = rho * e + innovation * gaussian(random);
            }
            return own;
        }
    }

    /** One duet repetition: both sides every second of the window, at half the machine each (no ratio sees that). */
    private static DuetRatio.Repetition duetRepetition(Machine machine, double logTruth, SplittableRandom random) {
        double[] drift = machine.drift(random);
        double[] ownA = machine.own(random, WINDOW_SECONDS);
        double[] ownB = machine.own(random, WINDOW_SECONDS);
        double[] a = new double[WINDOW_SECONDS];
        double[] b = new double[WINDOW_SECONDS];
        for (int t = 0; t < WINDOW_SECONDS; t++) {
            a[t] = 1000 * Math.exp(drift[t] + ownA[t]);
            b[t] = 1000 * Math.exp(logTruth + drift[t] + ownB[t]);
        }
        return DuetRatio.of(a, b);
    }

    /** The two designs' intervals over one simulated experiment of {@code repetitions}, with B / A = exp(logTruth). */
    private static RatioInterval.Interval[] experiment(
            Machine machine, int repetitions, double logTruth, SplittableRandom random) {
        List<DuetRatio.Repetition> duet = new ArrayList<>();
        double[] alternateA = new double[repetitions];
        double[] alternateB = new double[repetitions];
        for (int r = 0; r < repetitions; r++) {
            duet.add(duetRepetition(machine, logTruth, random));
            // Alternation in the same wall time: the first half one side, the second the other, AB then BA.
            double[] alternateDrift = machine.drift(random);
            int half = WINDOW_SECONDS / 2;
            double[] first = machine.own(random, half);
            double[] second = machine.own(random, half);
            boolean aFirst = r % 2 == 0;
            double meanFirst = 0;
            double meanSecond = 0;
            for (int t = 0; t < half; t++) {
                meanFirst += 1000 * Math.exp(alternateDrift[t] + first[t] + (aFirst ? 0 : logTruth)) / half;
                meanSecond += 1000 * Math.exp(alternateDrift[half + t] + second[t] + (aFirst ? logTruth : 0)) / half;
            }
            alternateA[r] = aFirst ? meanFirst : meanSecond;
            alternateB[r] = aFirst ? meanSecond : meanFirst;
        }
        return new RatioInterval.Interval[] {
            DuetRatio.across(duet, 0.95), RatioInterval.paired(alternateA, alternateB, 0.95)
        };
    }

    /** {share "different", share covering the truth, median log width} for duet [0] and alternation [1]. */
    private static double[][] simulate(Machine machine, int repetitions, double logTruth, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int[] different = new int[2];
        int[] covered = new int[2];
        double[][] widths = new double[2][TRIALS];
        for (int trial = 0; trial < TRIALS; trial++) {
            RatioInterval.Interval[] intervals = experiment(machine, repetitions, logTruth, random);
            for (int design = 0; design < 2; design++) {
                RatioInterval.Interval interval = intervals[design];
                if (interval.bounded() && !interval.contains(1)) {
                    different[design]++;
                }
                if (interval.contains(Math.exp(logTruth))) {
                    covered[design]++;
                }
                widths[design][trial] = Math.log(interval.high()) - Math.log(interval.low());
            }
        }
        double[][] out = new double[2][];
        for (int design = 0; design < 2; design++) {
            Arrays.sort(widths[design]);
            out[design] = new double[] {
                different[design] / (double) TRIALS, covered[design] / (double) TRIALS, widths[design][TRIALS / 2]
            };
        }
        return out;
    }

    /** 5% plus two standard errors of a share estimated from TRIALS trials: what "at most 5%" allows for sampling. */
    private static final double AT_MOST_FIVE_PERCENT = 0.05 + 2 * Math.sqrt(0.05 * 0.95 / TRIALS);

    @Test
    void aOnADriftingMachineDuetSaysDifferentAtMostFivePercentAndIsThreeTimesNarrower() {
        for (int repetitions : new int[] {3, 6}) {
            double[][] aa = simulate(Machine.DRIFTING, repetitions, 0, 11 + repetitions);
            System.out.printf(
                    Locale.ROOT,
                    "A/A, %d repetitions, drifting machine: duet different %.1f%%, median 95%% width %.1f%%;"
                            + " alternation different %.1f%%, width %.1f%%: duet %.1fx narrower%n",
                    repetitions,
                    100 * aa[0][0],
                    100 * Math.expm1(aa[0][2]),
                    100 * aa[1][0],
                    100 * Math.expm1(aa[1][2]),
                    aa[1][2] / aa[0][2]);
            assertTrue(aa[0][0] <= AT_MOST_FIVE_PERCENT, "duet A/A different " + aa[0][0]);
            assertTrue(aa[1][2] >= 3 * aa[0][2], "duet width " + aa[0][2] + " vs alternation " + aa[1][2]);
        }
    }

    @Test
    void duetCoversATrueChangeAndFindsIt() {
        double[][] change = simulate(Machine.DRIFTING, 6, Math.log(1.05), 29);
        System.out.printf(
                Locale.ROOT,
                "B +5%%, 6 repetitions, drifting machine: duet covers %.1f%%, finds it %.1f%%;"
                        + " alternation covers %.1f%%, finds it %.1f%%%n",
                100 * change[0][1],
                100 * change[0][0],
                100 * change[1][1],
                100 * change[1][0]);
        assertTrue(change[0][1] >= 1 - AT_MOST_FIVE_PERCENT, "coverage " + change[0][1]);
        assertTrue(change[0][0] >= 0.9, "duet finds +5% in " + change[0][0]);
        assertTrue(change[0][0] > 2 * change[1][0], "duet " + change[0][0] + " vs alternation " + change[1][0]);
    }

    /**
     * What duet cannot cancel: each fresh JVM's own level. On a quiet machine the two designs are alike, and the more
     * JVMs differ the less duet gains on a drifting one; it never does worse, and its false differences stay at 5%.
     */
    @Test
    void whatEachFreshJvmDoesOnItsOwnDoesNotCancel() {
        double[][] quiet = simulate(Machine.DRIFTING.quiet(), 6, 0, 41);
        double quietGain = quiet[1][2] / quiet[0][2];
        assertTrue(quietGain > 0.8 && quietGain < 2, "quiet machine: alternation/duet width " + quietGain);
        assertTrue(quiet[0][0] <= AT_MOST_FIVE_PERCENT, "quiet A/A " + quiet[0][0]);
        double previous = Double.POSITIVE_INFINITY;
        for (double jvmSd : new double[] {0.01, 0.03, 0.06}) {
            double[][] aa = simulate(Machine.DRIFTING.withJvmSd(jvmSd), 6, 0, 53);
            double gain = aa[1][2] / aa[0][2];
            System.out.printf(
                    Locale.ROOT,
                    "A/A, 6 repetitions, JVM-to-JVM sd %.0f%%: duet %.1fx narrower, different %.1f%%%n",
                    100 * jvmSd,
                    gain,
                    100 * aa[0][0]);
            assertTrue(gain < previous, "the gain falls as fresh JVMs differ more");
            assertTrue(gain >= 1, "duet is never wider: " + gain);
            assertTrue(aa[0][0] <= AT_MOST_FIVE_PERCENT, "A/A " + aa[0][0]);
            previous = gain;
        }
    }

    /**
     * The within-run error, taken as an interval, covers its own pair's true ratio with autocorrelated seconds on a
     * machine that drifts under both sides alike (one repetition, no JVM noise): at least 95% at an AR(1) correlation
     * of 0.4 (batch means alone: 92%), at least 92% at 0.7 (alone: 87%).
     */
    @Test
    void theWithinRunIntervalAllowsForAutocorrelatedSeconds() {
        assertTrue(withinRunCoverage(0.4) >= 1 - AT_MOST_FIVE_PERCENT);
        assertTrue(withinRunCoverage(0.7) >= 0.92 - 2 * Math.sqrt(0.08 * 0.92 / TRIALS));
    }

    private static double withinRunCoverage(double rho) {
        Machine drifting = Machine.DRIFTING.withJvmSd(0);
        Machine machine = new Machine(
                drifting.levelSd(),
                drifting.rampSd(),
                drifting.stepsPerSecond(),
                drifting.stepSd(),
                0,
                drifting.secondSd(),
                rho);
        SplittableRandom random = new SplittableRandom(67);
        int covered = 0;
        for (int trial = 0; trial < TRIALS; trial++) {
            if (withinRun(duetRepetition(machine, Math.log(1.03), random)).contains(1.03)) {
                covered++;
            }
        }
        double coverage = covered / (double) TRIALS;
        System.out.printf(
                Locale.ROOT, "within-run 95%% interval, AR(1) %.1f seconds: covers %.1f%%%n", rho, 100 * coverage);
        return coverage;
    }

    /** One repetition's own error as a 95% t interval, batches − 1 degrees of freedom: what no verdict reads. */
    private static RatioInterval.Interval withinRun(DuetRatio.Repetition repetition) {
        return RatioInterval.around(
                repetition.ratio(),
                repetition.logStandardError(),
                repetition.batches() - 1,
                0.95,
                RatioInterval.Method.DUET);
    }

    /**
     * Issue 31, item 7: on a host whose speed flips between 1.0 and 0.53 (mean stay 30 s, {@link FlippingHost}) and
     * whose slow spells cost B 0%, 5% or 10% more than A, with 60 s mains, 5% AR(1) 0.4 seconds, B 3% faster. One
     * repetition's own error sees a spell that lasts half its window once: as an interval it covered the pair's
     * long-run ratio in 95.5%, 85.5% and 68% of runs (printed). So one repetition gives no interval (it gave that
     * one), and the t interval on 2, 3 and 6 repetitions' ratios (fresh JVMs 1% apart) covers at least 93% at each
     * cost.
     * Interleaved slices meet the same flips: their pairs' ratios are to be checked here the same way.
     */
    @Test
    void flipsThatCostOneSideMoreAreCoveredOnlyByTheSpreadBetweenRepetitions() {
        SplittableRandom random = new SplittableRandom(31);
        int trials = 2_000;
        for (double extra : new double[] {0, 0.05, 0.10}) {
            double truth = Math.exp(Math.log(1.03) + FlippingHost.longRunLogExtra(extra));
            int withinCovered = 0;
            for (int trial = 0; trial < trials; trial++) {
                DuetRatio.Repetition one = flippingRepetition(extra, 0, random);
                withinCovered += withinRun(one).contains(truth) ? 1 : 0;
                assertFalse(DuetRatio.across(List.of(one), 0.95).bounded(), "one repetition gives no interval");
            }
            StringBuilder across = new StringBuilder();
            for (int repetitions : new int[] {2, 3, 6}) {
                int covered = 0;
                for (int trial = 0; trial < trials; trial++) {
                    List<DuetRatio.Repetition> runs = new ArrayList<>();
                    for (int r = 0; r < repetitions; r++) {
                        runs.add(flippingRepetition(extra, 0.01, random));
                    }
                    covered += DuetRatio.across(runs, 0.95).contains(truth) ? 1 : 0;
                }
                double coverage = covered / (double) trials;
                across.append(String.format(Locale.ROOT, ", %d repetitions %.1f%%", repetitions, 100 * coverage));
                assertTrue(coverage >= 0.93, repetitions + " repetitions, B pays " + extra + " more: " + coverage);
            }
            System.out.printf(
                    Locale.ROOT,
                    "flipping host, B pays %.0f%% more when slow: one repetition's own error covers %.1f%%; across%s%n",
                    100 * extra,
                    100.0 * withinCovered / trials,
                    across);
        }
    }

    /**
     * One 60 s duet repetition on {@link FlippingHost#MEASURED}, B 3% faster and paying {@code extra} more when slow,
     * fresh JVMs {@code jvmSd} apart (0 for one pair's own ratio).
     */
    private static DuetRatio.Repetition flippingRepetition(double extra, double jvmSd, SplittableRandom random) {
        int seconds = 60;
        Machine own = Machine.DRIFTING.quiet().withJvmSd(jvmSd);
        boolean[] slow = FlippingHost.MEASURED.slowSeconds(random, seconds);
        double[] ownA = own.own(random, seconds);
        double[] ownB = own.own(random, seconds);
        double[] a = new double[seconds];
        double[] b = new double[seconds];
        for (int t = 0; t < seconds; t++) {
            a[t] = 1000 * Math.exp(FlippingHost.MEASURED.logCost(slow[t], 0) + ownA[t]);
            b[t] = 1000 * Math.exp(Math.log(1.03) + FlippingHost.MEASURED.logCost(slow[t], extra) + ownB[t]);
        }
        return DuetRatio.of(a, b);
    }

    private static double gaussian(SplittableRandom random) {
        // Box-Muller on SplittableRandom (java.util.Random's nextGaussian is tied to Random).
        double u = 1 - random.nextDouble();
        double v = random.nextDouble();
        return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    }
}
