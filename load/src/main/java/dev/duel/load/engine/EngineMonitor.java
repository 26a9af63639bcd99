package dev.duel.load.engine;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads the engine's own use of the machine: process and thread CPU time, the event loops' run-queue wait, peak
 * memory. Thread-safe.
 */
final class EngineMonitor {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private EngineMonitor() {}

    /** CPU time (user + system) of the whole process in nanoseconds, or -1 if the JVM cannot tell. */
    static long processCpuNanos() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return -1;
    }

    /** CPU time of one thread in nanoseconds, or -1 if unsupported. */
    static long threadCpuNanos(long threadId) {
        return THREADS.isThreadCpuTimeSupported() ? THREADS.getThreadCpuTime(threadId) : -1;
    }

    /**
     * The calling thread's id in the kernel (its {@code /proc/self/task} entry, read from the {@code /proc/thread-self}
     * link, Linux 3.17 and later), or -1 where there is none.
     */
    static long currentTid() {
        try {
            return Long.parseLong(Files.readSymbolicLink(Path.of("/proc/thread-self"))
                    .getFileName()
                    .toString());
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /**
     * How long the threads {@code tids} of this process have waited on a run queue so far (runnable, kept off a CPU by
     * another thread: the second number of {@code /proc/self/task/TID/schedstat}), summed, nanoseconds; -1 when any
     * of them cannot be read. The targets module reads the same file for a target's threads.
     */
    static long runQueueWaitNanos(java.util.List<Long> tids) {
        long total = 0;
        for (long tid : tids) {
            try {
                String[] fields = Files.readString(Path.of("/proc/self/task/" + tid + "/schedstat"))
                        .strip()
                        .split("\\s+");
                total += Long.parseLong(fields[1]);
            } catch (IOException | RuntimeException e) {
                return -1;
            }
        }
        return tids.isEmpty() ? -1 : total;
    }

    /** Peak resident set size (VmHWM) in bytes, or -1 where /proc is not there. */
    static long peakRssBytes() {
        return procStatusKilobytes("VmHWM:") * 1024;
    }

    private static long procStatusKilobytes(String field) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
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
