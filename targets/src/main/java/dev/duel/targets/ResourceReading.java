package dev.duel.targets;

/**
 * What a group of processes had used at one moment; subtract two readings for an interval.
 * Values are -1 where the mechanism cannot tell.
 *
 * @param cpuNanos           CPU time used, user and system, in nanoseconds
 * @param periods            CFS periods elapsed under a quota
 * @param throttledPeriods   periods in which the group hit its quota
 * @param throttledNanos     time the group spent throttled, in nanoseconds
 * @param memoryBytes        memory in use now (cgroup usage, or resident set of the process tree)
 * @param peakMemoryBytes    highest memory use so far
 * @param anonBytes          anonymous memory in use now (heap, stacks, malloc; no page cache): the group's
 *                           {@code anon} (v2) or {@code rss} (v1) of {@code memory.stat}, or the sum of
 *                           {@code RssAnon} over the process tree without a group
 * @param runQueue           how long each thread of the processes read (the process tree, and a control group's
 *                           members, such as a database's daemonized servers) has waited on a run queue so far
 *                           ({@link RunQueueWaits}), or null where it cannot be read (no {@code schedstat}, a process
 *                           not on this machine)
 */
public record ResourceReading(
        long cpuNanos,
        long periods,
        long throttledPeriods,
        long throttledNanos,
        long memoryBytes,
        long peakMemoryBytes,
        long anonBytes,
        RunQueueWaits runQueue) {

    /** A reading of nothing: every value unknown. */
    public static final ResourceReading UNKNOWN = new ResourceReading(-1, -1, -1, -1, -1, -1, -1, null);

    /**
     * The counters' growth from {@code earlier} to this reading (the run-queue wait thread by thread, a lower bound:
     * see {@link RunQueueWaits#since}); memory is this reading's.
     */
    public ResourceReading since(ResourceReading earlier) {
        return new ResourceReading(
                delta(cpuNanos, earlier.cpuNanos),
                delta(periods, earlier.periods),
                delta(throttledPeriods, earlier.throttledPeriods),
                delta(throttledNanos, earlier.throttledNanos),
                memoryBytes,
                peakMemoryBytes,
                anonBytes,
                runQueue == null || earlier.runQueue == null ? null : runQueue.since(earlier.runQueue));
    }

    /** The run-queue wait of every thread summed ({@link RunQueueWaits#totalNanos}), nanoseconds; -1 when unknown. */
    public long runQueueWaitNanos() {
        return runQueue == null ? -1 : runQueue.totalNanos();
    }

    private static long delta(long now, long before) {
        return now < 0 || before < 0 ? -1 : now - before;
    }
}
