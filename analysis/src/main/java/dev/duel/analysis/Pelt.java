package dev.duel.analysis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Changepoints of a series by PELT (Killick, Fearnhead and Eckley, JASA 2012): the segmentation that minimises the sum
 * of segment costs plus {@code penalty} per changepoint, found exactly in about linear time by dropping candidate last
 * changepoints that can never again be optimal. Two segment costs ({@link Cost}): a change in mean against one noise
 * variance for the whole series ({@link #meanCost}, what {@link Segmentation} uses), and a change in mean and variance
 * ({@link #meanAndVarianceCost}).
 *
 * <p>Pruning with a least segment length. The rule drops a candidate start s at time t when {@code F(s) + C(s, t) >=
 * F(t)}: any later end t' is then at least as well served by a changepoint at t, since {@code C(s, t') >= C(s, t) +
 * C(t, t')} for these costs (exactly for the mean cost, up to the variance floor for the other). But the segment [t,
 * t') is admissible only once {@code t' >= t + minSegmentLength}: until then s must stay. A candidate found prunable
 * at t is therefore dropped only from t + minSegmentLength on; dropping it at once (as the original code did) loses
 * the optimum whenever the least length is above 1. Stateless and thread-safe.
 */
public final class Pelt {
    private Pelt() {}

    /** The cost of a slice [from, to) of the series the cost was made for, in constant time. */
    public interface Cost {
        double of(int from, int to);
    }

    /**
     * Change in mean, one noise variance for the whole series: the slice's sum of squares about its own mean over
     * {@code variance} (twice its Gaussian negative log-likelihood up to a constant). One noise scale means a stretch
     * that happens to be quieter (the seconds between two collections of a GC-bound target) gains nothing by being
     * its own segment, as it does under a cost that fits each segment's variance.
     *
     * @param variance the noise variance of one value, in the series' unit squared, positive
     */
    public static Cost meanCost(double[] series, double variance) {
        if (!(variance > 0)) {
            throw new IllegalArgumentException("variance must be positive, was " + variance);
        }
        Sums sums = new Sums(series);
        return (from, to) -> sums.squaresAboutMean(from, to) / variance;
    }

    /**
     * Change in mean and variance: {@code n · ln(max(variance, varianceFloor))} with the slice's maximum-likelihood
     * variance (twice its Gaussian negative log-likelihood with its own mean and variance, up to a constant). The floor
     * keeps a slice of equal values (zero variance, cost −∞) from winning; it makes the pruning rule hold only
     * approximately where a slice's variance is below it.
     */
    public static Cost meanAndVarianceCost(double[] series, double varianceFloor) {
        if (!(varianceFloor > 0)) {
            throw new IllegalArgumentException("varianceFloor must be positive, was " + varianceFloor);
        }
        Sums sums = new Sums(series);
        return (from, to) -> {
            int n = to - from;
            return n * Math.log(Math.max(sums.squaresAboutMean(from, to) / n, varianceFloor));
        };
    }

    /**
     * @param length           how many values the series has
     * @param cost             the segment cost, made for that series
     * @param penalty          added per changepoint, on the cost's scale (e.g. 3 · ln n for {@link #meanCost})
     * @param minSegmentLength each segment holds at least this many values, at least 1
     * @return start indices of the segments, the first always 0 (empty for an empty series)
     */
    public static int[] segmentStarts(int length, Cost cost, double penalty, int minSegmentLength) {
        if (minSegmentLength < 1) {
            throw new IllegalArgumentException("minSegmentLength must be at least 1, was " + minSegmentLength);
        }
        int n = length;
        if (n == 0) {
            return new int[0];
        }
        double[] best = new double[n + 1]; // best[t]: least penalised cost of series[0, t)
        int[] last = new int[n + 1]; // last[t]: start of the final segment in that optimum
        Arrays.fill(best, Double.POSITIVE_INFINITY);
        best[0] = -penalty; // the first segment pays no penalty
        // candidates[k] may end a segment at t while dropAt[k] > t; dropAt is set when pruning finds it hopeless.
        List<int[]> candidates = new ArrayList<>();
        candidates.add(new int[] {0, Integer.MAX_VALUE});
        for (int t = minSegmentLength; t <= n; t++) {
            for (int[] candidate : candidates) {
                int s = candidate[0];
                if (t - s >= minSegmentLength && candidate[1] > t) {
                    double value = best[s] + cost.of(s, t) + penalty;
                    if (value < best[t]) {
                        best[t] = value;
                        last[t] = s;
                    }
                }
            }
            List<int[]> kept = new ArrayList<>(candidates.size() + 1);
            for (int[] candidate : candidates) {
                int s = candidate[0];
                if (candidate[1] <= t) {
                    continue; // found hopeless at least minSegmentLength ago: every later end has a better split
                }
                if (candidate[1] == Integer.MAX_VALUE
                        && t - s >= minSegmentLength
                        && best[s] + cost.of(s, t) >= best[t]) {
                    candidate[1] = t + minSegmentLength; // still needed for ends before [t, t') is admissible
                }
                kept.add(candidate);
            }
            if (t <= n - minSegmentLength && Double.isFinite(best[t])) {
                kept.add(new int[] {t, Integer.MAX_VALUE});
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

    /** Prefix sums of centred values, so that slices do not lose digits to a large mean. */
    private static final class Sums {
        private final double[] sum;
        private final double[] sumOfSquares;

        Sums(double[] series) {
            double centre = 0;
            for (double v : series) {
                centre += v / series.length;
            }
            sum = new double[series.length + 1];
            sumOfSquares = new double[series.length + 1];
            for (int i = 0; i < series.length; i++) {
                double v = series[i] - centre;
                sum[i + 1] = sum[i] + v;
                sumOfSquares[i + 1] = sumOfSquares[i] + v * v;
            }
        }

        /** Σ (x − mean)² over series[from, to), never negative. */
        double squaresAboutMean(int from, int to) {
            int n = to - from;
            double s = sum[to] - sum[from];
            return Math.max(0, sumOfSquares[to] - sumOfSquares[from] - s * s / n);
        }
    }
}
