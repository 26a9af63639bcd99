package dev.duel.report.build;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.duel.report.model.Summary;
import java.util.List;
import org.junit.jupiter.api.Test;

/** When the reference moved to this run's level within its own entries, before these runs. */
class PastComparisonsTest {
    /** This run: four runs of 460 to 465 requests/s, the step's level (bench/history-e2e.sh). */
    private static final Summary NOW = Summary.of(new double[] {460, 462, 463, 465});

    @Test
    void theNewestEntriesAtThisLevelAndEveryOneBeforeBeyondItOnOneSide() {
        // The commit after the step: main's 4 entries before it near 24,000, the step's 462.
        assertEquals(1, PastComparisons.movedBefore(List.of(24_414.0, 14_387.0, 24_477.0, 24_277.0, 462.0), NOW));
        // Three commits after: the step and two more at its level.
        assertEquals(3, PastComparisons.movedBefore(List.of(24_477.0, 24_277.0, 462.0, 462.0, 460.0), NOW));
        // Below as well as above: the reference got faster before these runs.
        assertEquals(2, PastComparisons.movedBefore(List.of(300.0, 310.0, 461.0, 464.0), NOW));
    }

    @Test
    void otherwiseNot() {
        // Every entry at this level: nothing moved.
        assertEquals(0, PastComparisons.movedBefore(List.of(461.0, 462.0, 464.0), NOW));
        // The newest entry beyond this run's range: these runs differ from main as it is now.
        assertEquals(0, PastComparisons.movedBefore(List.of(24_000.0, 24_100.0, 23_900.0), NOW));
        // Entries before the newest on both sides of this run's range: a spread, not a move.
        assertEquals(0, PastComparisons.movedBefore(List.of(300.0, 24_000.0, 462.0), NOW));
        // One entry: nothing before it to have moved from.
        assertEquals(0, PastComparisons.movedBefore(List.of(462.0), NOW));
    }
}
