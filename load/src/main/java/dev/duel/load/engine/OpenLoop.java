package dev.duel.load.engine;

import dev.duel.record.Phase;

/**
 * Connects the open-model {@link OpenDispatcher} of one event loop to real connections and timers.
 * Confined to its event loop.
 */
final class OpenLoop implements OpenDispatcher.Lanes<HttpConnection>, ConnectionOwner {
    private final LoopContext loop;
    private OpenDispatcher<HttpConnection> dispatcher;
    /** Deadline of the wake-up that counts; tasks scheduled for other deadlines are stale and do nothing. */
    private long earliestWakeNanos = Long.MAX_VALUE;

    OpenLoop(LoopContext loop) {
        this.loop = loop;
    }

    void start(OpenDispatcher<HttpConnection> openDispatcher) {
        this.dispatcher = openDispatcher;
        loop.onFinish(openDispatcher::finish);
        openDispatcher.start();
    }

    private void wake(long deadlineNanos) {
        if (deadlineNanos != earliestWakeNanos) {
            return;
        }
        earliestWakeNanos = Long.MAX_VALUE;
        if (!loop.finished()) {
            dispatcher.tick();
        }
    }

    @Override
    public void send(HttpConnection lane, long intendedNanos, boolean late) {
        Phase phase = loop.timeline().phaseAt(intendedNanos);
        lane.send(phase, intendedNanos, loop.clock().nanoTime(), late, true);
    }

    @Override
    public void open() {
        loop.connect(this);
    }

    @Override
    public void wakeAt(long nanos) {
        if (nanos >= earliestWakeNanos) {
            return;
        }
        earliestWakeNanos = nanos;
        loop.schedule(() -> wake(nanos), nanos - loop.clock().nanoTime());
    }

    @Override
    public void onOpened(HttpConnection connection) {
        dispatcher.laneOpened(connection);
    }

    @Override
    public void onOpenFailed() {
        dispatcher.laneOpenFailed();
    }

    @Override
    public void onIdle(HttpConnection connection, long nowNanos) {
        dispatcher.laneIdle(connection);
    }

    @Override
    public void onClosed(HttpConnection connection) {
        dispatcher.laneClosed(connection);
    }
}
