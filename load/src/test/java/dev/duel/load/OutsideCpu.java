package dev.duel.load;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * For tests that time something: CPU used on this machine by everything but {@code ours} (and their descendants)
 * since {@link #from}, in cores, so that a timing bound is judged only when the machine was quiet, as duel judges
 * runs (the build runs test JVMs side by side). Read from the machine's busy time from /proc/stat (user, nice, system, steal: interrupt time carries the benchmark's own
 * loopback traffic, as duel's noise gate says) less our processes' user and system time.
 */
public record OutsideCpu(List<ProcessHandle> ours, long machineTicks, long ourTicks, long startNanos) {
    /** Busy cores outside the measured processes under which a machine counts as quiet: the quiet gate's default. */
    public static final double QUIET_CORES = 0.25;

    private static final double TICKS_PER_SECOND = 100; // USER_HZ on Linux

    public static OutsideCpu from(List<ProcessHandle> ours) throws IOException {
        return new OutsideCpu(ours, machineBusyTicks(), ticksOf(ours), System.nanoTime());
    }

    public double cores() throws IOException {
        double seconds = (System.nanoTime() - startNanos) / 1e9;
        long outside = (machineBusyTicks() - machineTicks) - (ticksOf(ours) - ourTicks);
        return Math.max(0, outside) / TICKS_PER_SECOND / seconds;
    }

    private static long machineBusyTicks() throws IOException {
        String[] fields =
                Files.readAllLines(Path.of("/proc/stat")).get(0).trim().split("\\s+");
        long busy = 0;
        for (int k = 1; k <= 8 && k < fields.length; k++) {
            if (k != 4 && k != 5 && k != 6 && k != 7) { // not idle, iowait, irq, softirq (loopback traffic)
                busy += Long.parseLong(fields[k]);
            }
        }
        return busy;
    }

    private static long ticksOf(List<ProcessHandle> roots) {
        java.util.Set<Long> pids = new java.util.HashSet<>();
        for (ProcessHandle root : roots) {
            pids.add(root.pid());
            root.descendants().forEach(child -> pids.add(child.pid()));
        }
        long ticks = 0;
        for (long pid : pids) {
            try {
                String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
                String[] after = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                ticks += Long.parseLong(after[11]) + Long.parseLong(after[12]); // utime, stime
            } catch (IOException | RuntimeException gone) {
                // ended meanwhile: its time is no longer counted on either side of the window
            }
        }
        return ticks;
    }
}
