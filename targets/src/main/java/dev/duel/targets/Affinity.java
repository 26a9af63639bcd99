package dev.duel.targets;

import dev.duel.record.ProcessAffinity;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * CPU affinity of the processes duel starts. A child inherits its parent's affinity, and duel pins
 * itself to the load generator's CPUs ({@code loadgen.cpuset}), so every child is started through
 * {@code taskset -c MASK} with an explicit mask: the target's cpuset, or every online CPU (a service
 * such as the embedded PostgreSQL floats), narrowed for a service by {@link #floating} to the CPUs that
 * neither a target nor the generator is pinned to where there are such CPUs. Kernels that keep a task's user-requested affinity when it
 * moves into a cpuset would otherwise leave a child on the generator's core even in its own group.
 * Also reads the affinity a process ended up with ({@code Cpus_allowed_list}), for the record.
 * Stateless; thread-safe.
 */
public final class Affinity {
    private Affinity() {}

    /**
     * {@code command} started on {@code cpus} ("1", "0-3"); {@code null} for every online CPU. Left
     * as it is only where the mask cannot be known (no /sys) or {@code taskset} is not installed: then
     * the child inherits duel's affinity, and the record's affinity shows it.
     */
    public static List<String> pinned(String cpus, List<String> command) {
        String mask = cpus != null ? cpus : onlineCpus();
        if (mask == null || !tasksetInstalled()) {
            return command;
        }
        List<String> pinned = new ArrayList<>(List.of("taskset", "-c", mask));
        pinned.addAll(command);
        return pinned;
    }

    /**
     * {@code command} narrowed to {@code cpus} when given (a service without a cpuset of its own, kept
     * off the CPUs the targets and the load generator are pinned to), else unchanged. The group's own
     * wrapper ({@link LimitedGroup#wrap}) still runs first with its mask: this inner {@code taskset}
     * only narrows it, so a group with a cpuset never sees its processes leave it.
     */
    public static List<String> floating(String cpus, List<String> command) {
        return cpus == null || !tasksetInstalled() ? command : pinned(cpus, command);
    }

    /**
     * Pins every thread of {@code pid} and of each of its descendants to {@code cpus} ("0", "0-1"), with {@code taskset
     * -a -p -c}: a thread it starts later inherits its creator's CPUs, so the whole process stays there.
     *
     * @throws IOException taskset is missing or refused (the message says which)
     */
    public static void pinThreads(long pid, String cpus) throws IOException, InterruptedException {
        List<Long> pids = new ArrayList<>(List.of(pid));
        ProcessHandle.of(pid).ifPresent(root -> root.descendants().forEach(child -> pids.add(child.pid())));
        pinThreadsOf(pids, cpus);
    }

    /**
     * Pins every thread of this process (duel's own: the load generator's event loops, which a later thread inherits)
     * to {@code cpus}, leaving its children (targets, services) where they are.
     *
     * @throws IOException taskset is missing or refused (the message says which)
     */
    public static void pinOwnThreads(String cpus) throws IOException, InterruptedException {
        pinThreadsOf(List.of(ProcessHandle.current().pid()), cpus);
    }

    private static void pinThreadsOf(List<Long> pids, String cpus) throws IOException, InterruptedException {
        if (!tasksetInstalled()) {
            throw new IOException("cannot move a process to CPUs " + cpus + ": install taskset (util-linux)");
        }
        for (long each : pids) {
            Process taskset = new ProcessBuilder("taskset", "-a", "-p", "-c", cpus, String.valueOf(each))
                    .redirectErrorStream(true)
                    .start();
            String output = new String(taskset.getInputStream().readAllBytes()).trim();
            if (!taskset.waitFor(10, java.util.concurrent.TimeUnit.SECONDS) || taskset.exitValue() != 0) {
                if (ProcessHandle.of(each).map(ProcessHandle::isAlive).orElse(false)) {
                    throw new IOException(
                            "taskset could not move process " + each + " to CPUs " + cpus + ": " + output);
                }
            }
        }
    }

    /** The kernel's list of online CPUs ("0-1"), or null without /sys. */
    public static String onlineCpus() {
        try {
            String online =
                    Files.readString(Path.of("/sys/devices/system/cpu/online")).trim();
            return online.isEmpty() ? null : online;
        } catch (IOException e) {
            return null;
        }
    }

    /** The CPUs a process may run on ({@code Cpus_allowed_list} of /proc/PID/status), or null when it is gone. */
    public static String of(long pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
                if (line.startsWith("Cpus_allowed_list:")) {
                    return line.substring("Cpus_allowed_list:".length()).trim();
                }
            }
        } catch (IOException e) {
            return null;
        }
        return null;
    }

    /**
     * The affinity of the process {@code pid}, of each of its descendants, and of the other processes
     * of its control group (a database's daemonized server processes, say), as the record keeps it;
     * empty when the process is gone or not a real one.
     *
     * @param role         what the process is ("target jdk17", "service postgres"); the others get "ROLE child"
     * @param groupMembers the processes of its control group ({@link LimitedGroup#members()})
     */
    public static List<ProcessAffinity> ofTree(String role, long pid, List<Long> groupMembers) {
        List<ProcessAffinity> found = new ArrayList<>();
        java.util.Set<Long> seen = new java.util.HashSet<>();
        ProcessHandle.of(pid).ifPresent(root -> {
            seen.add(root.pid());
            add(found, role, root.pid());
            root.descendants()
                    .filter(child -> seen.add(child.pid()))
                    .forEach(child -> add(found, role + " child", child.pid()));
        });
        groupMembers.stream().sorted().filter(seen::add).forEach(member -> add(found, role + " child", member));
        return found;
    }

    private static void add(List<ProcessAffinity> found, String role, long pid) {
        String cpus = of(pid);
        if (cpus != null) {
            found.add(new ProcessAffinity(role, pid, cpus));
        }
    }

    private static boolean tasksetInstalled() {
        String path = System.getenv("PATH");
        if (path == null) {
            return false;
        }
        for (String folder : path.split(File.pathSeparator)) {
            if (!folder.isEmpty() && Files.isExecutable(Path.of(folder, "taskset"))) {
                return true;
            }
        }
        return false;
    }
}
