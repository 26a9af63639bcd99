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
 * @param sameWithin         the equivalence margin: a row whose 90% interval lies inside ±this (0.05 = ±5%) says "the
 *                           same within" ({@link dev.duel.analysis.RatioVerdict#DEFAULT_SAME_WITHIN} unless the suite or --same-within says)
 */
public record ReportOptions(
        String baseline,
        Duration maxApart,
        boolean allowDistant,
        List<String> thresholds,
        double confidence,
        double maxThrottledShare,
        double sameWithin) {
    public static final ReportOptions DEFAULT = new ReportOptions(
            null,
            Duration.ofHours(2),
            false,
            List.of(),
            0.95,
            0.20,
            dev.duel.analysis.RatioVerdict.DEFAULT_SAME_WITHIN);

    public ReportOptions {
        thresholds = List.copyOf(thresholds);
        if (!(sameWithin > 0 && sameWithin < 1)) {
            throw new IllegalArgumentException("sameWithin must be above 0 and below 1, was " + sameWithin);
        }
    }

    /** The same options with another equivalence margin. */
    public ReportOptions withSameWithin(double margin) {
        return new ReportOptions(baseline, maxApart, allowDistant, thresholds, confidence, maxThrottledShare, margin);
    }
}
