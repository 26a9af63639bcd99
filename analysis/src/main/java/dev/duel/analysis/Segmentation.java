package dev.duel.analysis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Cuts a per-second series into segments of one level each, the one definition of "segment" shared by the load
 * engine's warm-up stopping rule ({@link WarmupStop}) and the report ({@link SteadyState}). After Barrett et al.,
 * "Virtual Machine Warmup Blows Hot and Cold" (OOPSLA 2017), with the changes their series (2,000 in-process
 * iterations) did not need and ours (30 to 120 one-second values, GC-bimodal, autocorrelated) do:
 *
 * <ol>
 *   <li><b>Outliers</b> are removed ({@link Outliers}: rolling median ± spreads × (p90 − p10)): single far-off seconds
 *       such as a stall.
 *   <li><b>Changepoints in the mean</b> ({@link Pelt#meanCost}) against one noise variance for the whole series, half
 *       the variance of the differences of neighbouring values: a level change moves one difference, noise moves them
 *       all.
 *       The penalty is {@code penaltyFactor · ln n} noise variances per changepoint. A cost that fits each segment's
 *       own variance (Barrett's, and this class's before) rewards every quiet stretch of a GC-bound target (its seconds
 *       between two collections) with a segment of its own; one variance for the series does not.
 *   <li><b>Equivalent neighbours merge</b>, closest first: two adjacent segments are one when their means differ by
 *       less than {@code max(equalWithinRelative × the larger mean, equivalenceZ × the standard error of the
 *       difference)}. The standard error is the series' own: the variance of the values about their segments' means,
 *       pooled, inflated by (1 + ρ) / (1 − ρ) for the lag-1 autocorrelation ρ of those residuals (clamped to [0,
 *       0.95]): seconds move together (a GC or a compilation spans seconds), so n of them carry less than n values'
 *       information. So a change counts only when it is large against the series' own noise, not against a fixed
 *       tolerance.
 * </ol>
 *
 * Which segments form the steady state is {@link SteadyState}'s question. Stateless and thread-safe.
 */
public final class Segmentation {
    private static final double MAX_AUTOCORRELATION = 0.95;

    private Segmentation() {}

    /**
     * @param penaltyFactor            the penalty per changepoint is this × ln(values kept), in noise variances (3;
     *                                 docs/steady-state.md has the tuning)
     * @param minSegmentSeconds        least length of a segment found by PELT, in seconds (values), at least 2
     * @param equalWithinRelative      adjacent segments whose means differ by less than this fraction of the larger
     *                                 are always one segment (0.02 = 2%)
     * @param equivalenceZ             adjacent segments whose means differ by less than this many standard errors of
     *                                 the difference are one segment (2.5)
     * @param outlierHalfWindowSeconds the outlier window holds this many seconds on each side of the value judged
     * @param outlierSpreads           a value is an outlier beyond this many (p90 − p10) of its window from the
     *                                 window's median
     */
    public record Settings(
            double penaltyFactor,
            int minSegmentSeconds,
            double equalWithinRelative,
            double equivalenceZ,
            int outlierHalfWindowSeconds,
            double outlierSpreads) {
        /** The defaults; how they were chosen is in docs/steady-state.md. */
        public static final Settings DEFAULT = new Settings(3, 5, 0.02, 2.5, 10, 3);

        public Settings {
            if (!(penaltyFactor > 0)
                    || minSegmentSeconds < 2
                    || !(equalWithinRelative >= 0)
                    || !(equivalenceZ > 0)
                    || outlierHalfWindowSeconds < 1
                    || !(outlierSpreads > 0)) {
                throw new IllegalArgumentException("invalid segmentation settings: "
                        + List.of(
                                penaltyFactor,
                                minSegmentSeconds,
                                equalWithinRelative,
                                equivalenceZ,
                                outlierHalfWindowSeconds,
                                outlierSpreads));
            }
        }
    }

    /**
     * Seconds [startIndex, endIndex) of the series, in the series' own indices (outliers included in the range), with
     * the mean of the values kept in it (outliers excluded; NaN if none is kept).
     */
    public record Segment(int startIndex, int endIndex, double mean, int valuesKept) {
        public int lengthSeconds() {
            return endIndex - startIndex;
        }
    }

    /**
     * @param segments       in order, covering every index of the series exactly once (empty for an empty series)
     * @param outlierIndices indices removed before the changepoint search, ascending (a copy; non-finite values
     *                       count as outliers)
     */
    public record Result(List<Segment> segments, int[] outlierIndices) {
        public Result {
            segments = List.copyOf(segments);
            outlierIndices = outlierIndices.clone();
        }

        @Override
        public int[] outlierIndices() {
            return outlierIndices.clone();
        }

        /** The last segment: what the series is doing now. */
        public Segment last() {
            return segments.get(segments.size() - 1);
        }
    }

    public static Result of(double[] series, Settings settings) {
        return cut(series, settings).result();
    }

    /**
     * The series cut, in the values kept (outliers removed): what {@link SteadyState} works on. Mutable pieces, one
     * owner.
     *
     * @param series    the series as given
     * @param kept      the values kept, in order
     * @param keptIndex for each kept value, its index in the series
     * @param outliers  indices of the series left out, ascending
     * @param pieces    [from, to) in kept values, in order, covering them all
     */
    record Cut(double[] series, double[] kept, int[] keptIndex, int[] outliers, List<int[]> pieces, Settings settings) {
        double mean(int from, int to) {
            return Segmentation.mean(kept, from, to);
        }

        /** The series' noise, per value, in the unit squared: {@link Segmentation#longRunVariance(double[], List)}. */
        double longRunVariance() {
            return Segmentation.longRunVariance(kept, pieces);
        }

        /**
         * The least difference of means that tells kept[a, b) from kept[c, d): max(tolerance × the larger mean, z ×
         * the standard error of the difference).
         */
        double margin(int a, int b, int c, int d, double longRunVariance) {
            double larger = Math.max(Math.abs(mean(a, b)), Math.abs(mean(c, d)));
            double error = Math.sqrt(longRunVariance * (1.0 / (b - a) + 1.0 / (d - c)));
            return Math.max(settings.equalWithinRelative() * larger, settings.equivalenceZ() * error);
        }

        /** Whether the means of kept[a, b) and kept[c, d) are within the margin. */
        boolean equivalent(int a, int b, int c, int d, double longRunVariance) {
            return Math.abs(mean(a, b) - mean(c, d)) <= margin(a, b, c, d, longRunVariance);
        }

        /** The pieces as segments of the series, in its own indices. */
        Result result() {
            int n = series.length;
            if (kept.length == 0) {
                return new Result(n == 0 ? List.of() : List.of(new Segment(0, n, Double.NaN, 0)), outliers);
            }
            List<Segment> segments = new ArrayList<>(pieces.size());
            for (int p = 0; p < pieces.size(); p++) {
                int from = pieces.get(p)[0];
                int to = pieces.get(p)[1];
                int startIndex = p == 0 ? 0 : keptIndex[from];
                int endIndex = p == pieces.size() - 1 ? n : keptIndex[to];
                segments.add(new Segment(startIndex, endIndex, mean(from, to), to - from));
            }
            return new Result(segments, outliers);
        }

        /** The series index of kept value {@code k} (the series' length past the last). */
        int seriesIndex(int k) {
            return k >= kept.length ? series.length : keptIndex[k];
        }
    }

    static Cut cut(double[] series, Settings settings) {
        int n = series.length;
        boolean[] outlier = Outliers.find(series, settings.outlierHalfWindowSeconds(), settings.outlierSpreads());
        int[] keptIndex = new int[n];
        int kept = 0;
        List<Integer> outliers = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (outlier[i]) {
                outliers.add(i);
            } else {
                keptIndex[kept++] = i;
            }
        }
        double[] values = new double[kept];
        for (int k = 0; k < kept; k++) {
            values[k] = series[keptIndex[k]];
        }
        int[] outlierIndices = outliers.stream().mapToInt(Integer::intValue).toArray();
        List<int[]> pieces = new ArrayList<>();
        Cut cut = new Cut(series, values, Arrays.copyOf(keptIndex, kept), outlierIndices, pieces, settings);
        if (kept == 0) {
            return cut;
        }
        int[] starts = Pelt.segmentStarts(
                kept,
                Pelt.meanCost(values, noiseVariance(values)),
                settings.penaltyFactor() * Math.log(kept),
                settings.minSegmentSeconds());
        for (int k = 0; k < starts.length; k++) {
            pieces.add(new int[] {starts[k], k + 1 < starts.length ? starts[k + 1] : kept});
        }
        mergeEquivalent(cut);
        return cut;
    }

    /**
     * The variance of one value's noise: half the mean squared difference of neighbours about their mean (for
     * independent noise each difference has twice the variance; a level change moves one difference, not all, and a
     * steady climb moves their mean, not their spread), at least (0.001 × the median magnitude)² so that a run of equal
     * values has a positive variance.
     */
    static double noiseVariance(double[] values) {
        double floor = Math.pow(0.001 * median(values), 2);
        if (values.length < 2) {
            return Math.max(floor, Double.MIN_NORMAL);
        }
        int differences = values.length - 1;
        double drift = (values[differences] - values[0]) / differences;
        double squares = 0;
        for (int i = 1; i < values.length; i++) {
            double d = values[i] - values[i - 1] - drift;
            squares += d * d;
        }
        return Math.max(Math.max(squares / differences / 2, floor), Double.MIN_NORMAL);
    }

    private static double median(double[] values) {
        double[] magnitudes = Arrays.stream(values).map(Math::abs).sorted().toArray();
        return magnitudes.length == 0 ? 0 : Outliers.quantile(magnitudes, 0.5);
    }

    /** Merges equivalent neighbours, the pair closest to equal (smallest difference over its margin) first. */
    private static void mergeEquivalent(Cut cut) {
        List<int[]> pieces = cut.pieces();
        while (pieces.size() > 1) {
            double variance = cut.longRunVariance();
            int closest = -1;
            double closestRatio = Double.POSITIVE_INFINITY;
            for (int k = 0; k + 1 < pieces.size(); k++) {
                int[] a = pieces.get(k);
                int[] b = pieces.get(k + 1);
                double ratio = Math.abs(cut.mean(a[0], a[1]) - cut.mean(b[0], b[1]))
                        / cut.margin(a[0], a[1], b[0], b[1], variance);
                if (ratio < closestRatio) {
                    closestRatio = ratio;
                    closest = k;
                }
            }
            if (!(closestRatio <= 1)) {
                return;
            }
            pieces.set(closest, new int[] {pieces.get(closest)[0], pieces.get(closest + 1)[1]});
            pieces.remove(closest + 1);
        }
    }

    /**
     * The long-run variance of one value of the series' noise, σ² (1 + ρ) / (1 − ρ) for an AR(1) process with lag-1
     * autocorrelation ρ (clamped to [0, 0.95]): n values then carry the information of n (1 − ρ) / (1 + ρ) independent
     * ones. σ² and ρ come from the residuals about a straight line through each piece, pooled: about the pieces' means
     * (this class's first version) a ramp or a curve inside a piece, a warm-up PELT did not cut, swelled the residuals
     * and passed for correlated noise, so a still-climbing stretch merged into one "level". A straight line takes out
     * a ramp and costs a level piece almost nothing. GC-bimodal seconds (independent draws from two levels) keep
     * their full variance. At least {@link #noiseVariance}'s floor.
     */
    static double longRunVariance(double[] values, List<int[]> pieces) {
        double squares = 0;
        double lagged = 0;
        int freedom = 0;
        for (int[] piece : pieces) {
            int n = piece[1] - piece[0];
            if (n < 3) {
                continue;
            }
            double meanTime = (n - 1) / 2.0;
            double mean = mean(values, piece[0], piece[1]);
            double timeSquares = 0;
            double cross = 0;
            for (int i = 0; i < n; i++) {
                timeSquares += (i - meanTime) * (i - meanTime);
                cross += (i - meanTime) * (values[piece[0] + i] - mean);
            }
            double slope = cross / timeSquares;
            double previous = 0;
            for (int i = 0; i < n; i++) {
                double r = values[piece[0] + i] - mean - slope * (i - meanTime);
                squares += r * r;
                if (i > 0) {
                    lagged += r * previous;
                }
                previous = r;
            }
            freedom += n - 2;
        }
        double floor = Math.pow(0.001 * median(values), 2);
        if (freedom == 0 || squares == 0) {
            return Math.max(floor, Double.MIN_NORMAL);
        }
        double rho = Math.min(Math.max(lagged / squares, 0), MAX_AUTOCORRELATION);
        return Math.max(squares / freedom * (1 + rho) / (1 - rho), Math.max(floor, Double.MIN_NORMAL));
    }

    /** |a − b| / max(|a|, |b|); 0 when both are 0. */
    static double relativeDifference(double a, double b) {
        double larger = Math.max(Math.abs(a), Math.abs(b));
        return larger == 0 ? 0 : Math.abs(a - b) / larger;
    }

    static double mean(double[] values, int from, int to) {
        double sum = 0;
        for (int i = from; i < to; i++) {
            sum += values[i];
        }
        return sum / (to - from);
    }

    /** The values of a segment that are not outliers, in order. */
    static double[] keptValues(double[] series, Segmentation.Segment segment, int[] outlierIndices) {
        boolean[] outlier = new boolean[series.length];
        for (int i : outlierIndices) {
            outlier[i] = true;
        }
        double[] values = new double[segment.valuesKept()];
        int k = 0;
        for (int i = segment.startIndex(); i < segment.endIndex(); i++) {
            if (!outlier[i]) {
                values[k++] = series[i];
            }
        }
        return values;
    }
}
