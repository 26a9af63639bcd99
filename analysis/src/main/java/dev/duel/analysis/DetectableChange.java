package dev.duel.analysis;

import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.commons.statistics.distribution.ChiSquaredDistribution;
import org.apache.commons.statistics.distribution.NormalDistribution;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * The smallest change a t test on logs would detect: "these runs would detect a change of +109% or -52% or more". A
 * change of {@code logChange} in the log of B / A shows as different, at the test's confidence, in a share {@code power}
 * of experiments like this one, even if the noise is as large as its upper confidence bound.
 *
 * <p>Two corrections to the textbook (t(1 − α/2) + t(power)) × standard error, each measured in {@code
 * DetectableChangeTest}:
 *
 * <ul>
 *   <li>The power of a t test comes from the noncentral t, not from adding two central quantiles: at 1 and 2 degrees
 *       of freedom the sum gives 73% and 77% power, not 80%. {@link #noncentrality} solves for the noncentrality
 *       parameter that gives the power asked for.
 *   <li>The standard error is an estimate from few runs, and its own spread is large: from 3 runs, in a third of the
 *       "cannot tell" experiments a change of the size printed from the observed error had under 50% real power. The
 *       error is taken at its {@link #NOISE_CONFIDENCE} upper confidence bound, s × √(df / χ²(1 − 0.8; df)): then a
 *       change of the printed size is found in about 90% of fresh experiments at 2 to 6 runs, the printed 80% or more.
 * </ul>
 *
 * The change is symmetric in logs: a rise of expm1(x) and a fall of expm1(−x), said both ways ("+109% or -52%"), since
 * "±109%" reads as a fall of 109%. Immutable; the static methods are thread-safe.
 *
 * @param logChange  the detectable change in the log of B / A, above 0; NaN when none can be said
 * @param confidence the test's confidence (0.95)
 * @param power      the share of experiments that detect it (0.8)
 * @param freedom    the degrees of freedom of the noise estimate it rests on
 */
public record DetectableChange(double logChange, double confidence, double power, int freedom) {
    /** The upper confidence bound at which the noise is taken: 80%, as sure of the noise as of the power. */
    public static final double NOISE_CONFIDENCE = 0.8;

    /** Points of the chi-square quantile grid that integrates the t statistic's denominator out. */
    private static final int GRID = 4_000;

    private static final Map<String, Double> NONCENTRALITIES = new ConcurrentHashMap<>();

    /** No change can be said: no interval, or no degrees of freedom. */
    public static DetectableChange none(double confidence, double power) {
        return new DetectableChange(Double.NaN, confidence, power, 0);
    }

    /** True when a change can be said. */
    public boolean known() {
        return logChange > 0 && Double.isFinite(logChange);
    }

    /** The detectable rise as a fraction (1.09 for +109%); NaN when none. */
    public double rise() {
        return Math.expm1(logChange);
    }

    /** The detectable fall as a fraction, negative (-0.52 for -52%); NaN when none. */
    public double fall() {
        return Math.expm1(-logChange);
    }

    /**
     * Of a t interval on logs with {@code logStandardError} and {@code freedom} degrees of freedom (n − 1 for n paired
     * repetitions; Hsu's min(n_A, n_B) − 1 unpaired): the noise at its upper bound, then the noncentral t.
     */
    public static DetectableChange of(double logStandardError, int freedom, double confidence, double power) {
        if (freedom < 1 || !(logStandardError > 0) || !Double.isFinite(logStandardError)) {
            return none(confidence, power);
        }
        double bound = noiseBound(logStandardError, freedom, NOISE_CONFIDENCE);
        return new DetectableChange(noncentrality(freedom, confidence, power) * bound, confidence, power, freedom);
    }

    /**
     * What {@code units} independent units (repetitions, pairs) would detect, each with log noise {@code logSdPerUnit}
     * estimated with {@code noiseFreedom} degrees of freedom, by a t test with units − 1 degrees of freedom: for
     * planning how many more units a question needs, without the optimism of the noise as observed.
     */
    public static DetectableChange projected(
            double logSdPerUnit, int noiseFreedom, int units, double confidence, double power) {
        if (units < 2 || noiseFreedom < 1 || !(logSdPerUnit > 0) || !Double.isFinite(logSdPerUnit)) {
            return none(confidence, power);
        }
        double bound = noiseBound(logSdPerUnit, noiseFreedom, NOISE_CONFIDENCE) / Math.sqrt(units);
        return new DetectableChange(
                noncentrality(units - 1, confidence, power) * bound, confidence, power, noiseFreedom);
    }

    /**
     * The {@code noiseConfidence} upper confidence bound of a standard deviation (or standard error) estimated with
     * {@code freedom} degrees of freedom from normal data: s × √(df / χ²(1 − noiseConfidence; df)).
     */
    public static double noiseBound(double estimate, int freedom, double noiseConfidence) {
        double quantile = ChiSquaredDistribution.of(freedom).inverseCumulativeProbability(1 - noiseConfidence);
        return estimate * Math.sqrt(freedom / quantile);
    }

    /**
     * The noncentrality λ at which a two-sided t test at {@code confidence} with {@code freedom} degrees of freedom
     * says "different" with probability {@code power}: P(|T| > t(1 − α/2)) for T = (Z + λ) / √(V / df), Z standard
     * normal, V χ² with df degrees of freedom. Computed by integrating the normal tails over V's quantiles and
     * bisection; cached.
     */
    public static double noncentrality(int freedom, double confidence, double power) {
        if (freedom < 1 || !(power > 0 && power < 1) || !(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException(String.format(
                    Locale.ROOT,
                    "a t test's power needs 1 degree of freedom or more, a power and a confidence in (0, 1): %d, %s,"
                            + " %s",
                    freedom,
                    power,
                    confidence));
        }
        return NONCENTRALITIES.computeIfAbsent(
                freedom + "/" + confidence + "/" + power, key -> solve(freedom, confidence, power));
    }

    private static double solve(int freedom, double confidence, double power) {
        double critical = TDistribution.of(freedom).inverseSurvivalProbability((1 - confidence) / 2);
        ChiSquaredDistribution chi = ChiSquaredDistribution.of(freedom);
        double[] scale = new double[GRID];
        for (int i = 0; i < GRID; i++) {
            scale[i] = critical * Math.sqrt(chi.inverseCumulativeProbability((i + 0.5) / GRID) / freedom);
        }
        // Power rises with λ: from 1 − confidence at 0 to 1. The sum of the two quantiles is below the answer.
        double low = 0;
        double high = 2 * critical + 2 * TDistribution.of(freedom).inverseCumulativeProbability(power) + 10;
        while (powerAt(high, scale) < power) {
            high *= 2;
        }
        for (int i = 0; i < 100 && high - low > 1e-9 * high; i++) {
            double middle = (low + high) / 2;
            if (powerAt(middle, scale) < power) {
                low = middle;
            } else {
                high = middle;
            }
        }
        return (low + high) / 2;
    }

    /** P(Z + λ > c·√(V/df)) + P(Z + λ < −c·√(V/df)), averaged over V's quantile grid. */
    private static double powerAt(double lambda, double[] scale) {
        NormalDistribution normal = NormalDistribution.of(0, 1);
        double sum = 0;
        for (double s : scale) {
            sum += normal.survivalProbability(s - lambda) + normal.cumulativeProbability(-s - lambda);
        }
        return sum / scale.length;
    }
}
