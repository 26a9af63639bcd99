package dev.duel.record;

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
        long peakMemoryBytes) {}
