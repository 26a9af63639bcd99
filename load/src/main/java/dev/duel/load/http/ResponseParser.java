package dev.duel.load.http;

import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/**
 * A lean incremental HTTP/1.x response parser: it reads the status line and only the headers that
 * frame the message (Content-Length, Transfer-Encoding, Connection), walks Content-Length,
 * chunked and close-delimited bodies, and hands body bytes on only when asked to. Input may be
 * split anywhere; several responses may arrive in one buffer.
 *
 * <p>Not thread-safe: one parser per connection, used on its event loop.
 */
public final class ResponseParser {
    /** Receives what the parser finds. */
    public interface Handler {
        /**
         * The status line and headers are complete.
         *
         * @return true to receive the body through {@link #onBody}
         */
        boolean onHead(int status);

        /** A piece of the body; called only if {@link #onHead} asked for it. Do not keep the buffer. */
        void onBody(ByteBuf buffer, int index, int length);

        /** The response is complete; {@code keepAlive} false means the connection must be closed. */
        void onComplete(boolean keepAlive);

        /** The bytes are not a valid response; the parser ignores input until {@link #reset()}. */
        void onMalformed(String reason);
    }

    /** Largest status line plus headers accepted. */
    public static final int MAX_HEAD_BYTES = 64 * 1024;

    private static final int MAX_CHUNK_LINE_BYTES = 4 * 1024;
    /** How much of the head is copied at a time: more than most whole heads. */
    private static final int HEAD_COPY_BYTES = 1024;

    private enum State {
        HEAD,
        FIXED_BODY,
        CHUNK_SIZE,
        CHUNK_DATA,
        CHUNK_DATA_END,
        TRAILERS,
        UNTIL_CLOSE,
        BROKEN
    }

    private static final byte[] CONTENT_LENGTH = ascii("content-length");
    private static final byte[] TRANSFER_ENCODING = ascii("transfer-encoding");
    private static final byte[] CONNECTION = ascii("connection");

    private final Handler handler;
    private State state = State.HEAD;
    private byte[] head = new byte[512];
    private int headLength;
    private int lineStart;
    private byte[] chunkLine = new byte[64];
    private int chunkLineLength;

    private boolean noBodyExpected;
    private int status;
    private int minorVersion;
    private long contentLength;
    private boolean chunked;
    private boolean closeToken;
    private boolean keepAliveToken;
    private boolean wantBody;
    private long remaining;
    private long messageBytes;

    public ResponseParser(Handler handler) {
        this.handler = handler;
        startHead();
    }

    /** The next response answers a request that has no response body (HEAD). */
    public void expectNoBody(boolean noBody) {
        this.noBodyExpected = noBody;
    }

    /** True while a response has begun but not ended. */
    public boolean inProgress() {
        return state != State.BROKEN && (state != State.HEAD || headLength > 0);
    }

    /** Status of the current or last response, 0 before a status line was read. */
    public int status() {
        return status;
    }

    /** Bytes of the current response received so far, head included. */
    public long messageBytes() {
        return messageBytes;
    }

    /** The status line and headers of the current response as received (ISO-8859-1). */
    public String headText() {
        return new String(head, 0, headLength, StandardCharsets.ISO_8859_1);
    }

    /** Forgets any partial response, as for a new connection. */
    public void reset() {
        state = State.HEAD;
        startHead();
    }

    /**
     * The peer closed its side: a close-delimited body ends here.
     *
     * @return true if this completed a response (reported through {@link Handler#onComplete})
     */
    public boolean inputClosed() {
        if (state == State.UNTIL_CLOSE) {
            complete(false);
            return true;
        }
        return false;
    }

    /** Consumes every readable byte of {@code in}. */
    public void feed(ByteBuf in) {
        while (in.isReadable()) {
            switch (state) {
                case HEAD -> readHead(in);
                case FIXED_BODY, CHUNK_DATA -> readCounted(in);
                case CHUNK_SIZE, CHUNK_DATA_END, TRAILERS -> readChunkLine(in);
                case UNTIL_CLOSE -> {
                    int length = in.readableBytes();
                    deliver(in, length);
                }
                case BROKEN -> in.skipBytes(in.readableBytes());
                default -> throw new IllegalStateException(state.name());
            }
        }
    }

    /** Bytes up to and including the next LF, or every readable byte if there is none yet. */
    private static int lineBytes(ByteBuf in) {
        int lf = in.indexOf(in.readerIndex(), in.writerIndex(), (byte) '\n');
        return (lf < 0 ? in.writerIndex() : lf + 1) - in.readerIndex();
    }

    private static boolean endsLine(byte[] bytes, int length) {
        return length > 0 && bytes[length - 1] == '\n';
    }

    private void readHead(ByteBuf in) {
        // Copy a run of bytes in one go and walk its lines in the array; bytes after the end of the
        // head stay in the buffer for the body.
        int copied = Math.min(in.readableBytes(), Math.min(HEAD_COPY_BYTES, MAX_HEAD_BYTES - headLength));
        if (copied == 0) {
            malformed("response head larger than " + MAX_HEAD_BYTES + " bytes");
            return;
        }
        if (headLength + copied > head.length) {
            head = java.util.Arrays.copyOf(
                    head, Math.min(MAX_HEAD_BYTES, Math.max(head.length * 2, headLength + copied)));
        }
        in.getBytes(in.readerIndex(), head, headLength, copied);
        int scanFrom = headLength;
        int end = headLength + copied;
        headLength = end;
        for (int i = scanFrom; i < end; i++) {
            if (head[i] != '\n') {
                continue;
            }
            int start = lineStart;
            lineStart = i + 1;
            int contentEnd = i > start && head[i - 1] == '\r' ? i - 1 : i;
            if (contentEnd == start && start > 0) {
                int consumed = i + 1 - scanFrom;
                in.skipBytes(consumed);
                messageBytes += consumed;
                headLength = i + 1;
                endOfHead();
                return;
            }
            if (start == 0) {
                statusLine(contentEnd);
            } else {
                headerLine(start, contentEnd);
            }
            if (state == State.BROKEN) {
                return;
            }
        }
        in.skipBytes(copied);
        messageBytes += copied;
    }

    private void statusLine(int end) {
        // HTTP/1.x SP 3DIGIT [SP reason]
        if (end < 12
                || !startsWith(head, 0, "HTTP/1.")
                || !isDigit(head[7])
                || head[8] != ' '
                || !isDigit(head[9])
                || !isDigit(head[10])
                || !isDigit(head[11])
                || (end > 12 && head[12] != ' ')) {
            malformed("malformed status line: " + printable(0, end));
            return;
        }
        minorVersion = head[7] - '0';
        status = (head[9] - '0') * 100 + (head[10] - '0') * 10 + (head[11] - '0');
        if (status < 100) {
            malformed("status code below 100: " + status);
        }
    }

    private void headerLine(int start, int end) {
        if (head[start] == ' ' || head[start] == '\t') {
            return; // obsolete line folding continues a header none of which we read
        }
        int colon = -1;
        for (int i = start; i < end; i++) {
            if (head[i] == ':') {
                colon = i;
                break;
            }
        }
        if (colon <= start) {
            malformed("header line without a name and colon: " + printable(start, end));
            return;
        }
        int nameLength = colon - start;
        if (nameLength == CONTENT_LENGTH.length && nameEquals(start, CONTENT_LENGTH)) {
            long value = parseContentLength(colon + 1, end);
            if (value < 0 || (contentLength >= 0 && contentLength != value)) {
                malformed("invalid Content-Length: " + printable(start, end));
                return;
            }
            contentLength = value;
        } else if (nameLength == TRANSFER_ENCODING.length && nameEquals(start, TRANSFER_ENCODING)) {
            chunked = lastTokenIs(colon + 1, end, "chunked");
        } else if (nameLength == CONNECTION.length && nameEquals(start, CONNECTION)) {
            closeToken |= hasToken(colon + 1, end, "close");
            keepAliveToken |= hasToken(colon + 1, end, "keep-alive");
        }
    }

    private void endOfHead() {
        if (status >= 100 && status < 200 && status != 101) {
            startHead(); // an interim response: the real one follows
            return;
        }
        boolean keepAlive = minorVersion >= 1 ? !closeToken : keepAliveToken && !closeToken;
        if (status == 101) {
            keepAlive = false;
        }
        wantBody = handler.onHead(status);
        if (state == State.BROKEN) {
            return;
        }
        if (noBodyExpected || status == 204 || status == 304 || status == 101) {
            complete(keepAlive);
        } else if (chunked) {
            state = State.CHUNK_SIZE;
            chunkLineLength = 0;
        } else if (contentLength >= 0) {
            if (contentLength == 0) {
                complete(keepAlive);
            } else {
                remaining = contentLength;
                state = State.FIXED_BODY;
            }
        } else {
            state = State.UNTIL_CLOSE;
        }
    }

    private void readCounted(ByteBuf in) {
        int length = (int) Math.min(remaining, in.readableBytes());
        deliver(in, length);
        remaining -= length;
        if (remaining == 0) {
            if (state == State.FIXED_BODY) {
                complete(keepAlive());
            } else {
                state = State.CHUNK_DATA_END;
                chunkLineLength = 0;
            }
        }
    }

    private void deliver(ByteBuf in, int length) {
        if (wantBody) {
            handler.onBody(in, in.readerIndex(), length);
        }
        in.skipBytes(length);
        messageBytes += length;
    }

    private void readChunkLine(ByteBuf in) {
        int length = lineBytes(in);
        if (chunkLineLength + length > MAX_CHUNK_LINE_BYTES) {
            malformed("chunk line longer than " + MAX_CHUNK_LINE_BYTES + " bytes");
            return;
        }
        if (chunkLineLength + length > chunkLine.length) {
            chunkLine = java.util.Arrays.copyOf(chunkLine, MAX_CHUNK_LINE_BYTES);
        }
        in.readBytes(chunkLine, chunkLineLength, length);
        chunkLineLength += length;
        messageBytes += length;
        if (!endsLine(chunkLine, chunkLineLength)) {
            return;
        }
        int lineEnd = chunkLineLength - 1;
        if (lineEnd > 0 && chunkLine[lineEnd - 1] == '\r') {
            lineEnd--;
        }
        chunkLineLength = 0;
        switch (state) {
            case CHUNK_SIZE -> chunkSize(lineEnd);
            case CHUNK_DATA_END -> {
                if (lineEnd != 0) {
                    malformed("chunk data not followed by CRLF");
                } else {
                    state = State.CHUNK_SIZE;
                }
            }
            case TRAILERS -> {
                if (lineEnd == 0) {
                    complete(keepAlive());
                }
            }
            default -> throw new IllegalStateException(state.name());
        }
    }

    private void chunkSize(int lineEnd) {
        long size = 0;
        int digits = 0;
        for (int i = 0; i < lineEnd; i++) {
            int value = Character.digit(chunkLine[i], 16);
            if (value < 0) {
                if (chunkLine[i] == ';' || chunkLine[i] == ' ' || chunkLine[i] == '\t') {
                    break; // chunk extensions are ignored
                }
                malformed("invalid chunk size");
                return;
            }
            if (++digits > 15) {
                malformed("chunk size too large");
                return;
            }
            size = size * 16 + value;
        }
        if (digits == 0) {
            malformed("empty chunk size");
            return;
        }
        if (size == 0) {
            state = State.TRAILERS;
        } else {
            remaining = size;
            state = State.CHUNK_DATA;
        }
    }

    private boolean keepAlive() {
        return minorVersion >= 1 ? !closeToken : keepAliveToken && !closeToken;
    }

    private void complete(boolean keepAlive) {
        state = State.HEAD;
        handler.onComplete(keepAlive);
        if (state == State.HEAD) {
            startHead();
        }
    }

    private void startHead() {
        headLength = 0;
        lineStart = 0;
        status = 0;
        minorVersion = 1;
        contentLength = -1;
        chunked = false;
        closeToken = false;
        keepAliveToken = false;
        wantBody = false;
        remaining = 0;
        messageBytes = 0;
        chunkLineLength = 0;
    }

    private void malformed(String reason) {
        state = State.BROKEN;
        handler.onMalformed(reason);
    }

    private long parseContentLength(int from, int end) {
        int i = skipSpaces(from, end);
        int last = trimEnd(i, end);
        if (i == last || last - i > 18) {
            return -1;
        }
        long value = 0;
        for (; i < last; i++) {
            if (!isDigit(head[i])) {
                return -1;
            }
            value = value * 10 + (head[i] - '0');
        }
        return value;
    }

    private boolean hasToken(int from, int end, String token) {
        int i = from;
        while (i < end) {
            int tokenEnd = i;
            while (tokenEnd < end && head[tokenEnd] != ',') {
                tokenEnd++;
            }
            int s = skipSpaces(i, tokenEnd);
            int e = trimEnd(s, tokenEnd);
            if (equalsIgnoreCase(s, e, token)) {
                return true;
            }
            i = tokenEnd + 1;
        }
        return false;
    }

    private boolean lastTokenIs(int from, int end, String token) {
        int lastComma = from - 1;
        for (int i = from; i < end; i++) {
            if (head[i] == ',') {
                lastComma = i;
            }
        }
        int s = skipSpaces(lastComma + 1, end);
        return equalsIgnoreCase(s, trimEnd(s, end), token);
    }

    private int skipSpaces(int from, int end) {
        int i = from;
        while (i < end && (head[i] == ' ' || head[i] == '\t')) {
            i++;
        }
        return i;
    }

    private int trimEnd(int from, int end) {
        int e = end;
        while (e > from && (head[e - 1] == ' ' || head[e - 1] == '\t')) {
            e--;
        }
        return e;
    }

    private boolean equalsIgnoreCase(int from, int end, String lowerCase) {
        if (end - from != lowerCase.length()) {
            return false;
        }
        for (int i = 0; i < lowerCase.length(); i++) {
            if (toLower(head[from + i]) != lowerCase.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private boolean nameEquals(int from, byte[] lowerCaseName) {
        for (int i = 0; i < lowerCaseName.length; i++) {
            if (toLower(head[from + i]) != lowerCaseName[i]) {
                return false;
            }
        }
        return true;
    }

    private static int toLower(byte b) {
        return b >= 'A' && b <= 'Z' ? b + ('a' - 'A') : b;
    }

    private static boolean isDigit(byte b) {
        return b >= '0' && b <= '9';
    }

    private static boolean startsWith(byte[] bytes, int from, String prefix) {
        for (int i = 0; i < prefix.length(); i++) {
            if (bytes[from + i] != prefix.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private String printable(int from, int end) {
        int shown = Math.min(end - from, 80);
        StringBuilder text = new StringBuilder(shown);
        for (int i = from; i < from + shown; i++) {
            char c = (char) (head[i] & 0xff);
            text.append(c >= 0x20 && c < 0x7f ? c : '?');
        }
        return text.toString();
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }
}
