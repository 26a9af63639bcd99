package dev.duel.load.check;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.json.async.NonBlockingJsonParser;
import java.io.IOException;
import java.util.Locale;

/**
 * One connection's reader for a {@link JsonPointerCheck}: Jackson's non-blocking parser, fed each
 * read as it arrives, and a walk along the pointer. It decides at the value at the pointer (the
 * rest of the body is not parsed, as the whole-body check never did) or at the end of the body.
 *
 * <p>Memory: the parser keeps a token that is still arriving (a long string) whole. Up to {@link
 * #FREE_TOKEN_BYTES} that is this matcher's own; beyond, it asks its {@link CheckMemory} (the
 * loop's budget, shared by the loop's connections), and when that says no the check is given up
 * and fails saying why, instead of growing without bound.
 *
 * <p>Not thread-safe: confined to its connection's event loop.
 */
final class JsonPointerMatcher implements BodyMatcher {
    /** Bytes of a token still arriving a matcher holds without asking its {@link CheckMemory}. */
    static final long FREE_TOKEN_BYTES = 64 * 1024;
    /** Most bytes given to the parser between two countings: what a token may grow uncounted. */
    private static final int FEED_PIECE_BYTES = 64 * 1024;

    private final JsonPointerCheck check;
    private final CheckMemory memory;
    /** The pointer's segments: the property each names, and the array index, or -1 if it is not one. */
    private final String[] segmentNames;

    private final int[] segmentIndexes;

    /** The concrete type, so that the calls per token are monomorphic (and the parser is its own feeder). */
    private NonBlockingJsonParser parser;

    private String[] values;
    private boolean decided;
    private String verdict;
    /** Containers open around the parser's position. */
    private int depth;
    /** How many of the open containers, from the outside in, lie on the pointer's path. */
    private int pathDepth;

    private long fedBytes;
    private long reservedBytes;

    JsonPointerMatcher(JsonPointerCheck check, CheckMemory memory) {
        this.check = check;
        this.memory = memory;
        int segments = 0;
        for (JsonPointer at = check.pointer(); !at.matches(); at = at.tail()) {
            segments++;
        }
        segmentNames = new String[segments];
        segmentIndexes = new int[segments];
        JsonPointer at = check.pointer();
        for (int i = 0; i < segments; i++, at = at.tail()) {
            segmentNames[i] = at.getMatchingProperty();
            segmentIndexes[i] = at.getMatchingIndex();
        }
    }

    @Override
    public void begin(String[] values) {
        abandon();
        try {
            parser = (NonBlockingJsonParser) JsonPointerCheck.JSON.createNonBlockingByteArrayParser();
        } catch (IOException e) {
            throw new IllegalStateException("Jackson cannot make a non-blocking parser", e);
        }
        this.values = values;
        decided = false;
        verdict = null;
        depth = 0;
        pathDepth = 0;
        fedBytes = 0;
    }

    @Override
    public void feed(byte[] bytes, int offset, int length) {
        // In pieces, so that a long token is counted as it grows, not after a large read has grown it.
        for (int at = offset, end = offset + length; at < end && !decided; at += FEED_PIECE_BYTES) {
            int piece = Math.min(FEED_PIECE_BYTES, end - at);
            try {
                parser.feedInput(bytes, at, at + piece);
            } catch (IOException e) {
                decide(notJson(e));
                return;
            }
            fedBytes += piece;
            read();
            if (!decided) {
                holdPartialToken();
            }
        }
    }

    @Override
    public boolean decided() {
        return decided;
    }

    @Override
    public String end() {
        if (parser == null && !decided) {
            throw new IllegalStateException("end() of a body not begun, or abandoned: call begin() first");
        }
        if (!decided) {
            parser.endOfInput();
            read();
            if (!decided) {
                decide(check.missing());
            }
        }
        String result = verdict;
        abandon();
        return result;
    }

    @Override
    public void abandon() {
        if (reservedBytes > 0) {
            memory.release(reservedBytes);
            reservedBytes = 0;
        }
        if (parser != null) {
            try {
                parser.close(); // gives its buffers back to Jackson's recycler
            } catch (IOException e) {
                // nothing was read from a stream: closing frees buffers only
            }
            parser = null;
        }
    }

    /** Takes tokens until the parser needs more input, the body ends, or the verdict is in. */
    private void read() {
        try {
            JsonToken token;
            while (!decided && (token = parser.nextToken()) != JsonToken.NOT_AVAILABLE) {
                if (token == null) {
                    decide(check.missing());
                    return;
                }
                take(token);
            }
        } catch (IOException e) {
            decide(notJson(e));
        }
    }

    private void take(JsonToken token) throws IOException {
        // Most tokens are names and values off the pointer's path: those cost a comparison or two.
        if (token == JsonToken.FIELD_NAME) {
            return;
        }
        if (token.isStructEnd()) {
            if (pathDepth == depth) {
                pathDepth--;
            }
            depth--;
            return;
        }
        if (pathDepth != depth) { // inside a container off the path
            if (token.isStructStart()) {
                depth++;
            }
            return;
        }
        // A value, or the start of one, in a container on the path: its path is the container's plus its own key or
        // index (a value at the root is on every pointer's path).
        boolean onPath = depth == 0 || segmentMatches(depth - 1, token);
        if (onPath && depth == segmentNames.length) {
            decide(check.judge(token, parser, values));
            return;
        }
        if (token.isStructStart()) {
            depth++;
            if (onPath) {
                pathDepth = depth;
            }
        }
    }

    /** True if the key or index of the value at {@code token} is the pointer's segment {@code i}. */
    private boolean segmentMatches(int i, JsonToken token) {
        JsonStreamContext container = parser.getParsingContext();
        if (token.isStructStart()) {
            container = container.getParent(); // the parser has entered the value's own context
        }
        if (container.inObject()) {
            return segmentNames[i].equals(container.getCurrentName());
        }
        return container.inArray() && container.getCurrentIndex() == segmentIndexes[i];
    }

    /**
     * Counts a token still arriving against the memory: the parser holds it whole (as chars, up to
     * two bytes each) until it is complete.
     */
    private void holdPartialToken() {
        if (reservedBytes == 0 && 2 * fedBytes <= FREE_TOKEN_BYTES) {
            return; // no token can be past the free share yet: spares most bodies a location object per response
        }
        long partialBytes = Math.max(0, fedBytes - parser.currentTokenLocation().getByteOffset());
        long needed = Math.max(0, 2 * partialBytes - FREE_TOKEN_BYTES);
        if (needed <= reservedBytes) {
            if (needed < reservedBytes / 4) { // the long token is done: Jackson let go of its text, so do we
                memory.release(reservedBytes - needed);
                reservedBytes = needed;
            }
            return;
        }
        long more = Math.max(needed, 2 * reservedBytes) - reservedBytes; // in doubling steps
        if (!memory.reserve(more) && !memory.reserve(more = needed - reservedBytes)) {
            decide("not checked: a JSON value of over " + mebibytes(partialBytes) + " before " + check.pointer()
                    + " needs more memory than the load engine keeps for checks (" + memory.describe() + ")");
            memory.gaveUp();
            abandon();
            return;
        }
        reservedBytes += more;
    }

    private void decide(String verdict) {
        this.decided = true;
        this.verdict = verdict;
    }

    private static String notJson(IOException e) {
        String message =
                e instanceof JsonProcessingException processing ? processing.getOriginalMessage() : e.getMessage();
        if (message == null) {
            return "body is not JSON";
        }
        int newline = message.indexOf('\n');
        return "body is not JSON (" + (newline < 0 ? message : message.substring(0, newline)) + ")";
    }

    private static String mebibytes(long bytes) {
        return String.format(Locale.ROOT, "%.1f MiB", bytes / (1024.0 * 1024.0));
    }
}
