package dev.duel.load;

import dev.duel.record.Histograms;
import dev.duel.record.load.LatencySummary;
import org.HdrHistogram.Histogram;

/**
 * When the load generator's own lag (behind its schedule in the open model, from a response to the next request in
 * the closed model) says it held the load back: its p99 is above the limit <em>and</em> at least
 * {@link #MIN_SAMPLES_OVER} requests really waited longer than the limit.
 *
 * <p>Why the count: the p99 of fewer than 500 samples rests on fewer than 5 values above it, and under 100 samples it is
 * the single worst one. A slow target in a short phase gives a few dozen samples (a fixture answering 46 requests/s
 * for 0.7 s: 30), where one scheduling delay of the machine, 1.4 ms once, would otherwise make the run invalid as
 * "the generator held its users back". Five requests over the limit is the least a claim about the generator rests
 * on; from 500 samples on, a p99 above the limit already implies it, so long runs are judged as before. Stateless.
 */
public final class LagLimit {
    /** Requests that must have waited longer than the limit before a p99 above it counts. */
    public static final int MIN_SAMPLES_OVER = 5;

    private LagLimit() {}

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
