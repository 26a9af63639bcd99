package dev.duel.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
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
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Random;
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

    /** An agent on this test's lease clock, its targets fakes. */
    private AgentService service(String name, boolean allowTargets) {
        return new AgentService(
                new AgentIdentity(name, name.replace("agent-", "host-"), 2),
                WallClock.system(),
                leaseClock,
                Duration.ofSeconds(30),
                Duration.ofSeconds(2),
                new AgentTargets(FakeTarget.starter(), Path.of("target"), null, log::add),
                allowTargets,
                log::add);
    }

    @BeforeEach
    void start() throws InterruptedException {
        service = service("agent-a", true);
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

    // Issue 24, item 12: anyone who could reach the port could make the agent buffer 16 MiB before the token was
    // checked, hold connections without limit, and forge log lines through the decoded path.
    @Test
    void aCallWithoutTheTokenIsRefusedOnItsHeadBeforeItsBodyIsReadAndLoggedAsSent() throws Exception {
        try (java.net.Socket socket = new java.net.Socket(
                InetAddress.getLoopbackAddress(), server.address().getPort())) {
            socket.setSoTimeout(5_000);
            socket.getOutputStream()
                    .write("POST /v1/runs%0Arefused%20nothing HTTP/1.1\r\nHost: a\r\nContent-Length: 16000000\r\n\r\n"
                            .getBytes(StandardCharsets.US_ASCII));
            // No byte of the body is sent: the answer comes from the head alone, and the connection closes.
            assertEquals("HTTP/1.1 401", new String(socket.getInputStream().readNBytes(12), StandardCharsets.US_ASCII));
            socket.getInputStream().readAllBytes();
        }
        assertEquals(1, log.size(), log.toString());
        assertTrue(
                log.get(0).matches("refused POST /v1/runs%0Arefused%20nothing from /127\\.0\\.0\\.1:\\d+: no token"),
                log.get(0));
        assertEquals("/v1/x\\x0ay\\xe9", AgentServer.loggable("/v1/x\ny\u00e9"));
    }

    @Test
    void connectionsPastTheCapAreClosedAndSilentOnesTimeOut() throws Exception {
        try (AgentServer small = AgentServer.start(
                new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                TOKEN,
                service,
                log::add,
                new AgentServer.Limits(2, Duration.ofMillis(500), Duration.ofSeconds(30)),
                null)) {
            InetAddress loopback = InetAddress.getLoopbackAddress();
            int port = small.address().getPort();
            try (java.net.Socket first = new java.net.Socket(loopback, port);
                    java.net.Socket second = new java.net.Socket(loopback, port)) {
                Thread.sleep(200); // both accepted before the third
                try (java.net.Socket third = new java.net.Socket(loopback, port)) {
                    third.setSoTimeout(5_000);
                    assertEquals(-1, third.getInputStream().read(), "the third is closed as it opens");
                }
                first.setSoTimeout(5_000);
                long start = System.nanoTime();
                assertEquals(-1, first.getInputStream().read(), "a connection silent for 0.5 s is closed");
                assertTrue(System.nanoTime() - start < 4_000_000_000L);
                second.setSoTimeout(5_000);
                assertEquals(-1, second.getInputStream().read());
            }
            assertTrue(
                    log.stream()
                            .anyMatch(line -> line.matches(
                                    "refused a connection from /127\\.0\\.0\\.1:\\d+: 2 are open already")),
                    log.toString());
            // Closed connections free their slots: a controller gets in again.
            AgentClient client = new AgentClient("agent-a", "127.0.0.1:" + port, TOKEN, Duration.ofSeconds(5));
            assertEquals("agent-a", client.hello().name());
        }
    }

    // Issue 24, item 12: a client sending a request head a byte at a time, never idle for the idle time, held one of
    // the agent's connection slots for as long as it liked.
    @Test
    void aCallTrickledInPastItsArrivalTimeIsClosedAndOneInTimeIsAnswered() throws Exception {
        try (AgentServer server = AgentServer.start(
                new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                TOKEN,
                service,
                log::add,
                new AgentServer.Limits(4, Duration.ofSeconds(2), Duration.ofMillis(1_500)),
                null)) {
            InetAddress loopback = InetAddress.getLoopbackAddress();
            int port = server.address().getPort();
            byte[] head = ("GET /v1/hello HTTP/1.1\r\nHost: a\r\nAuthorization: Bearer " + TOKEN + "\r\nX-Padding: "
                            + "p".repeat(60) + "\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII);
            try (java.net.Socket slow = new java.net.Socket(loopback, port)) {
                slow.setSoTimeout(10_000);
                long start = System.nanoTime();
                int sent = 0;
                try {
                    for (; sent < head.length; sent++) { // a byte every 0.25 s: never idle for 2 s
                        slow.getOutputStream().write(head[sent]);
                        slow.getOutputStream().flush();
                        Thread.sleep(250);
                    }
                } catch (java.io.IOException closed) {
                    // the agent closed it while bytes were still coming: what this test wants
                }
                assertTrue(sent < head.length, "closed before the head was whole, after " + sent + " bytes");
                assertEquals(-1, readOrClosed(slow), "the trickling connection is closed");
                long seconds = (System.nanoTime() - start) / 1_000_000_000L;
                assertTrue(seconds >= 1 && seconds < 6, "closed after " + seconds + " s, the limit being 1.5 s");
            }
            assertTrue(
                    log.stream()
                            .anyMatch(line ->
                                    line.matches("closed a connection from /127\\.0\\.0\\.1:\\d+: its call did not"
                                            + " arrive whole within 1500 ms")),
                    log.toString());
            // A call sent in pieces within the time, then a second call later on the same connection, is answered.
            try (java.net.Socket steady = new java.net.Socket(loopback, port)) {
                steady.setSoTimeout(10_000);
                for (int call = 0; call < 2; call++) {
                    steady.getOutputStream().write(head, 0, 20);
                    Thread.sleep(400);
                    steady.getOutputStream().write(head, 20, head.length - 20);
                    assertEquals(
                            "HTTP/1.1 200",
                            new String(steady.getInputStream().readNBytes(12), StandardCharsets.US_ASCII));
                    drainReply(steady);
                    Thread.sleep(1_000); // past the first call's arrival time (1.5 s from its first byte), not idle 2 s
                }
            }
        }
    }

    private static int readOrClosed(java.net.Socket socket) {
        try {
            return socket.getInputStream().read();
        } catch (java.io.IOException reset) {
            return -1;
        }
    }

    /** Reads the rest of a reply whose first 12 bytes were read: its head, then Content-Length bytes. */
    private static void drainReply(java.net.Socket socket) throws java.io.IOException {
        StringBuilder head = new StringBuilder();
        while (!head.toString().endsWith("\r\n\r\n")) {
            head.append((char) socket.getInputStream().read());
        }
        java.util.regex.Matcher length =
                java.util.regex.Pattern.compile("(?i)content-length: (\\d+)").matcher(head);
        assertTrue(length.find(), head.toString());
        socket.getInputStream().readNBytes(Integer.parseInt(length.group(1)));
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

    // Issue 24, item 8: a lapsed lease stopped its targets on the agent's only network thread, freezing the API for
    // as long as each target took to stop.
    @Test
    void aLapsingLeaseStopsItsTargetsWithoutFreezingTheApi() throws Exception {
        AgentClient alice = client(TOKEN);
        alice.lease("alice");
        TargetSpec slow = new TargetSpec(
                "slow",
                null,
                null,
                List.of("./app", "${port}"),
                null,
                Map.of("FAKE_STOP_MILLIS", "3000"),
                null,
                null,
                null,
                null,
                null,
                TargetSpec.LOOPBACK);
        alice.startTarget(slow, Map.of());
        leaseClock.advanceNanos(Duration.ofSeconds(31).toNanos());
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (log.stream().noneMatch(line -> line.startsWith("lease of alice lapsed"))
                && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertTrue(log.stream().anyMatch(line -> line.startsWith("lease of alice lapsed")), log.toString());
        long start = System.nanoTime();
        assertEquals("agent-a", client(TOKEN).hello().name()); // while the target takes 3 s to stop
        assertTrue(System.nanoTime() - start < 1_500_000_000L, "the API answered while the lapse stopped a target");
    }

    // Issue 24, item 11: the token was a code-execution credential on every agent. duel agent now starts targets only
    // with --allow-targets; without it, POST /v1/targets is refused (403) and logged, and load runs as before.
    @Test
    void anAgentWithoutAllowTargetsRefusesToStartOneAndSaysWhy() throws Exception {
        AgentService loadOnly = service("agent-b", false);
        ApiReply leased = loadOnly.handle(new ApiRequest(
                "POST",
                "/v1/lease",
                Map.of(),
                null,
                AgentJson.bytes(AgentJson.object().put("controller", "alice"))));
        assertEquals(200, leased.status());
        String lease = leased.body().get("lease").asText();
        ApiReply refused = loadOnly.handle(new ApiRequest(
                "POST",
                "/v1/targets",
                Map.of(),
                lease,
                AgentJson.bytes(AgentJson.object()
                        .set("spec", TargetWire.toJson(TargetSpecs.command("app", List.of("./app", "${port}")))))));
        assertEquals(403, refused.status());
        assertTrue(
                refused.body().get("error").asText().contains("started without --allow-targets"),
                refused.body().toString());
        assertTrue(
                log.contains("refused POST /v1/targets: this agent was started without --allow-targets"),
                log.toString());
        loadOnly.shutdown();
    }

    // Issue 24's fuzz line for the agent API: random methods, paths, headers and bodies, with and without the token
    // and the lease, from a fixed seed. Every answer is a 2xx or a 4xx within a few seconds: never a 5xx (an exception
    // the service did not expect), never a hang; and afterwards the agent still answers.
    private static final int CALLS = 600;
    private static final String[] METHODS = {"GET", "POST", "DELETE", "PUT", "PATCH", "OPTIONS"};
    private static final String[] PATHS = {
        "/v1/hello",
        "/v1/lease",
        "/v1/runs",
        "/v1/runs/%s",
        "/v1/runs/%s/events",
        "/v1/runs/%s/judgement",
        "/v1/runs/%s/stop",
        "/v1/targets",
        "/v1/targets/%s",
        "/",
        "/v1",
        "/v1/",
        "/v2/hello",
        "/v1/runs/%s/%s",
        "/v1/targets/%s/stop",
        "//v1//runs",
        "/v1/runs/../lease",
        "/v1/hello?x=%s"
    };

    /** A piece of text for a path segment or a value: real ids, numbers, nothing, junk. */
    private static String word(Random random, List<String> seen) {
        return switch (random.nextInt(7)) {
            case 0 -> seen.isEmpty() ? "run-1" : seen.get(random.nextInt(seen.size()));
            case 1 -> Long.toString(random.nextLong());
            case 2 -> "";
            case 3 -> "%00%ff";
            case 4 -> "x".repeat(1 + random.nextInt(3000));
            case 5 -> "-1";
            default -> "9223372036854775808";
        };
    }

    /** Every node of {@code json}'s tree whose value is a leaf, as (object, field) places to change. */
    private static void leaves(JsonNode json, List<Map.Entry<ObjectNode, String>> found) {
        if (json instanceof ObjectNode object) {
            for (Iterator<String> names = object.fieldNames(); names.hasNext(); ) {
                String name = names.next();
                JsonNode child = object.get(name);
                if (child.isValueNode()) {
                    found.add(Map.entry(object, name));
                } else {
                    leaves(child, found);
                }
            }
        } else {
            json.elements().forEachRemaining(child -> leaves(child, found));
        }
    }

    /** A real run call, with one leaf of it set to -1, Long.MAX_VALUE, text or null, or left out. */
    private static byte[] mutatedRun(Random random) {
        ObjectNode run = AgentJson.object()
                .put("startAtWallNanos", 0L)
                .set("plan", PlanWire.toJson(Plans.closed("http://127.0.0.1:9/", 1, 200)));
        List<Map.Entry<ObjectNode, String>> leaves = new ArrayList<>();
        leaves(run, leaves);
        Map.Entry<ObjectNode, String> leaf = leaves.get(random.nextInt(leaves.size()));
        switch (random.nextInt(5)) {
            case 0 -> leaf.getKey().put(leaf.getValue(), -1);
            case 1 -> leaf.getKey().put(leaf.getValue(), Long.MAX_VALUE);
            case 2 -> leaf.getKey().put(leaf.getValue(), "junk");
            case 3 -> leaf.getKey().remove(leaf.getValue());
            default -> leaf.getKey().putNull(leaf.getValue());
        }
        return AgentJson.bytes(run);
    }

    /** A body: a real run or target call with one leaf changed, broken JSON, random bytes, or nothing. */
    private static byte[] body(Random random) {
        switch (random.nextInt(5)) {
            case 0, 1 -> {
                return mutatedRun(random);
            }
            case 2 -> {
                return "{\"plan\": {\"url\": ".getBytes(StandardCharsets.UTF_8);
            }
            case 3 -> {
                byte[] bytes = new byte[random.nextInt(2048)];
                random.nextBytes(bytes);
                return bytes;
            }
            default -> {
                return new byte[0];
            }
        }
    }

    @Test
    void randomCallsAreAnsweredWithA2xxOrA4xxAndTheAgentStaysWhole() throws Exception {
        HttpClient http =
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        Random random = new Random(24);
        List<String> seen = new ArrayList<>();
        List<String> lease = new ArrayList<>();
        // A lease taken first, so that most authorized calls reach the runs and targets behind it.
        HttpResponse<String> leased = http.send(
                HttpRequest.newBuilder(URI.create("http://" + address + "/v1/lease"))
                        .header("Authorization", "Bearer " + TOKEN)
                        .POST(HttpRequest.BodyPublishers.ofString("{\"controller\": \"fuzz\"}"))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, leased.statusCode(), leased.body());
        lease.add(AgentJson.parse(leased.body().getBytes(StandardCharsets.UTF_8))
                .get("lease")
                .asText());
        List<String> failures = new ArrayList<>();
        for (int i = 0; i < CALLS; i++) {
            // Half the calls are a run with one field of its plan changed, sent as a controller would (token and
            // lease): they reach the plan's decoding and checks; the other half are anything at all.
            boolean aRun = random.nextBoolean();
            String path = aRun
                    ? "/v1/runs"
                    : String.format(PATHS[random.nextInt(PATHS.length)], word(random, seen), word(random, seen));
            String method = aRun ? "POST" : METHODS[random.nextInt(METHODS.length)];
            byte[] body = aRun
                    ? mutatedRun(random)
                    : method.equals("GET") || method.equals("OPTIONS") ? new byte[0] : body(random);
            URI uri;
            try {
                uri = URI.create("http://" + address + path);
            } catch (IllegalArgumentException e) {
                continue; // not a URI the client can send: a raw-socket fuzz is the decoder's test, not this one
            }
            HttpRequest.Builder request = HttpRequest.newBuilder(uri)
                    .timeout(Duration.ofSeconds(10))
                    .method(method, HttpRequest.BodyPublishers.ofByteArray(body));
            int credentials = aRun ? 3 : random.nextInt(4);
            switch (credentials) {
                case 0 -> {} // no token
                case 1 -> request.header("Authorization", "Bearer wrong");
                default -> request.header("Authorization", "Bearer " + TOKEN);
            }
            if (aRun || random.nextInt(3) > 0) {
                request.header("Duel-Lease", aRun || random.nextInt(4) > 0 ? lease.get(0) : word(random, seen));
            }
            HttpResponse<String> response;
            try {
                response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            } catch (java.net.http.HttpTimeoutException e) {
                failures.add(method + " " + path + ": no answer within 10 s");
                continue;
            }
            int status = response.statusCode();
            if (status >= 500 || status < 200) {
                failures.add(method + " " + path + " -> " + status + " " + response.body());
            }
            if (status == 200) {
                JsonNode json = AgentJson.parse(response.body().getBytes(StandardCharsets.UTF_8));
                for (String field : new String[] {"run", "id"}) {
                    if (json.hasNonNull(field)) {
                        seen.add(json.get(field).asText());
                    }
                }
                if (json.hasNonNull("lease")) { // a DELETE gave it back and a POST took it again
                    lease.set(0, json.get("lease").asText());
                }
            }
        }
        assertEquals(List.of(), failures.stream().limit(5).toList(), failures.size() + " of " + CALLS);
        assertTrue(log.stream().noneMatch(line -> line.startsWith("error on ")), log.toString());
        // Still whole: it says who it is.
        assertEquals("agent-a", client(TOKEN).hello().name());
    }
}
