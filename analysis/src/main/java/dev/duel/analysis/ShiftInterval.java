package dev.duel.analysis;

import java.util.Arrays;
import java.util.Locale;

/**
 * A confidence interval for the difference B - A over runs, in the values' own unit: for shares
 * (late starts over scheduled requests, 0..1) where one side is often 0 and a ratio means nothing.
 * With enough runs on each side (4 at 95%) it is the Hodges-Lehmann interval of the shift between B
 * and A: the k-th smallest and k-th largest of all pairwise differences b - a, closed at both ends,
 * with the same k as {@link RatioInterval} (the exact permutation distribution of the Mann-Whitney
 * count), so its coverage is at least {@link Interval#coverage()} when B's runs are A's runs moved by one
 * amount, whatever their distribution. Where values tie (rounded: a share of whole requests, or many runs
 * at exactly 0), each bound is widened by the grid step (the smallest gap between distinct values), the
 * most that rounding both values of a pair by half a step can move their difference, as
 * {@link RatioInterval} does in log. With fewer runs {@link #of} gives no interval: shares such as late starts
 * pile up at 0 and are far from normal, so no t interval is offered for them; {@link #ofContinuous} offers one for
 * shares that do not (the runtime's GC and JIT shares). Stateless and thread-safe.
 */
public final class ShiftInterval {
    public static final String METHOD =
            "Shares (late, unstarted, throttled) are compared as a difference in percentage points, with the "
                    + "Hodges-Lehmann interval of the shift: the k-th smallest to the k-th largest of all pairwise "
                    + "differences, k from the exact permutation distribution, widened by the grid step where values tie "
                    + "(it assumes one side's runs are the other's moved by one amount); with fewer than 4 runs on a side, "
                    + "no interval. The GC and JIT shares of the target's threads (continuous, away from 0) get Welch's t "
                    + "on the values with Hsu's degrees of freedom, as ratios do on logs";

    /** Widening of bounds against rounding in the subtraction, far under any printed digit. */
    private static final double ROUNDING = 1e-12;

    private ShiftInterval() {}

    /**
     * @param low      lower bound of B - A, or -infinity when unbounded
     * @param high     upper bound of B - A, or +infinity when unbounded
     * @param coverage Hodges-Lehmann: the least probability (0..1) that the interval holds the true shift;
     *                 none: NaN
     */
    public record Interval(double low, double high, double confidence, RatioInterval.Method method, double coverage) {
        public boolean bounded() {
            return Double.isFinite(low) && Double.isFinite(high);
        }

        public boolean contains(double shift) {
            return shift >= low && shift <= high;
        }

        /** "Hodges-Lehmann, coverage >= 97.1% under a pure shift", "Welch-Hsu t", or "none". */
        public String label() {
            return switch (method) {
                case HODGES_LEHMANN ->
                    String.format(Locale.ROOT, "Hodges-Lehmann, coverage >= %.1f%% under a pure shift", coverage * 100);
                case WELCH_HSU -> "Welch-Hsu t";
                case PAIRED -> "paired t";
                case DUET -> "duet t";
                case INTERLEAVED -> "interleaved t";
                case NONE -> "none";
            };
        }
    }

    /**
     * The interval of B - A for a share that does not pile up at 0 (the share of a target's CPU its GC threads take,
     * the share of wall time in GC pauses): Welch's t on the values with Hsu's degrees of freedom, at every run count
     * from 2 a side, as {@link RatioInterval} does on logs.
     */
    public static Interval ofContinuous(double[] a, double[] b, double confidence) {
        double[] difference = RatioInterval.welchHsu(a, b, confidence);
        if (difference == null) {
            return none(confidence);
        }
        return new Interval(difference[0], difference[1], confidence, RatioInterval.Method.WELCH_HSU, Double.NaN);
    }

    /** No interval: unbounded both ways. */
    private static Interval none(double confidence) {
        return new Interval(
                Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, confidence, RatioInterval.Method.NONE, Double.NaN);
    }

    /** The interval of B - A from each side's values per run. */
    public static Interval of(double[] a, double[] b, double confidence) {
        Interval none = none(confidence);
        if (Math.min(a.length, b.length) < RUNS_NEEDED) {
            return none;
        }
        double[] shifts = new double[a.length * b.length];
        int i = 0;
        for (double x : b) {
            for (double y : a) {
                shifts[i++] = x - y;
            }
        }
        Arrays.sort(shifts);
        if (shifts[0] == shifts[shifts.length - 1]) {
            // Every run gave the same value on each side: no noise estimate, no interval.
            return none;
        }
        double[] lowerTail = lowerTail(a.length, b.length);
        int k = k(lowerTail, confidence);
        if (k == 0) {
            return none;
        }
        double widening = gridStep(a, b);
        double low = shifts[k - 1] - widening;
        double high = shifts[shifts.length - k] + widening;
        double slack = ROUNDING * Math.max(Math.abs(low), Math.abs(high));
        return new Interval(
                low - slack, high + slack, confidence, RatioInterval.Method.HODGES_LEHMANN, 1 - 2 * lowerTail[k - 1]);
    }

    /** The fewest runs a side at which the Hodges-Lehmann interval is bounded at 95%: the most extreme of C(8, 4). */
    static final int RUNS_NEEDED = 4;

    /**
     * k of the Hodges-Lehmann interval: the most pairwise differences that may lie below its lower bound, the largest
     * k with P(U <= k - 1) <= (1 - confidence) / 2; 0 when even k = 1 is too likely.
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
     * P(U <= u) for u = 0..m*n, U the Mann-Whitney count of (a, b) pairs with b below a when all C(m+n, m) orderings
     * of m and n runs are equally likely (no difference, no ties). Counts by the recurrence f(m, n, u) = f(m - 1, n, u
     * - n) + f(m, n - 1, u): the largest of the m + n values is either one of A's (beating all n of B's) or one of B's.
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

    /**
     * The step of the grid the values of both sides lie on, taken as the smallest gap between distinct values, when
     * any two values tie (the sign of rounding); 0 without ties, or when every value is the same.
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
        return !ties || Double.isInfinite(step) ? 0 : step;
    }
}
