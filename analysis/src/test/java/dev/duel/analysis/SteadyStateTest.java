package dev.duel.analysis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.analysis.SteadyState.Analysis;
import dev.duel.analysis.SteadyState.Classification;
import dev.duel.analysis.SteadyState.Direction;
import dev.duel.analysis.SyntheticSeries.Shape;
import java.util.Arrays;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Issue 11's done-means on synthetic series with known truth ({@link SyntheticSeries}): per shape, in at
 * least 95% of 1,000 seeded cases the final segment starts within 2 s of the true final changepoint (for a
 * ramp: the ramp's end; for flat shapes: second 0) and the run gets the true classification; pure noise is
 * flat in at least 95%. Each estimate from 1,000 cases has a standard error of about 0.7 points near 95%.
 */
class SteadyStateTest {
    private static final int CASES = 1000;
    private static final int WITHIN_SECONDS = 2;

    @ParameterizedTest
    @EnumSource(
            value = Shape.class,
            names = {"GENTLE_RAMP", "GC"},
            mode = EnumSource.Mode.EXCLUDE)
    void theTrueChangepointIsFoundWithinTwoSecondsAndTheRunClassifiedInNinetyFivePercent(Shape shape) {
        int hits = 0;
        int[] missedSeeds = new int[5];
        int missed = 0;
        for (int seed = 0; seed < CASES; seed++) {
            SyntheticSeries.Case c = SyntheticSeries.of(shape, seed);
            Analysis analysis = SteadyState.of(c.series(), Direction.HIGHER_IS_BETTER, SteadyState.Settings.DEFAULT);
            if (analysis.classification() == c.expected()
                    && Math.abs(finalStart(analysis) - c.changeIndex()) <= WITHIN_SECONDS) {
                hits++;
            } else if (missed < missedSeeds.length) {
                missedSeeds[missed++] = seed;
            }
        }
        double rate = hits / (double) CASES;
        assertTrue(
                rate >= 0.95,
                String.format(
                        Locale.ROOT,
                        "%s: %.1f%% found and classified; first misses at seeds %s",
                        shape,
                        rate * 100,
                        Arrays.toString(Arrays.copyOf(missedSeeds, missed))));
    }

    /**
     * Gentle ramps (0.15 to 0.75 noise standard deviations a second) end where no 2-second rule can see them:
     * the last seconds of the ramp are within noise of the plateau. What holds is a looser bound: within 5 s in
     * at least 90%, and never classified as anything but a warm-up or "no steady state" in more than 2%.
     */
    @Test
    void aGentleRampsEndIsFoundWithinFiveSecondsInNinetyPercent() {
        int within5 = 0;
        int wrongClass = 0;
        for (int seed = 0; seed < CASES; seed++) {
            SyntheticSeries.Case c = SyntheticSeries.of(Shape.GENTLE_RAMP, seed);
            Analysis analysis = SteadyState.of(c.series(), Direction.HIGHER_IS_BETTER, SteadyState.Settings.DEFAULT);
            within5 += Math.abs(finalStart(analysis) - c.changeIndex()) <= 5 ? 1 : 0;
            wrongClass += analysis.classification() == Classification.FLAT
                            || analysis.classification() == Classification.SLOWDOWN
                    ? 1
                    : 0;
        }
        assertTrue(within5 >= 0.90 * CASES, "within 5 s: " + within5 + " of " + CASES);
        assertTrue(wrongClass <= 0.02 * CASES, "flat or slowdown: " + wrongClass + " of " + CASES);
    }

    /**
     * Issue 22: a GC-bound target that never changes (30% of its seconds 25% slower, at random) is steady in at least
     * 90% of 1,000 cases. A cost that fits each segment's own variance cut its quieter stretches into segments of their
     * own, and the old rule called it steady in 25-42% of seeded runs.
     */
    @Test
    void aStationaryGcBoundSeriesIsSteadyInNinetyPercent() {
        int steady = 0;
        for (int seed = 0; seed < CASES; seed++) {
            SyntheticSeries.Case c = SyntheticSeries.of(Shape.GC, seed);
            steady += SteadyState.of(c.series(), Direction.HIGHER_IS_BETTER, SteadyState.Settings.DEFAULT)
                            .steady()
                    ? 1
                    : 0;
        }
        assertTrue(steady >= 0.90 * CASES, "steady in " + steady + " of " + CASES);
    }

    /**
     * The long comparison's jdk17 /json (issue 22): after a 20 s warm-up its level moves between regimes for 10 to 36 s
     * at a time with no trend (67k, 59k from second 28, 62k, 57k from second 60, 66k from second 96). No one level
     * lasts; the process is stationary: steady from the warm-up's end, wandering, its value the mean over the stretch.
     */
    @Test
    void regimesWithoutATrendAreOneWanderingSteadyState() {
        Random random = new Random(21);
        double[] series = new double[110];
        double weighted = 0;
        for (int i = 0; i < series.length; i++) {
            double level = i < 20
                    ? 5_000 + 3_100 * i
                    : i < 28 ? 67_000 : i < 45 ? 59_000 : i < 60 ? 62_000 : i < 96 ? 57_000 : 66_000;
            series[i] = level * (1 + 0.04 * random.nextGaussian());
            weighted += i >= 20 ? level / 90.0 : 0;
        }
        Analysis analysis = SteadyState.of(series, Direction.HIGHER_IS_BETTER, SteadyState.Settings.DEFAULT, 90);
        assertTrue(analysis.steady(), analysis.why());
        assertTrue(analysis.wandering(), analysis.why());
        assertTrue(analysis.steadyStartIndex() >= 17 && analysis.steadyStartIndex() <= 30, analysis.why());
        assertEquals(weighted, analysis.steadyMean(), weighted * 0.03, analysis.why());
    }

    /** A level that switches by a third every 10 s is no wander: the final switch, late, leaves no steady state. */
    @Test
    void aLevelSwitchingByAThirdIsNoSteadyState() {
        int none = 0;
        for (int seed = 0; seed < 200; seed++) {
            SyntheticSeries.Case c = SyntheticSeries.of(Shape.OSCILLATION, seed);
            none += SteadyState.of(c.series(), Direction.HIGHER_IS_BETTER, SteadyState.Settings.DEFAULT)
                            .steady()
                    ? 0
                    : 1;
        }
        assertTrue(none >= 190, none + " of 200 without a steady state");
    }

    @Test
    void aSingleStallIsReportedAsAnOutlierAndLeavesTheRunFlat() {
        int flagged = 0;
        for (int seed = 0; seed < CASES; seed++) {
            SyntheticSeries.Case c = SyntheticSeries.of(Shape.OUTLIER, seed);
            Analysis analysis = SteadyState.of(c.series(), Direction.HIGHER_IS_BETTER, SteadyState.Settings.DEFAULT);
            flagged += Arrays.stream(analysis.outlierIndices()).anyMatch(i -> i == c.outlierIndex()) ? 1 : 0;
        }
        assertTrue(flagged >= 0.95 * CASES, "stall flagged as an outlier in " + flagged + " of " + CASES);
    }

    @Test
    void theWarmupCostIsTheRequestsNotServedBeforeTheSteadyRate() {
        double[] series = new double[40];
        Random random = new Random(9);
        for (int i = 0; i < series.length; i++) {
            series[i] = i < 10 ? 4000 : 10000 + random.nextInt(3) - 1; // -1, 0 or +1 around 10,000
        }
        Analysis analysis = SteadyState.of(series, Direction.HIGHER_IS_BETTER, SteadyState.Settings.DEFAULT);
        assertEquals(Classification.WARMUP, analysis.classification(), analysis.why());
        assertEquals(10, analysis.steadyStartIndex());
        assertEquals(40, analysis.steadyEndIndex());
        assertEquals(10000, analysis.steadyMean(), 1);
        assertEquals(10 * (analysis.steadyMean() - 4000), analysis.warmupCost(), 1e-6, "10 s at 6,000 short");
    }

    @Test
    void latencyFallingIsAWarmUpAndRisingASlowdown() {
        double[] falling = steps(40, 15, 30, 10, 0.05, 1);
        double[] rising = steps(40, 25, 10, 30, 0.05, 2);
        Analysis warm = SteadyState.of(falling, Direction.LOWER_IS_BETTER, SteadyState.Settings.DEFAULT);
        Analysis slow = SteadyState.of(rising, Direction.LOWER_IS_BETTER, SteadyState.Settings.DEFAULT);
        assertEquals(Classification.WARMUP, warm.classification(), warm.why());
        assertTrue(warm.warmupCost() > 0, "milliseconds above the steady p99, summed: " + warm.warmupCost());
        assertEquals(Classification.SLOWDOWN, slow.classification(), slow.why());
        assertEquals(
                Classification.WARMUP,
                SteadyState.of(rising, Direction.HIGHER_IS_BETTER, SteadyState.Settings.DEFAULT)
                        .classification(),
                "the same rise is a warm-up when higher is better");
    }

    @Test
    void timeToSteadyStateCountsFromTheFirstCorrectAnswer() {
        double[] series = steps(50, 15, 3000, 8000, 0.03, 6);
        series[0] = 0;
        series[1] = 0;
        series[2] = 0;
        Analysis analysis = SteadyState.of(series, Direction.HIGHER_IS_BETTER, SteadyState.Settings.DEFAULT);
        assertTrue(analysis.steady(), analysis.why());
        assertEquals(analysis.steadyStartIndex() - 3, SteadyState.secondsToSteady(series, analysis));
    }

    @Test
    void secondsWithoutAMeasurementAreOutliersNotValues() {
        double[] series = steps(40, 0, 100, 100, 0.03, 7);
        series[17] = Double.NaN;
        Analysis analysis = SteadyState.of(series, Direction.LOWER_IS_BETTER, SteadyState.Settings.DEFAULT);
        assertEquals(Classification.FLAT, analysis.classification(), analysis.why());
        assertTrue(Arrays.stream(analysis.outlierIndices()).anyMatch(i -> i == 17));
        assertTrue(Double.isFinite(analysis.steadyMean()));
    }

    /**
     * The last quarter is measured on the measured phase when the series has one: a ramp for 110 s, flat for 30 s,
     * main the last 20 s. On the whole series the 30 s plateau lies inside the last 35 s; on main it lasts past its
     * last 5 s. A final segment that began inside main must cover at least half of it (main's quarter alone would
     * never fire for a 20 s main): a change inside main's second half is still no steady state.
     */
    @Test
    void theLastQuarterIsMainsWhenTheSeriesHasAMeasuredPhase() {
        Random random = new Random(12);
        double[] series = new double[140];
        for (int i = 0; i < series.length; i++) {
            series[i] = (i < 110 ? 3000 + 7000 * i / 110.0 : 10000) * (1 + 0.03 * random.nextGaussian());
        }
        Analysis whole = SteadyState.of(series, Direction.HIGHER_IS_BETTER, SteadyState.Settings.DEFAULT);
        assertEquals(Classification.NO_STEADY_STATE, whole.classification(), whole.why());
        assertTrue(whole.why().contains("inside the last 25% of the series"), whole.why());
        Analysis onMain = SteadyState.of(series, Direction.HIGHER_IS_BETTER, SteadyState.Settings.DEFAULT, 120);
        assertEquals(Classification.WARMUP, onMain.classification(), onMain.why());
        assertTrue(Math.abs(onMain.steadyStartIndex() - 110) <= 5, "a gentle ramp's end, within 5 s: " + onMain.why());

        double[] late = steps(100, 88, 1000, 1300, 0.01, 13);
        Analysis lateOnMain = SteadyState.of(late, Direction.HIGHER_IS_BETTER, SteadyState.Settings.DEFAULT, 40);
        assertEquals(Classification.NO_STEADY_STATE, lateOnMain.classification(), lateOnMain.why());
        assertTrue(lateOnMain.why().contains("inside the last 50% of main"), lateOnMain.why());
        // A final segment that began inside main but covers more than half of it (40 of 60 s) is a steady state.
        double[] early = steps(100, 60, 1000, 1300, 0.01, 13);
        Analysis earlyOnMain = SteadyState.of(early, Direction.HIGHER_IS_BETTER, SteadyState.Settings.DEFAULT, 40);
        assertEquals(Classification.WARMUP, earlyOnMain.classification(), earlyOnMain.why());
        assertEquals(60, earlyOnMain.steadyStartIndex(), 2, earlyOnMain.why());
        assertEquals(
                whole.classification(),
                SteadyState.of(series, Direction.HIGHER_IS_BETTER, SteadyState.Settings.DEFAULT, 0)
                        .classification(),
                "index 0: the whole series");
    }

    @Test
    void anEmptySeriesHasNoSteadyState() {
        Analysis analysis = SteadyState.of(new double[0], Direction.HIGHER_IS_BETTER, SteadyState.Settings.DEFAULT);
        assertFalse(analysis.steady());
        assertArrayEquals(new int[0], analysis.outlierIndices());
        assertEquals(-1, analysis.steadyStartIndex());
    }

    /** The final segment's start: the steady start, or where the last segment begins when there is none. */
    private static int finalStart(Analysis analysis) {
        return analysis.steady()
                ? analysis.steadyStartIndex()
                : analysis.segments().get(analysis.segments().size() - 1).startIndex();
    }

    private static double[] steps(int n, int change, double before, double after, double noise, long seed) {
        Random random = new Random(seed);
        double[] series = new double[n];
        for (int i = 0; i < n; i++) {
            series[i] = (i < change ? before : after) * (1 + noise * random.nextGaussian());
        }
        return series;
    }
}
