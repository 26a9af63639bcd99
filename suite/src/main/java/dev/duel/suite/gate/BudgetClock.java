package dev.duel.suite.gate;

import dev.duel.record.RunRecord;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * How much of a time budget ({@code repetitions: {budget: 8m}}) a suite's repetitions have used, from their final
 * records alone (each repetition from its first run's start to its last run's end), so that a resumed suite, or one
 * given a larger budget, looks where an uninterrupted one would have. Pure and stateless.
 */
public final class BudgetClock {
    private BudgetClock() {}

    /**
     * The look after {@code repetition} (from {@code min} on): the share of the budget used before its previous look,
     * the share used now, and whether another repetition, as long as the mean of those so far that carried the
     * scenarios the last one did, would not fit (a look that left a clear scenario out of later repetitions makes them
     * shorter: the first of them is reckoned as long as those before it, and the next from it).
     */
    public static RepetitionCheck.Look look(List<RunRecord> records, int repetition, int min, Duration budget) {
        double budgetSeconds = budget.toMillis() / 1e3;
        double used = usedSeconds(records, repetition);
        double previous = repetition > min ? usedSeconds(records, repetition - 1) : 0;
        double next = likeLastSeconds(records, repetition);
        return new RepetitionCheck.Look(
                previous / budgetSeconds, used / budgetSeconds, used + next > budgetSeconds, used);
    }

    /** The mean length of the repetitions up to {@code repetition} that carried what it carried, seconds. */
    static double likeLastSeconds(List<RunRecord> records, int repetition) {
        java.util.Set<String> last = carried(records, repetition);
        double seconds = 0;
        int like = 0;
        for (int r = 1; r <= repetition; r++) {
            if (carried(records, r).equals(last)) {
                seconds += usedSeconds(records, r) - usedSeconds(records, r - 1);
                like++;
            }
        }
        return like == 0 ? usedSeconds(records, repetition) / Math.max(1, repetition) : seconds / like;
    }

    /** The scenarios the runs of one repetition carried. */
    private static java.util.Set<String> carried(List<RunRecord> records, int repetition) {
        java.util.Set<String> scenarios = new java.util.TreeSet<>();
        records.stream()
                .filter(run -> run.repetition() == repetition)
                .forEach(run -> scenarios.addAll(run.scenarios()));
        return scenarios;
    }

    /** Seconds the repetitions 1 to {@code repetitions} took, each from its first start to its last end. */
    public static double usedSeconds(List<RunRecord> records, int repetitions) {
        double seconds = 0;
        for (int r = 1; r <= repetitions; r++) {
            int repetition = r;
            List<RunRecord> runs = records.stream()
                    .filter(run -> run.repetition() == repetition)
                    .toList();
            if (runs.isEmpty()) {
                continue;
            }
            Instant start = runs.stream()
                    .map(RunRecord::startInstant)
                    .min(Instant::compareTo)
                    .orElseThrow();
            Instant end = runs.stream()
                    .map(RunRecord::endInstant)
                    .max(Instant::compareTo)
                    .orElseThrow();
            seconds += Math.max(0, Duration.between(start, end).toMillis() / 1e3);
        }
        return seconds;
    }
}
