package dev.duel.targets.runtime;

import java.util.Map;

/**
 * One reading of a JVM's threads: the CPU each living thread used since it started and the process's
 * total since it started (its ended threads included), in clock ticks ({@code CLK_TCK}, user + system).
 * Immutable.
 *
 * @param atNanos      when the reading was taken, {@link System#nanoTime()} scale
 * @param threads      by thread id: the thread's kind and its CPU since it started, ticks
 * @param processTicks the process's CPU since it started, every thread it ever had, ticks
 */
public record ThreadCpuSample(long atNanos, Map<Long, Thread> threads, long processTicks) {
    public ThreadCpuSample {
        threads = Map.copyOf(threads);
    }

    /** One thread: what it does and the CPU it used so far, ticks. */
    public record Thread(ThreadKind kind, long ticks) {}
}
