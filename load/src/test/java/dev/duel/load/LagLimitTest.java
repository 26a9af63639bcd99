package dev.duel.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.record.Histograms;
import dev.duel.record.load.LatencySummary;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class LagLimitTest {
    private static final double ONE_MS = 1_000;

    /** {@code fast} samples of 3 us and {@code slow} of {@code slowMicros}. */
    private static LatencySummary lag(int fast, int slow, long slowMicros) {
        Histogram histogram = Histograms.newLatencyHistogram();
        for (int i = 0; i < fast; i++) {
            Histograms.recordNanos(histogram, 3_000);
        }
        for (int i = 0; i < slow; i++) {
            Histograms.recordNanos(histogram, slowMicros * 1_000);
        }
        return Histograms.summarize(histogram);
    }

    @Test
    void oneDelayAmongThirtySamplesIsNotTheGeneratorHoldingTheLoadBack() {
        LatencySummary lag = lag(29, 1, 1_440);
        assertTrue(lag.p99Micros() > ONE_MS, "the p99 of 30 samples is the worst one: " + lag.p99Micros());
        assertEquals(1, LagLimit.samplesOver(lag, ONE_MS));
        assertFalse(LagLimit.exceeded(lag, ONE_MS));
    }

    @Test
    void fiveRequestsOverTheLimitAreEnoughWhateverTheCount() {
        assertTrue(LagLimit.exceeded(lag(25, 5, 1_440), ONE_MS));
        assertFalse(LagLimit.exceeded(lag(26, 4, 1_440), ONE_MS));
        assertEquals(5, LagLimit.samplesOver(lag(25, 5, 1_440), ONE_MS));
    }

    @Test
    void fromFiveHundredSamplesOnAP99OverTheLimitCountsAsBefore() {
        // 2% over the limit: p99 over it, and 200 requests waited.
        LatencySummary lag = lag(9_800, 200, 3_000);
        assertTrue(lag.p99Micros() > ONE_MS);
        assertTrue(LagLimit.exceeded(lag, ONE_MS));
        // 0.5% over: p99 under the limit, whatever the count over it.
        LatencySummary few = lag(9_950, 50, 3_000);
        assertTrue(few.p99Micros() < ONE_MS);
        assertFalse(LagLimit.exceeded(few, ONE_MS));
    }

    @Test
    void lagOverTheLimitIsTheGeneratorsOnlyWhenAnEventLoopWasBusyHalfOfMainOrMore() {
        LatencySummary lag = lag(9_800, 200, 3_000);
        assertEquals(LagLimit.Cause.GENERATOR, LagLimit.cause(lag, ONE_MS, List.of(0.10, 0.50)));
        assertEquals(LagLimit.Cause.MACHINE, LagLimit.cause(lag, ONE_MS, List.of(0.10, 0.49)));
        assertEquals(LagLimit.Cause.MACHINE, LagLimit.cause(lag, ONE_MS, List.of()), "loops not measured");
        assertEquals(LagLimit.Cause.NONE, LagLimit.cause(lag(9_950, 50, 3_000), ONE_MS, List.of(0.95)));
        assertEquals(LagLimit.Cause.NONE, LagLimit.cause(null, ONE_MS, List.of(0.95)));
    }

    @Test
    void aSummaryWithoutItsHistogramIsJudgedByItsP99Alone() {
        LatencySummary full = lag(29, 1, 1_440);
        LatencySummary bare = new LatencySummary(
                full.count(),
                full.minMicros(),
                full.meanMicros(),
                full.stdDevMicros(),
                full.p50Micros(),
                full.p90Micros(),
                full.p95Micros(),
                full.p99Micros(),
                full.p999Micros(),
                full.p9999Micros(),
                full.maxMicros(),
                "");
        assertEquals(-1, LagLimit.samplesOver(bare, ONE_MS));
        assertTrue(LagLimit.exceeded(bare, ONE_MS));
        assertFalse(LagLimit.exceeded(LatencySummary.EMPTY, ONE_MS));
        assertFalse(LagLimit.exceeded(null, ONE_MS));
    }
}
