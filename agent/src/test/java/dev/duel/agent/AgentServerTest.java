package dev.duel.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.load.ManualClock;
import dev.duel.load.sink.SinkServer;
import dev.duel.record.Histograms;
import dev.duel.record.Phase;
import dev.duel.targets.TargetSpec;
import dev.duel.targets.fixtures.TargetSpecs;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class AgentServerTest {
    private static final String TOKEN = "s3cret-token";
    private static final long HOUR_NANOS = Duration.ofHours(1).toNanos();

    private final ManualClock leaseClock = new ManualClock(0);
    private final List<String> log = new CopyOnWriteArrayList<>();
    private AgentService service;
    private AgentServer server;
    private String address;

    @BeforeEach
    void start() throws InterruptedException {
        service = new AgentService(
                new AgentIdentity("agent-a", "host-a", 2),
                WallClock.system(),
                leaseClock,
                Duration.ofSeconds(30),
                Duration.ofSeconds(2),
                new AgentTargets(FakeTarget.STARTER, Path.of("target"), log::add),
                log::add);
        server =
                AgentServer.start(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), TOKEN, service, log::add);
        address = "127.0.0.1:" + server.address().getPort();
    }

    @AfterEach
    void stop() throws InterruptedException {
        server.close();
        service.shutdown();
    }

    private AgentClient client(String token) {
        return new AgentClient("agent-a", address, token, Duration.ofSeconds(5));
    }

    @Test
    void aCallWithoutTheTokenIsRefusedStartsNothingAndIsLogged() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        byte[] run = AgentJson.bytes(AgentJson.object()
                .put("startAtWallNanos", 0L)
                .set("plan", PlanWire.toJson(Plans.closed("http://127.0.0.1:9/", 1, 1_000))));
        HttpResponse<String> refused = http.send(
                HttpRequest.newBuilder(URI.create("http://" + address + "/v1/runs"))
                        .POST(HttpRequest.BodyPublishers.ofByteArray(run))
                        .build(),
                HttpResponse.BodyHandlers.ofString());

        assertEquals(401, refused.statusCode());
        assertFalse(service.running());
        assertEquals(1, log.size(), log.toString());
        assertTrue(log.get(0).matches("refused POST /v1/runs from /127\\.0\\.0\\.1:\\d+: no token"), log.get(0));
    }

    @Test
    void aWrongTokenIsRefusedTakesNoLeaseAndIsLogged() throws Exception {
        AgentException refused =
                assertThrows(AgentException.class, () -> client("guess").lease("mallory"));

        assertEquals(401, refused.status());
        assertTrue(refused.getMessage().contains("refused the token"), refused.getMessage());
        assertTrue(service.identity() != null && !service.running());
        assertEquals(1, log.size(), log.toString());
        assertTrue(log.get(0).matches("refused POST /v1/lease from /127\\.0\\.0\\.1:\\d+: wrong token"), log.get(0));
        client(TOKEN).lease("alice"); // the lease was never taken by the refused call
    }

    @Test
    void helloTellsWhoTheAgentIsAndItsClock() throws Exception {
        long before = WallClock.system().epochNanos();
        AgentClient.Hello hello = client(TOKEN).hello();
        assertEquals("agent-a", hello.name());
        assertEquals("host-a", hello.host());
        assertEquals(2, hello.cores());
        assertTrue(hello.wallNanos() >= before, "the agent's clock is this clock here");
    }

    @Test
    void aSecondControllerIsRefusedNamingTheHolder() throws Exception {
        client(TOKEN).lease("alice");
        AgentException refused =
                assertThrows(AgentException.class, () -> client(TOKEN).lease("bob"));
        assertEquals(409, refused.status());
        assertTrue(refused.getMessage().contains("leased by alice"), refused.getMessage());
    }

    @Test
    void callsWithoutTheLeaseAreRefused() throws Exception {
        AgentClient noLease = client(TOKEN);
        AgentException refused = assertThrows(
                AgentException.class, () -> noLease.startRun(Plans.closed("http://127.0.0.1:9/", 1, 1_000), 0));
        assertEquals(403, refused.status());
        assertFalse(service.running());
    }

    @Test
    void anIdleLeaseLapsesStopsItsRunAndFreesTheAgent() throws Exception {
        AgentClient alice = client(TOKEN);
        alice.lease("alice");
        // A reachable target: the engine gets ready (reaches it) before it waits for the start instant.
        SinkServer sink = SinkServer.start();
        String run = alice.startRun(
                Plans.closed(sink.url("/"), 1, 1_000), WallClock.system().epochNanos() + HOUR_NANOS);
        assertTrue(service.running());

        leaseClock.advanceNanos(Duration.ofSeconds(31).toNanos());
        service.lapseIdleLease();

        AgentClient bob = client(TOKEN);
        bob.lease("bob");
        AgentException refused = assertThrows(AgentException.class, () -> alice.events(run, 0, 0));
        assertEquals(409, refused.status());
        assertTrue(refused.getMessage().contains("leased by bob"), refused.getMessage());
        // The engine, ready and waiting for the instant, ends its run at once: its events end with the failure.
        List<AgentEvent> seen = new ArrayList<>();
        boolean done = false;
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        while (!done && System.nanoTime() < deadline) {
            AgentClient.Events events = bob.events(run, seen.size(), 1_000);
            seen.addAll(events.events());
            done = events.done();
        }
        assertTrue(done, seen.toString());
        AgentEvent.Failed failed = seen.stream()
                .filter(AgentEvent.Failed.class::isInstance)
                .map(AgentEvent.Failed.class::cast)
                .findFirst()
                .orElseThrow(() -> new AssertionError("no failure among " + seen));
        assertTrue(failed.message().contains("lease lapsed"), failed.message());
        assertTrue(
                log.stream().anyMatch(line -> line.startsWith("lease of alice lapsed after 30 s unused")),
                log.toString());
        sink.close();
    }

    @Test
    void aRunStreamsItsPhasesSecondsWithHistogramsAndItsResult() throws Exception {
        try (SinkServer sink = SinkServer.start()) {
            AgentClient controller = client(TOKEN);
            controller.lease("alice");
            String run = controller.startRun(Plans.open(sink.url("/"), 400, 1_000), 0);
            AgentException busy = assertThrows(
                    AgentException.class, () -> controller.startRun(Plans.closed(sink.url("/"), 1, 1_000), 0));
            assertEquals(409, busy.status());

            List<AgentEvent> events = new ArrayList<>();
            boolean done = false;
            while (!done) {
                AgentClient.Events batch = controller.events(run, events.size(), 1_000);
                events.addAll(batch.events());
                done = batch.done();
            }

            for (int i = 0; i < events.size(); i++) {
                assertEquals(i + 1, events.get(i).seq());
            }
            assertEquals(new AgentEvent.PhaseBegan(1, Phase.MAIN), events.get(0));
            List<AgentEvent.Second> seconds = events.stream()
                    .filter(AgentEvent.Second.class::isInstance)
                    .map(AgentEvent.Second.class::cast)
                    .toList();
            assertFalse(seconds.isEmpty());
            for (AgentEvent.Second second : seconds) {
                assertEquals(second.second().ok(), second.latency().getTotalCount());
                assertEquals(
                        second.second().p99Micros(),
                        Histograms.micros(second.latency().getValueAtPercentile(99)));
            }
            AgentEvent.Result result = assertInstanceOf(AgentEvent.Result.class, events.get(events.size() - 1));
            assertTrue(result.result().main().ok() > 0);
            assertEquals(
                    seconds.stream().mapToLong(s -> s.second().ok()).sum(),
                    result.result().seconds().stream().mapToLong(s -> s.ok()).sum());
        }
    }

    @Test
    void aTargetIsStartedReadAndStoppedOnTheAgentAndStoppedWhenTheLeaseEnds() throws Exception {
        AgentClient controller = client(TOKEN);
        controller.lease("alice");
        TargetSpec spec = TargetSpecs.command("app", List.of("./app", "${port}"));

        AgentClient.HostedTarget first = controller.startTarget(spec, Map.of("DATABASE_URL", "jdbc:x"));
        assertEquals(
                new AgentClient.HostedTarget("1", 4243, 1001, 812, 640, List.of("./app", "${port}"), "none"), first);
        AgentClient.TargetStatus status = controller.target("1");
        assertTrue(status.alive());
        assertEquals(FakeTarget.READING, status.reading(), "every counter, each thread's run-queue wait included");
        assertEquals(143, controller.stopTarget("1"));
        AgentException gone = assertThrows(AgentException.class, () -> controller.target("1"));
        assertEquals(404, gone.status());

        controller.startTarget(spec, Map.of());
        controller.release(); // the lease's end stops its targets
        assertTrue(log.stream().anyMatch(line -> line.equals("target app (2) stopped, exit code 143")), log.toString());
    }
}
