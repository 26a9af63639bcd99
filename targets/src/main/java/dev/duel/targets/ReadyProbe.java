package dev.duel.targets;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;

/**
 * One HTTP/1.1 GET to a target on the loopback address, sent with {@code Connection: close} on a socket of its own that
 * is closed when the answer has been read. The ready check uses it instead of a pooling client because a pooled
 * keep-alive connection left idle is closed by the server at its idle timeout (Jetty: 30 s), and that first close
 * sends the target down code paths its compiled hot I/O code had never seen: measured on the minimal app, JDK 17, at
 * 31.7 s of uptime, uncommon traps in {@code SelectableChannelEndPoint.updateInterests},
 * {@code SelectorImpl.processDeregisterQueue}, {@code HttpConnection.parseRequestBuffer}..., the hot path made not
 * entrant and recompiled, and one second of load 15-30% down in every run. A probe must not disturb what it
 * measures. Stateless, thread-safe.
 */
final class ReadyProbe {
    /** Answers larger than this are cut: a ready check reads a status and a small identity document. */
    static final int MAX_ANSWER_BYTES = 1 << 20;

    private static final byte[] END_OF_HEAD = "\r\n\r\n".getBytes(StandardCharsets.US_ASCII);

    private ReadyProbe() {}

    /** @param body the answer's body, decoded from chunks when chunked, as UTF-8 */
    record Answer(int status, String body) {}

    /**
     * @param host    the IP address the target listens on
     * @param port    the target's port there
     * @param path    path and query, starting with "/"
     * @param timeout for the connection and for each read
     */
    static Answer get(String host, int port, String path, Duration timeout) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(InetAddress.getByName(host), port), (int) timeout.toMillis());
            socket.setSoTimeout((int) timeout.toMillis());
            OutputStream out = socket.getOutputStream();
            String request = "GET " + path + " HTTP/1.1\r\nHost: " + (host.contains(":") ? "[" + host + "]" : host)
                    + ":" + port + "\r\nConnection: close\r\nAccept: */*\r\nUser-Agent: duel-ready-check\r\n\r\n";
            out.write(request.getBytes(StandardCharsets.US_ASCII));
            out.flush();
            return parse(readAll(socket.getInputStream()));
        }
    }

    /**
     * Reads until the answer is complete (its Content-Length, or its last chunk) or the server closes, whichever
     * comes first: a server that ignores {@code Connection: close} must not hold the check until its read timeout.
     */
    private static byte[] readAll(InputStream in) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        int read;
        while (bytes.size() < MAX_ANSWER_BYTES && (read = in.read(buffer)) >= 0) {
            bytes.write(buffer, 0, read);
            if (complete(bytes.toByteArray())) {
                break;
            }
        }
        return bytes.toByteArray();
    }

    /** Whether {@code answer} holds a whole answer that says its own length (by Content-Length or by chunks). */
    static boolean complete(byte[] answer) {
        int headEnd = indexOf(answer, END_OF_HEAD, 0);
        if (headEnd < 0) {
            return false;
        }
        try {
            Framing framing = Framing.of(headLines(answer, headEnd), headEnd + 4);
            if (framing.chunked()) {
                dechunk(answer, framing.bodyStart());
                return true;
            }
            return framing.contentLength() >= 0 && answer.length - framing.bodyStart() >= framing.contentLength();
        } catch (IOException e) {
            return false; // not all there yet
        }
    }

    /** Status line, headers, then a body by Content-Length, by chunks, or to the end of the connection. */
    static Answer parse(byte[] answer) throws IOException {
        int headEnd = indexOf(answer, END_OF_HEAD, 0);
        if (headEnd < 0) {
            throw new IOException("an incomplete HTTP answer (" + answer.length + " bytes, no end of headers)");
        }
        String[] head = headLines(answer, headEnd);
        String[] statusLine = head[0].split(" ", 3);
        if (statusLine.length < 2 || !statusLine[0].startsWith("HTTP/")) {
            throw new IOException("not an HTTP answer: " + head[0]);
        }
        int status;
        try {
            status = Integer.parseInt(statusLine[1]);
        } catch (NumberFormatException e) {
            throw new IOException("not an HTTP status: " + head[0], e);
        }
        Framing framing = Framing.of(head, headEnd + 4);
        byte[] body;
        if (framing.chunked()) {
            body = dechunk(answer, framing.bodyStart());
        } else if (framing.contentLength() >= 0) {
            int end = (int) Math.min(answer.length, framing.bodyStart() + framing.contentLength());
            body = Arrays.copyOfRange(answer, framing.bodyStart(), end);
        } else {
            body = Arrays.copyOfRange(answer, framing.bodyStart(), answer.length);
        }
        return new Answer(status, new String(body, StandardCharsets.UTF_8));
    }

    /**
     * How an answer's body is delimited, from its header lines.
     *
     * @param bodyStart     index of the body's first byte in the answer
     * @param contentLength bytes of body by Content-Length, or -1 without one
     * @param chunked       whether Transfer-Encoding names chunked (which then decides the body's end)
     */
    private record Framing(int bodyStart, long contentLength, boolean chunked) {
        static Framing of(String[] headLines, int bodyStart) throws IOException {
            long contentLength = -1;
            boolean chunked = false;
            for (int i = 1; i < headLines.length; i++) {
                int colon = headLines[i].indexOf(':');
                if (colon < 0) {
                    continue;
                }
                String name = headLines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT);
                String value = headLines[i].substring(colon + 1).trim();
                if (name.equals("content-length")) {
                    try {
                        contentLength = Long.parseLong(value);
                    } catch (NumberFormatException e) {
                        throw new IOException("a bad Content-Length: " + value, e);
                    }
                } else if (name.equals("transfer-encoding")
                        && value.toLowerCase(Locale.ROOT).contains("chunked")) {
                    chunked = true;
                }
            }
            return new Framing(bodyStart, contentLength, chunked);
        }
    }

    private static String[] headLines(byte[] answer, int headEnd) {
        return new String(answer, 0, headEnd, StandardCharsets.ISO_8859_1).split("\r\n");
    }

    private static byte[] dechunk(byte[] answer, int from) throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        int at = from;
        byte[] crlf = "\r\n".getBytes(StandardCharsets.US_ASCII);
        while (true) {
            int lineEnd = indexOf(answer, crlf, at);
            if (lineEnd < 0) {
                throw new IOException("a chunked answer cut off before its last chunk");
            }
            String sizeText = new String(answer, at, lineEnd - at, StandardCharsets.US_ASCII);
            int semicolon = sizeText.indexOf(';');
            int size;
            try {
                size = Integer.parseInt((semicolon < 0 ? sizeText : sizeText.substring(0, semicolon)).trim(), 16);
            } catch (NumberFormatException e) {
                throw new IOException("a bad chunk size: " + sizeText, e);
            }
            if (size == 0) {
                return body.toByteArray();
            }
            int dataStart = lineEnd + 2;
            if (dataStart + size > answer.length) {
                throw new IOException("a chunked answer cut off inside a chunk");
            }
            body.write(answer, dataStart, size);
            at = dataStart + size + 2;
        }
    }

    private static int indexOf(byte[] data, byte[] pattern, int from) {
        outer:
        for (int i = from; i <= data.length - pattern.length; i++) {
            for (int j = 0; j < pattern.length; j++) {
                if (data[i + j] != pattern[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
