package dev.duel.analysis;

import org.apache.commons.statistics.distribution.TDistribution;

/**
 * Whether a segment is still moving: the least-squares line through its values, and whether that line's
 * total change over the segment is both larger than a relative tolerance and significant. PELT's
 * Gaussian cost can take a steady climb for one segment of large variance (a 14 s series rising from
 * 3,000 to 12,000 requests/s is cheaper as one segment than as several), so a segment is steady only if
 * it is also flat. Significance uses the slope's standard error inflated for lag-1 autocorrelation of the
 * residuals, as {@link WarmupStop} does for the mean: the error variance × (1 + ρ) / (1 − ρ), ρ clamped to
 * [0, 0.95]. Stateless and thread-safe.
 */
public final class Trend {
    /** Confidence at which the engine's stopping rule and the report's classification call a segment moving. */
    public static final double CONFIDENCE = 0.995;

    private Trend() {}

    /**
     * @param relativeChange the fitted line's change from the segment's first to its last second, over the mean
     * @param significant    whether the slope differs from 0 at the confidence asked for
     */
    public record Fit(double relativeChange, boolean significant) {
        /** Moving: a significant change of at least {@code tolerance} of the mean. */
        public boolean moving(double tolerance) {
            return significant && Math.abs(relativeChange) >= tolerance;
        }
    }

    /**
     * The trend of a positive measure that moves by factors (a latency percentile: a second with a collection has a
     * p99 several times its neighbours'): the line through the logs, its change given as a factor less one (+0.10 is
     * 10% higher at the end than at the start). Non-positive and non-finite values are left out.
     */
    public static Fit ofLogs(double[] values, double confidence) {
        double[] logs = java.util.Arrays.stream(values)
                .filter(v -> v > 0 && Double.isFinite(v))
                .map(Math::log)
                .toArray();
        return of(logs, confidence, true);
    }

    /** @param values one per second, in order, at least 3; confidence two-sided, e.g. 0.99 */
    public static Fit of(double[] values, double confidence) {
        return of(values, confidence, false);
    }

    private static Fit of(double[] values, double confidence, boolean logs) {
        int n = values.length;
        if (n < 3) {
            return new Fit(0, false);
        }
        double meanTime = (n - 1) / 2.0;
        double mean = Segmentation.mean(values, 0, n);
        double timeSquares = 0;
        double cross = 0;
        for (int i = 0; i < n; i++) {
            timeSquares += (i - meanTime) * (i - meanTime);
            cross += (i - meanTime) * (values[i] - mean);
        }
        double slope = cross / timeSquares;
        double residualSquares = 0;
        double lagged = 0;
        double previous = 0;
        for (int i = 0; i < n; i++) {
            double residual = values[i] - mean - slope * (i - meanTime);
            residualSquares += residual * residual;
            if (i > 0) {
                lagged += previous * residual;
            }
            previous = residual;
        }
        double relativeChange = logs ? Math.expm1(slope * (n - 1)) : mean == 0 ? 0 : slope * (n - 1) / Math.abs(mean);
        if (residualSquares == 0) {
            return new Fit(relativeChange, slope != 0);
        }
        double rho = Math.min(Math.max(lagged / residualSquares, 0), 0.95);
        double slopeError = Math.sqrt(residualSquares / (n - 2) / timeSquares * (1 + rho) / (1 - rho));
        double t = TDistribution.of(n - 2).inverseSurvivalProbability((1 - confidence) / 2);
        return new Fit(relativeChange, Math.abs(slope) > t * slopeError);
    }
}
