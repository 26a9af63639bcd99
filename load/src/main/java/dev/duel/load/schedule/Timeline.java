package dev.duel.load.schedule;

import dev.duel.record.Phase;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The phase boundaries of one run as absolute clock readings in nanoseconds, so that the phase of
 * any moment is a pure function of that moment: {@link #phaseAt(long)}.
 *
 * <p>Phased runs know every boundary up front: warm-up [start, start+W), gap [.., +G), main
 * [.., +D), then ended. Windowed runs send load from the start and learn where main begins only
 * when the first correct response arrives ({@link #anchorMain(long)}); main then lasts the total
 * window length. Every run can be ended early with {@link #endAt(long)}.
 *
 * <p>Thread-safe: boundaries that are set later are published through atomics.
 */
public final class Timeline {
    private static final long UNSET = Long.MAX_VALUE;

    private final long startNanos;
    private final long warmupEndNanos;
    private final long mainNanos;
    private final boolean windowed;
    private final AtomicLong mainStartNanos;
    private final AtomicLong endNanos;

    private Timeline(long startNanos, long warmupEndNanos, long mainStartNanos, long mainNanos, boolean windowed) {
        this.startNanos = startNanos;
        this.warmupEndNanos = warmupEndNanos;
        this.mainNanos = mainNanos;
        this.windowed = windowed;
        this.mainStartNanos = new AtomicLong(mainStartNanos);
        this.endNanos = new AtomicLong(mainStartNanos == UNSET ? UNSET : mainStartNanos + mainNanos);
    }

    public static Timeline phased(long startNanos, long warmupNanos, long gapNanos, long mainNanos) {
        if (warmupNanos < 0 || gapNanos < 0 || mainNanos <= 0) {
            throw new IllegalArgumentException("phases need warmup >= 0, gap >= 0, main > 0");
        }
        long warmupEnd = startNanos + warmupNanos;
        return new Timeline(startNanos, warmupEnd, warmupEnd + gapNanos, mainNanos, false);
    }

    /** A run whose main phase of {@code mainNanos} starts right after the first correct response. */
    public static Timeline windowed(long startNanos, long mainNanos) {
        if (mainNanos <= 0) {
            throw new IllegalArgumentException("windows need a positive total length");
        }
        return new Timeline(startNanos, UNSET, UNSET, mainNanos, true);
    }

    /**
     * Windowed runs: fixes the start of main at {@code nanos} if it is not fixed yet.
     *
     * @return true if this call fixed it
     */
    public boolean anchorMain(long nanos) {
        if (!windowed || !mainStartNanos.compareAndSet(UNSET, nanos)) {
            return false;
        }
        endNanos.accumulateAndGet(nanos + mainNanos, Math::min);
        return true;
    }

    /** Ends the run at {@code nanos} at the latest (a user's stop, or no first answer in time). */
    public void endAt(long nanos) {
        endNanos.accumulateAndGet(nanos, Math::min);
    }

    public Phase phaseAt(long nanos) {
        if (nanos >= endNanos.get()) {
            return Phase.ENDED;
        }
        long mainStart = mainStartNanos.get();
        if (windowed) {
            // The first correct response itself (at mainStart) closes the warm-up.
            return mainStart != UNSET && nanos > mainStart ? Phase.MAIN : Phase.WARMUP;
        }
        if (nanos < warmupEndNanos) {
            return Phase.WARMUP;
        }
        return nanos < mainStart ? Phase.GAP : Phase.MAIN;
    }

    /** When load may next be sent after {@code nanos}: the start of main, or never. */
    public long nextLoadStartNanos(long nanos) {
        Phase phase = phaseAt(nanos);
        if (phase.sendsLoad()) {
            return nanos;
        }
        return phase == Phase.GAP ? mainStartNanos.get() : UNSET;
    }

    public boolean windowed() {
        return windowed;
    }

    public long startNanos() {
        return startNanos;
    }

    /** The start of main, or {@link Long#MAX_VALUE} while a windowed run has not been anchored. */
    public long mainStartNanos() {
        return mainStartNanos.get();
    }

    public boolean mainAnchored() {
        return mainStartNanos.get() != UNSET;
    }

    /** The end of the run, or {@link Long#MAX_VALUE} while not yet known. */
    public long endNanos() {
        return endNanos.get();
    }

    public long mainNanos() {
        return mainNanos;
    }

    /** Length of warm-up in nanoseconds; for a windowed run, the time to the first correct response. */
    public long warmupNanos() {
        long end = windowed ? mainStartNanos.get() : warmupEndNanos;
        return end == UNSET ? 0 : end - startNanos;
    }

    public long gapNanos() {
        return windowed ? 0 : mainStartNanos.get() - warmupEndNanos;
    }
}
