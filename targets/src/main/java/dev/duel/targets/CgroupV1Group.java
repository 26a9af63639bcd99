package dev.duel.targets;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A target's own group in each cgroup v1 hierarchy it needs (cpu, cpuacct, cpuset, memory), under
 * {@code <mount>/duel/<name>}. The process joins every group from a tiny shell that then execs it,
 * so nothing runs outside its limits.
 */
final class CgroupV1Group extends ControlGroup {
    private final Map<String, Path> groupByController;
    private final Set<Path> groups;

    private CgroupV1Group(Map<String, Path> groupByController, boolean limited, String cpus) {
        super("cgroup v1", limited, cpus);
        this.groupByController = groupByController;
        this.groups = new LinkedHashSet<>(groupByController.values());
    }

    /**
     * @param mounts cgroup v1 mount point by controller name (co-mounted controllers share a path)
     */
    static CgroupV1Group create(Map<String, Path> mounts, String name, Limits limits) throws IOException {
        Map<String, Path> byController = new LinkedHashMap<>();
        for (String controller : List.of("cpu", "cpuacct", "cpuset", "memory")) {
            Path mount = mounts.get(controller);
            if (mount == null) {
                throw new IOException("cgroup v1 has no " + controller + " hierarchy mounted");
            }
            byController.put(controller, mount.resolve("duel").resolve(name));
        }
        CgroupV1Group group = new CgroupV1Group(byController, limits.any(), limits.cpuset());
        try {
            for (Path path : group.groups) {
                Files.createDirectories(path);
            }
            Path cpuset = byController.get("cpuset");
            // A v1 cpuset takes no task until it has CPUs and memory nodes, and neither does its parent.
            inherit(cpuset.getParent(), "cpuset.cpus");
            inherit(cpuset.getParent(), "cpuset.mems");
            write(
                    cpuset.resolve("cpuset.cpus"),
                    limits.cpuset() != null
                            ? limits.cpuset()
                            : read(cpuset.getParent().resolve("cpuset.cpus")));
            write(cpuset.resolve("cpuset.mems"), read(cpuset.getParent().resolve("cpuset.mems")));
            if (limits.cpus() != null) {
                Path cpu = byController.get("cpu");
                write(cpu.resolve("cpu.cfs_period_us"), "100000");
                write(cpu.resolve("cpu.cfs_quota_us"), String.valueOf(Math.round(limits.cpus() * 100_000)));
            }
            if (limits.memoryBytes() != null) {
                write(
                        byController.get("memory").resolve("memory.limit_in_bytes"),
                        String.valueOf(limits.memoryBytes()));
            }
        } catch (IOException | RuntimeException e) {
            group.close();
            throw e;
        }
        return group;
    }

    private static void inherit(Path group, String file) throws IOException {
        Path own = group.resolve(file);
        if (read(own).isBlank()) {
            write(own, read(group.getParent().resolve(file)));
        }
    }

    @Override
    List<Path> procsFiles() {
        return groups.stream().map(group -> group.resolve("cgroup.procs")).toList();
    }

    @Override
    public ResourceReading read(long rootPid) {
        Path cpu = groupByController.get("cpu");
        Map<String, Long> stat = Cgroups.keyValues(cpu.resolve("cpu.stat"));
        Path memory = groupByController.get("memory");
        return new ResourceReading(
                Cgroups.number(groupByController.get("cpuacct").resolve("cpuacct.usage")),
                stat.getOrDefault("nr_periods", -1L),
                stat.getOrDefault("nr_throttled", -1L),
                stat.getOrDefault("throttled_time", -1L),
                Cgroups.number(memory.resolve("memory.usage_in_bytes")),
                Cgroups.number(memory.resolve("memory.max_usage_in_bytes")),
                // v1 calls anonymous memory "rss" (page cache is "cache"); the group has no children of its own.
                Cgroups.keyValues(memory.resolve("memory.stat")).getOrDefault("rss", -1L),
                ProcessTree.runQueueWaits(rootPid, members()));
    }

    @Override
    public void moveTo(String cpus) throws IOException {
        write(groupByController.get("cpuset").resolve("cpuset.cpus"), cpus);
    }

    @Override
    public void close() {
        for (Path group : groups) {
            Cgroups.remove(group);
        }
    }

    private static String read(Path file) throws IOException {
        return Files.readString(file).trim();
    }

    private static void write(Path file, String value) throws IOException {
        Files.writeString(file, value);
    }
}
