package dev.duel.targets;

import java.time.Duration;

/**
 * When a target counts as started: the first response to {@code GET path} with {@code status}.
 * Polled every 10 ms from spawn until {@code timeout}. Immutable.
 */
public record ReadySpec(String path, int status, Duration timeout) {
    public static final ReadySpec DEFAULT = new ReadySpec("/health", 200, Duration.ofSeconds(120));

    public ReadySpec {
        if (path == null || !path.startsWith("/")) {
            throw new IllegalArgumentException("ready.path must start with '/', got " + path);
        }
        if (status < 100 || status > 599) {
            throw new IllegalArgumentException("ready.status must be an HTTP status, got " + status);
        }
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("ready.timeout must be positive");
        }
    }
}
