package dev.duel.analysis;

import dev.duel.record.runtime.JfrWindow;
import dev.duel.record.runtime.RuntimeTimeline;
import dev.duel.record.runtime.ThreadCpuWindow;
import java.util.List;

/**
 * One run's runtime timeline ({@link RuntimeTimeline}) read against its steady state ({@link RunSteadyState}): what
 * the JIT cost until the run settled, and what the JIT and the GC took once it had. Both series count seconds since
 * the scenario's load began, so a window of the timeline is laid over the run's seconds directly.
 *
 * <ul>
 *   <li><b>Steady seconds</b> are the seconds of the run's requests/s series from its steady start on
 *       ({@link RunSteadyState#seconds}): loaded seconds only, so the gap (no load) and any second a phase edge cuts
 *       are left out, as they are from its steady requests/s.
 *   <li>A window counts in proportion to the part of it that lies in the seconds measured: a window of 1 s that
 *       overlaps a steady second by 0.4 s adds 40% of its CPU, pauses and allocation.
 *   <li>A value is given only when the windows cover at least {@link #MIN_COVERAGE} of the seconds it is over
 *       (a timeline that stopped early, or lost samples, gives none rather than a diluted one).
 *   <li>Allocation per request needs every window it reads to know its allocation and at least
 *       {@link #MIN_REQUESTS} correct responses in the steady seconds it covers.
 * </ul>
 *
 * A value that cannot be given is NaN; {@link #leftOut} says why the whole run gives none. Immutable; {@link #of} is
 * stateless.
 *
 * @param jitCpuMillisUntilSteady    C1 and C2 compiler threads' CPU from the start of the load to the steady start,
 *                                   milliseconds of CPU (0 for a run steady from its first second)
 * @param jitCpuShareAtSteady        C1 and C2 CPU over all of the target's CPU in the steady seconds, 0..1
 * @param gcThreadCpuShareAtSteady   GC threads' and VM thread's CPU over all of the target's CPU in the steady
 *                                   seconds, 0..1 (with Serial GC the collections run in the VM thread)
 * @param gcPauseShareAtSteady       with JFR: stop-the-world GC pause time over the wall time of the steady seconds
 *                                   the recording covers, 0..1; NaN without a recording
 * @param allocatedBytesPerRequest   with JFR: bytes allocated in the steady seconds over the correct responses in
 *                                   them, bytes per request; NaN without a recording or with too few responses
 * @param deoptimizationsPerSecond   with JFR: deoptimizations per second of the steady seconds; NaN without
 * @param gcPausesPerSecond          with JFR: stop-the-world GC pauses per second of the steady seconds (with the
 *                                   pause share, it tells many short collections, a small young generation, from
 *                                   few long ones); NaN without
 * @param steadySeconds              how many steady seconds the values are over; 0 without a steady state
 * @param leftOut                    why the run gives no steady-state value at all, or {@link LeftOut#NONE}
 */
public record RunRuntime(
        double jitCpuMillisUntilSteady,
        double jitCpuShareAtSteady,
        double gcThreadCpuShareAtSteady,
        double gcPauseShareAtSteady,
        double allocatedBytesPerRequest,
        double deoptimizationsPerSecond,
        double gcPausesPerSecond,
        int steadySeconds,
        LeftOut leftOut) {

    /** Windows must cover at least this share of the seconds a value is over. */
    public static final double MIN_COVERAGE = 0.9;

    /** Fewer correct responses than this in the covered steady seconds, and allocation per request is not given. */
    public static final long MIN_REQUESTS = 1_000;

    /** Why a run gives no runtime value. */
    public enum LeftOut {
        /** The run gives values (each may still be NaN: see the components). */
        NONE,
        /** The target ran without a timeline ({@code profile: none}, not a JVM, a record before schema 5). */
        NO_TIMELINE,
        /** The run never reached a steady state: there are no steady seconds to read. */
        NEVER_STEADY,
        /** The timeline's windows cover less than {@link #MIN_COVERAGE} of the steady seconds. */
        NOT_COVERED
    }

    /** A run that gives nothing, for {@code why}. */
    static RunRuntime none(LeftOut why) {
        return new RunRuntime(
                Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, 0, why);
    }

    /**
     * @param timeline the run's timeline in the scenario; null when it has none
     * @param steady   the run's steady state in the same scenario
     */
    public static RunRuntime of(RuntimeTimeline timeline, RunSteadyState steady) {
        if (timeline == null || timeline.threads().isEmpty()) {
            return none(LeftOut.NO_TIMELINE);
        }
        if (!steady.steady()) {
            return none(LeftOut.NEVER_STEADY);
        }
        int[] seconds = steady.seconds();
        double[] ok = steady.requestsPerSecond();
        int from = 0;
        while (from < seconds.length && seconds[from] < steady.steadyStartSecond()) {
            from++;
        }
        int count = seconds.length - from;
        int[] steadySeconds = java.util.Arrays.copyOfRange(seconds, from, seconds.length);
        double[] steadyOk = java.util.Arrays.copyOfRange(ok, from, ok.length);

        List<ThreadCpuWindow> threads = timeline.threads();
        double threadCovered = 0;
        double jit = 0;
        double gc = 0;
        double total = 0;
        for (ThreadCpuWindow w : threads) {
            double inSteady = overlap(w.startSeconds(), w.seconds(), steadySeconds);
            threadCovered += inSteady;
            double share = w.seconds() > 0 ? inSteady / w.seconds() : 0;
            jit += share * w.jitCpuMillis();
            gc += share * (w.gcCpuMillis() + w.vmThreadCpuMillis());
            total += share * w.totalCpuMillis();
        }
        if (count == 0 || threadCovered < MIN_COVERAGE * count) {
            return none(LeftOut.NOT_COVERED);
        }
        double untilSteady = jitUntil(threads, steady.steadyStartSecond());

        double pauseShare = Double.NaN;
        double perRequest = Double.NaN;
        double deoptsPerSecond = Double.NaN;
        double pausesPerSecond = Double.NaN;
        if (timeline.jfr() != null && !timeline.jfr().isEmpty()) {
            double jfrCovered = 0;
            double pauseMillis = 0;
            double allocated = 0;
            double deopts = 0;
            double pauses = 0;
            boolean allocationKnown = true;
            for (JfrWindow w : timeline.jfr()) {
                double inSteady = overlap(w.startSeconds(), w.seconds(), steadySeconds);
                if (inSteady <= 0) {
                    continue;
                }
                jfrCovered += inSteady;
                double share = w.seconds() > 0 ? inSteady / w.seconds() : 0;
                pauseMillis += share * w.gcPauseMillis();
                deopts += share * w.deoptimizations();
                pauses += share * w.gcPauses();
                if (w.allocatedBytes() < 0) {
                    allocationKnown = false;
                } else {
                    allocated += share * w.allocatedBytes();
                }
            }
            if (jfrCovered >= MIN_COVERAGE * count) {
                pauseShare = pauseMillis / (jfrCovered * 1000);
                deoptsPerSecond = deopts / jfrCovered;
                pausesPerSecond = pauses / jfrCovered;
                double requests = 0;
                for (int i = 0; i < count; i++) {
                    // The requests of the part of each second the recording covers, taken as spread evenly.
                    double covered = 0;
                    for (JfrWindow w : timeline.jfr()) {
                        covered += overlap(w.startSeconds(), w.seconds(), steadySeconds[i], steadySeconds[i] + 1);
                    }
                    requests += steadyOk[i] * Math.min(1, covered);
                }
                if (allocationKnown && requests >= MIN_REQUESTS) {
                    perRequest = allocated / requests;
                }
            }
        }
        return new RunRuntime(
                untilSteady,
                total > 0 ? jit / total : Double.NaN,
                total > 0 ? gc / total : Double.NaN,
                pauseShare,
                perRequest,
                deoptsPerSecond,
                pausesPerSecond,
                count,
                LeftOut.NONE);
    }

    /** C1 and C2 CPU over [0, steadyStart), milliseconds; NaN when the windows cover too little of it. */
    private static double jitUntil(List<ThreadCpuWindow> threads, int steadyStart) {
        if (steadyStart <= 0) {
            return 0;
        }
        double covered = 0;
        double jit = 0;
        for (ThreadCpuWindow w : threads) {
            double in = overlap(w.startSeconds(), w.seconds(), 0, steadyStart);
            covered += in;
            jit += w.seconds() > 0 ? in / w.seconds() * w.jitCpuMillis() : 0;
        }
        return covered >= MIN_COVERAGE * steadyStart ? jit : Double.NaN;
    }

    /** Seconds of the window [start, start + length) that lie in the whole seconds given ([s, s + 1) each). */
    static double overlap(double start, double length, int[] seconds) {
        double sum = 0;
        for (int s : seconds) {
            sum += overlap(start, length, s, s + 1);
        }
        return sum;
    }

    /** Seconds of the window [start, start + length) that lie in [from, to). */
    static double overlap(double start, double length, double from, double to) {
        return Math.max(0, Math.min(start + length, to) - Math.max(start, from));
    }
}
