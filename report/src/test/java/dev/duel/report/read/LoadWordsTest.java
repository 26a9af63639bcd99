package dev.duel.report.read;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.duel.record.SampleRecords;
import dev.duel.record.load.PlanSettings;
import dev.duel.record.load.WarmupMode;
import org.junit.jupiter.api.Test;

/** How the report words a scenario's load: an auto warm-up by its floor and cap, not one run's resolved length. */
class LoadWordsTest {
    private static final PlanSettings FIXED =
            SampleRecords.closedSettings("http://127.0.0.1:8080/json", 32, 10_000, 2_000, 5_000, 0, 0);

    /** {@link #FIXED} as an auto warm-up that ended at {@code warmupMillis}, with its floor and cap. */
    private static PlanSettings auto(double warmupMillis, Double minWarmupMillis, double maxWarmupMillis) {
        PlanSettings s = FIXED;
        return new PlanSettings(
                s.method(),
                s.url(),
                s.headers(),
                s.bodyBytes(),
                s.variables(),
                s.checks(),
                s.model(),
                s.virtualUsers(),
                s.ratePerSecond(),
                s.arrival(),
                s.maxConnections(),
                s.seed(),
                warmupMillis,
                s.gapMillis(),
                s.durationMillis(),
                s.windows(),
                s.windowLengthMillis(),
                s.awaitFirstMillis(),
                s.timeoutMillis(),
                s.threads(),
                s.transport(),
                WarmupMode.AUTO,
                maxWarmupMillis,
                minWarmupMillis,
                null);
    }

    @Test
    void aFixedWarmUpIsItsLength() {
        assertEquals("32 users, warm-up 10 s, gap 2 s, main 5 s", RunData.describeLoad(FIXED));
    }

    @Test
    void anAutoWarmUpIsItsMinimumAndCap() {
        assertEquals(
                "32 users, warm-up auto, at least 36 s, at most 46 s, gap 2 s, main 5 s",
                RunData.describeLoad(auto(37_000, 36_000.0, 46_000)));
    }

    @Test
    void anAutoWarmUpWithoutAMinimumOrFromASchemaThreeRecordIsItsCap() {
        assertEquals(
                "32 users, warm-up auto, at most 120 s, gap 2 s, main 5 s",
                RunData.describeLoad(auto(23_000, 0.0, 120_000)));
        assertEquals(
                "32 users, warm-up auto, at most 120 s, gap 2 s, main 5 s",
                RunData.describeLoad(auto(23_000, null, 120_000)));
    }
}
