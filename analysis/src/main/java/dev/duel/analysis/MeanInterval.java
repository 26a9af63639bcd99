package dev.duel.analysis;

import org.apache.commons.statistics.distribution.TDistribution;

/**
 * The interval of a phase's mean (main's requests/s) as an estimate of the level the target keeps, allowing for the
 * wander of the seconds around it: seconds that move together (a GC or a compilation spanning seconds, a target that
 * alternates between levels, a host whose speed flips) carry less than one value's information each, and a phase
 * shorter than the wander's stays holds only a few of them. The noise and its lag-1 autocorrelation ρ are measured
 * over a stretch the phase lies in (the run's steady seconds, longer than main when warm-up was steady), as the
 * judge measures them for the warm-up's recorded half-width ({@link WarmupStop}); the phase's mean then has the
 * variance of T values of that AR(1) process:
 *
 * <pre>
 *   Var = σ² / T · (1 + 2 Σ_{h=1}^{T−1} (1 − h/T) ρ^h)
 * </pre>
 *
 * which never exceeds σ² (a phase inside one stay knows one level). The half-width is t(confidence, n_eff − 1) times
 * its root, with n_eff the stretch's effective size, n over the same sum for n. ρ is clamped to [0, 0.95], so a
 * negative estimate never narrows it. For a strictly periodic alternation the interval is wider than it need be (its
 * means over whole periods do not vary); for one whose stays vary at random it is about right (coverage in
 * docs/steady-state.md). Pure, stateless and thread-safe; the values are equally spaced, at any spacing (seconds,
 * slices).
 */
public final class MeanInterval {
    private static final double MAX_AUTOCORRELATION = 0.95;

    private MeanInterval() {}

    /**
     * @param mean            the phase's mean, in the values' unit; NaN when the phase holds no finite value
     * @param halfWidth       the interval's half-width, same unit; NaN when the stretch holds fewer than 3 finite
     *                        values
     * @param confidence      two-sided, e.g. 0.95
     * @param stretchValues   finite values the noise was measured on
     * @param phaseValues     finite values of the phase
     * @param autocorrelation the stretch's lag-1 autocorrelation as used (clamped to [0, 0.95])
     */
    public record Interval(
            double mean,
            double halfWidth,
            double confidence,
            int stretchValues,
            int phaseValues,
            double autocorrelation) {
        /** The half-width over the mean's magnitude (0.05 is ±5%); NaN without both. */
        public double relativeHalfWidth() {
            return halfWidth / Math.abs(mean);
        }
    }

    /**
     * @param stretch    one stretch of a series, oldest first; non-finite values are left out
     * @param fromIndex  the phase's first value in {@code stretch}
     * @param toIndex    one past its last
     * @param confidence two-sided, in (0, 1)
     */
    public static Interval of(double[] stretch, int fromIndex, int toIndex, double confidence) {
        if (fromIndex < 0 || toIndex > stretch.length || fromIndex >= toIndex || !(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("a phase [" + fromIndex + ", " + toIndex + ") of a stretch of "
                    + stretch.length + " values at confidence " + confidence);
        }
        double phaseSum = 0;
        int phaseValues = 0;
        for (int i = fromIndex; i < toIndex; i++) {
            if (Double.isFinite(stretch[i])) {
                phaseSum += stretch[i];
                phaseValues++;
            }
        }
        double[] values =
                java.util.Arrays.stream(stretch).filter(Double::isFinite).toArray();
        int n = values.length;
        double phaseMean = phaseValues == 0 ? Double.NaN : phaseSum / phaseValues;
        if (n < 3 || phaseValues == 0) {
            return new Interval(phaseMean, Double.NaN, confidence, n, phaseValues, Double.NaN);
        }
        double[] moments = squaresAndLagged(values);
        double squares = moments[0];
        if (squares == 0) {
            return new Interval(phaseMean, 0, confidence, n, phaseValues, 0);
        }
        double rho = Math.min(Math.max(moments[1] / squares, 0), MAX_AUTOCORRELATION);
        double variance = squares / (n - 1) * correlationFactor(rho, phaseValues) / phaseValues;
        double effective = Math.max(n / correlationFactor(rho, n), 2);
        double t = TDistribution.of(effective - 1).inverseSurvivalProbability((1 - confidence) / 2);
        return new Interval(phaseMean, t * Math.sqrt(variance), confidence, n, phaseValues, rho);
    }

    /**
     * {Σ (x_i − mean)², Σ (x_i − mean)(x_{i+1} − mean)} about the values' mean: their variance (times n − 1) and
     * lag-1 autocovariance (times n), from which the lag-1 autocorrelation is the second over the first.
     */
    static double[] squaresAndLagged(double[] values) {
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
        return new double[] {squares, lagged};
    }

    /** 1 + 2 Σ_{h=1}^{count−1} (1 − h/count) ρ^h: the variance of a mean of count AR(1) values, over σ²/count. */
    static double correlationFactor(double rho, int count) {
        double sum = 1;
        double power = 1;
        for (int h = 1; h < count; h++) {
            power *= rho;
            sum += 2 * (1 - h / (double) count) * power;
        }
        return sum;
    }
}
