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
                    + "differences, the same exact k, widened by the grid step where values tie; with fewer than 4 runs "
                    + "on a side, no interval, but for the GC and JIT shares of the target's threads (continuous, away from 0), which get a "
                    + "Welch t interval on the values at 2 or 3 runs (marked \"Welch t\", approximate, assumes normal noise)";

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

        /** "Hodges-Lehmann, coverage >= 97.1%", "Welch t, approximate, assumes normal noise", or "none". */
        public String label() {
            return switch (method) {
                case HODGES_LEHMANN -> String.format(Locale.ROOT, "Hodges-Lehmann, coverage >= %.1f%%", coverage * 100);
                case WELCH_T -> "Welch t, approximate, assumes normal noise";
                case NONE -> "none";
            };
        }
    }

    /**
     * The interval of B - A for a share that does not pile up at 0 (the share of a target's CPU its GC threads take,
     * the share of wall time in GC pauses): {@link #of} with enough runs; with 2 or 3 on a side, where no
     * distribution-free interval reaches 95%, Welch's t interval on the values themselves, approximate and assuming
     * normal run-to-run noise (as {@link RatioInterval} does in log for its measures).
     */
    public static Interval ofContinuous(double[] a, double[] b, double confidence) {
        if (Math.min(a.length, b.length) >= RatioInterval.runsNeeded(confidence) || Math.min(a.length, b.length) < 2) {
            return of(a, b, confidence);
        }
        double[] difference = RatioInterval.welchDifference(a, b, confidence);
        if (difference == null) {
            return none(confidence);
        }
        return new Interval(difference[0], difference[1], confidence, RatioInterval.Method.WELCH_T, Double.NaN);
    }

    /** No interval: unbounded both ways. */
    private static Interval none(double confidence) {
        return new Interval(
                Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, confidence, RatioInterval.Method.NONE, Double.NaN);
    }

    /** The interval of B - A from each side's values per run. */
    public static Interval of(double[] a, double[] b, double confidence) {
        Interval none = none(confidence);
        if (Math.min(a.length, b.length) < RatioInterval.runsNeeded(confidence)) {
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
        double[] lowerTail = RatioInterval.lowerTail(a.length, b.length);
        int k = RatioInterval.k(lowerTail, confidence);
        if (k == 0) {
            return none;
        }
        double widening = RatioInterval.gridStep(a, b);
        double low = shifts[k - 1] - widening;
        double high = shifts[shifts.length - k] + widening;
        double slack = ROUNDING * Math.max(Math.abs(low), Math.abs(high));
        return new Interval(
                low - slack, high + slack, confidence, RatioInterval.Method.HODGES_LEHMANN, 1 - 2 * lowerTail[k - 1]);
    }
}
