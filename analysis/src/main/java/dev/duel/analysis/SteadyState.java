package dev.duel.analysis;

import java.util.List;
import java.util.Locale;

/**
 * Classification of one run's per-second series and its steady state, after Barrett et al.,
 * "Virtual Machine Warmup Blows Hot and Cold" (OOPSLA 2017). The series is cut by
 * {@link Segmentation}; then:
 *
 * <ul>
 *   <li>{@link Classification#NO_STEADY_STATE}: the final segment is shorter than
 *       {@link Settings#lastFraction()} of the measured part of the series (a change inside its last quarter: see
 *       {@link #of(double[], Direction, Settings, int)}) or than {@link Settings#minSteadySeconds()}, or it is still
 *       moving ({@link Trend}: a line through it changes significantly, at 99.5%, by at least the
 *       segmentation's tolerance), or it keeps no value (every second an outlier), or the series is empty;
 *   <li>{@link Classification#FLAT}: one segment, or every earlier segment equal to the final one
 *       within {@link Segmentation.Settings#equalWithinRelative()};
 *   <li>{@link Classification#WARMUP}: the final segment is better than or equal to every earlier one
 *       (better: higher for requests/s, lower for latency; see {@link Direction});
 *   <li>{@link Classification#SLOWDOWN}: some earlier segment was better than the final one.
 * </ul>
 *
 * A dip that recovers (better, worse, equal to the first) is a warm-up by this rule: the run ended at
 * its best. Stateless and thread-safe.
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
     * @param segmentation how the series is cut (shared with the engine's {@link WarmupStop})
     * @param lastFraction a final segment shorter than this fraction of the series' measured part (main, when the
     *                     series has one; else the whole series) means no steady state (0.25): a change that close to
     *                     the end leaves no way to know whether the new level lasts
     * @param minSteadySeconds a final segment shorter than this many seconds is no steady state either, whatever
     *                     the series' length (10, the engine's stable length: the report never calls steady what the
     *                     engine would not have)
     */
    public record Settings(Segmentation.Settings segmentation, double lastFraction, int minSteadySeconds) {
        public static final Settings DEFAULT =
                new Settings(Segmentation.Settings.DEFAULT, 0.25, WarmupStop.Settings.DEFAULT.stableSeconds());

        public Settings {
            if (!(lastFraction > 0 && lastFraction < 1) || minSteadySeconds < 1) {
                throw new IllegalArgumentException("lastFraction must be in (0, 1) and minSteadySeconds positive, were "
                        + lastFraction + " and " + minSteadySeconds);
            }
        }
    }

    /**
     * @param classification   see the class comment
     * @param segments         the segments, covering the series in order
     * @param outlierIndices   indices left out of the segments' means and of the changepoint search (a copy)
     * @param steadyStartIndex first second of the final segment, the steady state, counted from the series' first
     *                         value; -1 with no steady state
     * @param steadyEndIndex   one past its last second (the series' length); -1 with no steady state. Other
     *                         measures' steady-state values (latency percentiles, CPU per request) come from the
     *                         seconds [steadyStartIndex, steadyEndIndex) less the outliers, if the caller wishes
     * @param steadyMean       mean of the final segment's kept values, in the series' unit; NaN with no steady state
     * @param warmupCost       for requests/s: the requests the target would have served before steady state at its
     *                         steady rate minus those it served, Σ (steadyMean − x) over the seconds before
     *                         steadyStartIndex, outliers included (they were served or not served). For a lower-is-
     *                         better measure, Σ (x − steadyMean), in the unit × seconds. 0 when flat, negative for a
     *                         slowdown, NaN with no steady state
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
    }

    /**
     * A run judged on two measures at once (its requests/s and its p99 latency series): steady from the
     * later of the two steady starts, since a run is steady only once both are; no steady state if either
     * has none; otherwise a slowdown if either slowed down, a warm-up if either warmed up, else flat.
     *
     * @param steadyStartIndex -1 with no steady state
     * @param steadyEndIndex   the shorter series' length; -1 with no steady state
     */
    public record Combined(Classification classification, int steadyStartIndex, int steadyEndIndex, String why) {}

    /** Least share of main a final segment that began inside main must cover (see {@link #of(double[], Direction, Settings, int)}). */
    static final double INSIDE_MAIN_FRACTION = 0.5;

    /**
     * The series judged as a whole: a final segment shorter than {@link Settings#lastFraction()} of all of it is no
     * steady state. For series with no measured phase of their own (a warm-up curve's windows, synthetic series).
     *
     * @param series one value per whole second, oldest first; non-finite values count as outliers
     */
    public static Analysis of(double[] series, Direction direction, Settings settings) {
        return of(series, direction, settings, 0);
    }

    /**
     * A series made of a warm-up and then a measured phase (main): a final segment shorter than
     * {@link Settings#lastFraction()} of the measured phase, the seconds from {@code measuredFromIndex} on, is no
     * steady state. The warm-up's length is chosen by a rule or a person and must not change what counts as steady:
     * judged on the whole series, a 120 s warm-up that ended steady would need a 35 s final segment before a 20 s main
     * counted, while the same run after a 30 s warm-up would need 13 s. The last quarter exists to say "too close to
     * the end to know whether it lasts", and the end that matters is main's. A final segment that began inside main
     * must cover at least half of main ({@link #INSIDE_MAIN_FRACTION}). Every other rule is unchanged.
     *
     * @param series            one value per whole second, oldest first; non-finite values count as outliers
     * @param measuredFromIndex index of the measured phase's first second in {@code series}; 0 (or any index outside
     *                          [0, series.length), where the measured phase has no second in the series) judges the
     *                          whole series
     */
    public static Analysis of(double[] series, Direction direction, Settings settings, int measuredFromIndex) {
        Segmentation.Result result = Segmentation.of(series, settings.segmentation());
        if (series.length == 0) {
            return none(result, "the series is empty");
        }
        Segmentation.Segment last = result.last();
        if (last.valuesKept() == 0) {
            return none(result, "every second of the final segment is an outlier or unmeasured");
        }
        boolean measuredPart = measuredFromIndex > 0 && measuredFromIndex < series.length;
        int judged = measuredPart ? series.length - measuredFromIndex : series.length;
        // A final segment that began before main covers all of it. One that began inside main must cover at least
        // half of it: main's quarter alone would never fire for a main of 20 s or less (a quarter of it is no longer
        // than the least segment), and a steady state that began in main's second half leaves most of the measured
        // seconds unsteady.
        double fraction = measuredPart && last.startIndex() >= measuredFromIndex
                ? Math.max(settings.lastFraction(), INSIDE_MAIN_FRACTION)
                : settings.lastFraction();
        if (last.lengthSeconds() < fraction * judged) {
            return none(
                    result,
                    measuredPart
                            ? String.format(
                                    Locale.ROOT,
                                    "the final segment began at second %d of %d, inside the last %.0f%% of main "
                                            + "(seconds %d to %d)",
                                    last.startIndex(),
                                    series.length,
                                    fraction * 100,
                                    measuredFromIndex,
                                    series.length)
                            : String.format(
                                    Locale.ROOT,
                                    "the final segment began at second %d of %d, inside the last %.0f%% of the series",
                                    last.startIndex(),
                                    series.length,
                                    settings.lastFraction() * 100));
        }
        if (last.lengthSeconds() < settings.minSteadySeconds()) {
            return none(
                    result,
                    String.format(
                            Locale.ROOT,
                            "the final segment, from second %d of %d, has lasted %d s, less than %d s",
                            last.startIndex(),
                            series.length,
                            last.lengthSeconds(),
                            settings.minSteadySeconds()));
        }
        double tolerance = settings.segmentation().equalWithinRelative();
        Trend.Fit trend = Trend.of(Segmentation.keptValues(series, last, result.outlierIndices()), Trend.CONFIDENCE);
        if (trend.moving(tolerance)) {
            return none(
                    result,
                    String.format(
                            Locale.ROOT,
                            "the final segment, from second %d of %d, is still moving: %+.1f%% over its %d s",
                            last.startIndex(),
                            series.length,
                            trend.relativeChange() * 100,
                            last.lengthSeconds()));
        }
        boolean allEqual = true;
        boolean endedBest = true;
        for (Segmentation.Segment earlier :
                result.segments().subList(0, result.segments().size() - 1)) {
            if (Segmentation.relativeDifference(earlier.mean(), last.mean()) < tolerance) {
                continue;
            }
            allEqual = false;
            boolean earlierHigher = earlier.mean() > last.mean();
            if (earlierHigher == (direction == Direction.HIGHER_IS_BETTER)) {
                endedBest = false;
            }
        }
        Classification classification =
                allEqual ? Classification.FLAT : endedBest ? Classification.WARMUP : Classification.SLOWDOWN;
        int start = classification == Classification.FLAT ? 0 : last.startIndex();
        double steadyMean = classification == Classification.FLAT ? keptMean(result) : last.mean();
        double cost = 0;
        for (int i = 0; i < start; i++) {
            if (Double.isFinite(series[i])) {
                cost += direction == Direction.HIGHER_IS_BETTER ? steadyMean - series[i] : series[i] - steadyMean;
            }
        }
        String why = String.format(
                Locale.ROOT,
                "%d segment(s) after %d outlier(s); steady from second %d of %d at mean %.4g",
                result.segments().size(),
                result.outlierIndices().length,
                start,
                series.length,
                steadyMean);
        return new Analysis(
                classification,
                result.segments(),
                result.outlierIndices(),
                start,
                series.length,
                steadyMean,
                cost,
                why);
    }

    /** Combines a run's requests/s analysis with its p99 analysis (see {@link Combined}). */
    public static Combined combine(Analysis requestsPerSecond, Analysis p99) {
        if (!requestsPerSecond.steady() || !p99.steady()) {
            String which = !requestsPerSecond.steady() && !p99.steady()
                    ? "neither requests/s nor p99"
                    : !requestsPerSecond.steady() ? "requests/s" : "p99";
            return new Combined(
                    Classification.NO_STEADY_STATE,
                    -1,
                    -1,
                    which + (which.startsWith("neither") ? " reached a steady state" : " reached no steady state"));
        }
        Classification classification;
        if (requestsPerSecond.classification() == Classification.SLOWDOWN
                || p99.classification() == Classification.SLOWDOWN) {
            classification = Classification.SLOWDOWN;
        } else if (requestsPerSecond.classification() == Classification.WARMUP
                || p99.classification() == Classification.WARMUP) {
            classification = Classification.WARMUP;
        } else {
            classification = Classification.FLAT;
        }
        int start = Math.max(requestsPerSecond.steadyStartIndex(), p99.steadyStartIndex());
        int end = Math.min(requestsPerSecond.steadyEndIndex(), p99.steadyEndIndex());
        return new Combined(
                classification,
                start,
                end,
                String.format(
                        Locale.ROOT,
                        "requests/s %s from second %d, p99 %s from second %d: steady from second %d",
                        requestsPerSecond.classification(),
                        requestsPerSecond.steadyStartIndex(),
                        p99.classification(),
                        p99.steadyStartIndex(),
                        start));
    }

    /**
     * Time to steady state counted from the first correct answer, in seconds: the steady start minus the
     * index of the first second with a positive count; -1 with no steady state or no correct answer.
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

    private static Analysis none(Segmentation.Result result, String why) {
        return new Analysis(
                Classification.NO_STEADY_STATE,
                result.segments(),
                result.outlierIndices(),
                -1,
                -1,
                Double.NaN,
                Double.NaN,
                why);
    }

    private static double keptMean(Segmentation.Result result) {
        double sum = 0;
        int count = 0;
        for (Segmentation.Segment segment : result.segments()) {
            if (segment.valuesKept() > 0) {
                sum += segment.mean() * segment.valuesKept();
                count += segment.valuesKept();
            }
        }
        return count == 0 ? Double.NaN : sum / count;
    }
}
