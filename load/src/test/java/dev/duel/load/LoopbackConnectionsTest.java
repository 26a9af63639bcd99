package dev.duel.load;

import static dev.duel.load.Loopback.MS;
import static dev.duel.load.Loopback.assertAccounting;
import static dev.duel.load.Loopback.assertServerSawTheSentRequests;
import static dev.duel.load.Loopback.phases;
import static dev.duel.load.Loopback.plan;
import static dev.duel.load.Loopback.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.load.http.VariableSpec;
import dev.duel.record.load.FailureKind;
import dev.duel.record.load.LoadResult;
import dev.duel.record.load.PhaseResult;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The engine's connections and counts against real sockets: closed and refused connections, check failures,
 * variables. See {@link Loopback}.
 */
@Tag("slow") // real load runs against servers on loopback: CI runs it; the quick loop (-Pquick) leaves it out
class LoopbackConnectionsTest {
    @Test
    void everyTenthWrongAnswerIsExactlyTenPercentCheckFailures() throws Exception {
        try (TestServer server =
                new TestServer((n, c, t, r) -> TestServer.Answer.ok(n % 10 == 0 ? "{\"id\":41}" : "{\"id\":42}"))) {
            LoadResult result = run(
                    plan(server.url("/json"), new LoadModel.Closed(1), phases(0, 0, 1_000), List.of("json:/id == 42")));
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
            LoadResult withHeader = run(plan(polite.url("/"), new LoadModel.Closed(8), phases(0, 0, 500), List.of()));
            assertEquals(0, withHeader.main().failed(), "Connection: close is not a failure");
            assertTrue(
                    withHeader.main().reconnects() >= withHeader.main().ok() / 5 - 8,
                    "reconnects " + withHeader.main());
            assertAccounting(withHeader.main());
            assertServerSawTheSentRequests(
                    polite, withHeader.main().sent(), withHeader.main().interrupted());

            LoadResult withoutHeader =
                    run(plan(abrupt.url("/"), new LoadModel.Closed(8), phases(0, 0, 500), List.of()));
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
        // Every response closes its connection; after 300 ms, and once it has answered 20 requests (a busy machine
        // may delay the engine's first connections), the server stops accepting new ones.
        try (TestServer server = new TestServer((n, c, t, r) -> new TestServer.Answer(200, "ok", 0, true, true))) {
            Thread stopper = new Thread(() -> {
                try {
                    Thread.sleep(300);
                    long deadline = System.nanoTime() + 1_000 * MS;
                    while (server.requests.get() < 20 && System.nanoTime() < deadline) {
                        Thread.sleep(5);
                    }
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
