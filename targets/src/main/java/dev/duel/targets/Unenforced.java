package dev.duel.targets;

import java.util.List;

/**
 * Limits that the kernel does not enforce: the process is pinned with {@code taskset} and the JVM
 * told its processor count, memory is not limited, and the mechanism says so in words. Without any
 * limit ("none") the process is still started on every online CPU, not on duel's own.
 */
final class Unenforced implements LimitedGroup {
    private final String mechanism;
    private final Limits limits;

    Unenforced(String mechanism, Limits limits) {
        this.mechanism = mechanism;
        this.limits = limits;
    }

    @Override
    public String mechanism() {
        return mechanism;
    }

    @Override
    public boolean enforced() {
        return false;
    }

    @Override
    public List<String> wrap(List<String> command) {
        String cpus = limits.cpuset() != null
                ? limits.cpuset()
                : limits.cpus() != null ? "0-" + (Math.max(1, (int) Math.ceil(limits.cpus())) - 1) : null;
        return Affinity.pinned(cpus, command);
    }

    @Override
    public List<String> extraJvmArguments() {
        int processors = limits.processors();
        return processors > 0 ? List.of("-XX:ActiveProcessorCount=" + processors) : List.of();
    }

    @Override
    public ResourceReading read(long rootPid) {
        long rss = ProcessTree.residentBytes(rootPid);
        long peak = ProcessTree.statusKilobytes(rootPid, "VmHWM:");
        return new ResourceReading(
                ProcessTree.cpuNanos(rootPid),
                -1,
                -1,
                -1,
                rss,
                peak < 0 ? -1 : peak * 1024,
                ProcessTree.anonymousBytes(rootPid),
                ProcessTree.runQueueWaits(rootPid, List.of()));
    }

    @Override
    public void close() {
        // nothing was created
    }
}
