package dev.duel.analysis;

import java.util.List;
import java.util.Locale;

/**
 * The one judge of steadiness: where a per-second series is steady, and how it got there. The engine's auto warm-up
 * ({@link WarmupStop}) and the report ({@link RunSteadyState}) both call it, on the same series. After Barrett et al.,
 * "Virtual Machine Warmup Blows Hot and Cold" (OOPSLA 2017), with steadiness judged against the series' own noise and
 * not against a per-run precision: how well one run pins its mean down is the between-runs interval's business.
 *
 * <p>The series is cut into segments ({@link Segmentation}: outliers out, changepoints in the mean against one noise
 * variance, neighbours merged when equivalent within the series' own autocorrelation-aware standard error). Then:
 *
 * <ol>
 *   <li><b>The level now.</b> From the final segment backwards, earlier segments join while they are equivalent to
 *       what has joined (same margin). A short segment (under {@link Settings#minSteadySeconds()}) that is not
 *       equivalent is a transient (a 3 s collapse of a GC-bound target) when the segment before it is equivalent:
 *       both join.
 *   <li><b>Wander.</b> A target whose level moves between regimes for 10 to 30 s at a time with no trend is stationary
 *       too: its steady state is the whole stretch, its value the mean over it. An earlier segment extends the steady
 *       stretch when it lies within the range of levels the later segments already visit (the final level is not new,
 *       as a warm-up's or a slowdown's is), the long segments (of at least {@link Settings#minSteadySeconds()}) of the
 *       stretch stay within {@link Settings#wanderRatio()} of each other (a level switching by more is no steady
 *       state), and a line through the stretch does not move ({@link Trend}).
 *   <li><b>Where it began.</b> Unless the stretch came from wander, its start is refined by a least-squares "level,
 *       ramp, level" fit over the segment(s) before it (a warm-up often ends in a ramp, and steps fitted to a ramp put
 *       the boundary early or late); a fit over two earlier segments is taken over one only when it beats a step
 *       between them by the changepoint penalty.
 *   <li><b>Still moving?</b> A line through the stretch that moves significantly (99.5%, autocorrelation-aware) by at
 *       least {@link Segmentation.Settings#equalWithinRelative()}: no steady state. For a warm-up so far (the engine),
 *       nor when the last seconds (fewer than a segment's least length, which no cut can isolate) are not equivalent
 *       to the final segment before them: a plateau that has just begun to climb again.
 *   <li><b>Too late?</b> No steady state when the stretch ends too soon after it began: shorter than {@link
 *       Settings#minSteadySeconds()}; or, for a series with a measured phase (main), a stretch that began inside main
 *       covering less than {@link Settings#insideMainFraction()} of it; for a series judged whole (a warm-up curve),
 *       shorter than {@link Settings#lastFraction()} of it; the engine, judging a warm-up so far, asks the least length
 *       only. "No steady state" thus always means a change that is not equivalent ended late in the series.
 * </ol>
 *
 * Classification: {@link Classification#FLAT} when the stretch covers the whole series; {@link Classification#SLOWDOWN}
 * when an earlier segment was better than the stretch beyond the margin (higher for requests/s, lower for latency:
 * {@link Direction}); otherwise {@link Classification#WARMUP}. Stateless and thread-safe.
 */
public final class SteadyState {
    private SteadyState() {}

    /** Which way is better for the measure: requests/s higher, latency lower. */
    public enum Direction {
        HIGHER_IS_BETTER,
        LOWER_IS_BETTER
    }

    public enum Classification {
        FLAT,
        WARMUP,
        SLOWDOWN,
        NO_STEADY_STATE
    }

    /**
     * @param segmentation       how the series is cut (shared with the engine's {@link WarmupStop})
     * @param lastFraction       a series judged whole (no measured phase of its own) is steady only when its steady
     *                           stretch covers at least this fraction of it (0.25)
     * @param insideMainFraction a steady stretch that began inside main must cover at least this fraction of main
     *                           (0.5): one that began in main's second half leaves most measured seconds unsteady
     * @param minSteadySeconds   least length of a steady stretch, and of a segment that counts in the wander bound
     *                           (10, the engine's stable length)
     * @param wanderRatio        the long segments of a wandering stretch stay within (1 + this) × the lowest of them
     *                           (0.25): beyond, the level switches rather than wanders
     */
    public record Settings(
            Segmentation.Settings segmentation,
            double lastFraction,
            double insideMainFraction,
            int minSteadySeconds,
            double wanderRatio) {
        public static final Settings DEFAULT = new Settings(Segmentation.Settings.DEFAULT, 0.25, 0.5, 10, 0.25);

        public Settings {
            if (!(lastFraction > 0 && lastFraction < 1)
                    || !(insideMainFraction > 0 && insideMainFraction <= 1)
                    || minSteadySeconds < 1
                    || !(wanderRatio >= 0)) {
                throw new IllegalArgumentException("invalid steady-state settings: lastFraction " + lastFraction
                        + ", insideMainFraction " + insideMainFraction + ", minSteadySeconds " + minSteadySeconds
                        + ", wanderRatio " + wanderRatio);
            }
        }

        /** The same settings with another least steady length (the engine's stable length, say). */
        public Settings withMinSteadySeconds(int seconds) {
            return new Settings(segmentation, lastFraction, insideMainFraction, seconds, wanderRatio);
        }
    }

    /**
     * @param classification   see the class comment
     * @param segments         the segments, covering the series in order
     * @param outlierIndices   indices left out of the segments' means and of the changepoint search (a copy)
     * @param steadyStartIndex first second of the steady stretch, counted from the series' first value; -1 with no
     *                         steady state
     * @param steadyEndIndex   one past its last second (the series' length); -1 with no steady state
     * @param steadyMean       mean of the stretch's kept values, in the series' unit; NaN with no steady state
     * @param warmupCost       for requests/s: the requests the target would have served before steady state at its
     *                         steady rate minus those it served, Σ (steadyMean − x) over the seconds before
     *                         steadyStartIndex, outliers included (they were served or not served). For a lower-is-
     *                         better measure, Σ (x − steadyMean), in the unit × seconds. 0 when flat, negative for a
     *                         slowdown, NaN with no steady state
     * @param wandering        the stretch holds levels that are not equivalent (regimes with no trend, or a transient
     *                         it bridged): steady as a whole, not at one level
     * @param why              one sentence with the numbers behind the classification
     */
    public record Analysis(
            Classification classification,
            List<Segmentation.Segment> segments,
            int[] outlierIndices,
            int steadyStartIndex,
            int steadyEndIndex,
            double steadyMean,
            double warmupCost,
            boolean wandering,
            String why) {
        public Analysis {
            segments = List.copyOf(segments);
            outlierIndices = outlierIndices.clone();
        }

        @Override
        public int[] outlierIndices() {
            return outlierIndices.clone();
        }

        public boolean steady() {
            return classification != Classification.NO_STEADY_STATE;
        }

        /** The start of the final segment: where the series' last level began (with or without a steady state). */
        public int finalSegmentStart() {
            return segments.isEmpty() ? 0 : segments.get(segments.size() - 1).startIndex();
        }
    }

    /** What the steady stretch must cover: a measured phase, the whole series, or (the engine) its least length only. */
    private enum Judged {
        MEASURED_PHASE,
        WHOLE,
        LENGTH_ONLY
    }

    /**
     * The series judged as a whole: a steady stretch shorter than {@link Settings#lastFraction()} of it is no steady
     * state. For series with no measured phase of their own (a warm-up curve's windows, synthetic series).
     *
     * @param series one value per whole second, oldest first; non-finite values count as outliers
     */
    public static Analysis of(double[] series, Direction direction, Settings settings) {
        return judge(series, direction, settings, Judged.WHOLE, 0);
    }

    /**
     * A series made of a warm-up and then a measured phase (main): a steady stretch that began inside main must cover
     * {@link Settings#insideMainFraction()} of it. The warm-up's length is chosen by a rule or a person and must not
     * change what counts as steady, so the end that matters is main's.
     *
     * @param measuredFromIndex index of main's first second in {@code series}; 0 (or any index outside [0,
     *                          series.length), where main has no second in the series) judges the whole series
     */
    public static Analysis of(double[] series, Direction direction, Settings settings, int measuredFromIndex) {
        boolean measured = measuredFromIndex > 0 && measuredFromIndex < series.length;
        return judge(series, direction, settings, measured ? Judged.MEASURED_PHASE : Judged.WHOLE, measuredFromIndex);
    }

    /**
     * A warm-up so far, as the engine's auto warm-up asks: steady once the steady stretch has lasted {@link
     * Settings#minSteadySeconds()}, whatever the series' length (it has no end yet).
     */
    public static Analysis ofWarmupSoFar(double[] series, Settings settings) {
        return judge(series, Direction.HIGHER_IS_BETTER, settings, Judged.LENGTH_ONLY, series.length);
    }

    private static Analysis judge(
            double[] series, Direction direction, Settings settings, Judged judged, int measuredFromIndex) {
        Segmentation.Cut cut = Segmentation.cut(series, settings.segmentation());
        int n = series.length;
        if (n == 0) {
            return none(cut, "the series is empty");
        }
        int k = cut.kept().length;
        if (k == 0) {
            return none(cut, "every second is an outlier or unmeasured");
        }
        List<int[]> pieces = cut.pieces();
        double variance = cut.longRunVariance();
        int start = levelNow(cut, variance, settings);
        int wanderFrom = wanderFrom(cut, variance, settings, start);
        boolean wandering = wanderFrom >= 0 || start < pieces.get(pieces.size() - 1)[0] && !allEquivalent(cut, start);
        if (wanderFrom >= 0) {
            start = wanderFrom;
        } else if (start > 0) {
            start = refinedStart(cut, pieceStartingAt(pieces, start));
        }
        double[] stretch = java.util.Arrays.copyOfRange(cut.kept(), start, k);
        Trend.Fit trend = Trend.of(stretch, Trend.CONFIDENCE);
        int steadyStart = start == 0 ? 0 : cut.seriesIndex(start);
        if (trend.moving(settings.segmentation().equalWithinRelative())) {
            return none(
                    cut,
                    String.format(
                            Locale.ROOT,
                            "from second %d of %d the series is still moving: %+.1f%% over %d s",
                            steadyStart,
                            n,
                            trend.relativeChange() * 100,
                            n - steadyStart));
        }
        // A change in the last seconds, fewer than a segment's least length, cannot be cut off as a segment: a plateau
        // of 10 s that has just begun to climb again looks steady to the cut (the demo's run 002 on /products/{id}: 8 s
        // at 3,100 requests/s, then 3,500, 4,000, 4,000, and the warm-up ended). So the engine, deciding on a warm-up
        // so far, waits until the last seconds are equivalent to the stretch before them: a wait of one check when it
        // errs. The report judges whole runs, whose end is main's and whose late changes the rules below judge.
        // The level the tail is held to is the final segment's (a wandering stretch's last regime, not its average).
        int tail = settings.segmentation().minSegmentSeconds();
        int tailFrom = k - tail;
        int levelFrom = Math.max(start, pieces.get(pieces.size() - 1)[0]);
        if (judged == Judged.LENGTH_ONLY
                && tailFrom - levelFrom >= tail
                && !cut.equivalent(tailFrom, k, levelFrom, tailFrom, variance)) {
            return none(
                    cut,
                    String.format(
                            Locale.ROOT,
                            "the last %d s moved %+.1f%% from the level since second %d of %d",
                            tail,
                            (cut.mean(tailFrom, k) / cut.mean(levelFrom, tailFrom) - 1) * 100,
                            cut.seriesIndex(levelFrom),
                            n));
        }
        String late = late(n, steadyStart, settings, judged, measuredFromIndex);
        if (late != null) {
            return none(cut, late);
        }
        double steadyMean = cut.mean(start, k);
        Classification classification = Classification.FLAT;
        if (start > 0) {
            classification = Classification.WARMUP;
            for (int[] piece : pieces) {
                if (piece[0] >= start) {
                    break;
                }
                double mean = cut.mean(piece[0], piece[1]);
                boolean better = direction == Direction.HIGHER_IS_BETTER ? mean > steadyMean : mean < steadyMean;
                if (better && !cut.equivalent(piece[0], piece[1], start, k, variance)) {
                    classification = Classification.SLOWDOWN;
                }
            }
        }
        double cost = 0;
        for (int i = 0; i < steadyStart; i++) {
            if (Double.isFinite(series[i])) {
                cost += direction == Direction.HIGHER_IS_BETTER ? steadyMean - series[i] : series[i] - steadyMean;
            }
        }
        String why = String.format(
                Locale.ROOT,
                "%d segment(s) after %d outlier(s); steady from second %d of %d at mean %.4g%s",
                pieces.size(),
                cut.outliers().length,
                steadyStart,
                n,
                steadyMean,
                wandering ? wanderWords(cut, start) : "");
        return new Analysis(
                classification,
                cut.result().segments(),
                cut.outliers(),
                steadyStart,
                n,
                steadyMean,
                cost,
                wandering,
                why);
    }

    /**
     * Step 1: the start (in kept values) of the segments that are equivalent to the final level, walking back from it;
     * a short segment that is not equivalent is bridged when the one before it is.
     */
    private static int levelNow(Segmentation.Cut cut, double variance, Settings settings) {
        List<int[]> pieces = cut.pieces();
        int k = cut.kept().length;
        int start = pieces.get(pieces.size() - 1)[0];
        int i = pieces.size() - 2;
        while (i >= 0) {
            int[] piece = pieces.get(i);
            if (cut.equivalent(piece[0], piece[1], start, k, variance)) {
                start = piece[0];
                i--;
            } else if (piece[1] - piece[0] < settings.minSteadySeconds()
                    && i >= 1
                    && cut.equivalent(pieces.get(i - 1)[0], pieces.get(i - 1)[1], start, k, variance)) {
                start = pieces.get(i - 1)[0];
                i -= 2;
            } else {
                break;
            }
        }
        return start;
    }

    /**
     * Step 2: the earliest segment start (in kept values) before {@code levelStart} from which the series wanders
     * without trend (class comment), or -1 when none.
     */
    private static int wanderFrom(Segmentation.Cut cut, double variance, Settings settings, int levelStart) {
        List<int[]> pieces = cut.pieces();
        int k = cut.kept().length;
        for (int e = 0; e < pieces.size() && pieces.get(e)[0] < levelStart; e++) {
            int[] first = pieces.get(e);
            if (first[1] - first[0] < settings.minSteadySeconds()) {
                continue; // a regime lasts; a short segment before the level is a warm-up's tail or a transient
            }
            // The levels the later segments visit: their long ones and the final one (a bridged transient is none).
            int[] lowest = null;
            int[] highest = null;
            double lowestLong = Double.POSITIVE_INFINITY;
            double highestLong = Double.NEGATIVE_INFINITY;
            for (int p = e + 1; p < pieces.size(); p++) {
                int[] piece = pieces.get(p);
                boolean counts = piece[1] - piece[0] >= settings.minSteadySeconds() || p == pieces.size() - 1;
                if (!counts) {
                    continue;
                }
                double mean = cut.mean(piece[0], piece[1]);
                if (lowest == null || mean < cut.mean(lowest[0], lowest[1])) {
                    lowest = piece;
                }
                if (highest == null || mean > cut.mean(highest[0], highest[1])) {
                    highest = piece;
                }
            }
            double mean = cut.mean(first[0], first[1]);
            boolean inside = mean
                            >= cut.mean(lowest[0], lowest[1])
                                    - cut.margin(first[0], first[1], lowest[0], lowest[1], variance)
                    && mean
                            <= cut.mean(highest[0], highest[1])
                                    + cut.margin(first[0], first[1], highest[0], highest[1], variance);
            if (!inside) {
                continue;
            }
            for (int p = e; p < pieces.size(); p++) {
                int[] piece = pieces.get(p);
                if (piece[1] - piece[0] >= settings.minSteadySeconds()) {
                    lowestLong = Math.min(lowestLong, cut.mean(piece[0], piece[1]));
                    highestLong = Math.max(highestLong, cut.mean(piece[0], piece[1]));
                }
            }
            if (highestLong > (1 + settings.wanderRatio()) * lowestLong) {
                continue;
            }
            double[] stretch = java.util.Arrays.copyOfRange(cut.kept(), first[0], k);
            if (Trend.of(stretch, Trend.CONFIDENCE)
                    .moving(settings.segmentation().equalWithinRelative())) {
                continue;
            }
            return first[0];
        }
        return -1;
    }

    /** Whether every segment from kept value {@code start} on is equivalent to the stretch as a whole. */
    private static boolean allEquivalent(Segmentation.Cut cut, int start) {
        double variance = cut.longRunVariance();
        int k = cut.kept().length;
        for (int[] piece : cut.pieces()) {
            if (piece[0] >= start && !cut.equivalent(piece[0], piece[1], start, k, variance)) {
                return false;
            }
        }
        return true;
    }

    private static int pieceStartingAt(List<int[]> pieces, int start) {
        for (int p = 0; p < pieces.size(); p++) {
            if (pieces.get(p)[0] == start) {
                return p;
            }
        }
        throw new IllegalStateException("no segment starts at " + start);
    }

    /**
     * Step 3: the steady stretch's start refined by the least-squares "level, linear ramp, level" line (levels free,
     * continuous, the ramp from after value r to value b) over the segment before piece {@code chosen} and piece
     * {@code chosen} itself; or over the two segments before it, when that fit beats a step between those two plus
     * the one-segment fit by more than the changepoint penalty (a ramp that PELT cut into stairs). A step is the case
     * b = r + 1, so a true step stays where it is. The pieces are moved to the refined start; returns it.
     */
    private static int refinedStart(Segmentation.Cut cut, int chosen) {
        List<int[]> pieces = cut.pieces();
        double[] values = cut.kept();
        int minSegment = cut.settings().minSegmentSeconds();
        int end = pieces.get(chosen)[1];
        double[] one = bestRamp(values, pieces.get(chosen - 1)[0], end, minSegment, pieces.get(chosen)[0]);
        double[] best = one;
        if (chosen >= 2) {
            int from = pieces.get(chosen - 2)[0];
            double[] two = bestRamp(values, from, end, minSegment, pieces.get(chosen)[0]);
            int stepAt = pieces.get(chosen - 1)[0];
            double stepError = one[0] + squaresAboutMean(values, from, stepAt);
            double penalty =
                    cut.settings().penaltyFactor() * Math.log(values.length) * Segmentation.noiseVariance(values);
            if (two[0] < stepError + penalty) {
                best = two;
            }
        }
        int start = (int) best[1];
        pieces.get(chosen - 1)[1] = start;
        pieces.get(chosen)[0] = start;
        if (pieces.get(chosen - 1)[1] <= pieces.get(chosen - 1)[0]) {
            pieces.remove(chosen - 1);
        }
        return start;
    }

    /** {least squared error, its b} of the level-ramp-level line over values[from, to), b at least minSegment in. */
    private static double[] bestRamp(double[] values, int from, int to, int minSegment, int fallback) {
        double bestError = Double.POSITIVE_INFINITY;
        int bestEnd = fallback;
        for (int b = from + minSegment; b <= to - minSegment; b++) {
            for (int r = from; r < b; r++) {
                double error = rampError(values, from, to, r, b);
                if (error < bestError) {
                    bestError = error;
                    bestEnd = b;
                }
            }
        }
        return new double[] {bestError, bestEnd};
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

    private static double squaresAboutMean(double[] values, int from, int to) {
        double mean = Segmentation.mean(values, from, to);
        double squares = 0;
        for (int i = from; i < to; i++) {
            squares += (values[i] - mean) * (values[i] - mean);
        }
        return squares;
    }

    /** Step 5: why a stretch from {@code steadyStart} is too late to be a steady state, or null when it is not. */
    private static String late(int n, int steadyStart, Settings settings, Judged judged, int measuredFromIndex) {
        int length = n - steadyStart;
        if (length < settings.minSteadySeconds()) {
            return String.format(
                    Locale.ROOT,
                    "the last level began at second %d of %d and has lasted %d s, less than %d s",
                    steadyStart,
                    n,
                    length,
                    settings.minSteadySeconds());
        }
        if (judged == Judged.WHOLE && length < settings.lastFraction() * n) {
            return String.format(
                    Locale.ROOT,
                    "the last level began at second %d of %d, inside the last %.0f%% of the series",
                    steadyStart,
                    n,
                    settings.lastFraction() * 100);
        }
        if (judged == Judged.MEASURED_PHASE
                && steadyStart >= measuredFromIndex
                && length < settings.insideMainFraction() * (n - measuredFromIndex)) {
            return String.format(
                    Locale.ROOT,
                    "the last level began at second %d of %d, inside the last %.0f%% of main (seconds %d to %d)",
                    steadyStart,
                    n,
                    settings.insideMainFraction() * 100,
                    measuredFromIndex,
                    n);
        }
        return null;
    }

    /** "; wandering between 57,100 and 66,800 over 5 segments". */
    private static String wanderWords(Segmentation.Cut cut, int start) {
        double low = Double.POSITIVE_INFINITY;
        double high = Double.NEGATIVE_INFINITY;
        int count = 0;
        for (int[] piece : cut.pieces()) {
            if (piece[0] >= start) {
                double mean = cut.mean(piece[0], piece[1]);
                low = Math.min(low, mean);
                high = Math.max(high, mean);
                count++;
            }
        }
        return String.format(Locale.ROOT, "; wandering between %.4g and %.4g over %d segments", low, high, count);
    }

    /**
     * Time to steady state counted from the first correct answer, in seconds: the steady start minus the index of the
     * first second with a positive count; -1 with no steady state or no correct answer.
     */
    public static int secondsToSteady(double[] okPerSecond, Analysis analysis) {
        if (!analysis.steady()) {
            return -1;
        }
        for (int i = 0; i < okPerSecond.length; i++) {
            if (okPerSecond[i] > 0) {
                return Math.max(analysis.steadyStartIndex() - i, 0);
            }
        }
        return -1;
    }

    private static Analysis none(Segmentation.Cut cut, String why) {
        return new Analysis(
                Classification.NO_STEADY_STATE,
                cut.result().segments(),
                cut.outliers(),
                -1,
                -1,
                Double.NaN,
                Double.NaN,
                false,
                why);
    }
}
