package dev.duel.report.build;

import dev.duel.analysis.RunRuntime;
import dev.duel.analysis.RunSteadyState;
import dev.duel.record.load.SecondResult;
import dev.duel.record.runtime.JfrWindow;
import dev.duel.record.runtime.Profile;
import dev.duel.record.runtime.RuntimeTimeline;
import dev.duel.record.runtime.ThreadCpuWindow;
import dev.duel.report.model.Measure;
import dev.duel.report.model.Metric;
import dev.duel.report.model.Report;
import dev.duel.report.model.RuntimeRun;
import dev.duel.report.model.RuntimeSection;
import dev.duel.report.model.Summary;
import dev.duel.report.read.RunData;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * Builds a load scenario's runtime answer ({@link RuntimeSection}) from the timelines its valid runs recorded, each
 * read against the run's own steady state by {@link RunRuntime} (which seconds count, how windows are laid over
 * them, how much of them a timeline must cover). Per target, one cell per measure over its runs, as every other row:
 * median, range and spread; runs that never reached a steady state are counted in the cell and left out of it, and
 * the comparison rows then say so. A row is shown only when some target has a value in it. Not thread-safe.
 */
final class RuntimeAnswer {
    static final Measure JIT_UNTIL_STEADY = new Measure(
            "runtime.jit.until", "JIT CPU until steady state", Metric.Unit.MILLIS, Metric.Direction.NONE, false);
    static final Measure JIT_SHARE = new Measure(
            "runtime.jit.share", "JIT CPU share at steady state", Metric.Unit.SHARE, Metric.Direction.NONE, false);
    static final Measure GC_PAUSE_SHARE = new Measure(
            "runtime.gc.pause",
            "GC pause share at steady state (JFR)",
            Metric.Unit.SHARE,
            Metric.Direction.LOWER,
            false);
    static final Measure GC_CPU_SHARE = new Measure(
            "runtime.gc.cpu",
            "GC+VM thread CPU share at steady state",
            Metric.Unit.SHARE,
            Metric.Direction.LOWER,
            false);
    static final Measure ALLOCATION = new Measure(
            "runtime.alloc",
            "allocation per request at steady state (JFR)",
            Metric.Unit.BYTES,
            Metric.Direction.LOWER,
            false);
    /** How many pauses make the pause share: no direction (many short or few long ones), and not ranked as a cost. */
    static final Measure GC_PAUSES = new Measure(
            "runtime.gc.pauses",
            "GC pauses per second at steady state (JFR)",
            Metric.Unit.RATE,
            Metric.Direction.NONE,
            false);

    static final Measure DEOPTIMIZATIONS = new Measure(
            "runtime.deopt",
            "deoptimizations per second at steady state (JFR)",
            Metric.Unit.RATE,
            Metric.Direction.LOWER,
            false);

    private final String scenario;
    private final List<String> targets;
    private final Function<String, List<RunData>> runsOf;
    private final Function<RunData, RunSteadyState> steady;
    /** Each run's runtime values, read once for all the rows. */
    private final java.util.Map<RunData, RunRuntime> read = new java.util.IdentityHashMap<>();

    /**
     * @param scenario the scenario's name
     * @param targets  the scenario's targets, in column order
     * @param runsOf   a target's valid runs of the scenario
     * @param steady   a run's steady state in the scenario
     */
    RuntimeAnswer(
            String scenario,
            List<String> targets,
            Function<String, List<RunData>> runsOf,
            Function<RunData, RunSteadyState> steady) {
        this.scenario = scenario;
        this.targets = List.copyOf(targets);
        this.runsOf = runsOf;
        this.steady = steady;
    }

    /** True when some valid run of the scenario has a timeline: only then has the scenario a runtime answer. */
    boolean any() {
        return targets.stream().anyMatch(t -> timed(t));
    }

    /** The runtime rows, those with a value on some side, in a fixed order. */
    List<Report.Row> rows() {
        List<Report.Row> rows = new ArrayList<>();
        for (Measure measure : List.of(
                JIT_UNTIL_STEADY, JIT_SHARE, GC_PAUSE_SHARE, GC_PAUSES, GC_CPU_SHARE, ALLOCATION, DEOPTIMIZATIONS)) {
            Report.Row row = row(measure, read(measure));
            if (row.cells().stream().anyMatch(c -> c.summary() != null)) {
                rows.add(row);
            }
        }
        return rows;
    }

    RuntimeSection build(List<Report.Row> rows, List<Report.Comparison> comparisons, List<String> largest) {
        List<RuntimeRun> runs = new ArrayList<>();
        for (String target : targets) {
            List<RunData> timed = timedRuns(target);
            if (!timed.isEmpty()) {
                runs.add(chartRun(target, timed));
            }
        }
        return new RuntimeSection(rows, comparisons, largest, runs);
    }

    private static ToDoubleFunction<RunRuntime> read(Measure measure) {
        return switch (measure.key()) {
            case "runtime.jit.until" -> RunRuntime::jitCpuMillisUntilSteady;
            case "runtime.jit.share" -> RunRuntime::jitCpuShareAtSteady;
            case "runtime.gc.pause" -> RunRuntime::gcPauseShareAtSteady;
            case "runtime.gc.cpu" -> RunRuntime::gcThreadCpuShareAtSteady;
            case "runtime.alloc" -> RunRuntime::allocatedBytesPerRequest;
            case "runtime.deopt" -> RunRuntime::deoptimizationsPerSecond;
            case "runtime.gc.pauses" -> RunRuntime::gcPausesPerSecond;
            default -> throw new IllegalArgumentException("not a runtime measure: " + measure.key());
        };
    }

    private Report.Row row(Measure measure, ToDoubleFunction<RunRuntime> read) {
        boolean jfr = measure.label().endsWith("(JFR)");
        List<Report.Cell> cells = new ArrayList<>();
        for (String target : targets) {
            List<RunData> timed = timedRuns(target);
            List<RunRuntime> runs = timed.stream()
                    .map(r -> RunRuntime.of(timeline(r), steady.apply(r)))
                    .toList();
            double[] values = runs.stream()
                    .filter(r -> r.leftOut() == RunRuntime.LeftOut.NONE)
                    .mapToDouble(read)
                    .filter(Double::isFinite)
                    .toArray();
            int never = (int) runs.stream()
                    .filter(r -> r.leftOut() == RunRuntime.LeftOut.NEVER_STEADY)
                    .count();
            // Runs whose timeline gave no value here (never steady; under 90% of the steady seconds covered, allocation
            // not known, under 1,000 responses, a recording not read) are counted, never dropped without a word.
            int thin = (int) runs.stream()
                            .filter(r -> r.leftOut() != RunRuntime.LeftOut.NEVER_STEADY)
                            .count()
                    - values.length;
            if (values.length > 0) {
                cells.add(new Report.Cell(Summary.of(values), null, List.of(), 0, never + thin));
                continue;
            }
            String missing;
            if (timed.isEmpty()) {
                missing = "no timeline (profile: none)";
            } else if (jfr && timed.stream().allMatch(r -> timeline(r).profile() != Profile.JFR)) {
                missing = "no JFR recording (profile: threads)";
            } else if (jfr && timed.stream().allMatch(r -> timeline(r).jfr() == null)) {
                missing = "JFR recording not read (see the run's problems)";
            } else if (never == runs.size()) {
                missing = "no run reached steady state";
            } else if (runs.stream().allMatch(r -> r.leftOut() != RunRuntime.LeftOut.NONE)) {
                missing = "timelines do not cover the steady seconds";
            } else {
                missing = measure.equals(ALLOCATION)
                        ? "allocation not known through steady state, or under "
                                + String.format(Locale.ROOT, "%,d", RunRuntime.MIN_REQUESTS) + " requests"
                        : "not measured";
            }
            cells.add(new Report.Cell(null, missing, List.of(), 0, never));
        }
        return new Report.Row(measure, cells);
    }

    /** True when some valid run of the target recorded a timeline in the scenario. */
    boolean timed(String target) {
        return !timedRuns(target).isEmpty();
    }

    /** A target's valid runs of the scenario that recorded a timeline. */
    private List<RunData> timedRuns(String target) {
        return runsOf.apply(target).stream().filter(r -> timeline(r) != null).toList();
    }

    private RuntimeTimeline timeline(RunData run) {
        return run.scenario(scenario).result().runtime();
    }

    /**
     * The run the target's chart shows: of its runs with a timeline that reached a steady state, the median by time to
     * steady state (the JIT's part of the story), ties ordered by steady requests/s, then run order; the lower of the
     * two middle ones for an even count. With none steady, its first run with a timeline.
     */
    private RuntimeRun chartRun(String target, List<RunData> timed) {
        List<RunData> steadyRuns = timed.stream()
                .filter(r -> steady.apply(r).steady())
                .sorted(Comparator.comparingDouble(
                                (RunData r) -> steady.apply(r).secondsToSteady())
                        .thenComparingDouble(r -> steady.apply(r).steadyRequestsPerSecond())
                        .thenComparingInt(RunData::index))
                .toList();
        RunData chosen;
        String why;
        if (steadyRuns.isEmpty()) {
            chosen = timed.get(0);
            why = String.format(Locale.ROOT, "first of %d run(s) with a timeline, none steady", timed.size());
        } else {
            chosen = steadyRuns.get((steadyRuns.size() - 1) / 2);
            why = steadyRuns.size() == 1
                    ? "the only steady run with a timeline"
                    : String.format(Locale.ROOT, "median time to steady state of %d steady runs", steadyRuns.size());
        }
        RuntimeTimeline timeline = timeline(chosen);
        List<SecondResult> seconds = chosen.scenario(scenario).result().load() == null
                ? List.of()
                : chosen.scenario(scenario).result().load().seconds();
        // The chart draws rates: a window of a few milliseconds (the scenario's start just before its load's 0 s)
        // holds CPU in whole clock ticks of 10 ms, a rate off by hundreds of ms/s. The rows sum CPU, not rates, and
        // keep every window.
        List<ThreadCpuWindow> threads = timeline.threads().stream()
                .filter(w -> w.seconds() >= MIN_CHART_WINDOW_SECONDS)
                .toList();
        List<JfrWindow> jfr = timeline.jfr() == null
                ? List.of()
                : timeline.jfr().stream()
                        .filter(w -> w.seconds() >= MIN_CHART_WINDOW_SECONDS)
                        .toList();
        RunSteadyState state = steady.apply(chosen);
        return new RuntimeRun(
                String.format(Locale.ROOT, "%03d", chosen.index()),
                target,
                why,
                state.steady() ? state.steadyStartSecond() : -1,
                seconds.stream().map(SecondResult::second).toList(),
                seconds.stream().map(s -> (double) s.ok()).toList(),
                threads.stream().map(ThreadCpuWindow::startSeconds).toList(),
                threads.stream()
                        .map(w -> perSecond(w.c1CpuMillis(), w.seconds()))
                        .toList(),
                threads.stream()
                        .map(w -> perSecond(w.c2CpuMillis(), w.seconds()))
                        .toList(),
                threads.stream()
                        .map(w -> perSecond(w.gcCpuMillis() + w.vmThreadCpuMillis(), w.seconds()))
                        .toList(),
                jfr.stream().map(JfrWindow::startSeconds).toList(),
                jfr.stream().map(w -> perSecond(w.gcPauseMillis(), w.seconds())).toList());
    }

    /** The shortest window the chart draws as a rate, seconds. */
    static final double MIN_CHART_WINDOW_SECONDS = 0.5;

    private static double perSecond(double millis, double seconds) {
        return seconds > 0 ? millis / seconds : 0;
    }
}
