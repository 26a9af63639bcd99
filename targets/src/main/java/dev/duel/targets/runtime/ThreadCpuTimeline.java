package dev.duel.targets.runtime;

import dev.duel.record.runtime.ThreadCpuWindow;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Turns consecutive {@link ThreadCpuSample}s into {@link ThreadCpuWindow}s: each window is the difference
 * between two samples, thread by thread. Stateless.
 *
 * <p>A thread in the later sample but not in the earlier one counts from 0: every sample lists every
 * living thread, so a thread missing from the earlier one started after it (thread ids are not reused
 * within a second), and all its CPU falls in the window. A thread in the earlier sample only ended in the
 * window: its CPU since the earlier sample is not in any thread reading, and shows as {@code lostCpuMillis}
 * (the process's total still counts it). {@code lostCpuMillis} is clamped at 0: the process's total is read
 * a few microseconds after its threads, which can leave the difference a tick below 0.
 */
public final class ThreadCpuTimeline {
    private ThreadCpuTimeline() {}

    /**
     * @param samples        in the order they were taken
     * @param originNanos    0 s of the time axis, same clock as the samples
     * @param ticksPerSecond the samples' ticks
     */
    public static List<ThreadCpuWindow> windows(List<ThreadCpuSample> samples, long originNanos, long ticksPerSecond) {
        double millisPerTick = 1_000.0 / ticksPerSecond;
        List<ThreadCpuWindow> windows = new ArrayList<>();
        for (int i = 1; i < samples.size(); i++) {
            ThreadCpuSample before = samples.get(i - 1);
            ThreadCpuSample after = samples.get(i);
            long[] ticks = new long[ThreadKind.values().length];
            long threadTicks = 0;
            for (Map.Entry<Long, ThreadCpuSample.Thread> thread :
                    after.threads().entrySet()) {
                ThreadCpuSample.Thread earlier = before.threads().get(thread.getKey());
                long used = thread.getValue().ticks() - (earlier == null ? 0 : earlier.ticks());
                ticks[thread.getValue().kind().ordinal()] += used;
                threadTicks += used;
            }
            long lost = Math.max(0, after.processTicks() - before.processTicks() - threadTicks);
            windows.add(new ThreadCpuWindow(
                    (before.atNanos() - originNanos) / 1e9,
                    (after.atNanos() - before.atNanos()) / 1e9,
                    ticks[ThreadKind.C1.ordinal()] * millisPerTick,
                    ticks[ThreadKind.C2.ordinal()] * millisPerTick,
                    ticks[ThreadKind.GC.ordinal()] * millisPerTick,
                    ticks[ThreadKind.VM_THREAD.ordinal()] * millisPerTick,
                    ticks[ThreadKind.OTHER.ordinal()] * millisPerTick,
                    lost * millisPerTick));
        }
        return windows;
    }
}
