package dev.duel.suite.gate;

import dev.duel.record.RunRecord;
import dev.duel.record.Status;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Whether a suite should stop because a target cannot start: one that failed before its first correct answer in each
 * of its first {@link #RUNS} runs, and never started in this suite, will fail the same way in the rest (a heap too
 * small for the app, a missing setting, a port it does not read), and a budget or a rule would spend minutes on it
 * (seen: 138 failed runs in 8 minutes of {@code duel compare} on an app that ran out of heap at start-up). A target
 * that started once and crashed later goes on: that may be the app's behaviour under load, worth its runs. Stateless.
 */
public final class StartFailures {
    /** Start failures in a row, from a target's first run, that stop the suite. */
    public static final int RUNS = 2;

    private StartFailures() {}

    /**
     * Why the suite stops, or empty to go on.
     *
     * @param records this session's records so far, in the order run
     */
    public static Optional<String> stop(List<RunRecord> records) {
        Map<String, int[]> failedStarts = new LinkedHashMap<>();
        Map<String, RunRecord> last = new LinkedHashMap<>();
        for (RunRecord record : records) {
            int[] count = failedStarts.computeIfAbsent(record.target(), t -> new int[1]);
            if (record.startup() != null || record.status() != Status.FAILED) {
                count[0] = Integer.MIN_VALUE; // it started once: never stopped for it
            } else if (record.status() == Status.FAILED
                    && record.reason() != null
                    && !record.reason().startsWith("its duet partner")
                    // An AOT cache that could not be made or used fails that target's runs by design, reported as
                    // such, while the other targets are measured (docs/suites.md, aotCache).
                    && !record.reason().contains("AOT cache")) {
                count[0]++;
                last.put(record.target(), record);
            }
        }
        for (Map.Entry<String, int[]> target : failedStarts.entrySet()) {
            if (target.getValue()[0] >= RUNS) {
                RunRecord record = last.get(target.getKey());
                String cause = cause(record.lastLogLines());
                return Optional.of("target " + target.getKey() + " did not start in its first " + target.getValue()[0]
                        + " runs (" + record.reason() + ")"
                        + (cause == null ? "" : "; its log says: " + cause)
                        + (record.log() == null ? "" : " (" + record.log() + ")")
                        + ": fix that (a JVM flag such as a larger heap, a setting the app needs, the port it reads),"
                        + " then run again");
            }
        }
        return Optional.empty();
    }

    /**
     * The line of a log's tail that says why: the last "Caused by:", else the last line naming an exception or error,
     * else the last line; null without lines.
     */
    static String cause(List<String> lines) {
        if (lines == null || lines.isEmpty()) {
            return null;
        }
        String named = null;
        for (String line : lines) {
            String trimmed = line.strip();
            if (trimmed.startsWith("Caused by:")) {
                named = trimmed;
            } else if ((named == null || !named.startsWith("Caused by:"))
                    && !trimmed.startsWith("at ")
                    && trimmed.matches(".*\\b[A-Za-z.]*(Exception|Error)\\b.*")) {
                named = trimmed;
            }
        }
        return named != null ? named : lines.get(lines.size() - 1).strip();
    }
}
