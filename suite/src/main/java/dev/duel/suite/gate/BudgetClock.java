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
     * the share used now, and whether another repetition, as long as the mean of those so far, would not fit.
     */
    public static RepetitionCheck.Look look(List<RunRecord> records, int repetition, int min, Duration budget) {
        double budgetSeconds = budget.toMillis() / 1e3;
        double used = usedSeconds(records, repetition);
        double previous = repetition > min ? usedSeconds(records, repetition - 1) : 0;
        double next = used / repetition;
        return new RepetitionCheck.Look(
                previous / budgetSeconds, used / budgetSeconds, used + next > budgetSeconds, used);
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
