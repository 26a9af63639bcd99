package dev.duel.load.schedule;

import dev.duel.record.Phase;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The phase boundaries of one run as absolute clock readings in nanoseconds, so that the phase of
 * any moment is a pure function of that moment: {@link #phaseAt(long)}.
 *
 * <p>Phased runs with a fixed warm-up know every boundary up front: warm-up [start, start+W), gap
 * [.., +G), main [.., +D), then ended. A warm-up until steady ({@link #untilSteady}) starts out as
 * a warm-up of its cap, and its end may be moved earlier once, at run time ({@link #endWarmupAt});
 * gap and main move with it and keep their lengths. Windowed runs send load from the start and
 * learn where main begins only when the first correct response arrives ({@link #anchorMain(long)});
 * main then lasts the total window length. Every run can be ended early with {@link #endAt(long)}.
 *
 * <p>A boundary set at run time must lie after every moment already asked about, so that no
 * moment ever changes phase: callers set it a little ahead of the clock (see {@code WarmupController}).
 *
 * <p>Thread-safe: boundaries that are set later are published together through atomics.
 */
public final class Timeline {
    private static final long UNSET = Long.MAX_VALUE;

    /** The end of warm-up and the start of main, replaced together; {@code settled} once they can no longer move. */
    private record Bounds(long warmupEndNanos, long mainStartNanos, boolean settled) {}

    private final long startNanos;
    private final long gapNanos;
    private final long mainNanos;
    private final boolean windowed;
    private final boolean untilSteady;
    private final AtomicReference<Bounds> bounds;
    private final AtomicLong stopNanos = new AtomicLong(UNSET);

    private Timeline(
            long startNanos, Bounds bounds, long gapNanos, long mainNanos, boolean windowed, boolean untilSteady) {
        this.startNanos = startNanos;
        this.gapNanos = gapNanos;
        this.mainNanos = mainNanos;
        this.windowed = windowed;
        this.untilSteady = untilSteady;
        this.bounds = new AtomicReference<>(bounds);
    }

    public static Timeline phased(long startNanos, long warmupNanos, long gapNanos, long mainNanos) {
        check(warmupNanos, gapNanos, mainNanos);
        long warmupEnd = startNanos + warmupNanos;
        return new Timeline(
                startNanos, new Bounds(warmupEnd, warmupEnd + gapNanos, true), gapNanos, mainNanos, false, false);
    }

    /**
     * A run whose warm-up lasts until {@link #endWarmupAt} ends it, or {@code maxWarmupNanos} at the latest; gap and
     * main follow it as in {@link #phased}.
     */
    public static Timeline untilSteady(long startNanos, long maxWarmupNanos, long gapNanos, long mainNanos) {
        check(maxWarmupNanos, gapNanos, mainNanos);
        long cap = startNanos + maxWarmupNanos;
        return new Timeline(startNanos, new Bounds(cap, cap + gapNanos, false), gapNanos, mainNanos, false, true);
    }

    private static void check(long warmupNanos, long gapNanos, long mainNanos) {
        if (warmupNanos < 0 || gapNanos < 0 || mainNanos <= 0) {
            throw new IllegalArgumentException("phases need warmup >= 0, gap >= 0, main > 0");
        }
    }

    /** A run whose main phase of {@code mainNanos} starts right after the first correct response. */
    public static Timeline windowed(long startNanos, long mainNanos) {
        if (mainNanos <= 0) {
            throw new IllegalArgumentException("windows need a positive total length");
        }
        return new Timeline(startNanos, new Bounds(UNSET, UNSET, false), 0, mainNanos, true, false);
    }

    /**
     * Windowed runs: fixes the start of main at {@code nanos} if it is not fixed yet.
     *
     * @return true if this call fixed it
     */
    public boolean anchorMain(long nanos) {
        if (!windowed) {
            return false;
        }
        Bounds unanchored = bounds.get();
        return !unanchored.settled() && bounds.compareAndSet(unanchored, new Bounds(nanos, nanos, true));
    }

    /**
     * Warm-up until steady: ends warm-up at {@code nanos} (gap and main follow), if its end is not settled yet and
     * {@code nanos} comes before the cap. {@code nanos} must lie after every moment anyone has asked the phase of.
     *
     * @return true if this call moved the end of warm-up
     */
    public boolean endWarmupAt(long nanos) {
        if (!untilSteady || nanos < startNanos) {
            return false;
        }
        Bounds open = bounds.get();
        if (open.settled() || nanos >= open.warmupEndNanos() || nanos >= stopNanos.get()) {
            return false;
        }
        return bounds.compareAndSet(open, new Bounds(nanos, nanos + gapNanos, true));
    }

    /** Ends the run at {@code nanos} at the latest (a user's stop, or no first answer in time). */
    public void endAt(long nanos) {
        stopNanos.accumulateAndGet(nanos, Math::min);
    }

    public Phase phaseAt(long nanos) {
        Bounds b = bounds.get();
        if (nanos >= end(b)) {
            return Phase.ENDED;
        }
        if (windowed) {
            // The first correct response itself (at mainStart) closes the warm-up.
            return b.mainStartNanos() != UNSET && nanos > b.mainStartNanos() ? Phase.MAIN : Phase.WARMUP;
        }
        if (nanos < b.warmupEndNanos()) {
            return Phase.WARMUP;
        }
        return nanos < b.mainStartNanos() ? Phase.GAP : Phase.MAIN;
    }

    private long end(Bounds b) {
        long planned = b.mainStartNanos() == UNSET ? UNSET : b.mainStartNanos() + mainNanos;
        return Math.min(planned, stopNanos.get());
    }

    /** When load may next be sent after {@code nanos}: the start of main, or never. */
    public long nextLoadStartNanos(long nanos) {
        Phase phase = phaseAt(nanos);
        if (phase.sendsLoad()) {
            return nanos;
        }
        return phase == Phase.GAP ? mainStartNanos() : UNSET;
    }

    public boolean windowed() {
        return windowed;
    }

    /** True for a warm-up that lasts until steady, with a cap ({@link #untilSteady}). */
    public boolean warmupUntilSteady() {
        return untilSteady;
    }

    /**
     * True once the end of warm-up can no longer move: always for a fixed warm-up, after {@link #endWarmupAt} for one
     * until steady, after {@link #anchorMain} for windows.
     */
    public boolean warmupSettled() {
        return bounds.get().settled();
    }

    public long startNanos() {
        return startNanos;
    }

    /** The start of main, or {@link Long#MAX_VALUE} while a windowed run has not been anchored. */
    public long mainStartNanos() {
        return bounds.get().mainStartNanos();
    }

    public boolean mainAnchored() {
        return bounds.get().mainStartNanos() != UNSET;
    }

    /** The end of the run, or {@link Long#MAX_VALUE} while not yet known. */
    public long endNanos() {
        return end(bounds.get());
    }

    public long mainNanos() {
        return mainNanos;
    }

    /**
     * Length of warm-up in nanoseconds (its cap while a warm-up until steady is not settled); for a windowed run, the
     * time to the first correct response.
     */
    public long warmupNanos() {
        long end = bounds.get().warmupEndNanos();
        return end == UNSET ? 0 : end - startNanos;
    }

    public long gapNanos() {
        return gapNanos;
    }
}
