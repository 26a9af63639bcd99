package dev.duel.record.runtime;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Locale;

/**
 * What duel watches inside a JVM target while it runs; written in lower case, as suites spell it
 * ({@code profile: none|threads|jfr}).
 */
public enum Profile {
    /** Nothing beyond the target's CPU and memory. */
    @JsonProperty("none")
    NONE,
    /**
     * Every second, the CPU of the target's threads from {@code /proc/PID/task/*}, sorted by name into
     * the C1 and C2 compiler threads, the GC threads, the VM thread and the rest. Works for any JDK and
     * changes nothing in the target.
     */
    @JsonProperty("threads")
    THREADS,
    /**
     * {@link #THREADS}, and a JDK Flight Recording of the target (compilations, deoptimizations, GC
     * pauses, safepoints, allocation, class loading) read back per second after the run.
     */
    @JsonProperty("jfr")
    JFR;

    /** The word suites and records use. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
