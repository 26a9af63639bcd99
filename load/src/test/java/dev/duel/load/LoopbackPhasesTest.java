package dev.duel.load;

import static dev.duel.load.Loopback.MS;
import static dev.duel.load.Loopback.assertAccounting;
import static dev.duel.load.Loopback.assertServerSawTheSentRequests;
import static dev.duel.load.Loopback.phases;
import static dev.duel.load.Loopback.plan;
import static dev.duel.load.Loopback.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.load.schedule.Rate;
import dev.duel.record.load.Arrival;
import dev.duel.record.load.FailureKind;
import dev.duel.record.load.LoadResult;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The engine's phase boundaries against real sockets: requests in flight at a boundary, the gap, windows. See
 * {@link Loopback}.
 */
@Tag("slow") // real load runs against servers on loopback: CI runs it; the quick loop (-Pquick) leaves it out
class LoopbackPhasesTest {
    @Test
    void requestsInFlightAtABoundaryCountInNeitherPhase() throws Exception {
        // Each request takes 300 ms: per user, 3 end in warm-up (0.3, 0.6, 0.9 s), the one started at
        // 0.9 s ends in main at 1.2 s (interrupted), 2 start and end in main (1.2 -> 1.5, 1.5 -> 1.8), and
        // the one started at 1.8 s is cut by the end at 2.0 s. Each phase ends 200 ms after its last
        // counted response, room for a busy machine (with 100 ms, one cold run counted 8 in warm-up).
        try (TestServer server =
                new TestServer((n, c, t, r) -> TestServer.Answer.ok("ok").delayed(300 * MS))) {
            LoadResult result = run(plan(server.url("/"), new LoadModel.Closed(4), phases(1_100, 0, 900), List.of()));
            assertEquals(12, result.warmup().ok());
            assertEquals(4, result.warmup().interrupted());
            assertEquals(8, result.main().ok());
            assertEquals(4, result.main().interrupted());
            assertAccounting(result.warmup());
            assertAccounting(result.main());
            assertTrue(
                    result.main().latency().maxMicros() < 400_000,
                    "no main latency includes time from warm-up: max "
                            + result.main().latency().maxMicros() + " us");
        }
    }

    @Test
    void theGapSendsNothing() throws Exception {
        try (TestServer server =
                new TestServer((n, c, t, r) -> TestServer.Answer.ok("ok").delayed(100 * MS))) {
            long before = System.nanoTime();
            LoadResult result = run(plan(server.url("/"), new LoadModel.Closed(2), phases(500, 700, 500), List.of()));
            long gapStart = before + 500 * MS;
            long gapEnd = gapStart + 700 * MS;
            // The run starts a little after 'before', so look well inside the gap.
            long inGap = server.arrivals().stream()
                    .filter(t -> t > gapStart + 150 * MS && t < gapEnd - 50 * MS)
                    .count();
            assertEquals(0, inGap);
            assertTrue(result.main().ok() >= 6, "main ran: " + result.main());
            assertAccounting(result.main());
        }
    }

    @Test
    void usersWhoseConnectionsCloseDuringTheGapSendOneRequestAtATime() throws Exception {
        // The server closes connections idle for 200 ms, so every user reconnects inside the 700 ms gap.
        try (TestServer server =
                new TestServer((n, c, t, r) -> TestServer.Answer.ok("ok").delayed(10 * MS), 200 * MS)) {
            LoadResult result = run(plan(server.url("/"), new LoadModel.Closed(4), phases(500, 700, 500), List.of()));
            assertAccounting(result.warmup());
            assertAccounting(result.main());
            assertTrue(
                    result.main().reconnects() + result.warmup().reconnects() >= 4,
                    "connections were closed in the gap");
            assertServerSawTheSentRequests(
                    server,
                    result.warmup().sent() + result.main().sent(),
                    result.main().interrupted());
            assertTrue(result.main().latency().minMicros() >= 10_000, "no response credited to the wrong request");
        }
    }

    @Test
    void openModelWithAGapButNoWarmupStartsAtMain() throws Exception {
        try (TestServer server = new TestServer((n, c, t, r) -> TestServer.Answer.ok("ok"))) {
            LoadModel open = new LoadModel.Open(Rate.perSecond(200), Arrival.UNIFORM, 4);
            LoadResult result = run(plan(server.url("/"), open, phases(0, 300, 1_000), List.of()));
            assertEquals(200, result.main().sent() + result.main().unstarted(), 1);
            assertTrue(result.main().ok() > 150, result.main().toString());
            assertNull(result.main().turnaroundLag(), "the open model's own lag is its schedule lag");
        }
    }

    @Test
    void windowsStartAtTheFirstCorrectResponse() throws Exception {
        try (TestServer server = new TestServer((n, c, t, r) -> n <= 20
                ? new TestServer.Answer(503, "starting", 0, false, false)
                : TestServer.Answer.ok("ok").delayed(MS))) {
            LoadPlan plan = plan(
                    server.url("/"),
                    new LoadModel.Closed(2),
                    new Timing.Windows(5, Duration.ofMillis(200), Duration.ofSeconds(10)),
                    List.of());
            LoadResult result = run(plan);
            assertEquals(5, result.windows().size());
            assertTrue(
                    result.windows().stream().allMatch(w -> w.ok() > 10),
                    result.windows().toString());
            assertTrue(result.firstCorrectResponseMillis() >= 0);
            // 20 answers were 503; one of them may still be in flight on the other user's connection
            // when the first correct answer starts main, and then counts as interrupted instead.
            long status503 = result.warmup().failures().get(FailureKind.STATUS);
            assertTrue(
                    status503 == 20 || status503 == 19 && result.warmup().interrupted() >= 1,
                    result.warmup().toString());
            assertAccounting(result.main());
        }
    }
}
