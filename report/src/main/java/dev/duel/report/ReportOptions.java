package dev.duel.report;

import java.time.Duration;
import java.util.List;

/**
 * How a report is built. Immutable.
 *
 * @param baseline           the target others are compared with; null = the first target run
 * @param maxApart           runs further apart than this are not compared (the machine drifts)
 * @param allowDistant       compare anyway (distant runs, different environments) under a loud label
 * @param thresholds         more thresholds beside the suite's own
 * @param confidence         of the intervals, e.g. 0.95
 * @param maxThrottledShare  a side throttled in more than this share of CFS periods gets a warning, and its rows no verdict
 */
public record ReportOptions(
        String baseline,
        Duration maxApart,
        boolean allowDistant,
        List<String> thresholds,
        double confidence,
        double maxThrottledShare) {
    public static final ReportOptions DEFAULT =
            new ReportOptions(null, Duration.ofHours(2), false, List.of(), 0.95, 0.20);

    public ReportOptions {
        thresholds = List.copyOf(thresholds);
    }
}
