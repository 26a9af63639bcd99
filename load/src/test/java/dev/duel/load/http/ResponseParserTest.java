package dev.duel.load.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ResponseParserTest {

    /** Records what the parser reports, one line per event. */
    private static final class Recorder implements ResponseParser.Handler {
        final List<String> events = new ArrayList<>();
        final ByteArrayOutputStream body = new ByteArrayOutputStream();
        boolean wantBody = true;

        @Override
        public boolean onHead(int status) {
            events.add("head " + status);
            return wantBody;
        }

        @Override
        public void onBody(ByteBuf buffer, int index, int length) {
            byte[] bytes = new byte[length];
            buffer.getBytes(index, bytes);
            body.writeBytes(bytes);
        }

        @Override
        public void onComplete(boolean keepAlive) {
            events.add("complete " + (keepAlive ? "keep-alive" : "close") + " body="
                    + body.toString(StandardCharsets.ISO_8859_1));
            body.reset();
        }

        @Override
        public void onMalformed(String reason) {
            events.add("malformed " + reason);
        }
    }

    private static List<String> parse(String... pieces) {
        Recorder recorder = new Recorder();
        ResponseParser parser = new ResponseParser(recorder);
        for (String piece : pieces) {
            parser.feed(Unpooled.copiedBuffer(piece, StandardCharsets.ISO_8859_1));
        }
        return recorder.events;
    }

    private static final String CONTENT_LENGTH =
            "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 9\r\n\r\n{\"id\":42}";
    private static final String CHUNKED = "HTTP/1.1 200 OK\r\ntransfer-encoding: gzip, Chunked\r\n\r\n"
            + "4;ext=1\r\n{\"id\r\n5\r\n\":42}\r\n0\r\nX-Trailer: yes\r\n\r\n";

    @Test
    void everySplitPointGivesTheSameResult() {
        for (String response : List.of(CONTENT_LENGTH, CHUNKED, "HTTP/1.1 204 No Content\r\nServer: x\r\n\r\n")) {
            List<String> whole = parse(response);
            assertEquals(2, whole.size(), whole.toString());
            for (int split = 1; split < response.length(); split++) {
                assertEquals(
                        whole, parse(response.substring(0, split), response.substring(split)), "split at " + split);
            }
            String[] bytes = response.split("");
            assertEquals(whole, parse(bytes), "one byte at a time");
        }
    }

    @Test
    void bodiesAreFramedByContentLengthAndChunks() {
        assertEquals(List.of("head 200", "complete keep-alive body={\"id\":42}"), parse(CONTENT_LENGTH));
        assertEquals(List.of("head 200", "complete keep-alive body={\"id\":42}"), parse(CHUNKED));
    }

    @Test
    void pipelinedResponsesInOneBufferAreEachReported() {
        List<String> events =
                parse(CONTENT_LENGTH + CHUNKED + CONTENT_LENGTH.substring(0, 20), CONTENT_LENGTH.substring(20));
        assertEquals(6, events.size(), events.toString());
        assertEquals("complete keep-alive body={\"id\":42}", events.get(5));
    }

    @Test
    void connectionCloseAndHttp10AreHonoured() {
        assertEquals(
                "complete close body=ok",
                parse("HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 2\r\n\r\nok")
                        .get(1));
        assertEquals(
                "complete close body=ok",
                parse("HTTP/1.0 200 OK\r\nContent-Length: 2\r\n\r\nok").get(1));
        assertEquals(
                "complete keep-alive body=ok",
                parse("HTTP/1.0 200 OK\r\nConnection: Keep-Alive\r\nContent-Length: 2\r\n\r\nok")
                        .get(1));
        assertEquals(
                "complete close body=ok",
                parse("HTTP/1.1 200 OK\r\nConnection: upgrade, close\r\nContent-Length: 2\r\n\r\nok")
                        .get(1));
    }

    @Test
    void aBodyWithoutLengthEndsWhenTheServerCloses() {
        Recorder recorder = new Recorder();
        ResponseParser parser = new ResponseParser(recorder);
        parser.feed(Unpooled.copiedBuffer("HTTP/1.1 200 OK\r\n\r\nuntil the end", StandardCharsets.ISO_8859_1));
        assertEquals(1, recorder.events.size());
        assertTrue(parser.inProgress());
        assertTrue(parser.inputClosed());
        assertEquals("complete close body=until the end", recorder.events.get(1));
    }

    @Test
    void aCutResponseIsReportedOnClose() {
        ResponseParser parser = new ResponseParser(new Recorder());
        parser.feed(Unpooled.copiedBuffer(
                CONTENT_LENGTH.substring(0, CONTENT_LENGTH.length() - 3), StandardCharsets.ISO_8859_1));
        assertFalse(parser.inputClosed());
        ResponseParser idle = new ResponseParser(new Recorder());
        assertFalse(idle.inputClosed(), "nothing in progress, nothing completed");
    }

    @Test
    void interimResponsesAreSkippedAndNoBodyStatusesHaveNone() {
        assertEquals(
                List.of("head 200", "complete keep-alive body=ok"),
                parse("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"));
        assertEquals(
                List.of("head 304", "complete keep-alive body=", "head 200", "complete keep-alive body=ok"),
                parse(
                        "HTTP/1.1 304 Not Modified\r\nContent-Length: 99\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"));
    }

    @Test
    void headResponsesHaveNoBodyWhateverTheHeadersSay() {
        Recorder recorder = new Recorder();
        ResponseParser parser = new ResponseParser(recorder);
        parser.expectNoBody(true);
        parser.feed(
                Unpooled.copiedBuffer("HTTP/1.1 200 OK\r\nContent-Length: 1234\r\n\r\n", StandardCharsets.ISO_8859_1));
        assertEquals("complete keep-alive body=", recorder.events.get(1));
    }

    @Test
    void bodyBytesAreSkippedUnlessAskedFor() {
        Recorder recorder = new Recorder();
        recorder.wantBody = false;
        ResponseParser parser = new ResponseParser(recorder);
        parser.feed(Unpooled.copiedBuffer(CHUNKED, StandardCharsets.ISO_8859_1));
        assertEquals("complete keep-alive body=", recorder.events.get(1));
    }

    @Test
    void malformedInputIsReportedNotThrown() {
        assertTrue(parse("HTTP/2 200 OK\r\n\r\n").get(0).startsWith("malformed malformed status line"));
        assertTrue(parse("HTTP/1.1 20 OK\r\n\r\n").get(0).startsWith("malformed"));
        assertTrue(parse("garbage\r\n\r\n").get(0).startsWith("malformed"));
        assertTrue(parse("HTTP/1.1 200 OK\r\nNoColonHere\r\n\r\n").get(0).startsWith("malformed header line"));
        assertTrue(parse("HTTP/1.1 200 OK\r\nContent-Length: 12x\r\n\r\n")
                .get(0)
                .startsWith("malformed invalid Content-Length"));
        assertTrue(parse("HTTP/1.1 200 OK\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n")
                .get(0)
                .startsWith("malformed invalid"));
        assertTrue(parse("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n")
                .get(1)
                .startsWith("malformed invalid chunk size"));
        assertTrue(parse("HTTP/1.1 200 OK\r\nX: " + "a".repeat(70_000))
                .get(0)
                .startsWith("malformed response head larger"));
        List<String> afterMalformed = parse("HTTP/1.1 abc\r\n\r\n", CONTENT_LENGTH);
        assertEquals(1, afterMalformed.size(), "a broken stream stays broken: " + afterMalformed);
    }
}
