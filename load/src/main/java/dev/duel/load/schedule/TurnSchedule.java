package dev.duel.load.schedule;

import dev.duel.load.Turns;
import dev.duel.record.Phase;

/**
 * A run's {@link Turns} on its {@link Timeline}: whether its side may send at a moment, when it may next send, and
 * which slice of main a request sent at a moment belongs to. A pure function of the moment and the time line, so that
 * the interleaving is tested on a manual clock.
 *
 * <p>An auto warm-up in turns may end earlier than planned ({@link Timeline#endWarmupAt}, always on a whole second of
 * the run): a side waiting for its next turn asks again at every whole second, so that it never sleeps past the start
 * of main. Thread-safe as the time line is; times are clock readings in nanoseconds.
 */
public final class TurnSchedule {
    private static final long SECOND_NANOS = 1_000_000_000L;

    private final Timeline timeline;
    private final Turns turns;

    public TurnSchedule(Timeline timeline, Turns turns) {
        this.timeline = timeline;
        this.turns = turns;
    }

    public Turns turns() {
        return turns;
    }

    /** Whether this side sends at {@code nanos}: its phase sends load and the turn there is its own. */
    public boolean holds(long nanos) {
        return switch (timeline.phaseAt(nanos)) {
            case WARMUP -> turns.holdsInWarmup(nanos - timeline.startNanos());
            case MAIN -> turns.holdsInMain(nanos - timeline.mainStartNanos());
            default -> false;
        };
    }

    /**
     * When this side should look again whether it may send, at or after {@code nanos} (a moment it does not hold): the
     * start of its next warm-up turn, or the next whole second of the run if sooner while warm-up's end may still
     * move; the start of its next slice in main; the start of main in the gap.
     */
    public long nextLookNanos(long nanos) {
        Phase phase = timeline.phaseAt(nanos);
        long start = timeline.startNanos();
        return switch (phase) {
            case WARMUP -> {
                long turn = start + turns.nextWarmupTurnNanos(nanos - start);
                if (timeline.warmupSettled()) {
                    yield Math.min(turn, start + timeline.warmupNanos());
                }
                long nextSecond = start + (Math.floorDiv(nanos - start, SECOND_NANOS) + 1) * SECOND_NANOS;
                yield Math.min(turn, nextSecond);
            }
            case GAP -> timeline.mainStartNanos();
            case MAIN -> {
                long mainStart = timeline.mainStartNanos();
                yield mainStart + turns.nextSliceNanos(nanos - mainStart);
            }
            default -> Long.MAX_VALUE;
        };
    }

    /** The slice of main a request sent at {@code sentNanos} belongs to, or -1 outside main or for a run made alone. */
    public long sliceOf(long sentNanos) {
        if (!turns.interleaved() || timeline.phaseAt(sentNanos) != Phase.MAIN) {
            return -1;
        }
        return turns.sliceAt(sentNanos - timeline.mainStartNanos());
    }

    /** The tenth (0 to 9) of its slice that {@code sentNanos} falls in; call with a moment of main. */
    public int tenthOf(long sentNanos) {
        long intoSlice = Math.floorMod(sentNanos - timeline.mainStartNanos(), turns.sliceNanos());
        return (int) Math.min(9, intoSlice * 10 / turns.sliceNanos());
    }
}
