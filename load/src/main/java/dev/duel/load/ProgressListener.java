package dev.duel.load;

import dev.duel.record.Phase;
import dev.duel.record.load.SecondResult;
import org.HdrHistogram.Histogram;

/**
 * Told about each finished second of a run, on the engine's control thread (never on an event
 * loop), so it may print or write files. Implementations need not be thread-safe.
 */
public interface ProgressListener {
    /**
     * @param second  the merged second
     * @param latency that second's latencies of correct responses (ns); valid during this call only
     * @param status  where the run stands
     */
    void onSecond(SecondResult second, Histogram latency, RunStatus status);

    /**
     * A phase began: warm-up, gap, main, then {@link Phase#ENDED} when the run stops (before results
     * are merged). Called as close to the boundary as the control thread can manage, so that a caller
     * can read other processes' counters at the edges of each phase.
     */
    default void onPhase(Phase phase) {}

    /** The run ended; no more calls follow. */
    default void onEnd() {}

    ProgressListener NONE = (second, latency, status) -> {};

    /**
     * Where a run stands at the end of a second.
     *
     * @param phase              the phase now
     * @param phaseElapsedMillis time spent in that phase
     * @param phaseTotalMillis   its planned length, or -1 while unknown (waiting for a first answer, or for a steady
     *                           state)
     * @param totalFailures      failures so far in the run
     * @param awaitingSteady     an auto warm-up is waiting for a steady state (its length is not known yet)
     * @param relativeHalfWidth  while awaiting steady: the judge's last relative 95% half-width of correct responses
     *                           per second (a fraction), or null before its first judgement
     */
    record RunStatus(
            Phase phase,
            double phaseElapsedMillis,
            double phaseTotalMillis,
            long totalFailures,
            boolean awaitingSteady,
            Double relativeHalfWidth) {
        /** A status with no auto warm-up pending. */
        public RunStatus(Phase phase, double phaseElapsedMillis, double phaseTotalMillis, long totalFailures) {
            this(phase, phaseElapsedMillis, phaseTotalMillis, totalFailures, false, null);
        }
    }
}
