package dev.duel.load.engine;

import dev.duel.load.check.BodyMatcher;
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

/**
 * One keep-alive connection carrying one request at a time: it writes the request, parses the
 * response, runs the checks and reports the outcome to the loop's recorder, then hands itself
 * back to its owner. Every sent request ends exactly once: ok, failed, or interrupted.
 *
 * <p>Confined to its event loop.
 */
final class HttpConnection extends ChannelInboundHandlerAdapter implements ResponseParser.Handler {
    private final LoopContext loop;
    private final ConnectionOwner owner;
    private final ResponseParser parser = new ResponseParser(this);
    private final String[] values;
    /** One per body check, fed every checked body as it arrives; none keeps a whole body. */
    private final BodyMatcher[] matchers;

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
    /** True while the body being read goes to the {@link #matchers}. */
    private boolean checking;
    /** The body's first bytes, for a failure's example; allocated at the first body kept. */
    private byte[] prefix;

    private int prefixLength;

    HttpConnection(LoopContext loop, ConnectionOwner owner) {
        this.loop = loop;
        this.owner = owner;
        this.values = new String[loop.template().variableNames().size()];
        var checks = loop.checks().bodyChecks();
        this.matchers = new BodyMatcher[checks.size()];
        for (int i = 0; i < matchers.length; i++) {
            matchers[i] = checks.get(i).matcher(loop.checkMemory());
        }
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
        this.prefixLength = 0;
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
        prefixLength = 0;
        checking = false;
        if (!statusOk) {
            return loop.recorder().wantsExample(FailureKind.STATUS);
        }
        if (matchers.length == 0) {
            return false;
        }
        for (BodyMatcher matcher : matchers) {
            matcher.begin(values);
        }
        checking = true;
        return true;
    }

    @Override
    public void onBody(ByteBuf buffer, int index, int length) {
        if (prefixLength < FailureExample.BODY_PREFIX_BYTES) {
            if (prefix == null) {
                prefix = new byte[FailureExample.BODY_PREFIX_BYTES];
            }
            int kept = Math.min(FailureExample.BODY_PREFIX_BYTES - prefixLength, length);
            buffer.getBytes(index, prefix, prefixLength, kept);
            prefixLength += kept;
        }
        if (!checking) {
            return;
        }
        if (buffer.hasArray()) {
            checking = feedMatchers(buffer.array(), buffer.arrayOffset() + index, length);
            return;
        }
        // A direct buffer: copied a piece at a time into the loop's one scratch array.
        byte[] scratch = loop.checkScratch();
        for (int done = 0; checking && done < length; done += scratch.length) {
            int piece = Math.min(scratch.length, length - done);
            buffer.getBytes(index + done, scratch, 0, piece);
            checking = feedMatchers(scratch, 0, piece);
        }
    }

    /** Feeds every undecided matcher; true while any still wants the rest of the body. */
    private boolean feedMatchers(byte[] bytes, int offset, int length) {
        boolean undecided = false;
        for (BodyMatcher matcher : matchers) {
            if (!matcher.decided()) {
                matcher.feed(bytes, offset, length);
                undecided |= !matcher.decided();
            }
        }
        return undecided;
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
            for (BodyMatcher matcher : matchers) {
                String verdict = matcher.end(); // each is ended: it gives back what it held
                if (verdict != null && failure == null) {
                    failure = FailureKind.CHECK;
                    detail = verdict;
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
        abandonChecks();
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
        abandonChecks();
    }

    /** Lets every matcher go of the body it was reading (a no-op for those already ended). */
    private void abandonChecks() {
        checking = false;
        for (BodyMatcher matcher : matchers) {
            matcher.abandon();
        }
    }

    private String bodyPrefix() {
        return prefixLength == 0 ? "" : new String(prefix, 0, prefixLength, StandardCharsets.UTF_8);
    }

    private void close() {
        if (channel != null && channel.isOpen()) {
            channel.close();
        }
    }
}
