package dev.duel.load.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.load.ManualClock;
import dev.duel.load.check.ResponseChecks;
import dev.duel.load.http.RequestSpec;
import dev.duel.load.http.RequestTemplate;
import dev.duel.load.http.VariableSpec;
import dev.duel.load.record.IntervalCollector;
import dev.duel.load.record.LoopRecorder;
import dev.duel.load.record.PhaseAccumulator;
import dev.duel.load.schedule.Timeline;
import dev.duel.record.Phase;
import dev.duel.record.load.FailureExample;
import dev.duel.record.load.FailureKind;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The connection's pipeline on an EmbeddedChannel: bytes in at awkward boundaries, outcomes out. */
class HttpConnectionTest {
    private static final long MS = 1_000_000L;

    private static final class Owner implements ConnectionOwner {
        int idle;
        int closed;

        @Override
        public void onOpened(HttpConnection connection) {}

        @Override
        public void onOpenFailed() {}

        @Override
        public void onIdle(HttpConnection connection, long nowNanos) {
            idle++;
        }

        @Override
        public void onClosed(HttpConnection connection) {
            closed++;
        }
    }

    private final ManualClock clock = new ManualClock(0);
    private final Timeline timeline = Timeline.phased(0, 0, 0, 3_600_000 * MS);
    private final LoopRecorder recorder =
            new LoopRecorder(0, timeline, new IntervalCollector(1), Integer.MAX_VALUE, null);
    private final Owner owner = new Owner();
    private EmbeddedChannel channel;
    private HttpConnection connection;
    private LoopContext context;

    private void connect(String url, Map<String, VariableSpec> variables, List<String> checks) {
        RequestTemplate template = RequestTemplate.compile(new RequestSpec("GET", url, List.of(), null), variables);
        ResponseChecks parsed = ResponseChecks.parse(checks, template.variableNames());
        channel = new EmbeddedChannel();
        VariableSpec.Source[] sources = template.variableNames().stream()
                .map(name -> variables.get(name).source(0, 1, 1))
                .toArray(VariableSpec.Source[]::new);
        context = new LoopContext(
                0,
                channel.eventLoop(),
                clock,
                timeline,
                recorder,
                template,
                parsed,
                10_000 * MS,
                null,
                null,
                sources,
                new dev.duel.load.schedule.TurnSchedule(timeline, dev.duel.load.Turns.ALWAYS));
        connection = new HttpConnection(context, owner);
        channel.pipeline().addLast(connection);
        connection.attach(channel);
    }

    private String send() {
        connection.send(Phase.MAIN, clock.nanoTime(), clock.nanoTime(), false, false);
        ByteBuf written = channel.readOutbound();
        String request = written.toString(StandardCharsets.ISO_8859_1);
        written.release();
        return request;
    }

    private void receive(String... pieces) {
        for (String piece : pieces) {
            channel.writeInbound(Unpooled.copiedBuffer(piece, StandardCharsets.ISO_8859_1));
        }
    }

    private PhaseAccumulator main() {
        return recorder.phase(Phase.MAIN);
    }

    @Test
    void requestsAreEncodedOnceWithHostAndVariables() {
        connect("http://127.0.0.1:8080/products/${id}?q=1", Map.of("id", VariableSpec.parse("seq:7..8")), List.of());
        assertEquals("GET /products/7?q=1 HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n\r\n", send());
    }

    @Test
    void aResponseSplitAtEveryByteBoundaryCountsOnceAsCorrect() {
        String response = "HTTP/1.1 200 OK\r\nContent-Length: 9\r\n\r\n{\"id\":7}\n";
        for (int split = 1; split < response.length(); split++) {
            connect(
                    "http://127.0.0.1:8080/products/${id}",
                    Map.of("id", VariableSpec.parse("seq:7..7")),
                    List.of("json:/id == ${id}", "body contains 7"));
            send();
            clock.advanceNanos(MS);
            receive(response.substring(0, split), response.substring(split));
            assertEquals(1, owner.idle, "split at " + split);
            owner.idle = 0;
        }
        assertEquals(response.length() - 1, main().ok());
        assertEquals(0, main().requestFailures());
        assertEquals(response.length() - 1, main().latency().getTotalCount());
        assertEquals((long) (response.length() - 1) * response.length(), main().responseBytes());
    }

    @Test
    void chunkedBodiesAreCheckedWhole() {
        connect("http://127.0.0.1/x", Map.of(), List.of("json:/name == \"Product 7\""));
        send();
        String response =
                "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\n{\"n\r\n11\r\name\":\"Product 7\"}\r\n0\r\n\r\n";
        for (int i = 0; i < response.length(); i++) {
            receive(response.substring(i, i + 1));
        }
        assertEquals(1, main().ok());
        assertTrue(channel.isOpen());
    }

    @Test
    void aWrongStatusIsAStatusFailureWithAnExample() {
        connect("http://127.0.0.1/x", Map.of(), List.of("status == 200"));
        String request = send();
        receive("HTTP/1.1 503 Service Unavailable\r\nRetry-After: 1\r\nContent-Length: 14\r\n\r\ncome back soo", "n");
        assertEquals(1, main().failures(FailureKind.STATUS));
        assertEquals(0, main().ok());
        FailureExample example = recorder.examples().get(0);
        assertEquals(503, example.status());
        assertTrue(example.headers().contains("Retry-After: 1"));
        assertEquals("come back soon", example.bodyPrefix());
        assertEquals(request.substring(0, request.indexOf('\r')), example.request());
        assertEquals(1, owner.idle, "a failed response still frees the connection");
    }

    @Test
    void aFailedBodyCheckIsACheckFailureNamingWhatWasExpected() {
        connect("http://127.0.0.1/p/${id}", Map.of("id", VariableSpec.parse("list:5")), List.of("json:/id == ${id}"));
        send();
        receive("HTTP/1.1 200 OK\r\nContent-Length: 8\r\n\r\n{\"id\":6}");
        assertEquals(1, main().failures(FailureKind.CHECK));
        assertEquals("/id is 6, expected 5 (${id})", recorder.examples().get(0).detail());
    }

    @Test
    void connectionCloseClosesAndHandsTheConnectionBack() {
        connect("http://127.0.0.1/x", Map.of(), List.of());
        send();
        receive("HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
        assertEquals(1, main().ok());
        assertFalse(channel.isOpen());
        channel.runPendingTasks();
        assertEquals(1, owner.closed);
        assertEquals(0, owner.idle);
    }

    @Test
    void malformedStatusLineIsAProtocolFailureAndNoCrash() {
        connect("http://127.0.0.1/x", Map.of(), List.of());
        send();
        receive("HTTP/1.1 2x0 OK\r\n\r\n");
        assertEquals(1, main().failures(FailureKind.PROTOCOL));
        assertFalse(channel.isOpen());
        assertEquals(1, main().sent());
    }

    @Test
    void aServerThatClosesMidResponseCausesAResetFailure() {
        connect("http://127.0.0.1/x", Map.of(), List.of());
        send();
        receive("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\npartial");
        channel.close();
        assertEquals(1, main().failures(FailureKind.RESET));
        assertEquals(main().sent(), main().ok() + main().requestFailures() + main().interrupted());
    }

    @Test
    void aBodyDelimitedByCloseIsCorrectWhenTheServerCloses() {
        connect("http://127.0.0.1/x", Map.of(), List.of("body contains end"));
        send();
        receive("HTTP/1.1 200 OK\r\n\r\nto the ", "end");
        assertEquals(0, main().ok());
        channel.close();
        assertEquals(1, main().ok());
    }

    @Test
    void unsolicitedBytesCloseTheConnectionWithoutCountingAnything() {
        connect("http://127.0.0.1/x", Map.of(), List.of());
        receive("HTTP/1.1 408 Request Timeout\r\nContent-Length: 0\r\n\r\n");
        assertFalse(channel.isOpen());
        assertEquals(0, main().sent());
        assertEquals(0, main().requestFailures());
    }

    @Test
    void timeoutsFailTheRequestAndCloseTheConnectionOnce() {
        connect("http://127.0.0.1/x", Map.of(), List.of());
        send();
        clock.advanceNanos(9_999 * MS);
        connection.checkTimeout(clock.nanoTime(), 10_000 * MS);
        assertTrue(connection.inFlight());
        clock.advanceNanos(MS);
        connection.checkTimeout(clock.nanoTime(), 10_000 * MS);
        assertFalse(connection.inFlight());
        assertFalse(channel.isOpen());
        connection.checkTimeout(clock.nanoTime() + 20_000 * MS, 10_000 * MS);
        assertEquals(1, main().failures(FailureKind.TIMEOUT));
        assertEquals(0, main().ok());
        assertEquals(1, main().sent());
    }

    @Test
    void abandonCountsTheRequestInFlightAsInterrupted() {
        connect("http://127.0.0.1/x", Map.of(), List.of());
        send();
        connection.abandon();
        assertEquals(1, main().interrupted());
        assertFalse(channel.isOpen());
        assertNull(recorder.examples().isEmpty() ? null : recorder.examples().get(0));
    }

    /**
     * Item 5 of issue 24: a connection held a checked body whole, in an array growing to 64 MiB
     * (and cut there, failing the check). Now a body of any size is checked as it arrives: 80 MiB
     * read in 64 KiB pieces allocates a few MiB at most and passes both checks.
     */
    @Test
    void aBodyLargerThanAnyBufferIsCheckedWholeInBoundedMemory() {
        // Both checks read every byte: the JSON value checked comes last, after 40 million small values.
        connect("http://127.0.0.1/x", Map.of(), List.of("json:/end == true", "body contains \"end\":true}"));
        long fillerBytes = 80L << 20;
        String head = "{\"first\":1,\"filler\":[";
        String tail = "0],\"end\":true}";
        long bodyBytes = head.length() + fillerBytes + tail.length();
        ByteBuf filler = Unpooled.directBuffer(64 * 1024)
                .writeBytes("0,".repeat(32 * 1024).getBytes(StandardCharsets.US_ASCII));
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        send();
        long allocatedBefore = threads.getCurrentThreadAllocatedBytes();
        receive("HTTP/1.1 200 OK\r\nContent-Length: " + bodyBytes + "\r\n\r\n" + head);
        for (long sent = 0; sent < fillerBytes; sent += filler.readableBytes()) {
            channel.writeInbound(filler.retainedDuplicate());
        }
        receive(tail);
        long allocatedBytes = threads.getCurrentThreadAllocatedBytes() - allocatedBefore;
        filler.release();
        assertEquals(1, main().ok(), "the 80 MiB body passed both checks: " + recorder.examples());
        assertTrue(allocatedBytes < 8L << 20, "reading an 80 MiB body allocated " + (allocatedBytes >> 10) + " KiB");
    }

    /** A body whose JSON string before the checked value is {@code stringBytes} long. */
    private static String longStringResponse(int stringBytes) {
        String body = "{\"pad\":\"" + "x".repeat(stringBytes) + "\",\"id\":7}";
        return "HTTP/1.1 200 OK\r\nContent-Length: " + body.length() + "\r\n\r\n" + body;
    }

    @Test
    void aJsonValueBeyondTheLoopsCheckBudgetFailsTheCheckSayingWhyAndGivesTheBudgetBack() {
        connect("http://127.0.0.1/x", Map.of(), List.of("json:/id == 7"));
        context.limitCheckBudget(1 << 20);
        String response = longStringResponse(3 << 20);
        send();
        receive(response.substring(0, 70_000), response.substring(70_000));
        assertEquals(
                1,
                main().failures(FailureKind.CHECK),
                "ok " + main().ok() + ", sent " + main().sent() + ", " + recorder.examples());
        String detail = recorder.examples().get(0).detail();
        assertTrue(detail.startsWith("not checked: a JSON value of over"), detail);
        assertTrue(
                detail.endsWith("needs more memory than the load engine keeps for checks (1.0 MiB per event loop)"),
                detail);
        assertTrue(context.checkMemory().reserve(1 << 20), "the check gave the whole budget back");
        assertEquals(1, context.checksGivenUp(), "and the engine counts the response it could not check");
        context.checkMemory().release(1 << 20);

        context.limitCheckBudget(8 << 20);
        send();
        receive(response);
        assertEquals(1, main().ok(), "within the budget, the same body is read and passes");
        assertTrue(context.checkMemory().reserve(8 << 20), "and gives its share back");
        context.checkMemory().release(8 << 20);

        send();
        receive(response.substring(0, 2 << 20));
        assertFalse(context.checkMemory().reserve(7 << 20), "a long value still arriving holds part of the budget");
        channel.close();
        assertTrue(context.checkMemory().reserve(8 << 20), "closing the connection mid-body gave it back");
    }

    @Test
    void aFailedChecksExampleShowsTheFirstBytesOfItsBodyOnly() {
        connect("http://127.0.0.1/x", Map.of(), List.of("body contains nowhere"));
        String body = "0123456789".repeat(100);
        send();
        receive("HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n" + body.substring(0, 150), body.substring(150));
        FailureExample example = recorder.examples().get(0);
        assertEquals("body does not contain \"nowhere\"", example.detail());
        assertEquals(body.substring(0, FailureExample.BODY_PREFIX_BYTES), example.bodyPrefix());
        send();
        clock.advanceNanos(10_000 * MS);
        connection.checkTimeout(clock.nanoTime(), 10_000 * MS);
        assertEquals(1, main().failures(FailureKind.TIMEOUT));
        assertEquals("", recorder.examples().get(1).bodyPrefix(), "no body of this request: none of the last one's");
    }
}
