package dev.duel.targets;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** CPU, run-queue wait and memory of a process and its descendants, read from /proc. Stateless. */
final class ProcessTree {
    private ProcessTree() {}

    static List<ProcessHandle> members(long rootPid) {
        List<ProcessHandle> members = new ArrayList<>();
        ProcessHandle.of(rootPid).ifPresent(root -> {
            members.add(root);
            root.descendants().forEach(members::add);
        });
        return members;
    }

    /** CPU time of the living tree in nanoseconds; time of descendants that already exited is lost. */
    static long cpuNanos(long rootPid) {
        long total = 0;
        for (ProcessHandle member : members(rootPid)) {
            Optional<Duration> cpu = member.info().totalCpuDuration();
            total += cpu.map(Duration::toNanos).orElse(0L);
        }
        return total;
    }

    /**
     * The run-queue wait of every thread of the living tree and of {@code alsoPids} (a control group's members: a
     * database's server processes leave their parent's tree), or null when none could be read.
     */
    static RunQueueWaits runQueueWaits(long rootPid, List<Long> alsoPids) {
        List<Long> pids = new ArrayList<>();
        members(rootPid).forEach(member -> pids.add(member.pid()));
        pids.addAll(alsoPids);
        return RunQueueWaits.read(pids);
    }

    /** Resident memory of the tree in bytes (VmRSS summed), or -1 without /proc. */
    static long residentBytes(long rootPid) {
        return summedBytes(rootPid, "VmRSS:");
    }

    /** Anonymous resident memory of the tree in bytes (RssAnon summed: no file pages), or -1 without /proc. */
    static long anonymousBytes(long rootPid) {
        return summedBytes(rootPid, "RssAnon:");
    }

    private static long summedBytes(long rootPid, String field) {
        long total = 0;
        boolean any = false;
        for (ProcessHandle member : members(rootPid)) {
            long rss = statusKilobytes(member.pid(), field);
            if (rss >= 0) {
                total += rss * 1024;
                any = true;
            }
        }
        return any ? total : -1;
    }

    /** A field of /proc/PID/status in kilobytes, or -1. */
    static long statusKilobytes(long pid, String field) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
                if (line.startsWith(field)) {
                    return Long.parseLong(
                            line.substring(field.length()).replace("kB", "").trim());
                }
            }
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
        return -1;
    }
}
