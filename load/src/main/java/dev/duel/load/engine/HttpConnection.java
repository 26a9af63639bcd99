package dev.duel.load.engine;

import dev.duel.load.check.BodyCheck;
import dev.duel.load.check.ResponseChecks;
import dev.duel.load.http.ResponseParser;
import dev.duel.record.Phase;
import dev.duel.record.load.FailureExample;
import dev.duel.record.load.FailureKind;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * One keep-alive connection carrying one request at a time: it writes the request, parses the
 * response, runs the checks and reports the outcome to the loop's recorder, then hands itself
 * back to its owner. Every sent request ends exactly once: ok, failed, or interrupted.
 *
 * <p>Confined to its event loop.
 */
final class HttpConnection extends ChannelInboundHandlerAdapter implements ResponseParser.Handler {
    private static final int INITIAL_BODY_BYTES = 4096;
    /** A body buffer up to this size is always kept between responses: it costs little. */
    private static final int FREE_BODY_BYTES = 1 << 20;
    /**
     * Largest body buffer a connection keeps between responses, out of its loop's budget for
     * large buffers ({@link LoopContext#retainBody}). Buffers grow by doubling, so this keeps the
     * buffer of any answer up to 4 MiB: dropping a 2 MiB buffer after every 1.9 MB answer and
     * regrowing it (4 MiB of garbage per response) filled the engine's 12 MB young generation
     * several times a second, and those GC pauses counted as the target's latency.
     */
    static final int RETAINED_BODY_BYTES = 4 << 20;

    private static final byte[] NO_BODY = new byte[0];

    private final LoopContext loop;
    private final ConnectionOwner owner;
    private final ResponseParser parser = new ResponseParser(this);
    private final String[] values;
    private Channel channel;
    private boolean opened;

    private static final long NOT_IDLE = Long.MIN_VALUE;

    private boolean inFlight;
    /** Set when a response completed during the current read: the owner is told once the read is parsed. */
    private long idleSinceNanos = NOT_IDLE;

    private Phase startPhase;
    private long intendedNanos;
    private long sentNanos;

    private boolean statusOk;
    private int bodyLimit;
    private byte[] body;
    /** Bytes of the loop's large-buffer budget this connection holds for {@link #body}; 0 for none. */
    private int bodyGrantBytes;

    private int bodyLength;
    private boolean bodyTruncated;

    HttpConnection(LoopContext loop, ConnectionOwner owner) {
        this.loop = loop;
        this.owner = owner;
        this.values = new String[loop.template().variableNames().size()];
    }

    void attach(Channel channel) {
        this.channel = channel;
        this.opened = true;
    }

    boolean inFlight() {
        return inFlight;
    }

    /**
     * Writes the next request.
     *
     * @param phase     the phase the request belongs to (where it starts)
     * @param nowNanos  a clock reading taken just now, used as the moment the request is written
     * @param late      it waited for a free connection past its intended start
     * @param scheduled it has an intended start from an arrival schedule (open model)
     */
    void send(Phase phase, long intendedNanos, long nowNanos, boolean late, boolean scheduled) {
        if (inFlight) {
            throw new IllegalStateException(
                    "one request at a time on a connection: the previous one is still in flight");
        }
        ByteBuf request;
        int bytes;
        var template = loop.template();
        if (template.hasVariables()) {
            loop.nextValues(values);
            request = channel.alloc().directBuffer(template.estimatedBytes());
            bytes = template.render(request, values);
        } else {
            request = template.encoded().duplicate();
            bytes = request.readableBytes();
        }
        parser.expectNoBody(template.expectsNoResponseBody());
        this.inFlight = true;
        this.bodyLength = 0;
        this.startPhase = phase;
        this.intendedNanos = intendedNanos;
        this.sentNanos = nowNanos;
        loop.recorder().sent(phase, intendedNanos, nowNanos, bytes, late, scheduled);
        channel.writeAndFlush(request, channel.voidPromise());
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        ByteBuf in = (ByteBuf) msg;
        try {
            if (!inFlight && !parser.inProgress()) {
                // Bytes nobody asked for: the connection's framing can no longer be trusted.
                in.skipBytes(in.readableBytes());
                close();
                return;
            }
            parser.feed(in);
        } finally {
            in.release();
        }
        if (idleSinceNanos != NOT_IDLE) {
            // The next request goes out only after this read is fully parsed, so that bytes after
            // the response can never be taken for the answer to a request not yet written.
            long since = idleSinceNanos;
            idleSinceNanos = NOT_IDLE;
            if (parser.inProgress()) {
                close(); // a partial response nobody asked for: the framing can't be trusted
            } else if (channel.isOpen() && !loop.finished()) {
                owner.onIdle(this, since);
            }
        }
    }

    @Override
    public boolean onHead(int status) {
        statusOk = loop.checks().status().accepts(status);
        bodyLength = 0;
        bodyTruncated = false;
        if (!statusOk) {
            bodyLimit = FailureExample.BODY_PREFIX_BYTES;
            return loop.recorder().wantsExample(FailureKind.STATUS);
        }
        bodyLimit = ResponseChecks.MAX_KEPT_BODY_BYTES;
        return loop.checks().needBody();
    }

    @Override
    public void onBody(ByteBuf buffer, int index, int length) {
        int room = bodyLimit - bodyLength;
        int kept = Math.min(room, length);
        if (kept < length) {
            bodyTruncated = true;
        }
        if (kept <= 0) {
            return;
        }
        if (body == null || body.length < bodyLength + kept) {
            int size = Math.max(INITIAL_BODY_BYTES, body == null ? 0 : body.length * 2);
            body = Arrays.copyOf(
                    body == null ? new byte[0] : body, Math.min(bodyLimit, Math.max(size, bodyLength + kept)));
        }
        buffer.getBytes(index, body, bodyLength, kept);
        bodyLength += kept;
    }

    @Override
    public void onComplete(boolean keepAlive) {
        if (!inFlight) {
            close();
            return;
        }
        long endNanos = loop.clock().nanoTime();
        FailureKind failure = null;
        String detail = null;
        if (!statusOk) {
            failure = FailureKind.STATUS;
            detail = loop.recorder().wantsExample(failure)
                    ? "status " + parser.status() + " failed the check '"
                            + loop.checks().status() + "'"
                    : null;
        } else {
            for (BodyCheck check : loop.checks().bodyChecks()) {
                detail = check.verify(body == null ? NO_BODY : body, bodyLength, bodyTruncated, values);
                if (detail != null) {
                    failure = FailureKind.CHECK;
                    break;
                }
            }
        }
        end(endNanos, parser.messageBytes(), failure, detail);
        if (!keepAlive) {
            close();
        } else {
            idleSinceNanos = endNanos;
        }
    }

    @Override
    public void onMalformed(String reason) {
        if (inFlight) {
            end(loop.clock().nanoTime(), 0, FailureKind.PROTOCOL, reason);
        }
        close();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (inFlight) {
            boolean completed = parser.inputClosed();
            if (!completed) {
                end(
                        loop.clock().nanoTime(),
                        0,
                        FailureKind.RESET,
                        "the server closed the connection after " + parser.messageBytes() + " bytes of the response");
            }
        }
        loop.forget(this);
        releaseBody();
        if (opened && !loop.finished()) {
            owner.onClosed(this);
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (inFlight) {
            FailureKind kind = cause instanceof IOException ? FailureKind.RESET : FailureKind.PROTOCOL;
            end(loop.clock().nanoTime(), 0, kind, String.valueOf(cause.getMessage()));
        }
        close();
    }

    /** Fails the request in flight if it has waited longer than the timeout. */
    void checkTimeout(long nowNanos, long timeoutNanos) {
        if (inFlight && nowNanos - sentNanos >= timeoutNanos) {
            end(nowNanos, 0, FailureKind.TIMEOUT, "no complete response within " + timeoutNanos / 1_000_000 + " ms");
            close();
        }
    }

    /** The run is over: a request still in flight is abandoned as interrupted. */
    void abandon() {
        if (inFlight) {
            inFlight = false;
            loop.recorder().interrupted(startPhase);
        }
        close();
    }

    private void end(long endNanos, long responseBytes, FailureKind failure, String detail) {
        inFlight = false;
        boolean counted =
                loop.recorder().completed(startPhase, intendedNanos, sentNanos, endNanos, responseBytes, failure);
        if (counted && failure != null && loop.recorder().wantsExample(failure)) {
            loop.recorder()
                    .example(new FailureExample(
                            failure,
                            loop.millisSinceStart(endNanos),
                            startPhase,
                            detail,
                            parser.status(),
                            parser.status() == 0 ? "" : parser.headText().strip(),
                            bodyPrefix(),
                            loop.template().requestLine(values)));
        }
        keepOrDropBody();
    }

    /**
     * Keeps the body buffer for the next response when it is small, or large but within
     * {@link #RETAINED_BODY_BYTES} and the loop's budget; drops it otherwise.
     */
    private void keepOrDropBody() {
        if (body == null || body.length <= FREE_BODY_BYTES || body.length == bodyGrantBytes) {
            return;
        }
        releaseBody();
        if (body.length <= RETAINED_BODY_BYTES && loop.retainBody(body.length)) {
            bodyGrantBytes = body.length;
        } else {
            body = null;
        }
    }

    /** Gives the connection's share of the loop's large-buffer budget back (the buffer may stay until the next end). */
    private void releaseBody() {
        if (bodyGrantBytes > 0) {
            loop.releaseBody(bodyGrantBytes);
            bodyGrantBytes = 0;
        }
    }

    /** The body buffer the next response will be read into, null when none is kept; for tests. */
    byte[] bodyBuffer() {
        return body;
    }

    private String bodyPrefix() {
        if (body == null || bodyLength == 0) {
            return "";
        }
        int length = Math.min(bodyLength, FailureExample.BODY_PREFIX_BYTES);
        return new String(body, 0, length, StandardCharsets.UTF_8);
    }

    private void close() {
        if (channel != null && channel.isOpen()) {
            channel.close();
        }
    }
}
