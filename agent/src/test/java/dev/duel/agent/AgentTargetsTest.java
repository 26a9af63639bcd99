package dev.duel.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.targets.TargetProcess;
import dev.duel.targets.TargetStarter;
import dev.duel.targets.fixtures.TargetSpecs;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Issue 24, item 8: a target still starting when its lease ended (released, lapsed, the agent shutting down) was not
 * among those stopped, and once ready it lived on past every lease. It is stopped as it becomes ready now.
 */
class AgentTargetsTest {
    @Test
    void aTargetStartingWhenTheLeaseEndsIsStoppedAsItBecomesReady() throws Exception {
        CountDownLatch starting = new CountDownLatch(1);
        CountDownLatch ready = new CountDownLatch(1);
        List<FakeTarget> made = new CopyOnWriteArrayList<>();
        TargetStarter fakes = FakeTarget.starter();
        TargetStarter slow = (spec, env, log, spawned) -> {
            starting.countDown();
            ready.await(10, TimeUnit.SECONDS); // its readiness probe still waiting
            TargetProcess target = fakes.start(spec, env, log, spawned);
            made.add((FakeTarget) target);
            return target;
        };
        List<String> log = new CopyOnWriteArrayList<>();
        AgentTargets targets = new AgentTargets(slow, Path.of("target"), null, log::add);
        CompletableFuture<Object> start = CompletableFuture.supplyAsync(() -> {
            try {
                return targets.start(TargetSpecs.command("app", List.of("./app", "${port}")), Map.of());
            } catch (AgentTargets.StartFailed e) {
                return e;
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        assertTrue(starting.await(10, TimeUnit.SECONDS));
        targets.stopAll(); // the lease ended meanwhile
        ready.countDown();
        Object outcome;
        try {
            outcome = start.get(10, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw new AssertionError(e.getCause());
        }
        assertTrue(outcome instanceof AgentTargets.StartFailed, String.valueOf(outcome));
        assertTrue(((AgentTargets.StartFailed) outcome).getMessage().contains("the lease ended while it started"));
        assertEquals(1, made.size());
        assertEquals(Integer.valueOf(143), made.get(0).exitCode(), "stopped");
        assertNull(targets.status("1"), "not kept");
        assertTrue(log.stream().anyMatch(line -> line.contains("stopped as it became ready")), log.toString());
    }

    // Issue 24, item 8: a duel agent killed with SIGKILL left its hosted targets running forever. Each target is
    // noted in a ledger until it is stopped; an agent started again ends what is still noted (AgentProcess.serve).
    @Test
    void aTargetLeftByAKilledAgentIsEndedByTheNextOne(@org.junit.jupiter.api.io.TempDir Path ledgerFolder)
            throws Exception {
        List<Process> sleeps = new CopyOnWriteArrayList<>();
        TargetStarter real = (spec, env, log, spawned) -> {
            Process sleep;
            try {
                sleep = new ProcessBuilder("sleep", "120").start();
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            sleeps.add(sleep);
            spawned.spawned(sleep.pid());
            return new FakeTarget(spec, sleep.pid(), 4242, env);
        };
        try {
            List<String> log = new CopyOnWriteArrayList<>();
            AgentTargets killed = new AgentTargets(
                    real, Path.of("target"), new dev.duel.targets.LeftoverProcesses(ledgerFolder), log::add);
            killed.start(TargetSpecs.command("app", List.of("./app", "${port}")), Map.of());
            killed.start(TargetSpecs.command("other", List.of("./other", "${port}")), Map.of());
            killed.stop("2"); // stopped by its controller: forgotten (the fake's stop leaves the process to us)
            sleeps.get(1).destroyForcibly();
            // The agent is killed here: nothing stops the first target. The next agent on the port reads the ledger.
            List<String> ended = new dev.duel.targets.LeftoverProcesses(ledgerFolder).endLeftovers();
            assertEquals(List.of("target app (pid " + sleeps.get(0).pid() + ")"), ended);
            assertTrue(sleeps.get(0).waitFor(15, TimeUnit.SECONDS), "ended");
        } finally {
            sleeps.forEach(Process::destroyForcibly);
        }
    }
}
