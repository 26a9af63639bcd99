package dev.duel.suite;

import java.nio.file.Path;
import java.util.List;

/**
 * How a suite ended: counts of final records by status, and the problems a reader must know.
 *
 * @param planned runs of the suite's plan; with {@code repetitions: {min, max, until}}, of the repetitions it made
 *                (min to max, as the rule decided)
 * @param skipped runs already complete in the folder (a resumed suite)
 */
public record SuiteOutcome(
        Path directory,
        int planned,
        int skipped,
        int ok,
        int failed,
        int invalid,
        int discarded,
        List<String> problems) {
    public boolean clean() {
        return failed == 0 && invalid == 0 && discarded == 0 && problems.isEmpty();
    }
}
