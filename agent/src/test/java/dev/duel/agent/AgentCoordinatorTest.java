package dev.duel.agent;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.load.ProgressListener;
import dev.duel.load.Timing;
import dev.duel.load.WarmupJudge;
import dev.duel.load.sink.SinkServer;
import dev.duel.load.split.PlanSplit;
import dev.duel.record.load.AgentShare;
import dev.duel.record.load.LoadResult;
import dev.duel.record.load.SecondResult;
import dev.duel.record.load.WarmupEnd;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class AgentCoordinatorTest {
    /** Short waits for the protocol's logic (the product's are longer); a held lease asked again every 100 ms. */
    private static final AgentCoordinator.Settings FAST =
            new AgentCoordinator.Settings(Duration.ofMillis(300), Duration.ofSeconds(1), 200, Duration.ofMillis(100));

    /** The load these tests merge: 400 requests/s, at a pace (closed users would hammer both cores). */
    private static final int RATE = 400;

    @Test
    void twoAgentsResultsMergeExactlyAndEachShareKeepsItsClockOffset() throws Exception {
        try (SinkServer sink = SinkServer.start();
                LocalAgents agents = new LocalAgents(2)) {
            List<SecondResult> streamed = new ArrayList<>();
            AgentCoordinator coordinator = new AgentCoordinator(
                    agents.clients, "test", WallClock.system(), FAST, WarmupJudge.NEVER_STEADY, PlanSplit::split);

            LoadResult merged = coordinator.run(
                    Plans.open(sink.url("/"), RATE, 1_500), (second, latency, status) -> streamed.add(second));

            List<AgentShare> shares = merged.agents();
            assertEquals(2, shares.size());
            long sum = 0;
            for (int i = 0; i < 2; i++) {
                AgentShare share = shares.get(i);
                assertEquals("agent-" + i, share.name());
                assertEquals("host-" + i, share.host());
                assertEquals(i, share.index());
                assertEquals(2, share.count());
                assertNull(share.lost());
                assertNotNull(share.clockOffsetMillis());
                assertTrue(share.clockUncertaintyMillis() >= 0);
                assertTrue(share.result().main().ok() > 0);
                sum += share.result().main().ok();
            }
            assertEquals(sum, merged.main().ok());
            assertEquals(merged.seconds(), streamed);
            long agentsSecondsOk = shares.stream()
                    .flatMap(s -> s.result().seconds().stream())
                    .mapToLong(SecondResult::ok)
                    .sum();
            assertEquals(
                    agentsSecondsOk,
                    streamed.stream().mapToLong(SecondResult::ok).sum());
            agents.clients.get(0).lease("another"); // the leases were given back
        }
    }

    @Test
    void anAutoWarmupIsJudgedOnTheMergedSeriesAndEndsOnEveryAgent() throws Exception {
        try (SinkServer sink = SinkServer.start();
                LocalAgents agents = new LocalAgents(2)) {
            List<double[]> judged = new ArrayList<>();
            WarmupJudge steadyAtOnce = okPerSecond -> {
                judged.add(okPerSecond.clone());
                return new WarmupJudge.Decision(true, 0, 0.01, "test: steady");
            };
            AgentCoordinator coordinator = new AgentCoordinator(
                    agents.clients, "test", WallClock.system(), FAST, steadyAtOnce, PlanSplit::split);
            Timing auto = new Timing.Phases(
                    new Timing.Warmup.UntilSteady(Duration.ofSeconds(30)), Duration.ZERO, Duration.ofMillis(500));

            LoadResult merged = coordinator.run(Plans.open(sink.url("/"), RATE, auto), ProgressListener.NONE);

            assertEquals(1, judged.size(), "one check: steady at the first");
            double[] expected = new double[judged.get(0).length];
            for (AgentShare share : merged.agents()) {
                assertNull(share.lost(), share.lost());
                assertEquals(WarmupEnd.Reason.STEADY, share.result().warmupEnd().reason());
                for (int s = 0; s < expected.length; s++) {
                    expected[s] += share.result().seconds().get(s).ok();
                }
            }
            assertArrayEquals(expected, judged.get(0));
            assertTrue(merged.main().ok() > 0);
        }
    }

    @Test
    void anAgentThatStopsAnsweringIsLostNamedAndNotCounted() throws Exception {
        try (SinkServer sink = SinkServer.start();
                LocalAgents agents = new LocalAgents(2)) {
            AtomicBoolean cut = new AtomicBoolean();
            ProgressListener cutAgentOne = (second, latency, status) -> {
                if (cut.compareAndSet(false, true)) {
                    agents.servers.get(1).close();
                }
            };
            AgentCoordinator coordinator = new AgentCoordinator(
                    agents.clients, "test", WallClock.system(), FAST, WarmupJudge.NEVER_STEADY, PlanSplit::split);

            LoadResult merged = coordinator.run(Plans.open(sink.url("/"), RATE, 2_000), cutAgentOne);

            AgentShare lostShare = merged.agents().get(1);
            assertNotNull(lostShare.lost());
            assertTrue(lostShare.lost().startsWith("no answer for 1 s"), lostShare.lost());
            assertNull(lostShare.result());
            AgentShare kept = merged.agents().get(0);
            assertNull(kept.lost());
            assertEquals(kept.result().main().ok(), merged.main().ok());
            // The per-second series leaves the lost agent out as the totals do: second by second it is the kept one's.
            assertEquals(
                    kept.result().seconds().stream().mapToLong(SecondResult::ok).sum(),
                    merged.seconds().stream().mapToLong(SecondResult::ok).sum(),
                    merged.seconds() + " against " + kept.result().seconds());
            assertTrue(
                    merged.warnings().stream().anyMatch(w -> w.startsWith("agent agent-1 was lost")),
                    merged.warnings().toString());
        }
    }

    @Test
    void aLeaseLeftByAKilledControllerIsWaitedOutNotTakenForALostAgent() throws Exception {
        try (SinkServer sink = SinkServer.start();
                LocalAgents agents = new LocalAgents(1, Duration.ofSeconds(2))) {
            // A duel killed mid-run left its lease: nothing renews it, and it lapses 2 s after its last call here.
            new AgentClient("agent-0", agents.clients.get(0).address(), LocalAgents.TOKEN, Duration.ofSeconds(5))
                    .lease("a killed duel");
            AgentCoordinator coordinator = new AgentCoordinator(
                    agents.clients, "test", WallClock.system(), FAST, WarmupJudge.NEVER_STEADY, PlanSplit::split);
            long startNanos = System.nanoTime();
            LoadResult result = coordinator.run(Plans.open(sink.url("/"), RATE, 500), ProgressListener.NONE);
            assertTrue(System.nanoTime() - startNanos >= 1_500_000_000L, "it waited for the old lease to lapse");
            assertNull(result.agents().get(0).lost());
            assertTrue(result.main().ok() > 0);
        }
    }

    // Issue 24, item 8: a coordinator waiting for one agent's lease let the leases it already held lapse.
    @Test
    void whileWaitingForOneAgentsLeaseTheOthersAreKept() throws Exception {
        try (SinkServer sink = SinkServer.start();
                LocalAgents agents = new LocalAgents(2, Duration.ofSeconds(1))) {
            // Another controller holds agent-1 for about 3 s (renewing it), then lets it lapse (1 s later).
            AgentClient other = new AgentClient(
                    "agent-1", agents.clients.get(1).address(), LocalAgents.TOKEN, Duration.ofSeconds(5));
            other.lease("another duel");
            Thread holder = new Thread(() -> {
                try {
                    for (int i = 0; i < 10; i++) {
                        Thread.sleep(300);
                        other.renew();
                    }
                } catch (AgentException | InterruptedException e) {
                    // the test's end
                }
            });
            holder.start();
            AgentCoordinator coordinator = new AgentCoordinator(
                    agents.clients, "test", WallClock.system(), FAST, WarmupJudge.NEVER_STEADY, PlanSplit::split);
            long startNanos = System.nanoTime();
            LoadResult result = coordinator.run(Plans.open(sink.url("/"), RATE, 500), ProgressListener.NONE);
            holder.join();
            assertTrue(System.nanoTime() - startNanos >= 3_000_000_000L, "it waited for agent-1");
            assertNull(result.agents().get(0).lost(), "agent-0's lease was kept while it waited");
            assertNull(result.agents().get(1).lost());
            assertTrue(result.main().ok() > 0);
        }
    }

    @Test
    void anUnreachableAgentStopsTheRunBeforeAnythingStarts() throws Exception {
        try (SinkServer sink = SinkServer.start();
                LocalAgents agents = new LocalAgents(1)) {
            AgentClient absent = new AgentClient("absent", "127.0.0.1:9", LocalAgents.TOKEN, Duration.ofSeconds(1));
            AgentCoordinator coordinator = new AgentCoordinator(
                    List.of(agents.clients.get(0), absent),
                    "test",
                    WallClock.system(),
                    FAST,
                    WarmupJudge.NEVER_STEADY,
                    PlanSplit::split);

            AgentException refused = assertThrows(
                    AgentException.class,
                    () -> coordinator.run(Plans.closed(sink.url("/"), 2, 1_000), ProgressListener.NONE));

            assertTrue(
                    refused.getMessage().startsWith("agent absent (127.0.0.1:9) did not answer"), refused.getMessage());
            assertEquals(0, sink.requests());
            agents.clients.get(0).lease("another"); // never leased
        }
    }
}
