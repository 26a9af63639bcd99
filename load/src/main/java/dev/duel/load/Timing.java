package dev.duel.load;

import java.time.Duration;

/** When load runs and what is measured. Immutable; a wrong length or count is an {@link InvalidSettingException}. */
public sealed interface Timing {
    /**
     * The longest a run's phases may last together: a length past it (written {@code 99999999999h}, parsed to 292 years
     * of nanoseconds) overflowed the engine's time line, and the run ended at once.
     */
    Duration LONGEST = Duration.ofDays(30);

    /** Refuses a length above {@link #LONGEST}, naming the setting. */
    private static void requireAtMostLongest(Setting setting, Duration length) {
        if (length.compareTo(LONGEST) > 0) {
            throw new InvalidSettingException(
                    setting,
                    "is " + length.toSeconds() + " s: a run's phases last at most " + LONGEST.toDays() + " days ("
                            + LONGEST.toSeconds() + " s) together");
        }
    }

    /**
     * Warm-up, a gap with no load, then main. Each boundary is a hard stop: requests in flight
     * at a boundary count as interrupted, in neither phase. Only main feeds the main statistics.
     */
    record Phases(Warmup warmup, Duration gap, Duration main) implements Timing {
        /** A fixed warm-up of {@code warmup}. */
        public Phases(Duration warmup, Duration gap, Duration main) {
            this(new Warmup.Fixed(warmup), gap, main);
        }

        public Phases {
            if (gap.isNegative()) {
                throw new InvalidSettingException(Setting.GAP, "cannot be negative");
            }
            if (main.isZero() || main.isNegative()) {
                throw new InvalidSettingException(Setting.DURATION, "must be positive");
            }
            Duration warmupLength =
                    warmup instanceof Warmup.Fixed fixed ? fixed.length() : ((Warmup.UntilSteady) warmup).max();
            Setting warmupSetting = warmup instanceof Warmup.Fixed ? Setting.WARMUP : Setting.MAX_WARMUP;
            requireAtMostLongest(warmupSetting, warmupLength);
            requireAtMostLongest(Setting.GAP, gap);
            requireAtMostLongest(Setting.DURATION, main);
            requireAtMostLongest(Setting.DURATION, warmupLength.plus(gap).plus(main));
        }

        /** The longest the warm-up can last: its length, or its cap. */
        public Duration longestWarmup() {
            return warmup instanceof Warmup.Fixed fixed ? fixed.length() : ((Warmup.UntilSteady) warmup).max();
        }
    }

    /** How long a phased run warms up. */
    sealed interface Warmup {
        /** Exactly {@code length}. */
        record Fixed(Duration length) implements Warmup {
            public Fixed {
                if (length.isNegative()) {
                    throw new InvalidSettingException(Setting.WARMUP, "cannot be negative");
                }
            }
        }

        /**
         * Until a {@link dev.duel.load.WarmupJudge} finds the correct responses per second steady, but not before
         * {@code min}, or {@code max} at the latest: then the run has no steady state within {@code max}. The judge
         * cannot foresee a change after it said steady (a JIT recompilation 30 s in, say); {@code min} lets a user who
         * knows the target put the end of warm-up past it.
         */
        record UntilSteady(Duration min, Duration max) implements Warmup {
            /** The cap where none is given: long enough for the slowest JIT warm-up measured here (60-90 s). */
            public static final Duration DEFAULT_MAX = Duration.ofSeconds(120);

            public UntilSteady {
                if (max.compareTo(Duration.ofSeconds(WarmupJudge.CHECK_EVERY_SECONDS)) < 0) {
                    throw new InvalidSettingException(
                            Setting.MAX_WARMUP,
                            "must be at least " + WarmupJudge.CHECK_EVERY_SECONDS + " s, the time of a first check");
                }
                if (min.isNegative()) {
                    throw new InvalidSettingException(Setting.MIN_WARMUP, "cannot be negative");
                }
                if (min.compareTo(max) > 0) {
                    throw new InvalidSettingException(
                            Setting.MIN_WARMUP,
                            "is " + min.toMillis() / 1e3 + " s, above the maximum warm-up of " + max.toMillis() / 1e3
                                    + " s: lower it, or raise the maximum");
                }
            }

            /** No floor: the first steady verdict ends warm-up. */
            public UntilSteady(Duration max) {
                this(Duration.ZERO, max);
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
            requireAtMostLongest(Setting.WINDOW_LENGTH, length);
            requireAtMostLongest(Setting.WINDOWS, length.multipliedBy(count));
        }

        public Duration total() {
            return length.multipliedBy(count);
        }
    }
}
