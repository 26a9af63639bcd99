package dev.duel.suite.record;

import dev.duel.targets.ResourceReading;

/**
 * What a target or service used during one phase, and the rate it implies. Values are -1 where the
 * mechanism cannot tell (no throttling figures without a cgroup quota, say).
 *
 * @param seconds             length of the phase as measured
 * @param cpuMillis           CPU time used (user + system)
 * @param cores               cpuMillis / (seconds * 1000): 1.0 is one core busy all the time
 * @param cpuMicrosPerRequest CPU per request that ended in the phase (targets only, else -1)
 * @param throttledShare      throttled periods / periods: the share of time the quota held the target back
 */
public record Resources(double seconds, double cpuMillis, double cores, double cpuMicrosPerRequest, long periods,
        long throttledPeriods, double throttledMillis, double throttledShare, long memoryBytes, long peakMemoryBytes) {

    /** From two readings {@code seconds} apart; {@code requests} ended in between (0 if not a target). */
    public static Resources between(ResourceReading start, ResourceReading end, double seconds, long requests) {
        ResourceReading used = end.since(start);
        double cpuMillis = used.cpuNanos() < 0 ? -1 : used.cpuNanos() / 1e6;
        return new Resources(seconds, cpuMillis,
                cpuMillis < 0 || seconds <= 0 ? -1 : cpuMillis / (seconds * 1_000),
                cpuMillis < 0 || requests <= 0 ? -1 : cpuMillis * 1_000 / requests,
                used.periods(), used.throttledPeriods(),
                used.throttledNanos() < 0 ? -1 : used.throttledNanos() / 1e6,
                used.periods() <= 0 ? -1 : used.throttledPeriods() / (double) used.periods(),
                end.memoryBytes(), end.peakMemoryBytes());
    }
}
