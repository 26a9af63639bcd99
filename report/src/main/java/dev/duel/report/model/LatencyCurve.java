package dev.duel.report.model;

import dev.duel.record.Histograms;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * The latency percentile curve of one target (HdrHistogram style): the main-phase histograms of its
 * valid runs merged, read at fixed percentiles. Values in the records are nanoseconds. Stateless.
 */
public final class LatencyCurve {
    /** Percentiles read off the merged histogram; the x axis of the chart is 1 / (1 - p). */
    public static final double[] PERCENTILES = {0, 25, 50, 75, 90, 95, 99, 99.5, 99.9, 99.95, 99.99, 99.999};

    /** One point: percentile (0-100) and latency in microseconds. */
    public record Point(double percentile, double micros) {}

    private LatencyCurve() {}

    /** Empty when no histogram was recorded; percentiles beyond what the samples can tell are left out. */
    public static List<Point> of(List<String> encodedHistograms) {
        Histogram merged = null;
        for (String encoded : encodedHistograms) {
            if (encoded == null || encoded.isEmpty()) {
                continue;
            }
            try {
                Histogram histogram = Histograms.decode(encoded);
                if (merged == null) {
                    merged = histogram;
                } else {
                    merged.add(histogram);
                }
            } catch (IllegalArgumentException e) {
                // A damaged histogram only costs this chart its run; the tables use the recorded percentiles.
            }
        }
        List<Point> points = new ArrayList<>();
        if (merged == null || merged.getTotalCount() == 0) {
            return points;
        }
        long count = merged.getTotalCount();
        for (double p : PERCENTILES) {
            // A percentile needs about 1 / (1 - p) samples behind it to mean anything.
            if (p > 0 && count * (1 - p / 100) < 1) {
                break;
            }
            points.add(new Point(p, merged.getValueAtPercentile(p) / 1_000.0));
        }
        return points;
    }
}
