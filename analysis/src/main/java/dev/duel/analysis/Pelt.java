package dev.duel.analysis;

import java.util.ArrayList;
import java.util.List;

/**
 * Changepoints of a series by PELT (Killick, Fearnhead and Eckley, JASA 2012): the segmentation that
 * minimises the sum of segment costs plus {@code penalty} per changepoint, found exactly in about
 * linear time by dropping candidate last changepoints that can never again be optimal. The cost of a
 * segment is twice its negative Gaussian log-likelihood with its own mean and variance, up to a
 * constant that does not depend on the segmentation: {@code n · ln(max(variance, varianceFloor))}
 * with the maximum-likelihood variance. The floor keeps a segment of equal values (zero variance,
 * cost −∞) from winning; it makes the pruning rule's K = 0 assumption hold only approximately, which
 * can cost optimality only where a segment's variance is below the floor. Stateless and thread-safe.
 */
public final class Pelt {
    private Pelt() {}

    /**
     * @param series           values, all finite
     * @param penalty          added per changepoint, on the cost's scale (e.g. 15 · ln n)
     * @param minSegmentLength each segment holds at least this many values (at least 2: a variance needs two)
     * @param varianceFloor    least variance a segment's cost uses, in the series' unit squared, positive
     * @return start indices of the segments, the first always 0 (empty for an empty series)
     */
    public static int[] segmentStarts(double[] series, double penalty, int minSegmentLength, double varianceFloor) {
        if (minSegmentLength < 2) {
            throw new IllegalArgumentException("minSegmentLength must be at least 2, was " + minSegmentLength);
        }
        if (!(varianceFloor > 0)) {
            throw new IllegalArgumentException("varianceFloor must be positive, was " + varianceFloor);
        }
        int n = series.length;
        if (n == 0) {
            return new int[0];
        }
        Cost cost = new Cost(series, varianceFloor);
        double[] best = new double[n + 1]; // best[t]: least penalised cost of series[0, t)
        int[] last = new int[n + 1]; // last[t]: start of the final segment in that optimum
        java.util.Arrays.fill(best, Double.POSITIVE_INFINITY);
        best[0] = -penalty; // the first segment pays no penalty
        List<Integer> candidates = new ArrayList<>();
        candidates.add(0);
        for (int t = minSegmentLength; t <= n; t++) {
            for (int s : candidates) {
                if (t - s >= minSegmentLength) {
                    double value = best[s] + cost.of(s, t) + penalty;
                    if (value < best[t]) {
                        best[t] = value;
                        last[t] = s;
                    }
                }
            }
            List<Integer> kept = new ArrayList<>(candidates.size() + 1);
            for (int s : candidates) {
                // Pruning (K = 0): if s is already worse than the optimum at t without its penalty, it
                // stays worse for every later end, since adding a changepoint never increases the cost.
                if (t - s < minSegmentLength || best[s] + cost.of(s, t) <= best[t]) {
                    kept.add(s);
                }
            }
            if (t <= n - minSegmentLength && Double.isFinite(best[t])) {
                kept.add(t);
            }
            candidates = kept;
        }
        if (!Double.isFinite(best[n])) {
            return new int[] {0}; // shorter than two minimal segments: one segment
        }
        List<Integer> starts = new ArrayList<>();
        for (int t = n; t > 0; t = last[t]) {
            starts.add(0, last[t]);
        }
        return starts.stream().mapToInt(Integer::intValue).toArray();
    }

    /** n · ln(max(variance, floor)) of any slice in constant time, from prefix sums of centred values. */
    static final class Cost {
        private final double[] sum;
        private final double[] sumOfSquares;
        private final double floor;

        Cost(double[] series, double floor) {
            this.floor = floor;
            double centre = 0;
            for (double v : series) {
                centre += v / series.length;
            }
            sum = new double[series.length + 1];
            sumOfSquares = new double[series.length + 1];
            for (int i = 0; i < series.length; i++) {
                double v = series[i] - centre; // centred, so the sums do not lose digits to a large mean
                sum[i + 1] = sum[i] + v;
                sumOfSquares[i + 1] = sumOfSquares[i] + v * v;
            }
        }

        /** Cost of series[from, to). */
        double of(int from, int to) {
            int n = to - from;
            double s = sum[to] - sum[from];
            double variance = (sumOfSquares[to] - sumOfSquares[from] - s * s / n) / n;
            return n * Math.log(Math.max(variance, floor));
        }
    }
}
