package dev.duel.record;

import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;

/**
 * What a target or service used during one phase, and the rate it implies. Values are -1 where the
 * mechanism cannot tell (no throttling figures without a cgroup quota, say). Immutable.
 *
 * @param seconds             length of the phase as measured
 * @param cpuMillis           CPU time used (user + system), milliseconds
 * @param cores               cpuMillis / (seconds * 1000): 1.0 is one core busy all the time
 * @param cpuMicrosPerRequest CPU per request that started and ended in the phase (ok or failed), microseconds
 *                            (targets only, else -1)
 * @param periods             CFS periods that elapsed with the group runnable
 * @param throttledPeriods    of those, the periods in which the quota held the group back
 * @param throttledMillis     time spent throttled, milliseconds
 * @param throttledShare      throttledPeriods / periods: the share of time the quota held the target back, 0..1
 * @param memoryBytes         memory in use at the end of the phase
 * @param peakMemoryBytes     the highest memory use seen up to the end of the phase
 * @param runQueueWaitMillis  how long its threads were runnable but kept off a CPU in the phase, summed over the
 *                            threads of its process tree (and of its control group), milliseconds: the second number of
 *                            each thread's {@code /proc/PID/task/TID/schedstat}, read at both ends of the phase. A
 *                            lower bound: a thread that ended within the phase is lost. It counts waiting behind its
 *                            own sibling threads and, as the kernel counts a throttled thread as queued, time held
 *                            back by its CPU quota too. Null when not measured (no schedstat, a process not on duel's
 *                            machine, records before schema 7)
 */
public record Resources(
        double seconds,
        double cpuMillis,
        double cores,
        double cpuMicrosPerRequest,
        long periods,
        long throttledPeriods,
        double throttledMillis,
        double throttledShare,
        long memoryBytes,
        long peakMemoryBytes,
        @JsonSetter(nulls = Nulls.SET) Double runQueueWaitMillis) {

    /**
     * {@link #runQueueWaitMillis} over the phase's wall time: 0.3 means its threads together waited 0.3 s for a CPU
     * each second, "0.3 cores' worth"; null when not measured or the phase has no length.
     */
    public Double runQueueWaitCores() {
        return runQueueWaitMillis == null || seconds <= 0 ? null : runQueueWaitMillis / (seconds * 1_000);
    }
}
