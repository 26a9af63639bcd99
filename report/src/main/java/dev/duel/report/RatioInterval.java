package dev.duel.report;

import java.util.Arrays;
import org.apache.commons.statistics.distribution.TDistribution;
import org.apache.commons.statistics.inference.MannWhitneyUTest;
import org.apache.commons.statistics.inference.PValueMethod;

/**
 * A confidence interval for B / A over runs. With enough runs on each side (4 at 95%) it is the
 * Hodges-Lehmann interval of the shift between log(B) and log(A), found by inverting Apache Commons
 * Statistics' Mann-Whitney U test (exact for small samples without ties): it assumes only that B's
 * runs are A's runs scaled by one factor, whatever their distribution. With 2 or 3 runs on a side no
 * distribution-free interval can reach 95% (3 against 3 has 20 orderings), so it falls back to a
 * Welch t interval on log values, which also assumes that run-to-run noise is log-normal, and says
 * so. Stateless and thread-safe.
 */
public final class RatioInterval {
    public static final String METHOD =
            "the Hodges-Lehmann interval of the log ratio from the exact Mann-Whitney U test "
                    + "(Apache Commons Statistics) over runs; with fewer than 4 runs on a side, a Welch t interval on log values "
                    + "(marked \"t\"), which assumes log-normal run-to-run noise";

    public enum Method {
        HODGES_LEHMANN,
        WELCH_T,
        NONE
    }

    private RatioInterval() {}

    /**
     * @param low  lower bound of B / A, or 0 when unbounded
     * @param high upper bound of B / A, or +infinity when unbounded
     */
    public record Interval(double low, double high, double confidence, Method method) {
        public boolean bounded() {
            return low > 0 && Double.isFinite(high);
        }

        public boolean contains(double ratio) {
            return ratio >= low && ratio <= high;
        }
    }

    /** All values must be positive. */
    public static Interval of(double[] a, double[] b, double confidence) {
        double[] logA = logs(a);
        double[] logB = logs(b);
        if (Math.min(a.length, b.length) >= runsNeeded(confidence)) {
            return hodgesLehmann(logA, logB, confidence);
        }
        if (Math.min(a.length, b.length) >= 2) {
            return welch(logA, logB, confidence);
        }
        return new Interval(0, Double.POSITIVE_INFINITY, confidence, Method.NONE);
    }

    /** Distribution-free; exact coverage (at least {@code confidence}) under a pure scale shift. */
    static Interval hodgesLehmann(double[] logA, double[] logB, double confidence) {
        double alpha = 1 - confidence;
        double[] shifts = new double[logA.length * logB.length];
        int k = 0;
        for (double x : logB) {
            for (double y : logA) {
                shifts[k++] = x - y;
            }
        }
        Arrays.sort(shifts);
        double[] distinct = Arrays.stream(shifts).distinct().toArray();
        if (distinct.length == 1) {
            // Every run gave the same value on each side: no noise estimate, no interval.
            return new Interval(0, Double.POSITIVE_INFINITY, confidence, Method.NONE);
        }
        MannWhitneyUTest test = MannWhitneyUTest.withDefaults().with(PValueMethod.AUTO);
        // The test accepts a contiguous run of the gaps between sorted pairwise shifts; its ends are the bounds.
        int firstAccepted = -1;
        int lastAccepted = -1;
        for (int gap = 0; gap <= distinct.length; gap++) {
            double probe = gap == 0
                    ? distinct[0] - 1
                    : gap == distinct.length
                            ? distinct[distinct.length - 1] + 1
                            : (distinct[gap - 1] + distinct[gap]) / 2;
            double p = test.withMu(probe).test(logB, logA).getPValue();
            if (p > alpha) {
                if (firstAccepted < 0) {
                    firstAccepted = gap;
                }
                lastAccepted = gap;
            }
        }
        if (firstAccepted < 0) {
            // Every probe rejected: only possible with ties; the shifts themselves bound it.
            return new Interval(
                    Math.exp(distinct[0]), Math.exp(distinct[distinct.length - 1]), confidence, Method.HODGES_LEHMANN);
        }
        double low = firstAccepted == 0 ? 0 : Math.exp(distinct[firstAccepted - 1]);
        double high = lastAccepted == distinct.length ? Double.POSITIVE_INFINITY : Math.exp(distinct[lastAccepted]);
        return new Interval(low, high, confidence, Method.HODGES_LEHMANN);
    }

    /** Welch's t interval for the difference of mean logs, as a ratio. */
    static Interval welch(double[] logA, double[] logB, double confidence) {
        double meanA = mean(logA);
        double meanB = mean(logB);
        double varianceA = variance(logA, meanA) / logA.length;
        double varianceB = variance(logB, meanB) / logB.length;
        double standardError = Math.sqrt(varianceA + varianceB);
        double shift = meanB - meanA;
        if (standardError == 0) {
            // No run-to-run variation on either side: nothing to tell noise from a difference.
            return new Interval(0, Double.POSITIVE_INFINITY, confidence, Method.NONE);
        }
        double freedom = Math.pow(varianceA + varianceB, 2)
                / (varianceA * varianceA / (logA.length - 1) + varianceB * varianceB / (logB.length - 1));
        double t = TDistribution.of(freedom).inverseSurvivalProbability((1 - confidence) / 2);
        return new Interval(
                Math.exp(shift - t * standardError), Math.exp(shift + t * standardError), confidence, Method.WELCH_T);
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
