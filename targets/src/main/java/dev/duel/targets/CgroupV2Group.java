package dev.duel.targets;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A target's own group in the unified cgroup v2 hierarchy, under {@code <root>/duel/<name>}, with
 * the cpu, cpuset and memory controllers enabled down to it. Joined before the first instruction,
 * like {@link CgroupV1Group}.
 */
final class CgroupV2Group extends ControlGroup {
    private final Path group;

    private CgroupV2Group(Path group, boolean limited, String cpus) {
        super("cgroup v2", limited, cpus);
        this.group = group;
    }

    static CgroupV2Group create(Path root, String name, Limits limits) throws IOException {
        Path parent = root.resolve("duel");
        Files.createDirectories(parent);
        // Controllers must be enabled in every ancestor's subtree_control to reach a leaf.
        Files.writeString(root.resolve("cgroup.subtree_control"), "+cpu +cpuset +memory");
        Files.writeString(parent.resolve("cgroup.subtree_control"), "+cpu +cpuset +memory");
        Path group = parent.resolve(name);
        Files.createDirectories(group);
        CgroupV2Group created = new CgroupV2Group(group, limits.any(), limits.cpuset());
        try {
            if (limits.cpus() != null) {
                Files.writeString(group.resolve("cpu.max"), Math.round(limits.cpus() * 100_000) + " 100000");
            }
            if (limits.cpuset() != null) {
                Files.writeString(group.resolve("cpuset.cpus"), limits.cpuset());
            }
            if (limits.memoryBytes() != null) {
                Files.writeString(group.resolve("memory.max"), String.valueOf(limits.memoryBytes()));
                Files.writeString(group.resolve("memory.swap.max"), "0");
            }
        } catch (IOException | RuntimeException e) {
            created.close();
            throw e;
        }
        return created;
    }

    @Override
    List<Path> procsFiles() {
        return List.of(group.resolve("cgroup.procs"));
    }

    @Override
    public ResourceReading read(long rootPid) {
        Map<String, Long> stat = Cgroups.keyValues(group.resolve("cpu.stat"));
        long usageMicros = stat.getOrDefault("usage_usec", -1L);
        long throttledMicros = stat.getOrDefault("throttled_usec", -1L);
        long peak = Cgroups.number(group.resolve("memory.peak"));
        return new ResourceReading(
                usageMicros < 0 ? -1 : usageMicros * 1_000,
                stat.getOrDefault("nr_periods", -1L),
                stat.getOrDefault("nr_throttled", -1L),
                throttledMicros < 0 ? -1 : throttledMicros * 1_000,
                Cgroups.number(group.resolve("memory.current")),
                peak,
                Cgroups.keyValues(group.resolve("memory.stat")).getOrDefault("anon", -1L),
                ProcessTree.runQueueWaits(rootPid, members()));
    }

    @Override
    public void moveTo(String cpus) throws IOException {
        Files.writeString(group.resolve("cpuset.cpus"), cpus);
    }

    @Override
    public void close() {
        Cgroups.remove(group);
    }
}
