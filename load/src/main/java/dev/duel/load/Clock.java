package dev.duel.load;

/**
 * A monotonic time source in nanoseconds, injected so that timing logic can be tested with a
 * clock that moves only when told to ({@code dev.duel.load.ManualClock} in this module's test
 * sources, published in its test-jar) instead of sleeping. Implementations must be safe to call
 * from any thread.
 */
@FunctionalInterface
public interface Clock {
    /** Monotonic nanoseconds; only differences between two readings mean anything. */
    long nanoTime();

    /** The JVM's {@link System#nanoTime()}. */
    static Clock system() {
        return System::nanoTime;
    }
}
