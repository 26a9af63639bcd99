package dev.duel.targets;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Chooses how to enforce limits on this machine: cgroup v2 where its cpu and memory controllers
 * are writable, else cgroup v1 (cpu, cpuacct, cpuset, memory) where writable, else affinity only,
 * saying why. Reads /proc/self/mountinfo; thread-safe.
 */
public final class Cgroups {
    private final Path mountInfo;
    private final Path sysRoot;
    private final GroupOwner owner;
    private final GroupRemover remover;

    public Cgroups() {
        this(Path.of("/proc/self/mountinfo"), Path.of("/"));
    }

    /** @param sysRoot prefix for mount points, for tests with a fake file system */
    Cgroups(Path mountInfo, Path sysRoot) {
        this(mountInfo, sysRoot, GroupOwner.current(), Files::delete);
    }

    /**
     * @param owner   the process named as owner of the groups made here (null: none named, as an older duel)
     * @param remover removes one empty group (rmdir on a cgroup file system; tests with a fake one delete its files)
     */
    Cgroups(Path mountInfo, Path sysRoot, GroupOwner owner, GroupRemover remover) {
        this.mountInfo = mountInfo;
        this.sysRoot = sysRoot;
        this.owner = owner;
        this.remover = remover;
    }

    /** Removes one group directory; a cgroup file system refuses it while the group holds a process. */
    @FunctionalInterface
    interface GroupRemover {
        void remove(Path group) throws IOException;
    }

    /**
     * A fresh group for one target under these limits. A group is made even without limits where
     * cgroups are writable: it also counts the CPU of processes that leave their parent (a
     * database's server processes).
     *
     * @param label a short name for the group (made unique here)
     */
    public LimitedGroup create(String label, Limits limits) {
        // The owner's PID and start time end the name: another duel removes the group only once its owner is gone.
        String name = label.replaceAll("[^A-Za-z0-9_.-]", "_") + "-"
                + UUID.randomUUID().toString().substring(0, 8) + (owner == null ? "" : owner.suffix());
        List<String> reasons = new java.util.ArrayList<>();
        Path v2 = unifiedRoot();
        if (v2 != null && controllersOf(v2).containsAll(List.of("cpu", "memory"))) {
            try {
                return CgroupV2Group.create(v2, name, limits);
            } catch (IOException | RuntimeException e) {
                reasons.add("cgroup v2 at " + v2 + " is not writable: " + e.getMessage());
            }
        } else {
            reasons.add(v2 == null ? "no cgroup v2 mounted" : "cgroup v2 has no cpu and memory controllers");
        }
        Map<String, Path> v1 = v1Mounts();
        if (v1.keySet().containsAll(List.of("cpu", "cpuacct", "cpuset", "memory"))) {
            try {
                return CgroupV1Group.create(v1, name, limits);
            } catch (IOException | RuntimeException e) {
                reasons.add("cgroup v1 is not writable: " + e.getMessage());
            }
        } else {
            reasons.add("cgroup v1 lacks some of cpu, cpuacct, cpuset, memory");
        }
        if (!limits.any()) {
            // Nothing to enforce; only the accounting (CPU of processes that outlive their parent) is lost.
            return LimitedGroup.none();
        }
        return new Unenforced(unenforced(reasons), limits);
    }

    private static String unenforced(List<String> reasons) {
        return "not enforced (" + String.join("; ", reasons)
                + "); CPUs pinned with taskset and the JVM told its processor count, memory unlimited";
    }

    /**
     * The mechanism {@link #create} would use for these limits on this machine ("cgroup v2",
     * "cgroup v1", "not enforced (why)" or "none"), found by reading the mounts and permissions only:
     * nothing is created or written, so a plan can be shown without touching any control group.
     * {@code create} can still fall back further if a write it tries is refused.
     */
    public String mechanismFor(Limits limits) {
        List<String> reasons = new java.util.ArrayList<>();
        Path v2 = unifiedRoot();
        if (v2 != null && controllersOf(v2).containsAll(List.of("cpu", "memory"))) {
            if (writable(v2)) {
                return ControlGroup.mechanism("cgroup v2", limits.any());
            }
            reasons.add("cgroup v2 at " + v2 + " is not writable");
        } else {
            reasons.add(v2 == null ? "no cgroup v2 mounted" : "cgroup v2 has no cpu and memory controllers");
        }
        Map<String, Path> v1 = v1Mounts();
        List<String> needed = List.of("cpu", "cpuacct", "cpuset", "memory");
        if (v1.keySet().containsAll(needed)) {
            if (needed.stream().allMatch(controller -> writable(v1.get(controller)))) {
                return ControlGroup.mechanism("cgroup v1", limits.any());
            }
            reasons.add("cgroup v1 is not writable");
        } else {
            reasons.add("cgroup v1 lacks some of cpu, cpuacct, cpuset, memory");
        }
        return limits.any() ? unenforced(reasons) : LimitedGroup.none().mechanism();
    }

    /** A hierarchy duel could make its groups in: mounted read-write and writable by this user. */
    private boolean writable(Path mount) {
        Path duel = mount.resolve("duel");
        boolean readWrite = mounts().stream()
                .noneMatch(m -> sysRoot.resolve(m[1].substring(1)).equals(mount) && m[3].matches("(^|.*,)ro(,.*|$)"));
        return readWrite && Files.isWritable(Files.isDirectory(duel) ? duel : mount);
    }

    /**
     * Removes empty groups that an earlier duel left behind when it was killed before it could
     * clean up. A group is removed only when the duel named in its name ({@link GroupOwner}: PID
     * and start time) no longer runs, so that a second duel started beside a running one never
     * takes the first one's groups (empty between two runs); a group named without an owner (made by
     * an older duel) is removed when empty, as before. Groups that still hold processes are left alone.
     *
     * @return how many were removed
     */
    public int removeStaleGroups() {
        List<Path> parents = new java.util.ArrayList<>();
        Path v2 = unifiedRoot();
        if (v2 != null) {
            parents.add(v2.resolve("duel"));
        }
        v1Mounts().values().stream().distinct().forEach(mount -> parents.add(mount.resolve("duel")));
        int removed = 0;
        for (Path parent : parents) {
            if (!Files.isDirectory(parent)) {
                continue;
            }
            try (var children = Files.list(parent)) {
                for (Path child : children.filter(Files::isDirectory).toList()) {
                    if (GroupOwner.parse(child.getFileName().toString())
                            .filter(GroupOwner::alive)
                            .isPresent()) {
                        continue; // its duel still runs: empty now, it may hold the next target in a moment
                    }
                    try {
                        if (Files.readAllLines(child.resolve("cgroup.procs")).stream()
                                .allMatch(String::isBlank)) {
                            remover.remove(child);
                            removed++;
                        }
                    } catch (IOException e) {
                        // busy or not ours to remove: leave it
                    }
                }
            } catch (IOException e) {
                // nothing to clean
            }
        }
        return removed;
    }

    /** Where the unified (v2) hierarchy is mounted, or null. */
    Path unifiedRoot() {
        for (String[] mount : mounts()) {
            if (mount[0].equals("cgroup2")) {
                return sysRoot.resolve(mount[1].substring(1));
            }
        }
        return null;
    }

    /** Mount point of each v1 controller. */
    Map<String, Path> v1Mounts() {
        Map<String, Path> mounts = new LinkedHashMap<>();
        for (String[] mount : mounts()) {
            if (mount[0].equals("cgroup")) {
                for (String option : mount[2].split(",")) {
                    mounts.putIfAbsent(option, sysRoot.resolve(mount[1].substring(1)));
                }
            }
        }
        return mounts;
    }

    /** {type, mount point, super options, mount options} of each cgroup mount in mountinfo. */
    private List<String[]> mounts() {
        List<String[]> mounts = new java.util.ArrayList<>();
        try {
            for (String line : Files.readAllLines(mountInfo)) {
                String[] halves = line.split(" - ", 2);
                if (halves.length < 2) {
                    continue;
                }
                String[] left = halves[0].split(" ");
                String[] right = halves[1].split(" ");
                if (left.length >= 6
                        && right.length >= 3
                        && (right[0].equals("cgroup") || right[0].equals("cgroup2"))) {
                    mounts.add(new String[] {right[0], left[4], right[2], left[5]});
                }
            }
        } catch (IOException e) {
            return mounts;
        }
        return mounts;
    }

    private static List<String> controllersOf(Path root) {
        try {
            return List.of(
                    Files.readString(root.resolve("cgroup.controllers")).trim().split("\\s+"));
        } catch (IOException e) {
            return List.of();
        }
    }

    static long number(Path file) {
        try {
            String text = Files.readString(file).trim();
            return text.equals("max") ? -1 : Long.parseLong(text);
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
    }

    static Map<String, Long> keyValues(Path file) {
        Map<String, Long> values = new HashMap<>();
        try {
            for (String line : Files.readAllLines(file)) {
                String[] parts = line.trim().split("\\s+");
                if (parts.length == 2) {
                    values.put(parts[0], Long.parseLong(parts[1]));
                }
            }
        } catch (IOException | NumberFormatException e) {
            return values;
        }
        return values;
    }

    /** Stops our processes left in the group (their PIDs are listed there) and removes it. */
    static void remove(Path group) {
        if (!Files.isDirectory(group)) {
            return;
        }
        for (int attempt = 0; attempt < 50; attempt++) {
            try {
                for (String pid : Files.readAllLines(group.resolve("cgroup.procs"))) {
                    if (!pid.isBlank()) {
                        ProcessHandle.of(Long.parseLong(pid.trim())).ifPresent(ProcessHandle::destroyForcibly);
                    }
                }
                Files.delete(group);
                return;
            } catch (IOException | NumberFormatException e) {
                try {
                    Thread.sleep(20);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }
}
