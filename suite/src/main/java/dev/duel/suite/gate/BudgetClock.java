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

    /**
     * The mean, over repetitions 1 to {@code repetition} that carried {@code scenario}, of the time from the
     * repetition's start to the end of that scenario's load plus the time from its last load's end to its end; a
     * repetition whose records give no such instants counts whole. Seconds; 0 when none carried it.
     */
    static double carryingSeconds(List<RunRecord> records, int repetition, String scenario) {
        double seconds = 0;
        int carrying = 0;
        for (int r = 1; r <= repetition; r++) {
            int rep = r;
            List<RunRecord> runs =
                    records.stream().filter(run -> run.repetition() == rep).toList();
            if (runs.stream().noneMatch(run -> run.scenarios().contains(scenario))) {
                continue;
            }
            double whole = usedSeconds(records, r) - usedSeconds(records, r - 1);
            double part = whole;
            try {
                Instant start = firstStart(runs);
                Instant end = lastEnd(runs);
                Instant scenarioEnd = null;
                Instant lastLoadEnd = null;
                for (RunRecord run : runs) {
                    for (RunRecord.ScenarioResult result : run.results()) {
                        if (result.load() == null || result.load().endedAt() == null) {
                            continue;
                        }
                        Instant loadEnd = Instant.parse(result.load().endedAt());
                        lastLoadEnd = lastLoadEnd == null || loadEnd.isAfter(lastLoadEnd) ? loadEnd : lastLoadEnd;
                        if (result.scenario().equals(scenario)) {
                            scenarioEnd = scenarioEnd == null || loadEnd.isAfter(scenarioEnd) ? loadEnd : scenarioEnd;
                        }
                    }
                }
                if (scenarioEnd != null
                        && !scenarioEnd.isBefore(start)
                        && !lastLoadEnd.isAfter(end)
                        && !scenarioEnd.isAfter(lastLoadEnd)) {
                    part = (Duration.between(start, scenarioEnd).toMillis()
                                    + Duration.between(lastLoadEnd, end).toMillis())
                            / 1e3;
                }
            } catch (java.time.format.DateTimeParseException e) { // a record's instant unreadable: the whole repetition
                part = whole;
            }
            seconds += Math.min(whole, part);
            carrying++;
        }
        return carrying == 0 ? 0 : seconds / carrying;
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

    /**
     * Whether another attempt of a pair that was discarded, as long as its last attempt, fits what is left of the
     * budget: {@code secondsLeft} when its first attempt began (null: no budget, so it always fits), less the time
     * since. A budget is the time the user gave; a repeat that overruns it by a pair's length breaks that.
     */
    public static boolean anotherAttemptFits(
            Double secondsLeft, Instant firstAttemptStart, Instant lastAttemptStart, Instant lastAttemptEnd) {
        if (secondsLeft == null) {
            return true;
        }
        double spent = Duration.between(firstAttemptStart, lastAttemptEnd).toMillis() / 1e3;
        double another = Duration.between(lastAttemptStart, lastAttemptEnd).toMillis() / 1e3;
        return spent + another <= secondsLeft;
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
            seconds += Math.max(
                    0, Duration.between(firstStart(runs), lastEnd(runs)).toMillis() / 1e3);
        }
        return seconds;
    }

    /** The earliest start of {@code runs} (at least one). */
    private static Instant firstStart(List<RunRecord> runs) {
        return runs.stream()
                .map(RunRecord::startInstant)
                .min(Instant::compareTo)
                .orElseThrow();
    }

    /** The latest end of {@code runs} (at least one). */
    private static Instant lastEnd(List<RunRecord> runs) {
        return runs.stream().map(RunRecord::endInstant).max(Instant::compareTo).orElseThrow();
    }
}
