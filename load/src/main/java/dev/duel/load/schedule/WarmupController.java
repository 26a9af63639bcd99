package dev.duel.load.schedule;

import dev.duel.load.WarmupJudge;
import dev.duel.record.load.WarmupEnd;
import dev.duel.record.load.WarmupMode;
import java.util.Arrays;

/**
 * Ends a warm-up until steady at run time: fed each full second of the run as it is merged, it asks
 * the {@link WarmupJudge} after every {@link WarmupJudge#CHECK_EVERY_SECONDS} seconds of warm-up,
 * and once the judge says steady it ends warm-up on the {@link Timeline} at the first whole second of
 * the run at least {@link #NOTICE_NANOS} after the decision. Ending on a whole second keeps each
 * second of the per-second series in one phase; the notice keeps the end ahead of any moment an
 * event loop may already have asked the phase of. If the judge never says steady, the timeline's
 * cap ends warm-up. For a fixed warm-up it only reports how warm-up ended.
 *
 * <p>A minimum warm-up is a floor under the judge: it is still asked every {@link WarmupJudge#CHECK_EVERY_SECONDS}
 * seconds (its half-width feeds the progress line), but a steady verdict at a check before the minimum is not acted
 * on; the first check at or after the minimum whose verdict is steady ends warm-up, at the first whole second at
 * least {@link #NOTICE_NANOS} after it, as without a floor. With a minimum of 36 s and checks every 2 s, a judge
 * steady from second 10 ends warm-up at 37 s (the check at 36 s, merged just after 36 s).
 *
 * <p>Confined to the engine's control thread. Times are clock readings in nanoseconds.
 */
public final class WarmupController {
    /** Least time between the judge's decision and the end of warm-up it sets: 100 ms. */
    public static final long NOTICE_NANOS = 100_000_000L;

    private static final long SECOND_NANOS = 1_000_000_000L;

    private final Timeline timeline;
    private final WarmupJudge judge;
    private final long minWarmupNanos;
    private double[] okPerSecond = new double[16];
    private int seconds;
    private boolean steady;
    private Integer steadySinceSecond;
    private Double relativeHalfWidth;

    /** No minimum warm-up: the first steady verdict ends warm-up. */
    public WarmupController(Timeline timeline, WarmupJudge judge) {
        this(timeline, judge, 0);
    }

    /** @param minWarmupNanos the least an auto warm-up lasts, from the run's start; 0 for none */
    public WarmupController(Timeline timeline, WarmupJudge judge, long minWarmupNanos) {
        if (minWarmupNanos < 0) {
            throw new IllegalArgumentException("minimum warm-up cannot be negative, got " + minWarmupNanos + " ns");
        }
        this.timeline = timeline;
        this.judge = judge;
        this.minWarmupNanos = minWarmupNanos;
    }

    /**
     * The second {@code index} of the run ([index, index + 1) s from its start) has been merged, with {@code ok} correct
     * responses; it is now {@code nowNanos}. Seconds come in order, each once.
     */
    public void onSecond(int index, long ok, long nowNanos) {
        onSecond(index, ok, () -> nowNanos);
    }

    /**
     * As above, with the clock read after the judge answered: a judge that waits (a load agent's, for its
     * coordinator's judgement of the merged series) must not end warm-up at a second that passed while it waited.
     */
    public void onSecond(int index, long ok, java.util.function.LongSupplier now) {
        if (!awaitingSteady() || index != seconds) {
            return;
        }
        long secondEndNanos = timeline.startNanos() + (index + 1L) * SECOND_NANOS;
        if (secondEndNanos > warmupEndNanos()) {
            return; // past the cap: that second is not warm-up
        }
        if (seconds == okPerSecond.length) {
            okPerSecond = Arrays.copyOf(okPerSecond, seconds * 2);
        }
        okPerSecond[seconds++] = ok;
        if (seconds % WarmupJudge.CHECK_EVERY_SECONDS != 0) {
            return;
        }
        WarmupJudge.Decision decision = judge.judge(Arrays.copyOf(okPerSecond, seconds));
        relativeHalfWidth = decision.relativeHalfWidth();
        if (!decision.steady() || (long) seconds * SECOND_NANOS < minWarmupNanos) {
            return; // a verdict before the minimum: the series may still change (a JIT recompilation, say)
        }
        steady = true;
        steadySinceSecond = decision.steadySinceSecond();
        long sinceStart = now.getAsLong() + NOTICE_NANOS - timeline.startNanos();
        long wholeSecond =
                timeline.startNanos() + Math.floorDiv(sinceStart + SECOND_NANOS - 1, SECOND_NANOS) * SECOND_NANOS;
        // A decision so late that the next whole second is the cap: the cap ends warm-up, steady all the same.
        timeline.endWarmupAt(wholeSecond);
    }

    /** True while an auto warm-up waits for the judge: the progress line says so. */
    public boolean awaitingSteady() {
        return timeline.warmupUntilSteady() && !steady && !timeline.warmupSettled();
    }

    /** The judge's last relative 95% half-width (a fraction), or null before it gave one. */
    public Double relativeHalfWidth() {
        return relativeHalfWidth;
    }

    private long warmupEndNanos() {
        return timeline.startNanos() + timeline.warmupNanos();
    }

    /** How warm-up ended; call once the run is over. */
    public WarmupEnd end() {
        WarmupMode mode = timeline.warmupUntilSteady() ? WarmupMode.AUTO : WarmupMode.FIXED;
        long endNanos = timeline.endNanos();
        if (endNanos < warmupEndNanos()) {
            return new WarmupEnd(
                    mode,
                    WarmupEnd.Reason.STOPPED,
                    millis(Math.max(0, endNanos - timeline.startNanos())),
                    null,
                    relativeHalfWidth);
        }
        double endedAtMillis = millis(timeline.warmupNanos());
        if (mode == WarmupMode.FIXED) {
            return new WarmupEnd(mode, WarmupEnd.Reason.FIXED_LENGTH, endedAtMillis, null, null);
        }
        if (steady) {
            return new WarmupEnd(
                    mode, WarmupEnd.Reason.STEADY, endedAtMillis, steadySinceSecond * 1_000.0, relativeHalfWidth);
        }
        return new WarmupEnd(mode, WarmupEnd.Reason.CAP, endedAtMillis, null, relativeHalfWidth);
    }

    private static double millis(long nanos) {
        return nanos / 1e6;
    }
}
