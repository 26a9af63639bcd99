package dev.duel.agent;

import java.time.Instant;

/**
 * A wall clock in nanoseconds since the epoch: the one kind of time two machines can agree on (after measuring their
 * offset), used for the agents' common start instant and the clock samples. Injected so that tests can set it.
 * Implementations must be safe to call from any thread.
 */
@FunctionalInterface
public interface WallClock {
    /** Nanoseconds since 1970-01-01T00:00Z (microsecond resolution on most platforms). */
    long epochNanos();

    static WallClock system() {
        return () -> {
            Instant now = Instant.now();
            return now.getEpochSecond() * 1_000_000_000L + now.getNano();
        };
    }
}
