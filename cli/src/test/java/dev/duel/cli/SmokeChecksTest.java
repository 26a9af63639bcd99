package dev.duel.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.duel.record.Phase;
import dev.duel.record.SampleRecords;
import dev.duel.record.load.PhaseResult;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What {@code duel smoke} demands of the PostgreSQL CPU in each record (issue 10: it checked only for < 0). */
class SmokeChecksTest {
    /** 2 s of main at 1,000 requests/s: 2,000 queries. */
    private static final PhaseResult MAIN = SampleRecords.phase(
            Phase.MAIN, 2_000, 1_000, Map.of(), SampleRecords.latency(2_000, 900, 800, 1_500, 3_000, 6_000));

    private static String problem(double postgresCores) {
        return SmokeCommand.postgresCpuProblem(
                SampleRecords.inMain(SampleRecords.resources(2, postgresCores, 0, -1, 64L << 20)), MAIN);
    }

    @Test
    void postgresThatServedTheQueriesPasses() {
        // 0.05 cores for 2 s: 100 ms over 2,000 queries, 50 us each.
        assertNull(problem(0.05));
    }

    @Test
    void postgresCpuOfZeroOrTooLittleForTheQueriesFails() {
        assertEquals(
                "counted 0.000 ms of PostgreSQL CPU for 2,000 requests in main (0.000 us each, below 1 us):"
                        + " the database's CPU was not counted",
                problem(0));
        // 1 ms for 2,000 queries: 0.5 us each, less than any query costs.
        assertEquals(
                "counted 1.000 ms of PostgreSQL CPU for 2,000 requests in main (0.500 us each, below 1 us):"
                        + " the database's CPU was not counted",
                problem(0.0005));
    }

    @Test
    void noPostgresReadingAtAllFails() {
        assertEquals("has no PostgreSQL CPU", SmokeCommand.postgresCpuProblem(null, MAIN));
        assertEquals("has no PostgreSQL CPU", problem(-1));
    }
}
