package dev.duel.targets.runtime;

import java.time.Instant;
import java.util.List;

/**
 * The events of a recording that the runtime timeline reads, each reduced to what it needs. Times are the
 * recording's wall clock. Immutable.
 *
 * @param compilations     {@code jdk.Compilation}: finished compilations
 * @param deoptimizations  {@code jdk.Deoptimization}: when compiled code was thrown away
 * @param pauses           {@code jdk.GCPhasePause}: stop-the-world GC pauses
 * @param collections      {@code jdk.GarbageCollection}: collections with the sum of their pauses (used when a
 *                         recording has no pause phases)
 * @param safepoints       safepoints, {@code jdk.SafepointBegin} joined with its {@code jdk.SafepointEnd}
 * @param allocations      {@code jdk.ThreadAllocationStatistics}: bytes each thread allocated since it started
 * @param classesLoaded    {@code jdk.ClassLoadingStatistics}: classes loaded since the JVM started
 */
public record JfrEvents(
        List<Compilation> compilations,
        List<Instant> deoptimizations,
        List<Pause> pauses,
        List<Pause> collections,
        List<Safepoint> safepoints,
        List<Allocation> allocations,
        List<Counter> classesLoaded) {

    public JfrEvents {
        compilations = List.copyOf(compilations);
        deoptimizations = List.copyOf(deoptimizations);
        pauses = List.copyOf(pauses);
        collections = List.copyOf(collections);
        safepoints = List.copyOf(safepoints);
        allocations = List.copyOf(allocations);
        classesLoaded = List.copyOf(classesLoaded);
    }

    /** @param tier 1 to 4 (0 is the interpreter, never compiled); @param millis wall time in the compiler */
    public record Compilation(Instant start, int tier, double millis) {}

    /** @param millis the pause's length (the sum of a collection's pauses); @param longestMillis its longest */
    public record Pause(Instant start, double millis, double longestMillis) {}

    /** @param millis from the request (begin) to the end of the operation */
    public record Safepoint(Instant start, double millis) {}

    /** @param threadId the Java thread's id; @param bytes allocated since the thread started */
    public record Allocation(Instant at, long threadId, long bytes) {}

    /** A counter since the JVM started, at one moment. */
    public record Counter(Instant at, long value) {}
}
