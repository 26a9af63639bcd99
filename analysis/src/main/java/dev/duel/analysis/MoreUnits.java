package dev.duel.analysis;

import org.apache.commons.statistics.distribution.TDistribution;

/**
 * How many units (repetitions, pairs) a comparison that could not tell would need to resolve its question at the noise
 * it measured: "the same within ±m" where its estimate lies inside the margin (the 90% interval of two one-sided tests
 * inside ±m), a change where it lies outside (a true change of the estimate's size detected with 80% power at 95%). The
 * noise is taken at its 80% upper confidence bound ({@link DetectableChange#noiseBound}), so that a question resolved
 * on paper by lucky early units is not promised to the user; and the estimate as measured, the likeliest value, not
 * one bent toward an easy answer. Stateless.
 */
public final class MoreUnits {
    /** Above this many units the answer is "more than": the question is out of this design's reach. */
    public static final int MOST = 400;

    private MoreUnits() {}

    /**
     * The least number of units in all (not more) that would resolve the question, or {@link #MOST} + 1 when even
     * {@link #MOST} would not.
     *
     * @param logSdPerUnit  the units' log standard deviation as measured
     * @param noiseFreedom  its degrees of freedom (units − 1)
     * @param logEstimate   the log of the ratio as measured
     * @param margin        the equivalence margin (0.05)
     */
    public static int needed(double logSdPerUnit, int noiseFreedom, double logEstimate, double margin) {
        if (noiseFreedom < 1 || !(logSdPerUnit > 0)) {
            return MOST + 1;
        }
        double noise = DetectableChange.noiseBound(logSdPerUnit, noiseFreedom, DetectableChange.NOISE_CONFIDENCE);
        double upper = Math.log(1 + margin);
        double lower = -Math.log(1 - margin);
        double room = logEstimate >= 0 ? upper - logEstimate : lower + logEstimate;
        for (int units = 2; units <= MOST; units++) {
            double standardError = noise / Math.sqrt(units);
            if (room > 0) {
                double t = TDistribution.of(units - 1).inverseSurvivalProbability(0.05);
                if (t * standardError <= room) {
                    return units;
                }
            } else {
                double needed = DetectableChange.noncentrality(units - 1, 0.95, 0.8) * standardError;
                if (needed <= Math.abs(logEstimate)) {
                    return units;
                }
            }
        }
        return MOST + 1;
    }
}
