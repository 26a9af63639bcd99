package dev.duel.suite;

/**
 * Reads busy CPU on the whole machine and of duel's own processes at one instant, the signal of the
 * quiet and noise gates. {@link MachineCpu} reads /proc/stat; tests give fakes. Thread-safe.
 */
@FunctionalInterface
public interface CpuMeter {
    /** A reading to subtract from a later one. */
    Reading read();

    /**
     * @param atNanos          monotonic time of the reading, nanoseconds
     * @param machineBusyNanos CPU busy time of the whole machine so far, nanoseconds, or -1 when unknown
     * @param oursNanos        CPU time of duel's own processes so far, nanoseconds
     */
    record Reading(long atNanos, long machineBusyNanos, long oursNanos) {
        /** Average cores busy outside duel between {@code earlier} and this reading; 0 when unknown. */
        public double outsideCoresSince(Reading earlier) {
            double wall = atNanos - earlier.atNanos;
            if (wall <= 0 || machineBusyNanos < 0 || earlier.machineBusyNanos < 0) {
                return 0;
            }
            double outside = (machineBusyNanos - earlier.machineBusyNanos) - (oursNanos - earlier.oursNanos);
            return Math.max(0, outside / wall);
        }
    }
}
