package dev.duel.suite.run;

import dev.duel.suite.SuiteListener;
import dev.duel.targets.LeftoverProcesses;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Notes every process the suite starts as soon as it exists, and forgets it once stopped, in the
 * results folder ({@link LeftoverProcesses}), so that whatever a killed duel left running is
 * ended by PID on the next run into the folder. A note that cannot be written is a warning, never
 * a reason to stop measuring. Thread-safe.
 */
public final class ProcessLedger {
    private final LeftoverProcesses leftovers;
    private final Path directory;
    private final SuiteListener listener;

    public ProcessLedger(Path directory, SuiteListener listener) {
        this.leftovers = new LeftoverProcesses(directory);
        this.directory = directory;
        this.listener = listener;
    }

    /**
     * What a starter tells of each process it starts as {@code role}: noted here as soon as it exists, and marked in
     * its environment so that a process started just before a kill -9, too soon to be noted, is found as well.
     */
    public dev.duel.targets.Spawned noting(String role) {
        return leftovers.noting(role, problem -> listener.message("warning: " + problem));
    }

    public void forget(long pid) {
        try {
            leftovers.remove(pid);
        } catch (IOException e) {
            listener.message("warning: could not update " + directory + "/.processes: " + e.getMessage());
        }
    }

    /**
     * Ends what a killed duel left running from this folder, before anything is measured; returns what
     * it ended, in words.
     *
     * @throws IOException the list cannot be read: measuring beside a leftover target would be worthless
     */
    public List<String> endLeftovers() throws IOException {
        return leftovers.endLeftovers();
    }

    /** As {@link #endLeftovers()} while stopping (an abort): what cannot be read is a warning, not a second error. */
    public void endLeftoversWhileStopping() {
        try {
            leftovers.endLeftovers();
        } catch (IOException e) {
            listener.message("warning: could not read " + directory + "/.processes: " + e.getMessage());
        }
    }
}
