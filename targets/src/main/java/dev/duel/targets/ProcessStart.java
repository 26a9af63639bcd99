package dev.duel.targets;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * When a process started, as the kernel counts it: clock ticks since boot ({@code /proc/PID/stat} field 22). With its
 * PID it names one process for good: a recycled PID starts at another tick, and unlike a start in epoch milliseconds
 * (derived from the boot time, which moves when the wall clock is stepped by NTP or a resumed laptop) it never moves.
 * Stateless; thread-safe.
 */
public final class ProcessStart {
    private ProcessStart() {}

    /**
     * Field 22 of {@code /proc/PID/stat}, or -1 when unreadable (no such process, no /proc). The fields are counted
     * after the last ')', as the command name (field 2) may hold spaces and parentheses.
     */
    public static long ticks(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            String[] fields = stat.substring(stat.lastIndexOf(')') + 1).trim().split("\\s+");
            // fields[0] is field 3 (the state): field 22 is fields[19].
            return fields.length > 19 ? Long.parseLong(fields[19]) : -1;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }
}
