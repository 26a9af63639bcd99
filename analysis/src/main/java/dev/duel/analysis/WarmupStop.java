package dev.duel.analysis;

import java.util.Locale;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * The warm-up stopping rule: warm-up may end once the final segment of the correct-responses-per-
 * second series (as {@link Segmentation} defines it, the same segments the report shows) has lasted at
 * least {@link Settings#stableSeconds()}, is not still moving ({@link Trend}: a significant change of at least
 * the segmentation's tolerance along it), and the relative half-width of the confidence interval of its
 * mean requests/s is at most {@link Settings#maxRelativeHalfWidth()}.
 *
 * <p>The interval. Per-second values are autocorrelated (a GC or a compilation spans seconds), so the
 * plain s/√n understates the uncertainty of the mean. The interval uses the effective sample size of
 * an AR(1) process: with ρ the lag-1 autocorrelation of the segment's kept values (clamped to [0, 0.95],
 * so a negative estimate never narrows the interval), n_eff = n (1 − ρ) / (1 + ρ), and the half-width
 * is t(confidence, n_eff − 1) · s / √n_eff. Batch means were rejected: a final segment of 10 to 30 s
 * gives batches of 1 to 3 s if there are to be enough of them for a t quantile, and batches that short
 * do not absorb the correlation they exist to absorb; with few long batches the t quantile (12.7 at one
 * degree of freedom) makes the rule never stop. The AR(1) correction uses every pair of neighbours for
 * its one parameter. Its weakness: ρ from 10 values has a standard error near 0.3, so the rule is
 * approximate for short segments; the stable length keeps segments from being shorter than that.
 * Stateless and thread-safe.
 */
public final class WarmupStop {
    private static final double MAX_AUTOCORRELATION = 0.95;

    private WarmupStop() {}

    /**
     * @param stableSeconds        least length of the final segment, in seconds
     * @param maxRelativeHalfWidth largest half-width of the interval of the final segment's mean, as a fraction of
     *                             the mean (0.03 = 3%)
     * @param confidence           of that interval (0.95)
     * @param segmentation         how the series is cut into segments (the report's settings, so that "final
     *                             segment" means the same in both)
     */
    public record Settings(
            int stableSeconds, double maxRelativeHalfWidth, double confidence, Segmentation.Settings segmentation) {
        /**
         * 10 s, ±5%, 95%. The starting half-width was 3%; real steady seconds on a 2-core VM under one CPU
         * vary by 5-15% (coefficient of variation) with lag-1 autocorrelation 0.1-0.8 (the 90 s runs of
         * bench/demo-long-comparison.sh), so a 10-20 s final segment seldom pins its mean to 3%: replayed on the
         * first 40 s of those 12 series, this rule ended warm-up before the cap in 5 at 3% and in 8 at 5%
         * (docs/steady-state.md has the data).
         */
        public static final Settings DEFAULT = new Settings(10, 0.05, 0.95, Segmentation.Settings.DEFAULT);

        public Settings {
            if (stableSeconds < 2 || !(maxRelativeHalfWidth > 0) || !(confidence > 0 && confidence < 1)) {
                throw new IllegalArgumentException("invalid warm-up stop settings: stableSeconds " + stableSeconds
                        + ", maxRelativeHalfWidth " + maxRelativeHalfWidth + ", confidence " + confidence);
            }
        }
    }

    /**
     * @param steady             whether warm-up may end now
     * @param steadySinceSecond  index of the final segment's first second (counted from the series' first value),
     *                           or -1 when the series is empty
     * @param relativeHalfWidth  half-width of the interval of the final segment's mean / that mean, or NaN when not
     *                           computed (segment too short, or no positive mean)
     * @param why                one sentence with the numbers that decided, for the record and the log
     */
    public record Decision(boolean steady, int steadySinceSecond, double relativeHalfWidth, String why) {}

    /**
     * @param okPerSecond correct responses in each whole second of load so far, oldest first (non-finite values are
     *                    treated as outliers)
     */
    public static Decision check(double[] okPerSecond, Settings settings) {
        if (okPerSecond.length < settings.stableSeconds()) {
            return new Decision(
                    false,
                    -1,
                    Double.NaN,
                    String.format(
                            Locale.ROOT,
                            "only %d s measured, fewer than the stable length of %d s",
                            okPerSecond.length,
                            settings.stableSeconds()));
        }
        Segmentation.Result result = Segmentation.of(okPerSecond, settings.segmentation());
        Segmentation.Segment last = result.last();
        int since = last.startIndex();
        if (last.lengthSeconds() < settings.stableSeconds()) {
            return new Decision(
                    false,
                    since,
                    Double.NaN,
                    String.format(
                            Locale.ROOT,
                            "the final segment began at second %d and has lasted %d s, less than %d s",
                            since,
                            last.lengthSeconds(),
                            settings.stableSeconds()));
        }
        double[] values = Segmentation.keptValues(okPerSecond, last, result.outlierIndices());
        double mean = Segmentation.mean(values, 0, values.length);
        if (values.length < 2 || !(mean > 0)) {
            return new Decision(
                    false,
                    since,
                    Double.NaN,
                    String.format(
                            Locale.ROOT, "the final segment since second %d has no positive mean requests/s", since));
        }
        Trend.Fit trend = Trend.of(values, Trend.CONFIDENCE);
        if (trend.moving(settings.segmentation().equalWithinRelative())) {
            return new Decision(
                    false,
                    since,
                    Double.NaN,
                    String.format(
                            Locale.ROOT,
                            "the final segment since second %d is still moving: %+.1f%% over its %d s",
                            since,
                            trend.relativeChange() * 100,
                            last.lengthSeconds()));
        }
        double relative = halfWidth(values, settings.confidence()) / mean;
        boolean steady = relative <= settings.maxRelativeHalfWidth();
        return new Decision(
                steady,
                since,
                relative,
                String.format(
                        Locale.ROOT,
                        "final segment since second %d, %d s long, mean %.1f requests/s, %.0f%% interval half-width %.1f%% %s %.1f%%",
                        since,
                        last.lengthSeconds(),
                        mean,
                        settings.confidence() * 100,
                        relative * 100,
                        steady ? "<=" : ">",
                        settings.maxRelativeHalfWidth() * 100));
    }

    /** Half-width of the confidence interval of the mean of an autocorrelated series (class comment), same unit. */
    static double halfWidth(double[] values, double confidence) {
        int n = values.length;
        double mean = Segmentation.mean(values, 0, n);
        double squares = 0;
        double lagged = 0;
        for (int i = 0; i < n; i++) {
            squares += (values[i] - mean) * (values[i] - mean);
            if (i + 1 < n) {
                lagged += (values[i] - mean) * (values[i + 1] - mean);
            }
        }
        if (squares == 0) {
            return 0;
        }
        double rho = Math.min(Math.max(lagged / squares, 0), MAX_AUTOCORRELATION);
        double effective = Math.max(n * (1 - rho) / (1 + rho), 2);
        double sd = Math.sqrt(squares / (n - 1));
        double t = TDistribution.of(effective - 1).inverseSurvivalProbability((1 - confidence) / 2);
        return t * sd / Math.sqrt(effective);
    }
}
