package dev.duel.suite.aot;

import java.time.Duration;

/**
 * A target's {@code aotCache: {train: SCENARIO, for: 30s}}: before the suite's first measured run, one training run
 * of the target drives {@code trainScenario}'s requests for {@code trainFor} with {@code -XX:AOTCacheOutput}, and its
 * measured runs start with the cache it wrote ({@link AotCaches}). JDK 25 and later. Immutable.
 *
 * @param trainScenario a scenario of the suite that sends load (not a startup scenario)
 * @param trainFor      how long its load runs against the training JVM, positive
 */
public record AotCacheSpec(String trainScenario, Duration trainFor) {
    /** The first JDK whose {@code -XX:AOTCacheOutput} trains and writes a cache in one run (JEP 514). */
    public static final int MIN_JDK_FEATURE = 25;
}
