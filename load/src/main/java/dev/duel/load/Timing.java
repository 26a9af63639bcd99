package dev.duel.load;

import java.time.Duration;

/** When load runs and what is measured. Immutable. */
public sealed interface Timing {
    /**
     * Warm-up, a gap with no load, then main. Each boundary is a hard stop: requests in flight
     * at a boundary count as interrupted, in neither phase. Only main feeds the main statistics.
     */
    record Phases(Duration warmup, Duration gap, Duration main) implements Timing {
        public Phases {
            if (warmup.isNegative() || gap.isNegative()) {
                throw new IllegalArgumentException("--warmup and --gap cannot be negative");
            }
            if (main.isZero() || main.isNegative()) {
                throw new IllegalArgumentException("--duration must be positive");
            }
        }
    }

    /**
     * Load from the start; counting begins at the first correct response and records {@code count}
     * consecutive windows of {@code length}, each attributed by when responses ended: the warm-up
     * curve. The run ends after {@code awaitFirst} if no correct response arrives.
     */
    record Windows(int count, Duration length, Duration awaitFirst) implements Timing {
        public Windows {
            if (count <= 0) {
                throw new IllegalArgumentException("--windows must be at least 1");
            }
            if (length.isZero() || length.isNegative()) {
                throw new IllegalArgumentException("--window-length must be positive");
            }
        }

        public Duration total() {
            return length.multipliedBy(count);
        }
    }
}
