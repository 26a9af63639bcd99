package dev.duel.load;

import dev.duel.record.Histograms;
import dev.duel.record.load.LatencySummary;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * Whose doing the load generator's own lag was (behind its schedule in the open model, from a response to the next
 * request in the closed model): nobody's while its p99 stays within the limit; the generator's when the p99 is above
 * the limit, at least {@link #MIN_SAMPLES_OVER} requests really waited longer, <em>and</em> an event loop was busy at
 * least {@link #MIN_LOOP_BUSY} of main; the machine's when the loops were idler than that.
 *
 * <p>Why the count: the p99 of fewer than 500 samples rests on fewer than 5 values above it, and under 100 samples it is
 * the single worst one. A slow target in a short phase gives a few dozen samples (a fixture answering 46 requests/s
 * for 0.7 s: 30), where one scheduling delay of the machine, 1.4 ms once, would otherwise make the run invalid as
 * "the generator held its users back". Five requests over the limit is the least a claim about the generator rests
 * on; from 500 samples on, a p99 above the limit already implies it, so long runs are judged as before.
 *
 * <p>Why the busy loop: a loop holds a request back only while it works on something else when the request falls due,
 * and work in pieces of microseconds (a response read, a request written) delays a request by a millisecond only when
 * the pieces queue for that long, which takes a loop near its limit. A loop idle most of main wakes late only because
 * the machine woke it late (a timer's slack, a vCPU the host did not run, a host at half speed): on a 2-vCPU VM an open
 * model at 150 requests/s had a p99 lag of 1.29 ms, 12 of 899 requests over 1 ms, and with builds running beside it
 * 4.5-17 ms, 42-80 of 900 over, while its two event loops were busy 2.5-4.7% of main. That delay
 * is the machine's jitter, which slows the target as much as the generator, not a generator at its limit; it stays in
 * the record (the lag summary, and the engine's warning) but does not make the run the generator's fault. Stateless.
 */
public final class LagLimit {
    /** Requests that must have waited longer than the limit before a p99 above it counts. */
    public static final int MIN_SAMPLES_OVER = 5;

    /**
     * Share of main the busiest event loop must have been busy (its thread's CPU time over main's wall time) for lag
     * over the limit to be the generator's: half (see the class). Below it, lag over the limit is the machine's; the
     * loops' own saturation has its finding at 90%.
     */
    public static final double MIN_LOOP_BUSY = 0.5;

    /** Whose doing a lag was. */
    public enum Cause {
        /** Within the limit, or too few requests over it to say. */
        NONE,
        /** Over the limit while no event loop was busy enough to hold requests back: the machine woke the loops late. */
        MACHINE,
        /** Over the limit with an event loop busy {@link #MIN_LOOP_BUSY} of main or more: the generator held it back. */
        GENERATOR
    }

    private LagLimit() {}

    /**
     * Whose doing {@code lag} was, judged against {@code limitMicros} and the event loops' busy shares of main.
     *
     * @param loopBusy each event loop's busy share of main, 0..1 (empty when main was not measured: the machine's)
     */
    public static Cause cause(LatencySummary lag, double limitMicros, List<Double> loopBusy) {
        if (!exceeded(lag, limitMicros)) {
            return Cause.NONE;
        }
        return busiest(loopBusy) >= MIN_LOOP_BUSY ? Cause.GENERATOR : Cause.MACHINE;
    }

    /** The largest of {@code loopBusy}, 0 for none (or null, from a record that lacks them). */
    public static double busiest(List<Double> loopBusy) {
        return loopBusy == null
                ? 0
                : loopBusy.stream().mapToDouble(Double::doubleValue).max().orElse(0);
    }

    /** True when {@code lag}'s p99 exceeds {@code limitMicros} and enough requests waited longer (see the class). */
    public static boolean exceeded(LatencySummary lag, double limitMicros) {
        if (lag == null || lag.count() == 0 || lag.p99Micros() <= limitMicros) {
            return false;
        }
        long over = samplesOver(lag, limitMicros);
        return over < 0 || over >= MIN_SAMPLES_OVER;
    }

    /**
     * How many of {@code lag}'s samples exceed {@code limitMicros}, from its histogram (to the histogram's precision,
     * 3 significant digits); -1 when the summary carries no histogram, as some older records do.
     */
    public static long samplesOver(LatencySummary lag, double limitMicros) {
        if (lag.histogram() == null || lag.histogram().isEmpty()) {
            return -1;
        }
        Histogram histogram = Histograms.decode(lag.histogram());
        long limitNanos = (long) Math.floor(limitMicros * 1_000);
        long atOrUnder = histogram.getCountBetweenValues(0, limitNanos);
        return Math.max(0, histogram.getTotalCount() - atOrUnder);
    }
}
