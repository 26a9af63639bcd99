package dev.duel.analysis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Splits a per-second series into segments of steady behaviour, the one definition of "segment"
 * shared by the load engine's warm-up stopping rule ({@link WarmupStop}) and the report
 * ({@link SteadyState}). Three steps, after Barrett et al., "Virtual Machine Warmup Blows Hot and
 * Cold" (OOPSLA 2017): (1) outliers are removed ({@link Outliers}: rolling median ± spreads ×
 * (p90 − p10)); (2) {@link Pelt} finds changepoints in the remaining values with a Gaussian cost on
 * mean and variance and a penalty of {@code penaltyFactor · ln n} per changepoint (n = values kept);
 * (3) adjacent segments whose means differ by less than {@code equalWithinRelative} of the larger are
 * merged, closest pair first, until no such pair is left; (4) the final segment's start is refined by a
 * "level, ramp, level" fit over the last two segments (see {@link #refineLastStart}), so that a warm-up
 * ending in a ramp is steady from the ramp's end rather than from where steps fitted to it changed. Stateless and thread-safe.
 */
public final class Segmentation {
    private Segmentation() {}

    /**
     * @param penaltyFactor            the penalty per changepoint is this × ln(values kept); Barrett et al. use 15 on
     *                                 2,000-iteration series, 5 suits 30-120 s series (docs/steady-state.md)
     * @param minSegmentSeconds        least length of a segment found by PELT, in seconds (values), at least 2
     * @param equalWithinRelative      adjacent segments whose means differ by less than this fraction of the larger
     *                                 mean are one segment (0.02 = 2%)
     * @param outlierHalfWindowSeconds the outlier window holds this many seconds on each side of the value judged
     * @param outlierSpreads           a value is an outlier beyond this many (p90 − p10) of its window from the
     *                                 window's median
     * @param varianceFloorRelative    a segment's variance counts as at least (this × median of the kept values)²,
     *                                 so a run of equal values does not become a segment of zero variance
     */
    public record Settings(
            double penaltyFactor,
            int minSegmentSeconds,
            double equalWithinRelative,
            int outlierHalfWindowSeconds,
            double outlierSpreads,
            double varianceFloorRelative) {
        /** The defaults; how they were chosen is in docs/steady-state.md. */
        public static final Settings DEFAULT = new Settings(5, 5, 0.02, 10, 3, 0.001);

        public Settings {
            if (!(penaltyFactor > 0)
                    || minSegmentSeconds < 2
                    || !(equalWithinRelative >= 0)
                    || outlierHalfWindowSeconds < 1
                    || !(outlierSpreads > 0)
                    || !(varianceFloorRelative > 0)) {
                throw new IllegalArgumentException("invalid segmentation settings: "
                        + List.of(
                                penaltyFactor,
                                minSegmentSeconds,
                                equalWithinRelative,
                                outlierHalfWindowSeconds,
                                outlierSpreads,
                                varianceFloorRelative));
            }
        }
    }

    /**
     * Seconds [startIndex, endIndex) of the series, in the series' own indices (outliers included in
     * the range), with the mean of the values kept in it (outliers excluded; NaN if none is kept).
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
        int n = series.length;
        if (n == 0) {
            return new Result(List.of(), new int[0]);
        }
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
        int[] outlierIndices = outliers.stream().mapToInt(Integer::intValue).toArray();
        if (kept == 0) {
            return new Result(List.of(new Segment(0, n, Double.NaN, 0)), outlierIndices);
        }
        double[] values = new double[kept];
        for (int k = 0; k < kept; k++) {
            values[k] = series[keptIndex[k]];
        }
        int[] starts = Pelt.segmentStarts(
                values,
                settings.penaltyFactor() * Math.log(kept),
                settings.minSegmentSeconds(),
                varianceFloor(values, settings.varianceFloorRelative()));
        List<int[]> pieces = mergeEqual(values, starts, settings.equalWithinRelative());
        refineLastStart(values, pieces, settings.minSegmentSeconds());
        List<Segment> segments = new ArrayList<>(pieces.size());
        for (int p = 0; p < pieces.size(); p++) {
            int from = pieces.get(p)[0];
            int to = pieces.get(p)[1];
            int startIndex = p == 0 ? 0 : keptIndex[from];
            int endIndex = p == pieces.size() - 1 ? n : keptIndex[to];
            segments.add(new Segment(startIndex, endIndex, mean(values, from, to), to - from));
        }
        return new Result(segments, outlierIndices);
    }

    static double varianceFloor(double[] values, double relative) {
        double[] magnitudes = Arrays.stream(values).map(Math::abs).sorted().toArray();
        double scale = relative * Outliers.quantile(magnitudes, 0.5);
        return Math.max(scale * scale, Double.MIN_NORMAL);
    }

    /** Merges adjacent pieces [from, to) of values whose means are equal within the tolerance, closest first. */
    static List<int[]> mergeEqual(double[] values, int[] starts, double equalWithinRelative) {
        List<int[]> pieces = new ArrayList<>();
        for (int k = 0; k < starts.length; k++) {
            pieces.add(new int[] {starts[k], k + 1 < starts.length ? starts[k + 1] : values.length});
        }
        while (pieces.size() > 1) {
            int closest = -1;
            double closestDifference = Double.POSITIVE_INFINITY;
            for (int k = 0; k + 1 < pieces.size(); k++) {
                double difference = relativeDifference(
                        mean(values, pieces.get(k)[0], pieces.get(k)[1]),
                        mean(values, pieces.get(k + 1)[0], pieces.get(k + 1)[1]));
                if (difference < closestDifference) {
                    closestDifference = difference;
                    closest = k;
                }
            }
            if (!(closestDifference < equalWithinRelative)) {
                break;
            }
            pieces.set(closest, new int[] {pieces.get(closest)[0], pieces.get(closest + 1)[1]});
            pieces.remove(closest + 1);
        }
        return pieces;
    }

    /**
     * A warm-up often ends in a ramp, not a step, and steps fitted to a ramp put the final segment's start
     * seconds early (the ramp's tail joins the plateau, whose mean it is within the tolerance of). Over the
     * last two pieces [from, to), the least-squares "level, linear ramp, level" line (levels free, the ramp
     * from after second r to second b, continuous) is fitted for every r < b, and the final piece starts at
     * the best b. A step is the special case b = r + 1, so a true step stays where it is; a ramp's end is
     * found where the plateau begins rather than where the steps fitted to it changed.
     */
    static void refineLastStart(double[] values, List<int[]> pieces, int minSegment) {
        if (pieces.size() < 2) {
            return;
        }
        int[] before = pieces.get(pieces.size() - 2);
        int[] last = pieces.get(pieces.size() - 1);
        int from = before[0];
        int to = last[1];
        int bestStart = last[0];
        double bestError = Double.POSITIVE_INFINITY;
        for (int b = from + minSegment; b <= to - minSegment; b++) {
            for (int r = from; r < b; r++) {
                double error = rampError(values, from, to, r, b);
                if (error < bestError) {
                    bestError = error;
                    bestStart = b;
                }
            }
        }
        before[1] = bestStart;
        last[0] = bestStart;
    }

    /** Least squared error of y = low + (high − low) · clamp((i − r) / (b − r), 0, 1) over values[from, to). */
    private static double rampError(double[] values, int from, int to, int r, int b) {
        int n = to - from;
        double sw = 0;
        double sww = 0;
        double sy = 0;
        double swy = 0;
        double syy = 0;
        for (int i = from; i < to; i++) {
            double w = i <= r ? 0 : i >= b ? 1 : (i - r) / (double) (b - r);
            sw += w;
            sww += w * w;
            sy += values[i];
            swy += w * values[i];
            syy += values[i] * values[i];
        }
        double wVariance = sww - sw * sw / n;
        double yVariance = syy - sy * sy / n;
        if (wVariance <= 0) {
            return yVariance;
        }
        double covariance = swy - sw * sy / n;
        return yVariance - covariance * covariance / wVariance;
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
