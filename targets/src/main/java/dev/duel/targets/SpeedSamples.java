package dev.duel.targets;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The host speed probe's samples on one CPU, newest last, in a ring of {@link #CAPACITY} (about three and a half hours
 * at ten a second): when each was taken, the speed it measured (work units per millisecond of the probe's own CPU
 * time) and the CPU time it took. Read as per-second medians over any window, so that a scenario's seconds, which
 * begin at any moment, get their own. Thread-safe: one sampler adds, any thread reads.
 */
final class SpeedSamples {
    static final int CAPACITY = 1 << 17;
    private static final long SECOND_NANOS = 1_000_000_000L;

    private final long[] atNanos = new long[CAPACITY];
    private final double[] unitsPerCpuMilli = new double[CAPACITY];
    private final long[] cpuNanos = new long[CAPACITY];
    private long added;

    /** A sample taken at {@code at} (a System.nanoTime reading): {@code units} of work in {@code cpu} ns of CPU. */
    synchronized void add(long at, long units, long cpu) {
        int slot = (int) (added % CAPACITY);
        atNanos[slot] = at;
        unitsPerCpuMilli[slot] = cpu > 0 ? units / (cpu / 1e6) : Double.NaN;
        cpuNanos[slot] = cpu;
        added++;
    }

    /**
     * For each of the {@code seconds} whole seconds from {@code fromNanos}, the median speed of the samples taken in
     * it, or null where none was (or it fell out of the ring).
     */
    synchronized List<Double> perSecond(long fromNanos, int seconds) {
        List<List<Double>> bins = new ArrayList<>();
        for (int s = 0; s < seconds; s++) {
            bins.add(new ArrayList<>());
        }
        long oldest = Math.max(0, added - CAPACITY);
        for (long i = oldest; i < added; i++) {
            int slot = (int) (i % CAPACITY);
            long since = atNanos[slot] - fromNanos;
            if (since < 0 || Double.isNaN(unitsPerCpuMilli[slot])) {
                continue;
            }
            long second = since / SECOND_NANOS;
            if (second < seconds) {
                bins.get((int) second).add(unitsPerCpuMilli[slot]);
            }
        }
        List<Double> medians = new ArrayList<>();
        for (List<Double> bin : bins) {
            medians.add(bin.isEmpty() ? null : median(bin));
        }
        return medians;
    }

    /** The probe's CPU time over [from, to) as a share of that time, 0..1. */
    synchronized double share(long fromNanos, long toNanos) {
        if (toNanos <= fromNanos) {
            return 0;
        }
        long used = 0;
        for (long i = Math.max(0, added - CAPACITY); i < added; i++) {
            int slot = (int) (i % CAPACITY);
            if (atNanos[slot] >= fromNanos && atNanos[slot] < toNanos) {
                used += cpuNanos[slot];
            }
        }
        return used / (double) (toNanos - fromNanos);
    }

    private static double median(List<Double> values) {
        double[] sorted = values.stream().mapToDouble(Double::doubleValue).toArray();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }
}
