package dev.duel.cli;

import dev.duel.suite.store.FolderLock;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;

/**
 * What {@code duel run}, {@code demo} and {@code micro} do with their results folder held ({@link FolderLock}): a
 * folder another duel holds, or one that cannot be locked, is one usage message naming the fix; the lock is released
 * when the work ends. Stateless.
 */
final class HeldFolder {
    private HeldFolder() {}

    /** The work done while the folder is held. */
    @FunctionalInterface
    interface Work<T, E extends Exception> {
        T run() throws E;
    }

    /**
     * @param command what this duel is doing, for a later refusal's words ("duel run suites/a.yaml")
     * @param prefix  what each line on {@code err} begins with ("duel: ")
     * @param refused what to return when the folder cannot be had (its message is said on {@code err})
     */
    static <T, E extends Exception> T run(
            Path folder, String command, String prefix, PrintStream err, T refused, Work<T, E> work) throws E {
        FolderLock lock;
        try {
            lock = FolderLock.take(folder, command, message -> err.println(prefix + "warning: " + message));
        } catch (FolderLock.InUseException e) {
            err.println(prefix + e.getMessage());
            return refused;
        } catch (IOException e) {
            err.println(prefix + "cannot lock the results folder " + folder + " (" + e.getMessage()
                    + "): give --results a folder duel can write");
            return refused;
        }
        try {
            return work.run();
        } finally {
            try {
                lock.close();
            } catch (IOException e) { // the lock ends with this process anyway; its file keeps our name
                err.println(prefix + "warning: could not release the lock of " + folder + ": " + e.getMessage());
            }
        }
    }
}
