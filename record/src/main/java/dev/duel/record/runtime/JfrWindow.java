package dev.duel.record.runtime;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a JDK Flight Recording of the target saw in one window of about a second, with the same
 * window edges as the {@link ThreadCpuWindow}s of the same timeline. An event belongs to the window
 * its start time falls in. Immutable.
 *
 * @param startSeconds         where the window began, seconds since the scenario's load run began
 * @param seconds              length of the window, seconds
 * @param compilationsByTier   finished compilations ({@code jdk.Compilation}) by tier (1 to 4; the key
 *                             is the tier as text, "1" .. "4"), on-stack replacement included
 * @param compileMillisByTier  the compile time of those compilations by tier, milliseconds of wall time
 *                             in a compiler thread
 * @param deoptimizations      {@code jdk.Deoptimization} events: compiled code thrown away
 * @param gcPauses             stop-the-world GC pauses ({@code jdk.GCPhasePause}, or {@code
 *                             jdk.GarbageCollection} where a collector writes no pause phases)
 * @param gcPauseMillis        their total length, milliseconds
 * @param longestGcPauseMillis the longest of them, milliseconds; 0 when there was none
 * @param safepoints           safepoints reached ({@code jdk.SafepointBegin})
 * @param safepointMillis      their total length from the request to the end of the operation,
 *                             milliseconds
 * @param allocatedBytes       bytes the target's threads allocated in the window, from the differences
 *                             of {@code jdk.ThreadAllocationStatistics}; -1 when no two readings
 *                             bracket the window
 * @param classesLoaded        classes loaded in the window: the difference of {@code loadedClassCount} of
 *                             {@code jdk.ClassLoadingStatistics} (read every second, interpolated at the window's
 *                             edges); -1 when no two readings bracket the window
 */
public record JfrWindow(
        double startSeconds,
        double seconds,
        Map<String, Long> compilationsByTier,
        Map<String, Double> compileMillisByTier,
        long deoptimizations,
        long gcPauses,
        double gcPauseMillis,
        double longestGcPauseMillis,
        long safepoints,
        double safepointMillis,
        long allocatedBytes,
        long classesLoaded) {

    public JfrWindow {
        // Sorted by tier: Map.copyOf iterates in an order that changes from one JVM to the next, and a record must be
        // written the same way every time.
        compilationsByTier = Collections.unmodifiableMap(new TreeMap<>(compilationsByTier));
        compileMillisByTier = Collections.unmodifiableMap(new TreeMap<>(compileMillisByTier));
    }

    /** Compilations of every tier in the window. */
    public long compilations() {
        return compilationsByTier.values().stream().mapToLong(Long::longValue).sum();
    }

    /** Compile time of every tier in the window, milliseconds. */
    public double compileMillis() {
        return compileMillisByTier.values().stream()
                .mapToDouble(Double::doubleValue)
                .sum();
    }
}
