package dev.duel.cli;

import dev.duel.history.HistoryEntries;
import dev.duel.history.HistoryEntry;
import dev.duel.history.HistoryException;
import dev.duel.history.HistoryStore;
import dev.duel.history.capture.CommitTime;
import dev.duel.record.DuelVersion;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Function;
import picocli.CommandLine.Option;

/**
 * The options of a command whose report goes into a history ({@code duel run}, {@code compare}, {@code demo}, {@code
 * report}), and the recording itself: the store is opened before anything is measured (an unreachable PostgreSQL or a
 * store a newer duel wrote is a usage error then, not after an hour of runs), and the report's conclusions recorded
 * after it is written. A history that cannot take them loses nothing: the records stay in the results folder, and
 * {@code duel history import} records them later. Not thread-safe (one command's).
 */
final class HistoryRecording {
    /** The history's file in a results folder's parent when none is given: results/history.db by default. */
    static final String FILE_NAME = "history.db";

    @Option(
            names = "--history",
            paramLabel = "FILE|URL",
            description = "record the report's conclusions in this SQLite file or jdbc:postgresql: URL (default:"
                    + " history.db beside the results folder)")
    String history;

    @Option(names = "--no-history", description = "record nothing in a history")
    boolean noHistory;

    @picocli.CommandLine.Mixin
    ProvenanceOptions provenance = new ProvenanceOptions();

    private final Map<String, String> environment;
    private final Function<String, java.time.Instant> commitTimes;

    HistoryRecording() {
        this(System.getenv(), commit -> CommitTime.inRepository(commit, Path.of("")));
    }

    /** With another environment and commit-time lookup than the process's (tests). */
    HistoryRecording(Map<String, String> environment, Function<String, java.time.Instant> commitTimes) {
        this.environment = environment;
        this.commitTimes = commitTimes;
    }

    /** {@code location} as a message may show it: without a password, quoted for a shell where it needs it. */
    private static String shown(String location) {
        String safe;
        try {
            safe = dev.duel.history.store.StoreLocation.of(location).shown();
        } catch (IllegalArgumentException e) {
            safe = location;
        }
        return safe.matches("[A-Za-z0-9_./:@+-]+") ? safe : "'" + safe.replace("'", "'\\''") + "'";
    }

    /** Where the history of {@code resultsFolder} is: {@code --history}, else history.db in the folder's parent. */
    String location(Path resultsFolder) {
        if (history != null) {
            return history;
        }
        Path parent = resultsFolder.toAbsolutePath().normalize().getParent();
        return (parent == null ? Path.of(FILE_NAME) : parent.resolve(FILE_NAME)).toString();
    }

    /**
     * Opens (creates, migrates) the history of {@code resultsFolder} before any run.
     *
     * @return null when it can take the entry (or none is wanted), else the one-line message of why not
     */
    String check(Path resultsFolder) {
        if (noHistory) {
            return null;
        }
        try {
            HistoryStore.open(location(resultsFolder), DuelVersion.current()).close();
            return null;
        } catch (HistoryException e) {
            return "history: " + e.getMessage() + "; give another --history, or --no-history";
        }
    }

    /**
     * Records the conclusions of the report of {@code resultsFolder}: one line on {@code out} when recorded, one on
     * {@code err} when the history could not take them (the command's exit stays the runs' own).
     *
     * @return the entry recorded (or held before), or null when none
     */
    HistoryEntry record(Path resultsFolder, PrintStream out, PrintStream err, String prefix) {
        if (noHistory) {
            return null;
        }
        String where = location(resultsFolder);
        try (HistoryStore store = HistoryStore.open(where, DuelVersion.current())) {
            HistoryEntry entry = HistoryEntries.of(resultsFolder, provenance.given(), environment, commitTimes);
            boolean recorded = store.record(entry);
            out.println("history: " + (recorded ? "recorded as " : "already held as ") + entry.id() + " in "
                    + store.shown()
                    + (entry.provenance().commit() == null
                            ? ""
                            : " (commit "
                                    + HistoryEntry.Provenance.abbreviated(
                                            entry.provenance().commit()) + ")"));
            return entry;
        } catch (HistoryException e) {
            err.println(prefix + "history: not recorded: " + e.getMessage() + "; the runs are kept in " + resultsFolder
                    + ": duel history import " + resultsFolder + " --history " + shown(where) + " records them");
            return null;
        }
    }
}
