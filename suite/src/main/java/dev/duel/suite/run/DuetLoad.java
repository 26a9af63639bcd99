package dev.duel.suite.run;

import dev.duel.load.StartGate;
import dev.duel.load.WarmupJudge;

/**
 * What keeps the two loads of one paired scenario (a duet, or an interleaved pair) on the same seconds: both time lines
 * begin at one instant (the later side's engine ready; both engines take that instant as their 0 s, so that an
 * interleaved pair's two engines hand the load over at the same instants), and an auto warm-up ends for both at the
 * check where both sides' judges say steady (the later decides, a side once steady staying so; the earlier side keeps warming up, and keeps being
 * measured, meanwhile). Each side's judge sees its own series only: where the two warm up in turns, only the seconds in
 * which the side held the load all through. A side whose load ends or fails {@link #leave}s: the other then goes on
 * alone instead of waiting.
 *
 * <p>A side is steady by its own series only once its JIT compiler has gone quiet too ({@link #compilerQuiet}): a
 * plateau that a compiler still working on a tenth or more of the side's CPU sits on is a pause in a climb, not its end.
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

    /**
     * The seconds of wall time, up to the judge's check, over which a side's compiler must have been quiet, where none
     * is given: the engine's stable length (10 s), which in turns covers the side's own seconds and its partner's alike
     * (a side compiles in both).
     */
    static final double COMPILER_QUIET_SECONDS = 10;

    /** This pair's window for {@link #compilerQuiet}: its judge's stable length. */
    private final double compilerQuietSeconds;

    /**
     * The most of a side's CPU (its cores: its limit, or its CPUs) its JIT compiler may use over {@link
     * #COMPILER_QUIET_SECONDS} for the side to count as steady. A compiler using a share s of a CPU-bound side's CPU
     * leaves the application 1 - s of it, so when it is done the side serves at least s / (1 - s) more: at 0.05 that
     * is 5.3%, about the margin a comparison is judged in. Measured on Spring PetClinic in turns under 1 CPU
     * (2026-12-06): 0.10-0.25 of the core through the climb, 0.01-0.02 once the level was reached; /vets's seconds sat
     * on a plateau at 3,000-6,000 requests/s for 20-30 s, which the series judge called steady, while the compiler
     * still used 0.2, and then rose to 12,000-15,000 as it went quiet.
     */
    static final double COMPILER_QUIET_SHARE = 0.05;

    /**
     * The cores a side's JIT compiler used, on average, over the last {@code seconds} seconds (its C1 and C2 threads'
     * CPU over the wall time), or NaN while that is not known (nothing watched, too few readings).
     */
    @FunctionalInterface
    interface CompilerCores {
        double over(double seconds);

        /** Nothing watches the side's compiler (not a JVM, or its profile is none): its series alone decides. */
        CompilerCores UNKNOWN = seconds -> Double.NaN;
    }

    private final CompilerCores[] compilers = {CompilerCores.UNKNOWN, CompilerCores.UNKNOWN};
    private final double[] sideCores = {1, 1};

    private final boolean[] arrived = new boolean[2];
    /** The instant both engines were ready (System.nanoTime), once the later one arrived; 0 before. */
    private long startNanos;

    private boolean started;
    private final boolean[] left = new boolean[2];
    /** Each side's latest verdict, and how many seconds of its series it judged. */
    private final WarmupJudge.Decision[] verdicts = new WarmupJudge.Decision[2];

    private final int[] judgedSeconds = new int[2];

    /**
     * Each side's first steady verdict (its series and its compiler), kept while it waits for its partner: a side once
     * steady stays steady. Why: a flip of the host's speed after it settled moves its series by what the host-speed
     * correction gets wrong for a target not wholly bound by its own CPU (the demo's {@code /products/{id}}, partly the
     * database's: CPU 0 at 0.70x of its speed, requests/s at 0.84x), and the pair then needs both sides steady at
     * the same check again; in a demo both settled by 42 and 45 s and ran to the 75 s cap, never at once. A main that
     * moves after a warm-up that ended steady is the report's to mark (its steady-state analysis reads main).
     */
    private final WarmupJudge.Decision[] settled = new WarmupJudge.Decision[2];

    /** @param judge each side's own judge of its own series (the engine's stopping rule); both warm up at once */
    DuetLoad(WarmupJudge judge) {
        this(judge, 0, HostFactors.NONE);
    }

    /** With the engine's own compiler window ({@link #COMPILER_QUIET_SECONDS}). */
    DuetLoad(WarmupJudge judge, int warmupTurnSeconds, HostFactors hostFactors) {
        this(judge, warmupTurnSeconds, hostFactors, COMPILER_QUIET_SECONDS);
    }

    /**
     * @param warmupTurnSeconds whole seconds each side holds the load in turns through warm-up (side 0 first), or 0
     *                          where both warm up at once
     * @param compilerQuietSeconds the wall time, up to a check, over which a side's compiler must have been quiet for
     *                             it to count as steady: the judge's stable length
     */
    DuetLoad(WarmupJudge judge, int warmupTurnSeconds, HostFactors hostFactors, double compilerQuietSeconds) {
        if (warmupTurnSeconds < 0) {
            throw new IllegalArgumentException("a warm-up turn of 0 or more seconds, got " + warmupTurnSeconds);
        }
        this.judge = judge;
        this.warmupTurnSeconds = warmupTurnSeconds;
        this.hostFactors = hostFactors;
        this.compilerQuietSeconds = compilerQuietSeconds;
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

    /**
     * Side {@code side}'s compiler is watched by {@code compiler}, against its {@code cores} (its CPU limit, or its
     * CPUs): called when the side's measurement begins, before its first check.
     */
    synchronized void watchCompiler(int side, double cores, CompilerCores compiler) {
        if (!(cores > 0)) {
            throw new IllegalArgumentException("a side's cores are above 0, got " + cores);
        }
        sideCores[side] = cores;
        compilers[side] = compiler;
    }

    /**
     * Side {@code side}'s judge: steady when its own series is (or once was: {@link #settled}) and its partner's is at
     * the same check.
     */
    WarmupJudge judge(int side) {
        return okPerSecond -> {
            WarmupJudge.Decision own = ownDecision(side, okPerSecond);
            WarmupJudge.Decision partner;
            synchronized (this) {
                if (own.steady() && settled[side] == null) {
                    settled[side] = own;
                } else if (!own.steady() && settled[side] != null) {
                    own = settled[side];
                }
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
     * The side's own verdict: its series ({@link #seriesDecision}), then its compiler ({@link #compilerQuiet}).
     */
    private WarmupJudge.Decision ownDecision(int side, double[] okPerSecond) {
        WarmupJudge.Decision bySeries = seriesDecision(side, okPerSecond);
        return bySeries.steady() ? compilerQuiet(side, bySeries) : bySeries;
    }

    /**
     * A side whose series is steady, judged by its compiler: still steady when the compiler used at most {@link
     * #COMPILER_QUIET_SHARE} of the side's cores over the last {@link #compilerQuietSeconds}, or when that is not
     * known; otherwise not yet, saying so.
     */
    private WarmupJudge.Decision compilerQuiet(int side, WarmupJudge.Decision bySeries) {
        CompilerCores compiler;
        double cores;
        synchronized (this) {
            compiler = compilers[side];
            cores = sideCores[side];
        }
        double used = compiler.over(compilerQuietSeconds);
        if (!(used > COMPILER_QUIET_SHARE * cores)) {
            return bySeries; // quiet, or not known (NaN): the series decides
        }
        return WarmupJudge.Decision.notYet(
                bySeries.relativeHalfWidth(),
                String.format(
                        java.util.Locale.ROOT,
                        "steady requests/s, but its JIT compiler used %.2f of its %s core(s) over the last %.0f s"
                                + " (at most %.2f): still compiling",
                        used,
                        cores == Math.rint(cores) ? String.valueOf((long) cores) : String.valueOf(cores),
                        compilerQuietSeconds,
                        COMPILER_QUIET_SHARE * cores));
    }

    /**
     * The side's own judge on its own seconds: all of them where both warm up at once; where they warm up in turns, the
     * seconds it held the load all through (the others hold its requests' last answers, or nothing), its steady start
     * said on the run's own axis.
     */
    private WarmupJudge.Decision seriesDecision(int side, double[] okPerSecond) {
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
