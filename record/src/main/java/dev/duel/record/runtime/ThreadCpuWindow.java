package dev.duel.record.runtime;

/**
 * The CPU a JVM target's threads used in one window of about a second, sorted by the thread's name
 * as the kernel keeps it ({@code /proc/PID/task/TID/comm}, 15 characters). All CPU in milliseconds of
 * CPU time (user + system) within the window: 1,000 over a one-second window is one full core.
 * Each thread's share is the difference of its readings at the window's two edges; a thread first seen
 * at the later edge started in the window (every reading lists every living thread) and counts from 0.
 * A thread that ended in the window (seen at the earlier edge, or at neither) is in no reading at the
 * later edge: its CPU in the window shows only in {@code lostCpuMillis}. Immutable.
 *
 * @param startSeconds   where the window began, seconds since the scenario's load run began (negative
 *                       for a window before it, such as the wait for the target to answer)
 * @param seconds        length of the window, seconds
 * @param c1CpuMillis    threads named {@code C1 CompilerThre*}: the quick compiler (tiers 1 to 3)
 * @param c2CpuMillis    threads named {@code C2 CompilerThre*}: the optimizing compiler (tier 4); with
 *                       {@code -XX:-TieredCompilation} the only compiler
 * @param gcCpuMillis    the collectors' own threads ({@code GC Thread#*}, {@code G1 *}, {@code Z*},
 *                       {@code Shenandoah*} and the like); Serial GC has none: it collects in the VM thread
 * @param vmThreadCpuMillis the {@code VM Thread}: safepoint operations, and with Serial GC the collections
 * @param otherCpuMillis every other thread: the application, the JIT's sweeper, JFR's threads and the like
 * @param lostCpuMillis  the process's CPU in the window (from {@code /proc/PID/stat}) minus the sum of the
 *                       five above: threads that ended in the window, and the rounding of readings in whole
 *                       ticks (up to a tick per thread that ran); never negative (the process's total is read
 *                       just after its threads, and a difference below 0 is written as 0)
 */
public record ThreadCpuWindow(
        double startSeconds,
        double seconds,
        double c1CpuMillis,
        double c2CpuMillis,
        double gcCpuMillis,
        double vmThreadCpuMillis,
        double otherCpuMillis,
        double lostCpuMillis) {

    /** C1 and C2 together, milliseconds of CPU. */
    public double jitCpuMillis() {
        return c1CpuMillis + c2CpuMillis;
    }

    /** Every thread of the window, lost CPU included, milliseconds of CPU. */
    public double totalCpuMillis() {
        return c1CpuMillis + c2CpuMillis + gcCpuMillis + vmThreadCpuMillis + otherCpuMillis + lostCpuMillis;
    }
}
