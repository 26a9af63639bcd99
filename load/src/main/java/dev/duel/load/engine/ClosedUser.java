package dev.duel.load.engine;

import dev.duel.record.Phase;

/**
 * A closed-model virtual user: one connection, one request at a time, the next as soon as the
 * previous ends; idle through the gap; reconnecting when the server closes the connection, with
 * backoff only after failures. Its intended start is the moment it was ready to send, so time
 * spent reconnecting shows in its latency. Confined to its event loop.
 */
final class ClosedUser implements ConnectionOwner {
    private final LoopContext loop;
    private HttpConnection connection;
    private long readySinceNanos;
    private int failuresInRow;
    private boolean everOpened;
    /** A resume at the start of main is already scheduled: the gap must not schedule a second one. */
    private boolean resumeScheduled;

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
        next(loop.clock().nanoTime());
    }

    @Override
    public void onOpenFailed() {
        failuresInRow++;
        loop.schedule(() -> loop.connect(this), Backoff.delayNanos(failuresInRow));
    }

    @Override
    public void onIdle(HttpConnection idle, long nowNanos) {
        readySinceNanos = nowNanos;
        next(nowNanos);
    }

    @Override
    public void onClosed(HttpConnection closed) {
        connection = null;
        readySinceNanos = loop.clock().nanoTime();
        loop.connect(this);
    }

    private void next(long now) {
        if (loop.finished() || connection == null || connection.inFlight() || resumeScheduled) {
            return;
        }
        Phase phase = loop.timeline().phaseAt(now);
        if (phase.sendsLoad()) {
            long intended = readySinceNanos;
            if (phase == Phase.MAIN) {
                intended = Math.max(intended, loop.timeline().mainStartNanos());
            }
            connection.send(phase, intended, now, false, false);
        } else if (phase == Phase.GAP) {
            long resumeAt = loop.timeline().nextLoadStartNanos(now);
            resumeScheduled = true;
            loop.schedule(
                    () -> {
                        resumeScheduled = false;
                        readySinceNanos = loop.clock().nanoTime();
                        next(readySinceNanos);
                    },
                    resumeAt - now);
        }
    }
}
