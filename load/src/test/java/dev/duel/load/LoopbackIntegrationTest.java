package dev.duel.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.load.http.RequestSpec;
import dev.duel.load.http.VariableSpec;
import dev.duel.load.schedule.Rate;
import dev.duel.record.Phase;
import dev.duel.record.load.Arrival;
import dev.duel.record.load.FailureKind;
import dev.duel.record.load.LoadResult;
import dev.duel.record.load.PhaseResult;
import dev.duel.record.load.SecondResult;
import dev.duel.record.load.WarmupEnd;
import dev.duel.record.load.WarmupMode;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The engine against real sockets on 127.0.0.1. Assertions are about counts, invariants and
 * generous bounds, never absolute speed: the machine may be busy.
 */
@Tag("slow") // real load runs against servers on loopback: CI runs it; the quick loop (-Pquick) leaves it out
class LoopbackIntegrationTest {
    private static final long MS = 1_000_000L;

    private static LoadPlan plan(String url, LoadModel model, Timing timing, List<String> checks) {
        return plan(url, model, timing, checks, Map.of());
    }

    private static LoadPlan plan(
            String url, LoadModel model, Timing timing, List<String> checks, Map<String, VariableSpec> variables) {
        return new LoadPlan(
                new RequestSpec("GET", url, List.of(), null),
                variables,
                checks,
                model,
                timing,
                Duration.ofSeconds(5),
                1,
                2,
                LoadPlan.Transport.AUTO);
    }

    private static Timing.Phases phases(long warmupMillis, long gapMillis, long mainMillis) {
        return new Timing.Phases(
                Duration.ofMillis(warmupMillis), Duration.ofMillis(gapMillis), Duration.ofMillis(mainMillis));
    }

    private static void assertAccounting(PhaseResult phase) {
        assertEquals(
                phase.sent(),
                phase.ok() + phase.failed() + phase.interrupted(),
                phase.phase() + ": sent = ok + failed + interrupted, " + phase);
    }

    /**
     * Every request the server saw was counted as sent once; requests still on their way when the
     * run ended may not have reached the server.
     */
    private static void assertServerSawTheSentRequests(TestServer server, long sent, long inFlightAtEnd) {
        long seen = server.requests.get();
        assertTrue(
                seen <= sent && seen >= sent - inFlightAtEnd,
                "server saw " + seen + ", engine sent " + sent + " (" + inFlightAtEnd + " in flight at the end)");
    }

    private static LoadResult run(LoadPlan plan) throws TargetUnreachableException {
        return new LoadEngine().run(plan, ProgressListener.NONE);
    }

    @Test
    void aFixedFiveMillisecondDelayGivesAMedianJustAboveIt() throws Exception {
        try (TestServer server = new TestServer(
                (n, c, t, r) -> TestServer.Answer.ok("{\"id\":42}").delayed(5 * MS))) {
            LoadResult result = run(plan(
                    server.url("/json"), new LoadModel.Closed(4), phases(300, 0, 2_000), List.of("json:/id == 42")));
            PhaseResult main = result.main();
            assertTrue(main.ok() > 400, "4 users at ~5 ms for 2 s: " + main.ok());
            assertEquals(0, main.failed());
            double p50Millis = main.latency().p50Micros() / 1_000;
            assertTrue(p50Millis >= 5.0 && p50Millis <= 6.5, "p50 " + p50Millis + " ms");
            assertTrue(main.latency().minMicros() >= 5_000, "nothing faster than the server's delay");
            // Every request of main but each user's first followed a response on its connection.
            assertTrue(
                    main.turnaroundLag().count() >= main.sent() - 4,
                    main.turnaroundLag().toString());
            assertTrue(
                    result.engine().gcPauseShare() >= 0 && result.engine().gcPauseShare() < 1,
                    result.engine().toString());
            assertAccounting(main);
            assertAccounting(result.warmup());
            assertServerSawTheSentRequests(server, result.warmup().sent() + main.sent(), main.interrupted());
        }
    }

    @Test
    void requestsInFlightAtABoundaryCountInNeitherPhase() throws Exception {
        // Each request takes 300 ms: per user, 3 end in warm-up (0.3, 0.6, 0.9 s), the one started at
        // 0.9 s ends in main (interrupted), 2 start and end in main (1.2 -> 1.5, 1.5 -> 1.8), and the
        // one started at 1.8 s is cut by the end at 2.0 s.
        try (TestServer server =
                new TestServer((n, c, t, r) -> TestServer.Answer.ok("ok").delayed(300 * MS))) {
            LoadResult result = run(plan(server.url("/"), new LoadModel.Closed(4), phases(1_000, 0, 1_000), List.of()));
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
    void anAutoWarmUpEndsOnTheJudgesWordAndTheRecordSaysWhenAndWhy() throws Exception {
        try (TestServer server =
                new TestServer((n, c, t, r) -> TestServer.Answer.ok("ok").delayed(MS))) {
            // Steady from the first check (2 full seconds): warm-up ends at the next whole second, 3 s.
            WarmupJudge judge = okPerSecond -> new WarmupJudge.Decision(true, 0, 0.02, "flat");
            List<ProgressListener.RunStatus> statuses = new ArrayList<>();
            ProgressListener listener = (second, latency, status) -> statuses.add(status);
            Timing.Phases phases = new Timing.Phases(
                    new Timing.Warmup.UntilSteady(Duration.ofSeconds(120)), Duration.ZERO, Duration.ofSeconds(1));
            LoadResult result = new LoadEngine(Clock.system(), judge)
                    .run(plan(server.url("/"), new LoadModel.Closed(2), phases, List.of()), listener);

            assertEquals(new WarmupEnd(WarmupMode.AUTO, WarmupEnd.Reason.STEADY, 3_000, 0.0, 0.02), result.warmupEnd());
            assertEquals(WarmupMode.AUTO, result.settings().warmupMode());
            assertEquals(120_000, result.settings().maxWarmupMillis());
            assertEquals(3_000, result.settings().warmupMillis(), "main starts at the resolved warm-up + gap");
            assertEquals(3_000, result.warmup().durationMillis());
            assertEquals(1_000, result.main().durationMillis());
            assertEquals(
                    List.of(Phase.WARMUP, Phase.WARMUP, Phase.WARMUP, Phase.MAIN),
                    result.seconds().stream().map(SecondResult::phase).toList());
            assertTrue(statuses.get(0).awaitingSteady(), "the first second waits for steady state: " + statuses);
            assertEquals(-1, statuses.get(0).phaseTotalMillis());
            assertTrue(result.warnings().isEmpty(), result.warnings().toString());
        }
    }

    @Test
    void aMinimumWarmUpHoldsOffTheJudgesEarlierWordAndTheRecordKeepsIt() throws Exception {
        try (TestServer server =
                new TestServer((n, c, t, r) -> TestServer.Answer.ok("ok").delayed(MS))) {
            // Steady from the first check, but not before 4 s: the check at 4 s ends warm-up at the next second, 5 s.
            WarmupJudge judge = okPerSecond -> new WarmupJudge.Decision(true, 0, 0.02, "flat");
            Timing.Phases phases = new Timing.Phases(
                    new Timing.Warmup.UntilSteady(Duration.ofSeconds(4), Duration.ofSeconds(120)),
                    Duration.ZERO,
                    Duration.ofSeconds(1));
            LoadResult result = new LoadEngine(Clock.system(), judge)
                    .run(plan(server.url("/"), new LoadModel.Closed(2), phases, List.of()), ProgressListener.NONE);

            assertEquals(new WarmupEnd(WarmupMode.AUTO, WarmupEnd.Reason.STEADY, 5_000, 0.0, 0.02), result.warmupEnd());
            assertEquals(4_000.0, result.settings().minWarmupMillis());
            assertEquals(120_000, result.settings().maxWarmupMillis());
        }
    }

    @Test
    void anAutoWarmUpThatNeverSettlesIsKeptWithAWarning() throws Exception {
        try (TestServer server =
                new TestServer((n, c, t, r) -> TestServer.Answer.ok("ok").delayed(MS))) {
            Timing.Phases phases = new Timing.Phases(
                    new Timing.Warmup.UntilSteady(Duration.ofSeconds(2)), Duration.ZERO, Duration.ofSeconds(1));
            LoadResult result = new LoadEngine(Clock.system(), WarmupJudge.NEVER_STEADY)
                    .run(plan(server.url("/"), new LoadModel.Closed(2), phases, List.of()), ProgressListener.NONE);

            assertEquals(WarmupEnd.Reason.CAP, result.warmupEnd().reason());
            assertEquals(2_000, result.warmupEnd().endedAtMillis());
            assertTrue(result.main().ok() > 0, "main ran: " + result.main());
            assertTrue(
                    result.warnings().get(0).startsWith("no steady state within 2 s"),
                    result.warnings().toString());
        }
    }

    @Test
    void usersWhoseConnectionsCloseDuringTheGapSendOneRequestAtATime() throws Exception {
        // The server closes connections idle for 200 ms, so every user reconnects inside the 700 ms gap.
        try (TestServer server =
                new TestServer((n, c, t, r) -> TestServer.Answer.ok("ok").delayed(2 * MS), 200 * MS)) {
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
            assertTrue(result.main().latency().minMicros() >= 2_000, "no response credited to the wrong request");
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
    void everyTenthWrongAnswerIsExactlyTenPercentCheckFailures() throws Exception {
        try (TestServer server =
                new TestServer((n, c, t, r) -> TestServer.Answer.ok(n % 10 == 0 ? "{\"id\":41}" : "{\"id\":42}"))) {
            LoadResult result = run(
                    plan(server.url("/json"), new LoadModel.Closed(1), phases(0, 0, 1_500), List.of("json:/id == 42")));
            PhaseResult main = result.main();
            long completed = main.ok() + main.failed();
            assertTrue(completed > 200, "completed " + completed);
            assertEquals(completed / 10.0, main.failures().get(FailureKind.CHECK), 1.0);
            assertEquals(main.failures().get(FailureKind.CHECK), main.failed(), "nothing but check failures");
            assertEquals(FailureKind.CHECK, result.failureExamples().get(0).kind());
            assertAccounting(main);
        }
    }

    @Test
    void serversThatCloseEveryFifthConnectionLoseNoCounts() throws Exception {
        try (TestServer polite =
                        new TestServer((n, c, t, r) -> new TestServer.Answer(200, "ok", 0, c % 5 == 0, false));
                TestServer abrupt =
                        new TestServer((n, c, t, r) -> new TestServer.Answer(200, "ok", 0, false, c % 5 == 0))) {
            LoadResult withHeader = run(plan(polite.url("/"), new LoadModel.Closed(8), phases(0, 0, 1_000), List.of()));
            assertEquals(0, withHeader.main().failed(), "Connection: close is not a failure");
            assertTrue(
                    withHeader.main().reconnects() >= withHeader.main().ok() / 5 - 8,
                    "reconnects " + withHeader.main());
            assertAccounting(withHeader.main());
            assertServerSawTheSentRequests(
                    polite, withHeader.main().sent(), withHeader.main().interrupted());

            LoadResult withoutHeader =
                    run(plan(abrupt.url("/"), new LoadModel.Closed(8), phases(0, 0, 1_000), List.of()));
            PhaseResult main = withoutHeader.main();
            assertAccounting(main);
            assertTrue(main.ok() > 100);
            assertEquals(
                    main.failed(),
                    main.failures().get(FailureKind.RESET),
                    "a close without warning can only race as a reset");
            assertTrue(main.reconnects() > 10);
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

    @Test
    void sequenceVariablesVisitEveryValueAcrossLoops() throws Exception {
        try (TestServer server = new TestServer(
                (n, c, t, r) -> TestServer.Answer.ok("{\"id\":" + r.uri().substring(3) + "}"))) {
            LoadResult result = run(plan(
                    server.url("/p/${id}"),
                    new LoadModel.Closed(4),
                    phases(0, 0, 500),
                    List.of("json:/id == ${id}"),
                    Map.of("id", VariableSpec.parse("seq:1..50"))));
            assertEquals(0, result.main().failed(), result.failureExamples().toString());
            Set<String> seen = new HashSet<>(server.uris);
            for (int id = 1; id <= 50; id++) {
                assertTrue(seen.contains("/p/" + id), "id " + id + " never requested");
            }
        }
    }

    @Test
    void agentsOfASplitPlanSendDisjointSequenceValuesThatTogetherVisitEveryValue() throws Exception {
        try (TestServer server = new TestServer((n, c, t, r) ->
                TestServer.Answer.ok("{\"id\":" + r.uri().substring(3, r.uri().indexOf('?')) + "}"))) {
            LoadPlan whole = plan(
                    server.url("/p/${id}?key=${key}"),
                    new LoadModel.Closed(4),
                    phases(0, 0, 500),
                    List.of("json:/id == ${id}"),
                    Map.of("id", VariableSpec.parse("seq:1..50"), "key", VariableSpec.parse("unique")));
            List<Set<String>> ids = new ArrayList<>();
            Set<String> keys = new HashSet<>();
            for (LoadPlan segment : dev.duel.load.split.PlanSplit.split(whole, 2)) {
                server.uris.clear();
                LoadResult result = run(segment);
                assertEquals(0, result.main().failed(), result.failureExamples().toString());
                Set<String> sent = new HashSet<>();
                for (String uri : server.uris) {
                    sent.add(uri.substring(3, uri.indexOf('?')));
                    assertTrue(keys.add(uri.substring(uri.indexOf("key=") + 4)), "a unique key repeated: " + uri);
                }
                ids.add(sent);
            }
            Set<String> both = new HashSet<>(ids.get(0));
            both.retainAll(ids.get(1));
            assertEquals(Set.of(), both, "no value is sent by both agents");
            Set<String> union = new HashSet<>(ids.get(0));
            union.addAll(ids.get(1));
            for (int id = 1; id <= 50; id++) {
                assertTrue(union.contains(Integer.toString(id)), "id " + id + " never requested");
            }
        }
    }

    @Test
    void aTargetThatGoesAwayIsRetriedWithBackoffNotSpunOn() throws Exception {
        // Every response closes its connection; after 300 ms the server stops accepting new ones.
        try (TestServer server = new TestServer((n, c, t, r) -> new TestServer.Answer(200, "ok", 0, true, true))) {
            Thread stopper = new Thread(() -> {
                try {
                    Thread.sleep(300);
                } catch (InterruptedException e) {
                    return;
                }
                server.stopListening();
            });
            stopper.start();
            LoadResult result = run(plan(server.url("/"), new LoadModel.Closed(4), phases(0, 0, 2_000), List.of()));
            stopper.join();
            PhaseResult main = result.main();
            assertTrue(main.ok() > 0);
            assertTrue(main.connectFailures() > 0, main.toString());
            // Backoff doubles from 10 ms to 1 s: at most about 8 attempts per user in the 1.7 s left.
            assertTrue(
                    main.connectFailures() <= 4 * 10, "connect attempts were not spun on: " + main.connectFailures());
            assertTrue(main.errorRate() > 0);
            assertTrue(
                    result.failureExamples().stream()
                            .anyMatch(e -> e.kind() == FailureKind.CONNECT
                                    && e.detail().startsWith("cannot connect to")),
                    result.failureExamples().toString());
            assertAccounting(main);
        }
    }

    @Test
    void anUnreachableTargetIsReportedBeforeAnythingRuns() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        String url = "http://127.0.0.1:" + closedPort + "/";
        TargetUnreachableException e = assertThrows(
                TargetUnreachableException.class,
                () -> run(plan(url, new LoadModel.Closed(1), phases(0, 0, 1_000), List.of())));
        assertTrue(e.getMessage().contains("cannot connect to 127.0.0.1:" + closedPort), e.getMessage());
    }
}
