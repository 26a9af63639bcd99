package dev.duel.suite.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 24, item 1: a second duel on a folder in use is refused at once, and a killed holder's lock is taken over. */
class FolderLockTest {
    @TempDir
    Path temp;

    /** Holds {@code args[0]}'s lock until killed ("held"), or says "refused": a second duel process, to the lock. */
    public static final class Holder {
        public static void main(String[] args) throws Exception {
            try {
                FolderLock.take(Path.of(args[0]), "duel run holder.yaml", said -> {});
            } catch (FolderLock.InUseException e) {
                System.out.println("refused");
                System.out.flush();
                return;
            }
            System.out.println("held");
            System.out.flush();
            Thread.sleep(120_000);
        }
    }

    private static Process holder(Path folder) throws java.io.IOException {
        return new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-cp",
                        System.getProperty("java.class.path"),
                        Holder.class.getName(),
                        folder.toString())
                .redirectErrorStream(true)
                .start();
    }

    @Test
    void aSecondTakerIsRefusedNamingTheHolder() throws Exception {
        Path folder = temp.resolve("r");
        FolderLock first = FolderLock.take(folder, "duel run a.yaml", said -> {});
        try {
            FolderLock.InUseException refused = assertThrows(
                    FolderLock.InUseException.class, () -> FolderLock.take(folder, "duel demo", said -> {}));
            assertTrue(
                    refused.holder()
                            .startsWith("duel PID " + ProcessHandle.current().pid() + " (started "),
                    refused.holder());
            assertTrue(refused.holder().endsWith(", duel run a.yaml)"), refused.holder());
            assertTrue(refused.getMessage().startsWith("results folder " + folder + " is in use by duel PID "));
            assertTrue(refused.getMessage().endsWith("give --results another folder"), refused.getMessage());
            // The refusal must not release the first taker's OS lock (closing any channel of the file would):
            // another process still cannot take it.
            Process other = holder(folder);
            try {
                assertEquals(
                        "refused",
                        new BufferedReader(new InputStreamReader(other.getInputStream(), StandardCharsets.UTF_8))
                                .readLine());
            } finally {
                other.destroyForcibly();
            }
        } finally {
            first.close();
        }
        List<String> said = new ArrayList<>();
        FolderLock.take(folder, "duel run a.yaml", said::add).close();
        assertEquals(List.of(), said, "a holder that closed leaves nothing to take over");
    }

    @Test
    void anotherProcessHoldsItUntilKilledThenItIsTakenOver() throws Exception {
        Path folder = temp.resolve("r");
        Process holder = holder(folder);
        try {
            BufferedReader lines =
                    new BufferedReader(new InputStreamReader(holder.getInputStream(), StandardCharsets.UTF_8));
            assertEquals("held", lines.readLine());
            FolderLock.InUseException refused = assertThrows(
                    FolderLock.InUseException.class, () -> FolderLock.take(folder, "duel run b.yaml", said -> {}));
            assertTrue(refused.holder().startsWith("duel PID " + holder.pid() + " "), refused.holder());
            holder.destroyForcibly(); // SIGKILL: no close, the words stay in the file
            assertTrue(holder.waitFor(30, TimeUnit.SECONDS));
            List<String> said = new ArrayList<>();
            FolderLock.take(folder, "duel run b.yaml", said::add).close();
            assertEquals(1, said.size(), said.toString());
            assertTrue(
                    said.get(0)
                            .startsWith("took over results folder " + folder + " from duel PID " + holder.pid() + " "),
                    said.get(0));
        } finally {
            holder.destroyForcibly();
        }
    }
}
