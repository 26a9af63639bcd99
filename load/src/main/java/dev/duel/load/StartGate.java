package dev.duel.load;

/**
 * When a run's time line begins, once the engine is ready to send (the target resolved and reached, the request
 * compiled, the event loops up): {@link #NOW} at once, or at an instant agreed with other engines (a load agent's
 * share starts when the coordinator said), so that what the engine does to get ready does not shift its seconds.
 * Called once per run on the engine's control thread; a {@link LoadEngine#stop()} while it waits ends the run as soon
 * as it returns.
 */
@FunctionalInterface
public interface StartGate {
    /** Returns when the run may begin; an implementation should return early when its run is stopped. */
    void await() throws InterruptedException;

    /**
     * The instant the run's time line begins, once {@link #await} returned and the engine was ready at
     * {@code readyNanos} (a reading of the engine's clock): that instant itself, or one agreed with another engine of
     * this process, so that the two time lines are one (the two sides of an interleaved pair hand the load to each
     * other at the same instants).
     */
    default long startNanos(long readyNanos) {
        return readyNanos;
    }

    /** Begin at once. */
    StartGate NOW = () -> {};
}
