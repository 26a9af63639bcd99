package dev.duel.report.read;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.duel.record.RecordJson;
import dev.duel.record.RunRecord;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Locale;

/**
 * Which run a record is, from what the record holds and not from where it lies: a report counts each run once, however
 * many folders lead to its record (a folder given twice, spelled differently, through a symlink, or copied). The
 * suite names the plan, the environment the machine, the index and attempt the place in the plan, the target what
 * ran, and the start instant (nanoseconds, as the runner wrote it) tells apart two sessions of the same suite on the
 * same machine, whose other parts agree. Two records with one identity must be the same record in content too;
 * {@link #conflict} says what to do when they are not. Immutable.
 *
 * @param suite       the suite's name
 * @param environment the fingerprint of the machine's capture
 * @param index       the run's 1-based place in the suite's plan
 * @param attempt     1, or more for the repeats of an attempt discarded for noise
 * @param target      the target's name
 * @param startedAt   the instant the run began, as written in the record
 */
public record RunIdentity(String suite, String environment, int index, int attempt, String target, String startedAt) {
    private static final ObjectMapper JSON = new ObjectMapper();

    public static RunIdentity of(RunRecord record) {
        return new RunIdentity(
                record.suite(),
                record.environment(),
                record.index(),
                record.attempt(),
                record.target(),
                record.startedAt());
    }

    /** "suite seeded, run 001 attempt 1 of jdk17, started 2026-11-30T06:00:00Z on environment env0000001". */
    String describe() {
        return String.format(
                Locale.ROOT,
                "suite %s, run %03d attempt %d of %s, started %s on environment %s",
                suite,
                index,
                attempt,
                target,
                startedAt,
                environment);
    }

    /**
     * Why two files that hold this run with different contents cannot both be read, and what to do: the one message
     * of a report refused for it.
     */
    String conflict(Path first, RunRecord firstRecord, Path second, RunRecord secondRecord) {
        String where = firstDifference(tree(firstRecord), tree(secondRecord), "");
        return first + " and " + second + " are the same run (" + describe() + ") but their contents differ"
                + (where == null ? "" : " (first at " + where + ")")
                + ": one of them was changed after duel wrote it. Remove the changed copy, or give only the folder"
                + " that holds the original, and run duel report again";
    }

    private static JsonNode tree(RunRecord record) {
        try {
            return JSON.readTree(RecordJson.text(record));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("a record written by the codec is not JSON: " + e.getMessage(), e);
        }
    }

    /** The key path of the first value that differs ({@code results[0].load.main.okPerSecond}), or null. */
    static String firstDifference(JsonNode a, JsonNode b, String path) {
        if (a.equals(b)) {
            return null;
        }
        if (a.isObject() && b.isObject()) {
            for (Iterator<String> names = a.fieldNames(); names.hasNext(); ) {
                String name = names.next();
                String key = path.isEmpty() ? name : path + "." + name;
                if (!b.has(name)) {
                    return key;
                }
                String inside = firstDifference(a.get(name), b.get(name), key);
                if (inside != null) {
                    return inside;
                }
            }
            return path.isEmpty() ? "the top level" : path;
        }
        if (a.isArray() && b.isArray() && a.size() == b.size()) {
            for (int i = 0; i < a.size(); i++) {
                String inside = firstDifference(a.get(i), b.get(i), path + "[" + i + "]");
                if (inside != null) {
                    return inside;
                }
            }
        }
        return path.isEmpty() ? "the top level" : path;
    }
}
