package dev.duel.record.load;

/**
 * Latency statistics of one set of requests, in microseconds, with the HDR histogram they came
 * from so that runs can be merged later.
 *
 * @param count       requests in the histogram
 * @param histogram   the HdrHistogram (values in nanoseconds, 1 us .. 1 h, 3 significant digits),
 *                    compressed and Base64-encoded as in HdrHistogram's log format; "" when empty
 */
public record LatencySummary(
        long count,
        double minMicros,
        double meanMicros,
        double stdDevMicros,
        double p50Micros,
        double p90Micros,
        double p95Micros,
        double p99Micros,
        double p999Micros,
        double p9999Micros,
        double maxMicros,
        String histogram) {

    public static final LatencySummary EMPTY = new LatencySummary(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, "");
}
