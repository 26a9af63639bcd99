package dev.duel.analysis;

import java.util.Arrays;
import java.util.Locale;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * A confidence interval for B / A over runs. With enough runs on each side (4 at 95%) it is the
 * Hodges-Lehmann interval of the shift between log(B) and log(A): the k-th smallest and k-th
 * largest of all pairwise differences log(b) - log(a), closed at both ends, with k taken from the
 * exact permutation distribution of the Mann-Whitney count (computed here, never a normal
 * approximation). It assumes only that B's runs are A's runs scaled by one factor, whatever their
 * distribution. Without ties its coverage is exactly {@link Interval#coverage()} (at least the
 * confidence asked for; 97.1% at 4 runs against 4). Ties say the values were quantised (percentiles
 * from a histogram's buckets, whole microseconds), and quantising after the fact breaks the model: B's
 * rounded runs are no longer A's rounded runs scaled by one factor, and a grid about as coarse as the
 * run-to-run noise took the coverage below 95% in simulation (94.9% at 6 against 6, 6% grid, 5%
 * noise). So with ties each bound is widened by the most that rounding to the grid can move one
 * pairwise log difference ({@link #roundingWidening}), the grid taken as the smallest gap between
 * distinct values (values on a grid are at least one step apart, so this never underestimates it):
 * the k-th pairwise differences of the rounded values then lie within the widening of those of the
 * values before rounding, for which the coverage is exact. With 2 or 3 runs on a side no distribution-free interval can
 * reach 95% (3 against 3 has 20 orderings), so it falls back to a Welch t interval on log values,
 * which is approximate and also assumes that run-to-run noise is log-normal, and says so.
 * Stateless and thread-safe.
 */
public final class RatioInterval {
    public static final String METHOD =
            "with 4 or more runs on each side, the Hodges-Lehmann interval of the log ratio: "
                    + "the k-th smallest to the k-th largest of all pairwise differences of log values, k from the exact "
                    + "permutation distribution of the Mann-Whitney count (no normal approximation), closed at both ends; "
                    + "its coverage is at least the one printed in each row (e.g. 97.1% at 4 runs against 4, 95.9% at 6 "
                    + "against 6), assuming only that one side's runs are the other's scaled by one factor before any "
                    + "rounding; where values tie (quantised), each bound is widened by the most that rounding to the grid "
                    + "(the smallest gap between distinct values) can move a pairwise log difference. With 2 or 3 runs on a side, a Welch t interval on log values (marked "
                    + "\"Welch t\"): approximate, and it assumes log-normal run-to-run noise";

    /** Relative widening of Hodges-Lehmann bounds against rounding in log and exp. */
    private static final double ROUNDING = 1e-12;

    public enum Method {
        HODGES_LEHMANN,
        WELCH_T,
        NONE
    }

    private RatioInterval() {}

    /**
     * @param low      lower bound of B / A, or 0 when unbounded
     * @param high     upper bound of B / A, or +infinity when unbounded
     * @param coverage Hodges-Lehmann: the least probability (0..1) that the interval holds the true ratio,
     *                 exact without ties; Welch t and none: NaN (the t interval's coverage is approximate)
     */
    public record Interval(double low, double high, double confidence, Method method, double coverage) {
        public boolean bounded() {
            return low > 0 && Double.isFinite(high);
        }

        public boolean contains(double ratio) {
            return ratio >= low && ratio <= high;
        }

        /** Which method gave it, and its coverage, in words: "Hodges-Lehmann, coverage >= 97.1%". */
        public String label() {
            return switch (method) {
                case HODGES_LEHMANN -> String.format(Locale.ROOT, "Hodges-Lehmann, coverage >= %.1f%%", coverage * 100);
                case WELCH_T -> "Welch t, approximate, assumes log-normal noise";
                case NONE -> "none";
            };
        }
    }

    /** All values must be positive. */
    public static Interval of(double[] a, double[] b, double confidence) {
        double[] logA = logs(a);
        double[] logB = logs(b);
        if (Math.min(a.length, b.length) >= runsNeeded(confidence)) {
            return hodgesLehmann(logA, logB, confidence, roundingWidening(a, b));
        }
        if (Math.min(a.length, b.length) >= 2) {
            return welch(logA, logB, confidence);
        }
        return none(confidence);
    }

    private static Interval none(double confidence) {
        return new Interval(0, Double.POSITIVE_INFINITY, confidence, Method.NONE, Double.NaN);
    }

    /**
     * The most that rounding each value to the grid the values lie on can move one pairwise difference
     * log(b) - log(a); 0 without ties (values taken as unrounded). The grid step h is taken as the smallest
     * gap between distinct values of both sides, at least the true step when they share a grid; a value r
     * rounded to it came from within r +- h / 2, so its log moved by at most log(r / (r - h / 2)).
     * Infinite when a value is within half a step of 0.
     */
    static double roundingWidening(double[] a, double[] b) {
        double step = gridStep(a, b);
        if (step == 0) {
            return 0;
        }
        return moved(Arrays.stream(a).min().orElseThrow(), step)
                + moved(Arrays.stream(b).min().orElseThrow(), step);
    }

    /**
     * The step of the grid the values of both sides lie on, taken as the smallest gap between distinct values,
     * when any two values tie (the sign of rounding); 0 without ties, or when every value is the same.
     */
    static double gridStep(double[] a, double[] b) {
        double[] all = new double[a.length + b.length];
        System.arraycopy(a, 0, all, 0, a.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        Arrays.sort(all);
        boolean ties = false;
        double step = Double.POSITIVE_INFINITY;
        for (int i = 1; i < all.length; i++) {
            double gap = all[i] - all[i - 1];
            if (gap == 0) {
                ties = true;
            } else {
                step = Math.min(step, gap);
            }
        }
        // No ties; or every value the same, which leaves no interval anyway.
        return !ties || Double.isInfinite(step) ? 0 : step;
    }

    /** How far rounding to a step of {@code step} may have moved the log of the smallest value {@code r}. */
    private static double moved(double r, double step) {
        return r > step / 2 ? Math.log(r / (r - step / 2)) : Double.POSITIVE_INFINITY;
    }

    /** Distribution-free; coverage at least {@code confidence} under a pure scale shift of unrounded values. */
    static Interval hodgesLehmann(double[] logA, double[] logB, double confidence) {
        return hodgesLehmann(logA, logB, confidence, 0);
    }

    /** As {@link #hodgesLehmann(double[], double[], double)}, each bound widened by {@code widening} in log. */
    static Interval hodgesLehmann(double[] logA, double[] logB, double confidence, double widening) {
        double[] shifts = new double[logA.length * logB.length];
        int i = 0;
        for (double x : logB) {
            for (double y : logA) {
                shifts[i++] = x - y;
            }
        }
        Arrays.sort(shifts);
        if (shifts[0] == shifts[shifts.length - 1]) {
            // Every run gave the same value on each side: no noise estimate, no interval.
            return none(confidence);
        }
        double[] lowerTail = lowerTail(logA.length, logB.length);
        int k = k(lowerTail, confidence);
        if (k == 0) {
            return none(confidence);
        }
        double coverage = 1 - 2 * lowerTail[k - 1];
        // A bound that ties with the true ratio must hold it, as the closed interval promises; log and exp
        // round, so each bound is widened by far less than any printed digit.
        return new Interval(
                Math.exp(shifts[k - 1] - widening) * (1 - ROUNDING),
                Math.exp(shifts[shifts.length - k] + widening) * (1 + ROUNDING),
                confidence,
                Method.HODGES_LEHMANN,
                coverage);
    }

    /**
     * k of the Hodges-Lehmann interval: the most pairwise differences that may lie below its lower bound,
     * the largest k with P(U <= k - 1) <= (1 - confidence) / 2; 0 when even k = 1 is too likely.
     *
     * @param lowerTail {@link #lowerTail} of the two sides' run counts
     */
    static int k(double[] lowerTail, double confidence) {
        double alpha = 1 - confidence;
        int k = 0;
        while (k < lowerTail.length && lowerTail[k] <= alpha / 2) {
            k++;
        }
        return k;
    }

    /**
     * P(U <= u) for u = 0..m*n, U the Mann-Whitney count of (a, b) pairs with b below a when all
     * C(m+n, m) orderings of m and n runs are equally likely (no difference, no ties). Counts by the
     * recurrence f(m, n, u) = f(m - 1, n, u - n) + f(m, n - 1, u): the largest of the m + n values
     * is either one of A's (beating all n of B's) or one of B's.
     */
    static double[] lowerTail(int m, int n) {
        double[][] previous = new double[n + 1][];
        for (int j = 0; j <= n; j++) {
            previous[j] = new double[] {1}; // m = 0: one ordering, U = 0
        }
        for (int mm = 1; mm <= m; mm++) {
            double[][] current = new double[n + 1][];
            current[0] = new double[] {1}; // n = 0
            for (int nn = 1; nn <= n; nn++) {
                double[] counts = new double[mm * nn + 1];
                double[] withoutA = previous[nn]; // f(mm - 1, nn), shifted by nn
                for (int u = 0; u < withoutA.length; u++) {
                    counts[u + nn] += withoutA[u];
                }
                double[] withoutB = current[nn - 1]; // f(mm, nn - 1)
                for (int u = 0; u < withoutB.length; u++) {
                    counts[u] += withoutB[u];
                }
                current[nn] = counts;
            }
            previous = current;
        }
        double[] counts = previous[n];
        double total = Arrays.stream(counts).sum();
        double[] tail = new double[counts.length];
        double sum = 0;
        for (int u = 0; u < counts.length; u++) {
            sum += counts[u];
            tail[u] = sum / total;
        }
        return tail;
    }

    /** Welch's t interval for the difference of mean logs, as a ratio. */
    static Interval welch(double[] logA, double[] logB, double confidence) {
        double[] difference = welchDifference(logA, logB, confidence);
        if (difference == null) {
            return none(confidence);
        }
        return new Interval(Math.exp(difference[0]), Math.exp(difference[1]), confidence, Method.WELCH_T, Double.NaN);
    }

    /**
     * Welch's t interval for mean(b) - mean(a), as {low, high}; null when neither side varies (nothing to tell noise
     * from a difference). Each side needs 2 values or more.
     */
    static double[] welchDifference(double[] a, double[] b, double confidence) {
        double meanA = mean(a);
        double meanB = mean(b);
        double varianceA = variance(a, meanA) / a.length;
        double varianceB = variance(b, meanB) / b.length;
        double standardError = Math.sqrt(varianceA + varianceB);
        if (standardError == 0) {
            return null;
        }
        double freedom = Math.pow(varianceA + varianceB, 2)
                / (varianceA * varianceA / (a.length - 1) + varianceB * varianceB / (b.length - 1));
        double t = TDistribution.of(freedom).inverseSurvivalProbability((1 - confidence) / 2);
        double shift = meanB - meanA;
        return new double[] {shift - t * standardError, shift + t * standardError};
    }

    private static double mean(double[] values) {
        double sum = 0;
        for (double v : values) {
            sum += v;
        }
        return sum / values.length;
    }

    private static double variance(double[] values, double mean) {
        double sum = 0;
        for (double v : values) {
            sum += (v - mean) * (v - mean);
        }
        return sum / (values.length - 1);
    }

    /**
     * The fewest runs per side at which {@link #of} can be bounded at {@code confidence}: with n
     * runs each, the most extreme ordering of two samples has probability 2 / C(2n, n).
     */
    public static int runsNeeded(double confidence) {
        for (int n = 2; n < 50; n++) {
            double orderings = 1;
            for (int i = 1; i <= n; i++) {
                orderings = orderings * (n + i) / i;
            }
            if (2 / orderings < 1 - confidence) {
                return n;
            }
        }
        return 50;
    }

    private static double[] logs(double[] values) {
        double[] logs = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            if (!(values[i] > 0)) {
                throw new IllegalArgumentException("ratios need positive values, got " + values[i]);
            }
            logs[i] = Math.log(values[i]);
        }
        return logs;
    }
}
