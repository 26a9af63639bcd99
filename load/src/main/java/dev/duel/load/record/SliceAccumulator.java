package dev.duel.load.record;

import java.util.Arrays;

/**
 * One event loop's counts per slice of an interleaved main phase, by the slice its request was sent in: correct
 * responses, failures, and correct responses by tenth of the slice (to show whether a slice's first moments, after the
 * other side ran, cost anything). Requests in flight at a switch finish and count for the slice that sent them.
 * Confined to one event loop until {@link #add} merges it on the control thread after the loops have finished.
 */
public final class SliceAccumulator {
    public static final int TENTHS = 10;

    private long[] ok = new long[16];
    private long[] failures = new long[16];
    private long[] okByTenth = new long[16 * TENTHS];
    private int slices;

    /** A request sent in {@code slice}, at its {@code tenth}, ended correctly or not. */
    public void completed(long slice, int tenth, boolean correct) {
        int index = (int) slice;
        grow(index + 1);
        if (correct) {
            ok[index]++;
            okByTenth[index * TENTHS + tenth]++;
        } else {
            failures[index]++;
        }
    }

    /** Adds another loop's counts into these. */
    public void add(SliceAccumulator other) {
        grow(other.slices);
        for (int i = 0; i < other.slices; i++) {
            ok[i] += other.ok[i];
            failures[i] += other.failures[i];
        }
        for (int i = 0; i < other.slices * TENTHS; i++) {
            okByTenth[i] += other.okByTenth[i];
        }
    }

    /** Slices with a count so far: 1 + the highest slice index seen. */
    public int slices() {
        return slices;
    }

    public long ok(int slice) {
        return slice < slices ? ok[slice] : 0;
    }

    public long failures(int slice) {
        return slice < slices ? failures[slice] : 0;
    }

    public long okInTenth(int slice, int tenth) {
        return slice < slices ? okByTenth[slice * TENTHS + tenth] : 0;
    }

    private void grow(int needed) {
        if (needed > ok.length) {
            int size = Math.max(needed, ok.length * 2);
            ok = Arrays.copyOf(ok, size);
            failures = Arrays.copyOf(failures, size);
            okByTenth = Arrays.copyOf(okByTenth, size * TENTHS);
        }
        slices = Math.max(slices, needed);
    }
}
