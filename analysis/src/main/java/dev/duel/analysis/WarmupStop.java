package dev.duel.analysis;

import java.util.Locale;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * The warm-up stopping rule: the engine's auto warm-up may end once {@link SteadyState}, the one judge that the report
 * also applies to the whole run, finds the correct responses per second so far steady for at least {@link
 * Settings#stableSeconds()} ({@link SteadyState#ofWarmupSoFar}). No precision is asked of the steady stretch: how
 * well one run pins its mean down is the between-runs interval's business, and asking it (this rule's 5% half-width
 * before) refused level runs of a target whose seconds vary by 11%, and more of them the more runs were made. The
 * half-width is still computed and recorded, as a fact about the run.
 *
 * <p>The half-width. Per-second values are autocorrelated (a GC or a compilation spans seconds), so the plain s/√n
 * understates the uncertainty of the mean. It uses the effective sample size of an AR(1) process: with ρ the lag-1
 * autocorrelation of the stretch's values (clamped to [0, 0.95], so a negative estimate never narrows it), n_eff = n
 * (1 − ρ) / (1 + ρ), and the half-width is t(confidence, n_eff − 1) · s / √n_eff. Stateless and thread-safe.
 */
public final class WarmupStop {
    private static final double MAX_AUTOCORRELATION = 0.95;

    private WarmupStop() {}

    /**
     * @param stableSeconds least length of the steady stretch, in seconds (10)
     * @param confidence    of the recorded half-width (0.95)
     * @param steadyState   the judge's settings, the report's (its own least steady length aside)
     */
    public record Settings(int stableSeconds, double confidence, SteadyState.Settings steadyState) {
        public static final Settings DEFAULT = new Settings(10, 0.95, SteadyState.Settings.DEFAULT);

        public Settings {
            if (stableSeconds < 2 || !(confidence > 0 && confidence < 1)) {
                throw new IllegalArgumentException(
                        "invalid warm-up stop settings: stableSeconds " + stableSeconds + ", confidence " + confidence);
            }
        }

        /** These settings with a steady stretch of {@code seconds} (at least 2). */
        public Settings withStableSeconds(int seconds) {
            return new Settings(seconds, confidence, steadyState);
        }
    }

    /**
     * @param steady             whether warm-up may end now
     * @param steadySinceSecond  index of the steady stretch's first second (counted from the series' first value), or
     *                           -1 when there is none
     * @param relativeHalfWidth  half-width of the interval of the steady stretch's mean / that mean, or NaN when not
     *                           steady (a fact recorded with the run, not a condition)
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
        SteadyState.Analysis analysis = SteadyState.ofWarmupSoFar(
                okPerSecond, settings.steadyState().withMinSteadySeconds(settings.stableSeconds()));
        if (!analysis.steady()) {
            return new Decision(false, -1, Double.NaN, analysis.why());
        }
        int since = analysis.steadyStartIndex();
        double[] values = java.util.Arrays.stream(java.util.Arrays.copyOfRange(okPerSecond, since, okPerSecond.length))
                .filter(Double::isFinite)
                .toArray();
        double relative = values.length < 2 || !(analysis.steadyMean() > 0)
                ? Double.NaN
                : halfWidth(values, settings.confidence()) / analysis.steadyMean();
        return new Decision(
                true,
                since,
                relative,
                String.format(
                        Locale.ROOT,
                        "steady since second %d, %d s at mean %.1f requests/s (%.0f%% interval half-width %.1f%%)%s",
                        since,
                        okPerSecond.length - since,
                        analysis.steadyMean(),
                        settings.confidence() * 100,
                        relative * 100,
                        analysis.wandering() ? ", wandering" : ""));
    }

    /** Half-width of the confidence interval of the mean of an autocorrelated series (class comment), same unit. */
    static double halfWidth(double[] values, double confidence) {
        int n = values.length;
        double[] moments = MeanInterval.squaresAndLagged(values);
        double squares = moments[0];
        if (squares == 0) {
            return 0;
        }
        double rho = Math.min(Math.max(moments[1] / squares, 0), MAX_AUTOCORRELATION);
        double effective = Math.max(n * (1 - rho) / (1 + rho), 2);
        double sd = Math.sqrt(squares / (n - 1));
        double t = TDistribution.of(effective - 1).inverseSurvivalProbability((1 - confidence) / 2);
        return t * sd / Math.sqrt(effective);
    }
}
