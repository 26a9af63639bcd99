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
 * <p>One parser reads many bodies: a parser costs some 650 bytes to make (its context, buffers and
 * symbol table), more than a small answer's whole check, and bodies follow one another on a
 * connection as the values at a JSON stream's root do. A body hands its parser on when its root
 * object or array closed with nothing but whitespace after it, so the parser stands between two
 * root values exactly as a new one would; a verdict found early has the rest of its read (up to
 * {@link #SKIP_REST_BYTES}) tokenized for that. Any other ending (a body cut short, a value at the
 * root that is not a container, text after the root, a token that needed the {@link CheckMemory},
 * an error) closes the parser, and the next body gets a new one; so does every {@link
 * #BODIES_PER_PARSER}th body, which bounds what the parser's symbol table gathers.
 *
 * <p>Not thread-safe: confined to its connection's event loop.
 */
final class JsonPointerMatcher implements BodyMatcher {
    /** Bytes of a token still arriving a matcher holds without asking its {@link CheckMemory}. */
    static final long FREE_TOKEN_BYTES = 64 * 1024;
    /** Most bytes given to the parser between two countings: what a token may grow uncounted. */
    private static final int FEED_PIECE_BYTES = 64 * 1024;
    /** Most bytes of a read left after an early verdict that are tokenized so that the parser can read on. */
    static final int SKIP_REST_BYTES = 2 * 1024;
    /** Bodies one parser reads at most. */
    static final int BODIES_PER_PARSER = 1_000;

    /** Where the matcher stands between {@link #begin} and {@link #end}. */
    private enum State {
        /** No body begun; the parser, if there is one, stands between two root values. */
        BETWEEN_BODIES,
        READING
    }

    private final JsonPointerCheck check;
    private final CheckMemory memory;
    /** The pointer's segments: the property each names, and the array index, or -1 if it is not one. */
    private final String[] segmentNames;

    private final int[] segmentIndexes;

    /** The concrete type, so that the calls per token are monomorphic (and the parser is its own feeder). */
    private NonBlockingJsonParser parser;
    /** Bodies this parser has begun, and bytes fed to it (its locations count from its first body). */
    private int parserBodies;

    private long parserFedBytes;
    private State state = State.BETWEEN_BODIES;
    /** The body's root object or array has closed, and only whitespace followed it so far. */
    private boolean rootClosed;
    /** The body cannot hand its parser on (see the class). */
    private boolean parserSpent;

    /** Parsers this matcher has made, for tests of their reuse. */
    private int parsersMade;

    /** Checks a read's rest for whitespace without copying it. */
    private final WhitespaceProbe rest = new WhitespaceProbe();

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
        if (parser == null || parserBodies >= BODIES_PER_PARSER) {
            newParser();
        }
        parserBodies++;
        state = State.READING;
        this.values = values;
        decided = false;
        verdict = null;
        depth = 0;
        pathDepth = 0;
        fedBytes = 0;
        rootClosed = false;
        parserSpent = false;
    }

    @Override
    public void feed(byte[] bytes, int offset, int length) {
        // In pieces, so that a long token is counted as it grows, not after a large read has grown it.
        for (int at = offset, end = offset + length; at < end && !decided; at += FEED_PIECE_BYTES) {
            int piece = Math.min(FEED_PIECE_BYTES, end - at);
            if (fedBytes == 0 && parserBodies > 1 && bytes[at] == (byte) 0xEF) {
                newParser(); // a byte-order mark, which only a new parser skips
                parserBodies = 1;
            }
            if (rootClosed) {
                if (WhitespaceProbe.isWhitespace(bytes, at, piece)) {
                    continue; // the space after the root: the parser need not see it to stand between values
                }
                rootClosed = false; // more values at the root: read on as before, but this parser is done
                parserSpent = true;
            }
            try {
                parser.feedInput(bytes, at, at + piece);
            } catch (IOException e) {
                decide(notJson(e));
                parserSpent = true;
                return;
            }
            fedBytes += piece;
            parserFedBytes += piece;
            read();
            if (!decided) {
                holdPartialToken();
            }
        }
    }

    /** How many parsers this matcher has made: one per body read without handing its parser on. */
    int parsersMade() {
        return parsersMade;
    }

    @Override
    public boolean decided() {
        return decided;
    }

    @Override
    public String end() {
        if (state != State.READING && !decided) {
            throw new IllegalStateException("end() of a body not begun, or abandoned: call begin() first");
        }
        if (!decided) {
            if (rootClosed) {
                decide(check.missing()); // what the end of input would conclude, leaving the parser to read on
            } else {
                parser.endOfInput();
                parserSpent = true;
                read();
                if (!decided) {
                    decide(check.missing());
                }
            }
        }
        String result = verdict;
        if (state == State.READING && !(rootClosed && !parserSpent)) {
            closeParser();
        }
        state = State.BETWEEN_BODIES;
        abandon();
        return result;
    }

    @Override
    public void abandon() {
        if (reservedBytes > 0) {
            memory.release(reservedBytes);
            reservedBytes = 0;
        }
        if (state == State.READING) {
            closeParser(); // the body stopped somewhere inside a value
            state = State.BETWEEN_BODIES;
        }
    }

    private void newParser() {
        closeParser();
        parsersMade++;
        try {
            parser = (NonBlockingJsonParser) JsonPointerCheck.JSON.createNonBlockingByteArrayParser();
        } catch (IOException e) {
            throw new IllegalStateException("Jackson cannot make a non-blocking parser", e);
        }
    }

    private void closeParser() {
        if (parser != null) {
            try {
                parser.close(); // gives its buffers back to Jackson's recycler
            } catch (IOException e) {
                // nothing was read from a stream: closing frees buffers only
            }
            parser = null;
        }
        parserBodies = 0;
        parserFedBytes = 0;
    }

    /** Takes tokens until the parser needs more input, the body ends, or the verdict is in. */
    private void read() {
        try {
            JsonToken token;
            while (!decided && (token = parser.nextToken()) != JsonToken.NOT_AVAILABLE) {
                if (token == null) {
                    decide(check.missing());
                    parserSpent = true;
                    return;
                }
                take(token);
            }
        } catch (IOException e) {
            decide(notJson(e));
            parserSpent = true;
            return;
        }
        if (decided && !parserSpent) {
            skipRest();
        }
    }

    /**
     * After an early verdict: tokenizes the rest of the read when it is short ({@link #SKIP_REST_BYTES}), so that a body
     * whose root closes in it hands its parser on; a longer rest is left unread, and the parser with it.
     */
    private void skipRest() {
        try {
            if (parser.releaseBuffered(rest.reset()) > SKIP_REST_BYTES) {
                parserSpent = true;
                return;
            }
            JsonToken token;
            while ((token = parser.nextToken()) != JsonToken.NOT_AVAILABLE) {
                if (token == null) {
                    parserSpent = true;
                    return;
                }
                if (token.isStructStart()) {
                    depth++;
                } else if (token.isStructEnd()) {
                    depth--;
                }
                trackRoot(token);
            }
        } catch (IOException e) {
            parserSpent = true; // the verdict stands, as it did when the rest went unread
        }
    }

    /**
     * After each token, with {@link #depth} updated: whether the body's root container has just closed with only
     * whitespace after it in this read, or a value followed a closed root.
     */
    private void trackRoot(JsonToken token) throws IOException {
        if (rootClosed) {
            rootClosed = false; // another value at the root
            parserSpent = true;
        } else if (depth == 0 && token.isStructEnd()) {
            parser.releaseBuffered(rest.reset());
            rootClosed = rest.whitespace();
            parserSpent |= !rootClosed;
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
            trackRoot(token);
            return;
        }
        if (rootClosed) {
            trackRoot(token);
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
            if (token.isStructStart()) {
                depth++; // the parser is inside it: a skip of the rest counts from there
            }
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
        long partialBytes =
                Math.max(0, parserFedBytes - parser.currentTokenLocation().getByteOffset());
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
        parserSpent = true; // its text buffer grew past the free share: the next body gets a new parser
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
