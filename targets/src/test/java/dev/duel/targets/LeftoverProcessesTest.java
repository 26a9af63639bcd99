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

    /**
     * A left-over: a shell with a sleeper of its own, detached from this JVM as a killed duel's target is (its parent
     * gone, it is nobody's child here), started with {@code mark} in its environment.
     */
    private static ProcessHandle leftOver(java.util.Map<String, String> mark) throws Exception {
        ProcessBuilder builder =
                new ProcessBuilder("/bin/sh", "-c", "sh -c 'sleep 120 & wait' </dev/null >/dev/null 2>&1 & echo $!");
        builder.environment().putAll(mark);
        Process launcher = builder.start();
        long pid = Long.parseLong(new String(launcher.getInputStream().readAllBytes()).trim());
        assertTrue(launcher.waitFor(10, TimeUnit.SECONDS));
        ProcessHandle shell = ProcessHandle.of(pid).orElseThrow();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (shell.descendants().count() == 0 && System.nanoTime() < deadline) {
            Thread.sleep(20); // the shell starts its sleeper
        }
        return shell;
    }

    // Issue 24's kill line: a kill -9 of duel between a target's start and its note (tens of ms: the note was an
    // fsynced write) left the target running for ever; ResumeTest found it under load. Processes now carry the
    // ledger's mark in their environment, and the next duel ends a marked process even if it was never noted.
    @Test
    void aMarkedProcessNeverNotedIsEndedWithItsChildrenAndOthersAreLeftAlone() throws Exception {
        LeftoverProcesses ledger = new LeftoverProcesses(temp);
        Path other = Files.createDirectories(temp.resolve("other"));
        ProcessHandle unnoted = leftOver(ledger.mark());
        ProcessHandle elsewhere = leftOver(new LeftoverProcesses(other).mark());
        Process unmarked = sleeper();
        // A marked process that is this JVM's own child: a restarted agent's new target, started before it ended
        // what the killed one left.
        ProcessBuilder ownBuilder = new ProcessBuilder("sleep", "120");
        ownBuilder.environment().putAll(ledger.mark());
        Process own = ownBuilder.start();
        List<ProcessHandle> children = unnoted.descendants().toList();
        try {
            assertEquals(1, children.size(), "the shell's sleeper");
            List<String> ended = new LeftoverProcesses(temp).endLeftovers();
            assertEquals(
                    List.of("a process this folder's duel started before noting it (pid " + unnoted.pid() + ")"),
                    ended,
                    "the shell once, its sleeper with it");
            unnoted.onExit().get(15, TimeUnit.SECONDS);
            children.get(0).onExit().get(15, TimeUnit.SECONDS);
            assertTrue(elsewhere.isAlive(), "another folder's process is not this ledger's");
            assertTrue(unmarked.isAlive(), "nor is an unmarked one");
            assertTrue(own.isAlive(), "nor this JVM's own child");
        } finally {
            for (ProcessHandle process : List.of(unnoted, elsewhere)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
            }
            children.forEach(ProcessHandle::destroyForcibly);
            unmarked.destroyForcibly();
            own.destroyForcibly();
        }
    }

    @Test
    void theMarkIsMatchedAsAWholeEntry() {
        byte[] wanted = "DUEL_LEDGER=/r".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(LeftoverProcesses.carries("A=1\0DUEL_LEDGER=/r\0B=2".getBytes(), wanted));
        assertTrue(LeftoverProcesses.carries("DUEL_LEDGER=/r".getBytes(), wanted));
        assertTrue(!LeftoverProcesses.carries("DUEL_LEDGER=/r2\0".getBytes(), wanted), "another folder");
        assertTrue(!LeftoverProcesses.carries("X_DUEL_LEDGER=/r\0".getBytes(), wanted));
        assertTrue(!LeftoverProcesses.carries(new byte[0], wanted));
    }
}
