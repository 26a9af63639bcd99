package dev.duel.load.engine;

import dev.duel.record.Phase;

/**
 * A closed-model virtual user: one connection, one request at a time, the next as soon as the
 * previous ends; idle through the gap; reconnecting when the server closes the connection, with
 * backoff only after failures. Its intended start is the moment it was ready to send, so time
 * spent reconnecting shows in its latency. A request that follows a response on the same
 * connection was ready at that response's last byte; the engine's own time until the write (checks,
 * recording) is measured as the phase's turnaround lag, the closed model's sign of an engine that
 * holds its users back. Confined to its event loop.
 */
final class ClosedUser implements ConnectionOwner {
    private final LoopContext loop;
    private HttpConnection connection;
    private long readySinceNanos;
    private int failuresInRow;
    private boolean everOpened;
    /** A resume at the start of main is already scheduled: the gap must not schedule a second one. */
    private boolean resumeScheduled;

    private static final long NO_RESPONSE = Long.MIN_VALUE;

    ClosedUser(LoopContext loop) {
        this.loop = loop;
    }

    void start() {
        readySinceNanos = loop.clock().nanoTime();
        loop.connect(this);
    }

    @Override
    public void onOpened(HttpConnection opened) {
        connection = opened;
        failuresInRow = 0;
        if (everOpened) {
            loop.recorder().reconnected(loop.clock().nanoTime());
        }
        everOpened = true;
        next(loop.clock().nanoTime(), NO_RESPONSE);
    }

    @Override
    public void onOpenFailed() {
        failuresInRow++;
        loop.schedule(() -> loop.connect(this), Backoff.delayNanos(failuresInRow));
    }

    @Override
    public void onIdle(HttpConnection idle, long responseEndNanos) {
        readySinceNanos = responseEndNanos;
        // A fresh reading for the write: the engine's work since the last byte is its own lag, not
        // part of the next request's time on the wire.
        next(loop.clock().nanoTime(), responseEndNanos);
    }

    @Override
    public void onClosed(HttpConnection closed) {
        connection = null;
        readySinceNanos = loop.clock().nanoTime();
        loop.connect(this);
    }

    /**
     * @param responseEndNanos when the previous response on this connection ended, if the request
     *                         follows it directly; {@link #NO_RESPONSE} after a connect or a pause
     */
    private void next(long now, long responseEndNanos) {
        if (loop.finished() || connection == null || connection.inFlight() || resumeScheduled) {
            return;
        }
        Phase phase = loop.timeline().phaseAt(now);
        if (phase.sendsLoad() && !loop.turns().holds(now)) {
            // The other side of an interleaved pair holds the load: wait, idle on the open connection, for this side's
            // next turn, and count the request from then (the pause is the design's, not the target's).
            resumeAt(now, loop.turns().nextLookNanos(now));
        } else if (phase.sendsLoad()) {
            long intended = readySinceNanos;
            if (phase == Phase.MAIN) {
                intended = Math.max(intended, loop.timeline().mainStartNanos());
            }
            connection.send(phase, intended, now, false, false);
            if (responseEndNanos != NO_RESPONSE) {
                loop.recorder().turnaround(phase, responseEndNanos, now);
            }
        } else if (phase == Phase.GAP) {
            resumeAt(now, loop.timeline().nextLoadStartNanos(now));
        }
    }

    /** Sends again at {@code resumeAtNanos}, ready from then. */
    private void resumeAt(long now, long resumeAtNanos) {
        resumeScheduled = true;
        loop.schedule(
                () -> {
                    resumeScheduled = false;
                    readySinceNanos = loop.clock().nanoTime();
                    next(readySinceNanos, NO_RESPONSE);
                },
                resumeAtNanos - now);
    }
}
