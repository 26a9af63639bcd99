package dev.duel.load;

import static dev.duel.load.Loopback.MS;
import static dev.duel.load.Loopback.assertAccounting;
import static dev.duel.load.Loopback.assertServerSawTheSentRequests;
import static dev.duel.load.Loopback.phases;
import static dev.duel.load.Loopback.plan;
import static dev.duel.load.Loopback.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.load.schedule.Rate;
import dev.duel.record.load.Arrival;
import dev.duel.record.load.LoadResult;
import dev.duel.record.load.PhaseResult;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The engine's latency against real sockets: a server's delay, coordinated omission in a stall, open-model
 * rates. See {@link Loopback}.
 */
@Tag("slow") // real load runs against servers on loopback: CI runs it; the quick loop (-Pquick) leaves it out
class LoopbackLatencyTest {
    @Test
    void aFixedFiveMillisecondDelayGivesAMedianJustAboveIt() throws Exception {
        try (TestServer server = new TestServer(
                (n, c, t, r) -> TestServer.Answer.ok("{\"id\":42}").delayed(5 * MS))) {
            OutsideCpu window = OutsideCpu.from(List.of(ProcessHandle.current()));
            LoadResult result = run(plan(
                    server.url("/json"), new LoadModel.Closed(4), phases(300, 0, 1_000), List.of("json:/id == 42")));
            double outsideCores = window.cores();
            PhaseResult main = result.main();
            assertTrue(main.ok() > 0, "4 users at ~5 ms for 1 s: " + main.ok());
            assertEquals(0, main.failed());
            double p50Millis = main.latency().p50Micros() / 1_000;
            assertTrue(p50Millis >= 5.0, "p50 " + p50Millis + " ms");
            if (outsideCores < OutsideCpu.QUIET_CORES) {
                // Four users kept busy: 800 answers at 5 ms each, over 200 whatever the engine's own turnaround.
                assertTrue(main.ok() > 200, "4 users at ~5 ms for 1 s: " + main.ok());
                // Just above the delay: the engine's own share (network, parsing) is well under 1.5 ms.
                assertTrue(p50Millis <= 6.5, "p50 " + p50Millis + " ms");
            } else {
                // Beside other test JVMs the server's timer and the engine's loop both wake late (p50 10.4 ms seen,
                // the server holding 6.9 ms; 184 answers in the second once): that times the build, not the engine,
                // so neither is judged.
                System.out.printf(
                        java.util.Locale.ROOT,
                        "5 ms median and count not judged: p50 %.2f ms, %d answers, with %.2f cores busy outside this"
                                + " JVM%n",
                        p50Millis,
                        main.ok(),
                        outsideCores);
            }
            assertTrue(main.latency().minMicros() >= 5_000, "nothing faster than the server's delay");
            // Every request of main but each user's first followed a response on its connection.
            assertTrue(
                    main.turnaroundLag().count() >= main.sent() - 4,
                    main.turnaroundLag().toString());
            assertTrue(
                    result.engine().gcPauseShare() >= 0 && result.engine().gcPauseShare() < 1,
                    result.engine().toString());
            if (java.nio.file.Files.isReadable(java.nio.file.Path.of("/proc/thread-self/schedstat"))) {
                assertTrue(
                        result.engine().runQueueWaitMillis() != null
                                && result.engine().runQueueWaitMillis() >= 0,
                        "the loops' run-queue wait over main: " + result.engine());
            }
            assertAccounting(main);
            assertAccounting(result.warmup());
            assertServerSawTheSentRequests(server, result.warmup().sent() + main.sent(), main.interrupted());
        }
    }

    @Test
    void aStallShowsInCorrectedLatencyButNotInUncorrected() throws Exception {
        AtomicLong first = new AtomicLong();
        try (TestServer server = new TestServer((n, c, arrival, r) -> {
            first.compareAndSet(0, arrival);
            long stallStart = first.get() + 1_000 * MS;
            long stallEnd = stallStart + 1_000 * MS;
            long delay = arrival >= stallStart && arrival < stallEnd ? stallEnd - arrival : 0;
            return TestServer.Answer.ok("ok").delayed(delay);
        })) {
            LoadModel open = new LoadModel.Open(Rate.perSecond(200), Arrival.UNIFORM, 2);
            LoadResult result = run(plan(server.url("/"), open, phases(0, 0, 3_000), List.of()));
            PhaseResult main = result.main();
            assertTrue(
                    main.latency().p99Micros() >= 500_000,
                    "corrected p99 " + main.latency().p99Micros());
            assertTrue(
                    main.uncorrectedLatency().p99Micros() < 100_000,
                    "uncorrected p99 " + main.uncorrectedLatency().p99Micros());
            assertTrue(main.late() > 100, "late " + main.late());
            assertTrue(
                    result.warnings().stream().anyMatch(w -> w.contains("waited for a free connection")),
                    result.warnings().toString());
            assertAccounting(main);
            assertEquals(600, main.sent() + main.unstarted(), 1, "the schedule is 200/s for 3 s");
        }
    }

    @Test
    void poissonArrivalsDeliverTheRateOnAverage() throws Exception {
        try (TestServer server = new TestServer((n, c, t, r) -> TestServer.Answer.ok("ok"))) {
            LoadModel open = new LoadModel.Open(Rate.perSecond(400), Arrival.POISSON, 8);
            LoadResult result = run(plan(server.url("/"), open, phases(0, 0, 2_000), List.of()));
            assertEquals(800, result.main().sent(), 120);
            assertEquals(0, result.main().failed());
        }
    }
}
