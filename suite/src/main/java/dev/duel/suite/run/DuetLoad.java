package dev.duel.suite.run;

import dev.duel.load.StartGate;
import dev.duel.load.WarmupJudge;

/**
 * What keeps the two loads of one paired scenario (a duet, or an interleaved pair) on the same seconds: both time lines
 * begin at one instant (the later side's engine ready; both engines take that instant as their 0 s, so that an
 * interleaved pair's two engines hand the load over at the same instants), and an auto warm-up ends for both at the
 * check where both sides' judges say steady (the later decides; the earlier side keeps warming up, and keeps being
 * measured, meanwhile). Each side's judge sees its own series only: where the two warm up in turns, only the seconds in
 * which the side held the load all through. A side whose load ends or fails {@link #leave}s: the other then goes on
 * alone instead of waiting.
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
    /** Whole seconds of a warm-up turn, or 0 where both sides warm up at once. */
    private final int warmupTurnSeconds;
    /** The host's speed on the targets' CPUs, to take out of each side's series before its judge reads it. */
    private final HostFactors hostFactors;

    /**
     * For each of the first {@code seconds} seconds from {@code startNanos} (System.nanoTime), the factor that brings a
     * second's rate to the host's usual speed on the targets' CPUs: that usual speed over the second's (1 where it is
     * not known).
     */
    @FunctionalInterface
    interface HostFactors {
        double[] factors(long startNanos, int seconds);

        /** The host's speed is not known, or not to be taken out. */
        HostFactors NONE = (startNanos, seconds) -> {
            double[] ones = new double[seconds];
            java.util.Arrays.fill(ones, 1);
            return ones;
        };
    }

    private final boolean[] arrived = new boolean[2];
    /** The instant both engines were ready (System.nanoTime), once the later one arrived; 0 before. */
    private long startNanos;

    private boolean started;
    private final boolean[] left = new boolean[2];
    /** Each side's latest verdict, and how many seconds of its series it judged. */
    private final WarmupJudge.Decision[] verdicts = new WarmupJudge.Decision[2];

    private final int[] judgedSeconds = new int[2];

    /** @param judge each side's own judge of its own series (the engine's stopping rule); both warm up at once */
    DuetLoad(WarmupJudge judge) {
        this(judge, 0, HostFactors.NONE);
    }

    /**
     * @param warmupTurnSeconds whole seconds each side holds the load in turns through warm-up (side 0 first), or 0
     *                          where both warm up at once
     */
    DuetLoad(WarmupJudge judge, int warmupTurnSeconds, HostFactors hostFactors) {
        if (warmupTurnSeconds < 0) {
            throw new IllegalArgumentException("a warm-up turn of 0 or more seconds, got " + warmupTurnSeconds);
        }
        this.judge = judge;
        this.warmupTurnSeconds = warmupTurnSeconds;
        this.hostFactors = hostFactors;
    }

    /**
     * Side {@code side}'s (0 or 1) start: returns when the partner's engine is ready too, or has left; both then take
     * the instant the later one arrived as their time line's start.
     */
    StartGate gate(int side) {
        return new StartGate() {
            @Override
            public void await() throws InterruptedException {
                synchronized (DuetLoad.this) {
                    arrived[side] = true;
                    if (arrived[1 - side] && !started) {
                        started = true;
                        startNanos = System.nanoTime();
                    }
                    DuetLoad.this.notifyAll();
                    long deadline = System.nanoTime() + START_WAIT_MILLIS * 1_000_000;
                    while (!arrived[1 - side] && !left[1 - side]) {
                        long waitMillis = (deadline - System.nanoTime()) / 1_000_000;
                        if (waitMillis <= 0) {
                            return; // the partner never got ready: this side's seconds will have no partner's beside
                            // them
                        }
                        DuetLoad.this.wait(waitMillis);
                    }
                }
            }

            @Override
            public long startNanos(long readyNanos) {
                synchronized (DuetLoad.this) {
                    // Both engines read System.nanoTime (Clock.system): one clock, one time line.
                    return started ? startNanos : readyNanos;
                }
            }
        };
    }

    /** Side {@code side}'s judge: steady when its own series is and its partner's is at the same check. */
    WarmupJudge judge(int side) {
        return okPerSecond -> {
            WarmupJudge.Decision own = ownDecision(side, okPerSecond);
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

    /**
     * The side's own judge on its own seconds: all of them where both warm up at once; where they warm up in turns, the
     * seconds it held the load all through (the others hold its requests' last answers, or nothing), its steady start
     * said on the run's own axis.
     */
    private WarmupJudge.Decision ownDecision(int side, double[] okPerSecond) {
        long start;
        synchronized (this) {
            start = startNanos;
        }
        // A flip of the host's speed is the host's, not the side's: taken out, it does not restart the judge's count.
        double[] factors = hostFactors.factors(start, okPerSecond.length);
        double[] steadied = new double[okPerSecond.length];
        for (int i = 0; i < okPerSecond.length; i++) {
            steadied[i] = okPerSecond[i] * factors[i];
        }
        if (warmupTurnSeconds == 0) {
            return judge.judge(steadied);
        }
        int[] held = heldSeconds(side, okPerSecond.length, warmupTurnSeconds);
        double[] own = new double[held.length];
        for (int i = 0; i < held.length; i++) {
            own[i] = steadied[held[i]];
        }
        WarmupJudge.Decision decision = judge.judge(own);
        if (!decision.steady()) {
            return decision;
        }
        return new WarmupJudge.Decision(
                true, held[decision.steadySinceSecond()], decision.relativeHalfWidth(), decision.why());
    }

    /** The seconds among the first {@code seconds} that side {@code side} held all through, turns of {@code turn} s. */
    static int[] heldSeconds(int side, int seconds, int turn) {
        int[] held = new int[seconds];
        int count = 0;
        for (int second = 0; second < seconds; second++) {
            if ((second / turn) % 2 == side) {
                held[count++] = second;
            }
        }
        return java.util.Arrays.copyOf(held, count);
    }

    /** Side {@code side}'s load ended or failed: its partner no longer waits for it. */
    synchronized void leave(int side) {
        left[side] = true;
        notifyAll();
    }
}
