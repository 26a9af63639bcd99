package dev.duel.load;

import java.time.Duration;

/** When load runs and what is measured. Immutable; a wrong length or count is an {@link InvalidSettingException}. */
public sealed interface Timing {
    /**
     * Warm-up, a gap with no load, then main. Each boundary is a hard stop: requests in flight
     * at a boundary count as interrupted, in neither phase. Only main feeds the main statistics.
     */
    record Phases(Duration warmup, Duration gap, Duration main) implements Timing {
        public Phases {
            if (warmup.isNegative()) {
                throw new InvalidSettingException(Setting.WARMUP, "cannot be negative");
            }
            if (gap.isNegative()) {
                throw new InvalidSettingException(Setting.GAP, "cannot be negative");
            }
            if (main.isZero() || main.isNegative()) {
                throw new InvalidSettingException(Setting.DURATION, "must be positive");
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
                throw new InvalidSettingException(Setting.WINDOWS, "must be at least 1, got " + count);
            }
            if (length.isZero() || length.isNegative()) {
                throw new InvalidSettingException(Setting.WINDOW_LENGTH, "must be positive");
            }
        }

        public Duration total() {
            return length.multipliedBy(count);
        }
    }
}
