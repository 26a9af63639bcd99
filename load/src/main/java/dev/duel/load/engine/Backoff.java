package dev.duel.load.engine;

/** How long to wait before opening a connection again after failures: doubling from 10 ms to 1 s. */
final class Backoff {
    static final long FIRST_NANOS = 10_000_000L;
    static final long MAX_NANOS = 1_000_000_000L;

    private Backoff() {}

    /** @param failuresInRow failures since the last success, at least 1 */
    static long delayNanos(int failuresInRow) {
        int doublings = Math.min(Math.max(failuresInRow - 1, 0), 20);
        return Math.min(MAX_NANOS, FIRST_NANOS << doublings);
    }
}
