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

    /** Begin at once. */
    StartGate NOW = () -> {};
}
