package dev.duel.analysis;

import dev.duel.record.Phase;
import dev.duel.record.load.LoadResult;
import dev.duel.record.load.PlanSettings;
import dev.duel.record.load.SecondResult;
import dev.duel.record.load.WarmupEnd;
import dev.duel.record.load.WarmupMode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * One run's steady state in one load scenario, from the per-second series its record holds ({@code load.seconds}:
 * correct responses and p99 per second). Which seconds count:
 *
 * <ul>
 *   <li>only seconds that lie wholly inside loaded time: warm-up [0, warm-up end) and main [main start, main end),
 *       in milliseconds from the start of the load (second i covers [i, i + 1) s). The gap's seconds are left out
 *       (no load was offered, so they say nothing of the target's rate), and so is any second a phase edge cuts
 *       (it holds only part of a second's responses and would read as a fall);
 *   <li>the series starts at the first second holding a correct answer: seconds before it are start-up, not
 *       warm-up.
 * </ul>
 *
 * A run is steady when its requests/s are: {@link SteadyState#of(double[], SteadyState.Direction,
 * SteadyState.Settings, int)}, with main as the measured phase (the whole series for windows, which have no main),
 * the one judge the engine's auto warm-up also asked ({@link WarmupStop}). So a run whose warm-up the engine ended as
 * steady is steady here unless main itself moved, and {@link #mainMoved()} says so. Its p99 is judged for trend only
 * ({@link Trend#ofLogs}) over main's seconds: a second with a collection has a p99 several times its neighbours', too
 * bimodal to segment, and main's histogram, the only one a run keeps whole, is what its latency values come from.
 *
 * <p>The report (its steady-state rows and warm-up answer) and the suite (its {@code repetitions: {until}} rule) both
 * read a run's steady state from here; which of a run's measures are steady-state values is {@link SteadyValues}'.
 * Immutable, so thread-safe; {@link #of} is stateless.
 *
 * @param seconds            the run second (from the start of the load) of each value of the series
 * @param requestsPerSecond  correct responses in each of those seconds
 * @param p99Micros          the per-second p99 of those seconds, in microseconds (NaN without a correct answer)
 * @param segments           the requests/s series' segments, in run seconds, for the chart
 * @param classification     the run's classification (its requests/s)
 * @param why                the numbers behind it, in a sentence
 * @param steadyStartSecond  the run second the steady stretch begins in; -1 with no steady state
 * @param secondsToSteady    seconds from the start of the second of the first correct answer to the steady start,
 *                           gap included when the steady start lies in main (wall time); -1 with no steady state
 * @param steadyRequestsPerSecond mean requests/s over the steady seconds (from the steady start to the end),
 *                           requests/s outliers left out as {@link Segmentation} leaves them out; NaN with no steady
 *                           state
 * @param warmupCostRequests Σ (steady requests/s − requests in the second) over the series' seconds before the steady
 *                           start (gap and cut seconds are not in the series, so not in the cost); 0 for a flat run,
 *                           negative for a slowdown, NaN with no steady state
 * @param steadyThroughMain  true when the steady start is at or before main's first whole second: main's latency
 *                           histogram and CPU per request are then steady-state values
 * @param mainRequestsPerSecond mean requests/s over main's whole seconds (outliers left out): what a run that never
 *                           settled contributes, marked (every run counts); NaN when main has no whole second
 * @param wandering          steady as a whole, not at one level: regimes with no trend, or a transient bridged
 * @param engineSteady       the engine's auto warm-up ended on a steady verdict; false for a fixed warm-up, a
 *                           warm-up that ran to its cap and windowed runs
 * @param mainMoved          the engine's warm-up ended steady, yet the run is not steady from before main: main
 *                           itself moved (the why says where)
 * @param latencyMoving      main's per-second p99 moved significantly (99.5%) by at least {@link
 *                           #LATENCY_TOLERANCE}: main's latency percentiles are not a steady state's
 * @param latencyChange      how far a line through main's per-second p99 (on logs) moved from main's first second to
 *                           its last, as a fraction (0.35 is +35%); 0 with fewer than three seconds in main (NaN with no series)
 * @param mainStartSecond    the run second of main's first second in the series (windows: the series' first); -1 when
 *                           main has none
 * @param levels             the two levels the requests/s moved between ({@link Levels}, over the steady seconds, or
 *                           the whole series when it has no steady state), or null when they did not alternate
 * @param mainInterval       main's mean requests/s (its whole seconds, outliers included: they were served or not)
 *                           with a {@link #MAIN_CONFIDENCE} interval that allows for the seconds' wander ({@link
 *                           MeanInterval}), measured over the steady seconds when they cover main, else over main's;
 *                           null when main has no whole second
 */
public record RunSteadyState(
        int[] seconds,
        double[] requestsPerSecond,
        double[] p99Micros,
        List<SegmentSpan> segments,
        SteadyState.Classification classification,
        String why,
        int steadyStartSecond,
        double secondsToSteady,
        double steadyRequestsPerSecond,
        double warmupCostRequests,
        boolean steadyThroughMain,
        double mainRequestsPerSecond,
        boolean wandering,
        boolean engineSteady,
        boolean mainMoved,
        boolean latencyMoving,
        double latencyChange,
        int mainStartSecond,
        Levels.Alternation levels,
        MeanInterval.Interval mainInterval) {

    /** A p99 that moves by at least this factor less one over main (and significantly) is not steady: 10%. */
    public static final double LATENCY_TOLERANCE = 0.10;

    /** The confidence of {@link #mainInterval}: 95%. */
    public static final double MAIN_CONFIDENCE = 0.95;

    /** Segment [fromSecond, toSecond) in run seconds (toSecond one past its last second) and its mean requests/s. */
    public record SegmentSpan(int fromSecond, int toSecond, double mean) {}

    public RunSteadyState {
        seconds = seconds.clone();
        requestsPerSecond = requestsPerSecond.clone();
        p99Micros = p99Micros.clone();
        segments = List.copyOf(segments);
    }

    @Override
    public int[] seconds() {
        return seconds.clone();
    }

    @Override
    public double[] requestsPerSecond() {
        return requestsPerSecond.clone();
    }

    @Override
    public double[] p99Micros() {
        return p99Micros.clone();
    }

    /** True unless the run reached no steady state. */
    public boolean steady() {
        return classification != SteadyState.Classification.NO_STEADY_STATE;
    }

    /** With the default settings, the engine's own ({@link WarmupStop.Settings#DEFAULT}). */
    public static RunSteadyState of(LoadResult load) {
        return of(load, SteadyState.Settings.DEFAULT);
    }

    /**
     * @param load     a run's load result (null, or one without a main phase, settings or per-second series, has no
     *                 steady state)
     * @param settings the judge's
     */
    public static RunSteadyState of(LoadResult load, SteadyState.Settings settings) {
        if (load == null || load.main() == null || load.settings() == null || load.seconds() == null) {
            return none("the record holds no per-second series");
        }
        if (load.interleaved()) {
            return ofInterleaved(load, settings);
        }
        PlanSettings plan = load.settings();
        double warmupEndMillis;
        double gapMillis;
        double mainStartMillis;
        if (plan.windows() > 0) {
            // Windows count from the first correct answer with no gap: all of it is loaded time.
            warmupEndMillis = 0;
            gapMillis = 0;
            mainStartMillis = load.firstCorrectResponseMillis();
        } else {
            warmupEndMillis = load.warmup() != null ? load.warmup().durationMillis() : plan.warmupMillis();
            gapMillis = plan.gapMillis();
            mainStartMillis = warmupEndMillis + gapMillis;
        }
        if (mainStartMillis < 0) {
            return none("no correct answer came");
        }
        double mainEndMillis = mainStartMillis + load.main().durationMillis();
        List<SecondResult> kept = new ArrayList<>();
        for (SecondResult second : load.seconds()) {
            double from = second.second() * 1000.0;
            double to = from + 1000;
            boolean loaded = from >= 0 && to <= mainEndMillis;
            boolean cutByGap = gapMillis > 0 && from < warmupEndMillis + gapMillis && to > warmupEndMillis;
            if (loaded && !cutByGap && second.phase() != Phase.GAP && (!kept.isEmpty() || second.ok() > 0)) {
                kept.add(second);
            }
        }
        Kept series = Kept.of(kept, mainStartMillis);
        int n = kept.size();
        int[] seconds = series.seconds();
        double[] rps = series.rps();
        double[] p99 = series.p99();
        int firstMainIndex = series.firstMainIndex();
        WarmupEnd end = load.warmupEnd();
        boolean engineSteady = plan.windows() == 0
                && end != null
                && end.mode() == WarmupMode.AUTO
                && end.reason() == WarmupEnd.Reason.STEADY;
        // Windows have no main: judged whole, and every window is "main" for the last stretch.
        int measuredFromIndex = plan.windows() > 0 ? 0 : firstMainIndex;
        SteadyState.Analysis requests =
                SteadyState.of(rps, SteadyState.Direction.HIGHER_IS_BETTER, settings, measuredFromIndex);
        List<SegmentSpan> spans = new ArrayList<>();
        for (Segmentation.Segment segment : requests.segments()) {
            spans.add(new SegmentSpan(
                    seconds[segment.startIndex()], seconds[segment.endIndex() - 1] + 1, segment.mean()));
        }
        double mainRps = keptMean(rps, requests.outlierIndices(), Math.min(measuredFromIndex, n), n);
        Trend.Fit latencyTrend =
                Trend.ofLogs(Arrays.copyOfRange(p99, Math.min(measuredFromIndex, n), n), Trend.CONFIDENCE);
        boolean latencyMoving = latencyTrend.moving(LATENCY_TOLERANCE);
        double latencyChange = latencyTrend.relativeChange();
        int mainStartSecond = measuredFromIndex < n ? seconds[measuredFromIndex] : -1;
        int mainFrom = Math.min(measuredFromIndex, n);
        if (n == 0 || !requests.steady()) {
            String why = n == 0 ? "no whole loaded second holds a correct answer" : requests.why();
            boolean mainMoved = engineSteady && n > 0;
            if (mainMoved) {
                why = "main moved after the warm-up ended steady: " + why;
            }
            return new RunSteadyState(
                    seconds,
                    rps,
                    p99,
                    spans,
                    SteadyState.Classification.NO_STEADY_STATE,
                    why,
                    -1,
                    -1,
                    Double.NaN,
                    Double.NaN,
                    false,
                    mainRps,
                    false,
                    engineSteady,
                    mainMoved,
                    latencyMoving,
                    latencyChange,
                    mainStartSecond,
                    levels(rps, 0),
                    mainInterval(rps, mainFrom, mainFrom));
        }
        int start = requests.steadyStartIndex();
        boolean throughMain = start <= firstMainIndex;
        boolean mainMoved = engineSteady && !throughMain;
        String why = requests.why();
        if (mainMoved) {
            why = String.format(
                    Locale.ROOT,
                    "main moved after the warm-up ended steady: steady only from run second %d, %d s into main; %s",
                    seconds[start],
                    start - firstMainIndex,
                    why);
        }
        if (latencyMoving) {
            why += String.format(Locale.ROOT, "; p99 moved %+.0f%% over main", latencyTrend.relativeChange() * 100);
        }
        double cost = 0;
        for (int i = 0; i < start; i++) {
            cost += requests.steadyMean() - rps[i];
        }
        return new RunSteadyState(
                seconds,
                rps,
                p99,
                spans,
                requests.classification(),
                why,
                seconds[start],
                seconds[start] - seconds[0],
                requests.steadyMean(),
                cost,
                throughMain,
                mainRps,
                requests.wandering(),
                engineSteady,
                mainMoved,
                latencyMoving,
                latencyChange,
                mainStartSecond,
                levels(rps, start),
                mainInterval(rps, throughMain ? start : mainFrom, mainFrom));
    }

    /** The levels of rps[from, end) as a per-second series (the gap's seconds are not in it: one join). */
    private static Levels.Alternation levels(double[] rps, int from) {
        return Levels.of(Arrays.copyOfRange(rps, from, rps.length), 1, Levels.Settings.DEFAULT)
                .orElse(null);
    }

    /** Main's mean, [mainFrom, end), with its interval measured over [stretchFrom, end); null when main is empty. */
    private static MeanInterval.Interval mainInterval(double[] rps, int stretchFrom, int mainFrom) {
        int n = rps.length;
        if (mainFrom >= n) {
            return null;
        }
        return MeanInterval.of(
                Arrays.copyOfRange(rps, stretchFrom, n), mainFrom - stretchFrom, n - stretchFrom, MAIN_CONFIDENCE);
    }

    /**
     * The run's levels in words, with main's interval: "requests/s alternated between two levels: 2,500 for 7 s at a
     * time and 10,000 for 3 s (5 switches in 29 s); allowing for them, main's mean is known to ±93% (95%)"; null when
     * the requests/s did not alternate. The one wording of {@code duel load}'s summary and the report.
     */
    public String levelsSentence() {
        return levelsSentence(levels, mainInterval);
    }

    /** {@link #levelsSentence()} of these levels and main interval (either may be null). */
    public static String levelsSentence(Levels.Alternation levels, MeanInterval.Interval mainInterval) {
        if (levels == null) {
            return null;
        }
        String sentence = String.format(
                Locale.ROOT,
                "requests/s alternated between two levels: %s for %s at a time and %s for %s (%d switches in %s)",
                rate(levels.lowLevel()),
                duration(levels.lowStaySeconds()),
                rate(levels.highLevel()),
                duration(levels.highStaySeconds()),
                levels.switches(),
                duration(levels.spanSeconds()));
        if (mainInterval != null && Double.isFinite(mainInterval.relativeHalfWidth())) {
            sentence += String.format(
                    Locale.ROOT,
                    "; allowing for them, main's mean is known to %s (%.0f%%)",
                    plusMinus(mainInterval.relativeHalfWidth()),
                    mainInterval.confidence() * 100);
        }
        return sentence;
    }

    /** A relative half-width as "±88%", "±2.3%". */
    public static String plusMinus(double relative) {
        double percent = relative * 100;
        return String.format(Locale.ROOT, percent >= 10 ? "±%.0f%%" : "±%.1f%%", percent);
    }

    private static String rate(double perSecond) {
        return String.format(Locale.ROOT, perSecond >= 100 ? "%,.0f" : "%.1f", perSecond);
    }

    private static String duration(double seconds) {
        return seconds >= 10 || seconds == Math.rint(seconds)
                ? String.format(Locale.ROOT, "%.0f s", seconds)
                : String.format(Locale.ROOT, "%.1f s", seconds);
    }

    /**
     * One side of an interleaved pair: it warmed up beside its partner (both at once, or in turns) and held the whole load
     * in its slices of main. Its steady state is what its warm-up's judge found on its own seconds (the engine's verdict;
     * a fixed warm-up is judged here on the same seconds): the pair's question at steady state is the ratio's, read
     * block by block ({@link InterleavedRatio}). Its steady requests/s are its slices' (correct responses over the time
     * it held the load in main), every slice a whole-load measurement. The series kept for charts and p99 is its warm-up's
     * seconds, then main's seconds that lie wholly inside its slices. Warm-up cost is not given: beside its partner, the
     * side's rate in warm-up is not one it would have alone.
     */
    private static RunSteadyState ofInterleaved(LoadResult load, SteadyState.Settings settings) {
        double warmupEndMillis = load.warmup() != null ? load.warmup().durationMillis() : 0;
        double mainStartMillis = warmupEndMillis + load.settings().gapMillis();
        Double turnMillis = load.settings().warmupTurnMillis();
        int heldParity = turnMillis == null ? -1 : heldParity(load.seconds(), turnMillis, warmupEndMillis);
        List<SecondResult> kept = new ArrayList<>();
        for (SecondResult second : load.seconds()) {
            double from = second.second() * 1000.0;
            // In turns, a side's warm-up is the seconds it held: the others hold only its last answers.
            boolean inWarmup = from + 1000 <= warmupEndMillis
                    && second.phase() == Phase.WARMUP
                    && (turnMillis == null || (int) Math.floor(from / turnMillis) % 2 == heldParity);
            boolean held = load.slices().stream()
                    .anyMatch(slice -> from >= slice.startMillis() - 1e-6
                            && from + 1000 <= slice.startMillis() + slice.lengthMillis() + 1e-6);
            if ((inWarmup && (!kept.isEmpty() || second.ok() > 0)) || (from >= mainStartMillis && held)) {
                kept.add(second);
            }
        }
        Kept series = Kept.of(kept, mainStartMillis);
        int n = kept.size();
        int[] seconds = series.seconds();
        double[] rps = series.rps();
        double[] p99 = series.p99();
        int firstMainIndex = series.firstMainIndex();
        double heldMillis =
                load.slices().stream().mapToDouble(s -> s.lengthMillis()).sum();
        long heldOk = load.slices().stream().mapToLong(s -> s.ok()).sum();
        double sliceRps = heldMillis > 0 ? heldOk * 1000.0 / heldMillis : Double.NaN;
        Trend.Fit latencyTrend = Trend.ofLogs(Arrays.copyOfRange(p99, firstMainIndex, n), Trend.CONFIDENCE);
        int mainStartSecond = firstMainIndex < n ? seconds[firstMainIndex] : -1;
        double[] warmup = Arrays.copyOf(rps, firstMainIndex);
        SteadyState.Analysis judged =
                warmup.length == 0 ? null : SteadyState.of(warmup, SteadyState.Direction.HIGHER_IS_BETTER, settings);
        List<SegmentSpan> spans = new ArrayList<>();
        for (Segmentation.Segment segment : judged == null ? List.<Segmentation.Segment>of() : judged.segments()) {
            spans.add(new SegmentSpan(
                    seconds[segment.startIndex()], seconds[segment.endIndex() - 1] + 1, segment.mean()));
        }
        WarmupEnd end = load.warmupEnd();
        boolean engineSteady = end != null && end.mode() == WarmupMode.AUTO && end.reason() == WarmupEnd.Reason.STEADY;
        int steadyStart;
        String why;
        if (engineSteady) {
            steadyStart = end.steadySinceMillis() == null
                    ? (n == 0 ? -1 : seconds[0])
                    : (int) Math.round(end.steadySinceMillis() / 1000);
            why = String.format(
                    Locale.ROOT,
                    "interleaved: the warm-up's judge found this side steady from run second %d, beside its partner;"
                            + " main in %d slices of its own",
                    steadyStart,
                    load.slices().size());
        } else if (end != null
                && end.mode() == WarmupMode.FIXED
                && judged != null
                && judged.classification() != SteadyState.Classification.NO_STEADY_STATE) {
            steadyStart = seconds[judged.steadyStartIndex()];
            why = "interleaved: its fixed warm-up was steady from run second " + steadyStart + "; " + judged.why();
        } else {
            steadyStart = -1;
            why = end != null && end.reason() == WarmupEnd.Reason.CAP
                    ? "interleaved: the warm-up ran to its cap without this side settling"
                    : "interleaved: its warm-up was not steady"
                            + (judged == null ? " (no warm-up second)" : ": " + judged.why());
        }
        boolean steady = steadyStart >= 0 && n > 0 && Double.isFinite(sliceRps);
        // Time to steady in the side's own seconds: in turns, the seconds it held before its steady start.
        double toSteady = -1;
        if (steady) {
            int held = 0;
            for (int second : seconds) {
                held += second < steadyStart ? 1 : 0;
            }
            toSteady = turnMillis == null ? steadyStart - seconds[0] : held;
        }
        return new RunSteadyState(
                seconds,
                rps,
                p99,
                spans,
                steady
                        ? (steadyStart <= seconds[0]
                                ? SteadyState.Classification.FLAT
                                : SteadyState.Classification.WARMUP)
                        : SteadyState.Classification.NO_STEADY_STATE,
                why,
                steady ? steadyStart : -1,
                toSteady,
                steady ? sliceRps : Double.NaN,
                Double.NaN,
                steady,
                sliceRps,
                false,
                engineSteady,
                false,
                latencyTrend.moving(LATENCY_TOLERANCE),
                latencyTrend.relativeChange(),
                mainStartSecond,
                // Its slices' rates move with the host's flips, which the pair's blocks cancel: they are not its
                // levels.
                null,
                sliceInterval(load));
    }

    /**
     * Which turns of a warm-up in turns the side held, 0 (the first, third...) or 1: the parity whose seconds served more
     * (the other's hold only the last answers of the side's turns).
     */
    private static int heldParity(List<SecondResult> seconds, double turnMillis, double warmupEndMillis) {
        long[] served = new long[2];
        for (SecondResult second : seconds) {
            double from = second.second() * 1000.0;
            if (from + 1000 <= warmupEndMillis) {
                served[(int) Math.floor(from / turnMillis) % 2] += second.ok();
            }
        }
        return served[1] > served[0] ? 1 : 0;
    }

    /** The mean of a side's slice rates, with an interval from their wander; null without two slices. */
    private static MeanInterval.Interval sliceInterval(LoadResult load) {
        double[] rates =
                load.slices().stream().mapToDouble(s -> s.okPerSecond()).toArray();
        return rates.length < 2 ? null : MeanInterval.of(rates, 0, rates.length, MAIN_CONFIDENCE);
    }

    /**
     * The seconds kept of a run's series as arrays: each one's run second, correct responses and p99 (NaN without a
     * correct answer), and the index of main's first (the length when main has none).
     */
    private record Kept(int[] seconds, double[] rps, double[] p99, int firstMainIndex) {
        static Kept of(List<SecondResult> kept, double mainStartMillis) {
            int n = kept.size();
            int[] seconds = new int[n];
            double[] rps = new double[n];
            double[] p99 = new double[n];
            int firstMainIndex = n;
            for (int i = 0; i < n; i++) {
                SecondResult second = kept.get(i);
                seconds[i] = second.second();
                rps[i] = second.ok();
                p99[i] = second.ok() > 0 ? second.p99Micros() : Double.NaN;
                if (firstMainIndex == n && second.second() * 1000.0 >= mainStartMillis) {
                    firstMainIndex = i;
                }
            }
            return new Kept(seconds, rps, p99, firstMainIndex);
        }
    }

    /** Mean of values[from, to) less the outliers; NaN when none is left. */
    private static double keptMean(double[] values, int[] outlierIndices, int from, int to) {
        boolean[] outlier = new boolean[values.length];
        for (int i : outlierIndices) {
            outlier[i] = true;
        }
        double sum = 0;
        int count = 0;
        for (int i = from; i < to; i++) {
            if (!outlier[i] && Double.isFinite(values[i])) {
                sum += values[i];
                count++;
            }
        }
        return count == 0 ? Double.NaN : sum / count;
    }

    private static RunSteadyState none(String why) {
        return new RunSteadyState(
                new int[0],
                new double[0],
                new double[0],
                List.of(),
                SteadyState.Classification.NO_STEADY_STATE,
                why,
                -1,
                -1,
                Double.NaN,
                Double.NaN,
                false,
                Double.NaN,
                false,
                false,
                false,
                false,
                Double.NaN,
                -1,
                null,
                null);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof RunSteadyState s
                && Arrays.equals(s.seconds, seconds)
                && Arrays.equals(s.requestsPerSecond, requestsPerSecond)
                && Arrays.equals(s.p99Micros, p99Micros)
                && s.segments.equals(segments)
                && s.classification == classification
                && s.steadyStartSecond == steadyStartSecond;
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(seconds) * 31 + Arrays.hashCode(requestsPerSecond);
    }

    @Override
    public String toString() {
        return "RunSteadyState[" + classification + ", steady from second " + steadyStartSecond + ", " + why + "]";
    }
}
