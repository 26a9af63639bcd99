package dev.duel.analysis;

import dev.duel.record.Phase;
import dev.duel.record.load.LoadResult;
import dev.duel.record.load.PlanSettings;
import dev.duel.record.load.SecondResult;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One run's steady state in one load scenario, from the per-second series its record holds
 * ({@code load.seconds}: correct responses and p99 per second). Which seconds count:
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
 * Requests/s (higher is better) and p99 (lower is better; a second without a correct answer has none) are each
 * classified by {@link SteadyState#of(double[], SteadyState.Direction, SteadyState.Settings, int)}, its last quarter
 * measured on main (the whole series for windows, which have no main), and the run is steady from the later of the
 * two steady starts
 * ({@link SteadyState#combine}). A final segment is taken as a steady state only when its requests/s also pass the
 * engine's warm-up stopping rule ({@link WarmupStop}, on the seconds from the steady start on): at least 10 s long,
 * with a 95% interval of its mean no wider than ±5%. On a short series the classifier can accept a 5 s final segment
 * that is still a ramp; its mean is no steady value.
 *
 * <p>The report (its steady-state rows and warm-up answer) and the suite (its {@code repetitions: {until}} rule)
 * both read a run's steady state from here, so the rule never stops on values the report would not print; which of
 * a run's measures are steady-state values is {@link SteadyValues}'. Immutable, so thread-safe; {@link #of} is
 * stateless.
 *
 * @param seconds            the run second (from the start of the load) of each value of the series
 * @param requestsPerSecond  correct responses in each of those seconds
 * @param p99Micros          the per-second p99 of those seconds, in microseconds (NaN without a correct answer)
 * @param segments           the requests/s series' segments, in run seconds, for the chart
 * @param classification     the run's classification (requests/s and p99 combined)
 * @param why                the numbers behind it, in a sentence
 * @param steadyStartSecond  the run second the final (steady) segment begins in; -1 with no steady state
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
        boolean steadyThroughMain) {

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

    public static RunSteadyState of(LoadResult load, SteadyState.Settings settings) {
        return of(load, settings, WarmupStop.Settings.DEFAULT);
    }

    /**
     * @param load     a run's load result (null, or one without a main phase, settings or per-second series, has no
     *                 steady state)
     * @param settings the classifier's
     * @param stop     the stopping rule a final segment must also pass
     */
    public static RunSteadyState of(LoadResult load, SteadyState.Settings settings, WarmupStop.Settings stop) {
        if (load == null || load.main() == null || load.settings() == null || load.seconds() == null) {
            return none("the record holds no per-second series");
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
        // A change inside main's last quarter is too close to the end to know whether it lasts; the warm-up's length
        // (an auto rule's or a person's choice) must not change what counts as steady. Windows have no main: whole.
        int measuredFromIndex = plan.windows() > 0 ? 0 : firstMainIndex;
        SteadyState.Analysis requests =
                SteadyState.of(rps, SteadyState.Direction.HIGHER_IS_BETTER, settings, measuredFromIndex);
        SteadyState.Analysis latency =
                SteadyState.of(p99, SteadyState.Direction.LOWER_IS_BETTER, settings, measuredFromIndex);
        SteadyState.Combined combined = SteadyState.combine(requests, latency);
        WarmupStop.Decision settled = null;
        if (combined.classification() != SteadyState.Classification.NO_STEADY_STATE) {
            settled = WarmupStop.check(Arrays.copyOfRange(rps, combined.steadyStartIndex(), n), stop);
        }
        List<SegmentSpan> spans = new ArrayList<>();
        for (Segmentation.Segment segment : requests.segments()) {
            spans.add(new SegmentSpan(
                    seconds[segment.startIndex()], seconds[segment.endIndex() - 1] + 1, segment.mean()));
        }
        if (n == 0 || combined.classification() == SteadyState.Classification.NO_STEADY_STATE || !settled.steady()) {
            String why = n == 0 ? "no whole loaded second holds a correct answer" : combined.why();
            if (settled != null) {
                int from = combined.steadyStartIndex();
                why = n - from < stop.stableSeconds()
                        ? String.format(
                                java.util.Locale.ROOT,
                                "its final segment, from second %d, lasted %d s: less than the %d s a steady state "
                                        + "must last",
                                seconds[from] - seconds[0],
                                n - from,
                                stop.stableSeconds())
                        : Double.isNaN(settled.relativeHalfWidth())
                                ? String.format(
                                        java.util.Locale.ROOT,
                                        "its final segment, from second %d, fails the stopping rule (within it: %s)",
                                        seconds[from] - seconds[0],
                                        settled.why())
                                : String.format(
                                        java.util.Locale.ROOT,
                                        "its final segment, from second %d, is too noisy to be a steady state: %.0f%% interval "
                                                + "half-width of its mean requests/s %.1f%%, more than %.1f%%",
                                        seconds[from] - seconds[0],
                                        stop.confidence() * 100,
                                        settled.relativeHalfWidth() * 100,
                                        stop.maxRelativeHalfWidth() * 100);
            } else if (n > 0 && !requests.steady()) {
                why += " (requests/s: " + requests.why() + ")";
            } else if (n > 0 && !latency.steady()) {
                why += " (p99: " + latency.why() + ")";
            }
            return none(seconds, rps, p99, spans, why);
        }
        // The stopping rule re-cuts the seconds from the classifier's steady start; where it finds a later final
        // segment, the steady state is that segment, as it would have been for the engine.
        int start = combined.steadyStartIndex() + Math.max(0, settled.steadySinceSecond());
        boolean[] outlier = new boolean[n];
        for (int i : requests.outlierIndices()) {
            outlier[i] = true;
        }
        double sum = 0;
        int count = 0;
        for (int i = start; i < n; i++) {
            if (!outlier[i]) {
                sum += rps[i];
                count++;
            }
        }
        double steadyRps = count == 0 ? Double.NaN : sum / count;
        double cost = 0;
        for (int i = 0; i < start; i++) {
            cost += steadyRps - rps[i];
        }
        return new RunSteadyState(
                seconds,
                rps,
                p99,
                spans,
                combined.classification(),
                start == combined.steadyStartIndex()
                        ? combined.why()
                        : combined.why()
                                + String.format(
                                        java.util.Locale.ROOT,
                                        "; the stopping rule, run again on that final segment, cut it once more: steady"
                                                + " from run second %d",
                                        seconds[start]),
                seconds[start],
                seconds[start] - seconds[0],
                steadyRps,
                cost,
                start <= firstMainIndex);
    }

    private static RunSteadyState none(String why) {
        return none(new int[0], new double[0], new double[0], List.of(), why);
    }

    /** A run without a steady state: its series and segments kept for the chart, no steady value. */
    private static RunSteadyState none(int[] seconds, double[] rps, double[] p99, List<SegmentSpan> spans, String why) {
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
                false);
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
