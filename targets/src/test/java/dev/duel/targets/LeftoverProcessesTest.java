package dev.duel.targets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 24, item 6: leftovers were matched by a start in epoch milliseconds, which moves when the wall clock is stepped
 * (a resumed suite would then forget its own target, or take a stranger for it). The ledger now keeps the kernel's
 * start ticks, and still reads an earlier duel's milliseconds.
 */
class LeftoverProcessesTest {
    @TempDir
    Path temp;

    private static Process sleeper() throws Exception {
        return new ProcessBuilder("sleep", "120").start();
    }

    @Test
    void theLedgerKeepsKernelTicksAndEndsExactlyThatProcess() throws Exception {
        Process target = sleeper();
        try {
            new LeftoverProcesses(temp).add(target.pid(), "target a");
            String line = Files.readString(temp.resolve(".processes")).trim();
            assertEquals(target.pid() + " t" + ProcessStart.ticks(target.pid()) + " target a", line);

            // A new duel on the folder (the first was killed) ends it.
            List<String> ended = new LeftoverProcesses(temp).endLeftovers();
            assertEquals(List.of("target a (pid " + target.pid() + ")"), ended);
            assertTrue(target.waitFor(15, TimeUnit.SECONDS), "ended");
            assertTrue(Files.notExists(temp.resolve(".processes")));
        } finally {
            target.destroyForcibly();
        }
    }

    @Test
    void aProcessThatStartedAtAnotherTickIsAStranger() throws Exception {
        Process stranger = sleeper();
        try {
            long ticks = ProcessStart.ticks(stranger.pid());
            long millis = stranger.info().startInstant().orElseThrow().toEpochMilli();
            Files.writeString(
                    temp.resolve(".processes"),
                    stranger.pid() + " t" + (ticks - 1) + " target a\n" + stranger.pid() + " " + (millis - 1)
                            + " target b\n");
            assertEquals(List.of(), new LeftoverProcesses(temp).endLeftovers());
            assertTrue(stranger.isAlive(), "a recycled PID is never touched");
        } finally {
            stranger.destroyForcibly();
        }
    }

    @Test
    void anEarlierDuelsLedgerInMillisecondsIsStillRead() throws Exception {
        Process target = sleeper();
        try {
            long millis = target.info().startInstant().orElseThrow().toEpochMilli();
            Files.writeString(temp.resolve(".processes"), target.pid() + " " + millis + " service postgres\n");
            assertEquals(
                    List.of("service postgres (pid " + target.pid() + ")"), new LeftoverProcesses(temp).endLeftovers());
            assertTrue(target.waitFor(15, TimeUnit.SECONDS), "ended");
        } finally {
            target.destroyForcibly();
        }
    }
}
