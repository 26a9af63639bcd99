package dev.duel.load;

/**
 * Decides whether the warm-up so far has reached a steady state, from its correct responses per
 * second. Injected into the engine ({@link LoadEngine#LoadEngine(Clock, WarmupJudge)}) so that a
 * warm-up whose end is decided at run time can be tested with a fake. Called on the engine's
 * control thread only, every {@link #CHECK_EVERY_SECONDS} seconds of an auto warm-up; an
 * implementation need not be thread-safe, must not block, and must not keep the array.
 */
@FunctionalInterface
public interface WarmupJudge {
    /** How often an auto warm-up asks: after every second full second of the run (2 s, 4 s, ...). */
    int CHECK_EVERY_SECONDS = 2;

    /**
     * @param okPerSecond correct responses in each full second of the run so far, from its start (index 0 is [0, 1) s)
     */
    Decision judge(double[] okPerSecond);

    /**
     * @param steady            the series has settled: warm-up may end
     * @param steadySinceSecond steady: the index of the first second of the steady stretch; null otherwise
     * @param relativeHalfWidth the relative 95% interval half-width of the steady stretch's mean (a fraction: 0.03 is
     *                          3%), or null while the judge cannot tell yet
     * @param why               the judge's reason in words, for logs
     */
    record Decision(boolean steady, Integer steadySinceSecond, Double relativeHalfWidth, String why) {
        public Decision {
            if (steady && steadySinceSecond == null) {
                throw new IllegalArgumentException("a steady decision says since when");
            }
        }

        public static Decision notYet(Double relativeHalfWidth, String why) {
            return new Decision(false, null, relativeHalfWidth, why);
        }
    }

    /** A judge that never finds a steady state: every auto warm-up runs to its cap. */
    WarmupJudge NEVER_STEADY = okPerSecond -> Decision.notYet(null, "never steady");
}
