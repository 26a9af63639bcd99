package dev.duel.suite.run;

import dev.duel.load.StartGate;
import dev.duel.load.WarmupJudge;

/**
 * What keeps the two loads of one duet scenario on the same seconds: both time lines begin at one instant (the later
 * side's engine ready), and an auto warm-up ends for both at the check where both sides' judges say steady (the later
 * decides; the earlier side keeps warming up, and keeps being measured, meanwhile). Each side's judge sees its own
 * series only. A side whose load ends or fails {@link #leave}s: the other then goes on alone instead of waiting.
 *
 * <p>Both engines check their warm-up after the same second (their time lines began together), so a side waits for
 * its partner's verdict on that second for at most {@link #PARTNER_WAIT_MILLIS}: a partner later than that is taken as
 * not steady yet, and the side checks again two seconds on. Thread-safe: each side calls from its own engine's control
 * thread.
 */
final class DuetLoad {
    /** How long a side waits at the start for its partner's engine to be ready, at most. */
    static final long START_WAIT_MILLIS = 30_000;
    /** How long a side's judge waits for its partner's verdict on the same second, at most. */
    static final long PARTNER_WAIT_MILLIS = 1_500;

    private final WarmupJudge judge;
    private final boolean[] arrived = new boolean[2];
    private final boolean[] left = new boolean[2];
    /** Each side's latest verdict, and how many seconds of its series it judged. */
    private final WarmupJudge.Decision[] verdicts = new WarmupJudge.Decision[2];

    private final int[] judgedSeconds = new int[2];

    /** @param judge each side's own judge of its own series (the engine's stopping rule) */
    DuetLoad(WarmupJudge judge) {
        this.judge = judge;
    }

    /** Side {@code side}'s (0 or 1) start: returns when the partner's engine is ready too, or has left. */
    StartGate gate(int side) {
        return () -> {
            synchronized (this) {
                arrived[side] = true;
                notifyAll();
                long deadline = System.nanoTime() + START_WAIT_MILLIS * 1_000_000;
                while (!arrived[1 - side] && !left[1 - side]) {
                    long waitMillis = (deadline - System.nanoTime()) / 1_000_000;
                    if (waitMillis <= 0) {
                        return; // the partner never got ready: this side's seconds will have no partner's beside them
                    }
                    wait(waitMillis);
                }
            }
        };
    }

    /** Side {@code side}'s judge: steady when its own series is and its partner's is at the same check. */
    WarmupJudge judge(int side) {
        return okPerSecond -> {
            WarmupJudge.Decision own = judge.judge(okPerSecond);
            WarmupJudge.Decision partner;
            synchronized (this) {
                verdicts[side] = own;
                judgedSeconds[side] = okPerSecond.length;
                notifyAll();
                long deadline = System.nanoTime() + PARTNER_WAIT_MILLIS * 1_000_000;
                try {
                    while (!left[1 - side] && judgedSeconds[1 - side] < okPerSecond.length) {
                        long waitMillis = (deadline - System.nanoTime()) / 1_000_000;
                        if (waitMillis <= 0) {
                            break;
                        }
                        wait(waitMillis);
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                partner = left[1 - side]
                        ? null
                        : judgedSeconds[1 - side] >= okPerSecond.length
                                ? verdicts[1 - side]
                                : WarmupJudge.Decision.notYet(null, "no verdict yet");
            }
            if (!own.steady() || partner == null || partner.steady()) {
                return own;
            }
            return WarmupJudge.Decision.notYet(
                    own.relativeHalfWidth(), "steady; waiting for the duet partner to settle (" + partner.why() + ")");
        };
    }

    /** Side {@code side}'s load ended or failed: its partner no longer waits for it. */
    synchronized void leave(int side) {
        left[side] = true;
        notifyAll();
    }
}
