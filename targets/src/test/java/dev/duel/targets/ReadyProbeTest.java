package dev.duel.targets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The ready check's one-shot GET: it asks the server to close and leaves no connection behind it. */
class ReadyProbeTest {
    /** What the server saw: the request's head, and whether the client closed its end after the answer. */
    record Seen(String request, boolean clientClosed) {}

    /** A one-connection server on 127.0.0.1, port 0, that answers with {@code answer} and keeps its end open. */
    private static CompletableFuture<Seen> serveOnce(ServerSocket server, String answer) {
        return CompletableFuture.supplyAsync(() -> {
            try (Socket socket = server.accept()) {
                socket.setSoTimeout(5_000);
                InputStream in = socket.getInputStream();
                ByteArrayOutputStream head = new ByteArrayOutputStream();
                while (!head.toString(StandardCharsets.US_ASCII).endsWith("\r\n\r\n")) {
                    head.write(in.read());
                }
                socket.getOutputStream().write(answer.getBytes(StandardCharsets.UTF_8));
                socket.getOutputStream().flush();
                // A keep-alive client would leave the connection open here; this one must close it.
                boolean closed = in.read() == -1;
                return new Seen(head.toString(StandardCharsets.US_ASCII), closed);
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
    }

    @Test
    void asksTheServerToCloseAndClosesItsOwnEndAfterTheAnswer() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            CompletableFuture<Seen> seen = serveOnce(
                    server,
                    "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 17\r\n\r\n{\"app\":\"minimal\"}");
            ReadyProbe.Answer answer =
                    ReadyProbe.get("127.0.0.1", server.getLocalPort(), "/health?x=1", Duration.ofSeconds(2));
            assertEquals(200, answer.status());
            assertEquals("{\"app\":\"minimal\"}", answer.body());
            Seen request = seen.get(5, TimeUnit.SECONDS);
            assertTrue(request.request().startsWith("GET /health?x=1 HTTP/1.1\r\n"), request.request());
            assertTrue(request.request().contains("\r\nConnection: close\r\n"), request.request());
            assertTrue(request.clientClosed(), "the probe left its connection open");
        }
    }

    @Test
    void readsChunkedAndCloseDelimitedBodies() throws IOException {
        String chunked = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "7\r\n{\"app\":\r\n0a;ext=1\r\n\"minimal\"}\r\n0\r\n\r\n";
        assertEquals(
                new ReadyProbe.Answer(200, "{\"app\":\"minimal\"}"),
                ReadyProbe.parse(chunked.getBytes(StandardCharsets.US_ASCII)));
        String toTheEnd = "HTTP/1.0 503 Service Unavailable\r\nServer: x\r\n\r\nstarting";
        assertEquals(
                new ReadyProbe.Answer(503, "starting"), ReadyProbe.parse(toTheEnd.getBytes(StandardCharsets.US_ASCII)));
    }

    @Test
    void anAnswerThatIsNotHttpIsAnErrorNotAStatus() {
        assertThrows(
                IOException.class,
                () -> ReadyProbe.parse("SSH-2.0-OpenSSH\r\n\r\n".getBytes(StandardCharsets.US_ASCII)));
        assertThrows(
                IOException.class,
                () -> ReadyProbe.parse("HTTP/1.1 200 OK\r\nContent-Len".getBytes(StandardCharsets.US_ASCII)));
    }
}
