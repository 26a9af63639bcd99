package dev.duel.load;

import java.util.concurrent.atomic.AtomicLong;

/**
 * A clock that moves only when told to; for tests of timing logic. Thread-safe. Other modules'
 * tests get it from load's test-jar ({@code <type>test-jar</type>}, scope test).
 */
public final class ManualClock implements Clock {
    private final AtomicLong nowNanos;

    public ManualClock(long startNanos) {
        this.nowNanos = new AtomicLong(startNanos);
    }

    @Override
    public long nanoTime() {
        return nowNanos.get();
    }

    public void advanceNanos(long deltaNanos) {
        if (deltaNanos < 0) {
            throw new IllegalArgumentException("a monotonic clock cannot go back: " + deltaNanos);
        }
        nowNanos.addAndGet(deltaNanos);
    }

    /** Moves to {@code targetNanos}; a target in the past is an error. */
    public void advanceTo(long targetNanos) {
        advanceNanos(targetNanos - nowNanos.get());
    }
}
