package dev.duel.load.engine;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;

/** Reads the engine's own use of the machine: process and thread CPU time, peak memory. Thread-safe. */
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
