package dev.duel.record.load;

import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import java.util.List;

/**
 * How hard the load generator itself worked during main, so that a result limited by the engine
 * is never mistaken for the target's limit.
 *
 * @param cpuMillis          the engine process's CPU time (user + system) over main
 * @param wallMillis         length of main as measured
 * @param coresAvailable     processors this JVM may use
 * @param utilization        cpu / (wall * cores): 1.0 means every available core was busy
 * @param loopBusy           per event-loop thread: its CPU time / wall time over main, 0..1
 * @param cpuMicrosPerRequest engine CPU per request that ended in main
 * @param peakRssBytes       the engine's peak resident memory (VmHWM), or -1 if unknown
 * @param limited            true if the engine, not the target, may have been the limit
 * @param findings           the reasons, in words
 * @param gcPauses           stop-the-world collections of duel's JVM over main (count); null in schema-1 records
 * @param gcPauseMillis      their total pause time over main, milliseconds; null in schema-1 records
 * @param gcPauseShare       gcPauseMillis / wallMillis, 0..1: the share of main during which every event loop was
 *                           stopped by duel's own GC; null in schema-1 records
 * @param runQueueWaitMillis the event-loop threads' time runnable but kept off a CPU over main, summed over the loops,
 *                           milliseconds ({@code /proc/self/task/TID/schedstat}); null when not measured (no
 *                           schedstat, main never ran, records before schema 7)
 */
public record EngineUsage(
        double cpuMillis,
        double wallMillis,
        int coresAvailable,
        double utilization,
        List<Double> loopBusy,
        double cpuMicrosPerRequest,
        long peakRssBytes,
        boolean limited,
        List<String> findings,
        @JsonSetter(nulls = Nulls.SET) Long gcPauses,
        @JsonSetter(nulls = Nulls.SET) Double gcPauseMillis,
        @JsonSetter(nulls = Nulls.SET) Double gcPauseShare,
        @JsonSetter(nulls = Nulls.SET) Double runQueueWaitMillis) {

    /** {@link #runQueueWaitMillis} over main's wall time, cores' worth; null when not measured. */
    public Double runQueueWaitCores() {
        return runQueueWaitMillis == null || wallMillis <= 0 ? null : runQueueWaitMillis / wallMillis;
    }
}
