package dev.duel.report;

import java.util.Arrays;
import org.apache.commons.statistics.inference.MannWhitneyUTest;
import org.apache.commons.statistics.inference.PValueMethod;

/**
 * A confidence interval for B / A over runs: the Hodges-Lehmann interval of the shift between
 * log(B) and log(A), found by inverting Apache Commons Statistics' Mann-Whitney U test (exact for
 * small samples without ties). It assumes only that B's runs are A's runs scaled by one factor,
 * whatever their distribution, and covers the true ratio at least {@code confidence} of the time
 * when that holds. Stateless and thread-safe.
 *
 * <p>With very few runs no shift can be rejected at the asked confidence (3 runs against 3 never
 * reach 95%): then {@link Interval#bounded()} is false and the report says how many runs it needs.
 */
public final class RatioInterval {
    public static final String METHOD = "Hodges-Lehmann interval of the log ratio, from the exact Mann-Whitney U test "
            + "(Apache Commons Statistics), over runs";

    private RatioInterval() {
    }

    /**
     * @param low  lower bound of B / A, or 0 when unbounded
     * @param high upper bound of B / A, or +infinity when unbounded
     */
    public record Interval(double low, double high, double confidence) {
        public boolean bounded() {
            return low > 0 && Double.isFinite(high);
        }

        public boolean contains(double ratio) {
            return ratio >= low && ratio <= high;
        }
    }

    /** All values must be positive. */
    public static Interval of(double[] a, double[] b, double confidence) {
        double alpha = 1 - confidence;
        double[] logA = logs(a);
        double[] logB = logs(b);
        double[] shifts = new double[logA.length * logB.length];
        int k = 0;
        for (double x : logB) {
            for (double y : logA) {
                shifts[k++] = x - y;
            }
        }
        Arrays.sort(shifts);
        double[] distinct = Arrays.stream(shifts).distinct().toArray();
        MannWhitneyUTest test = MannWhitneyUTest.withDefaults().with(PValueMethod.AUTO);
        // The test accepts a contiguous run of the gaps between sorted pairwise shifts; its ends are the bounds.
        int firstAccepted = -1;
        int lastAccepted = -1;
        for (int gap = 0; gap <= distinct.length; gap++) {
            double probe = gap == 0 ? distinct[0] - 1 : gap == distinct.length ? distinct[distinct.length - 1] + 1
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
            return new Interval(Math.exp(distinct[0]), Math.exp(distinct[distinct.length - 1]), confidence);
        }
        double low = firstAccepted == 0 ? 0 : Math.exp(distinct[firstAccepted - 1]);
        double high = lastAccepted == distinct.length ? Double.POSITIVE_INFINITY : Math.exp(distinct[lastAccepted]);
        return new Interval(low, high, confidence);
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
