package dev.duel.report.build;

import dev.duel.analysis.SteadyValues;
import dev.duel.record.ScenarioKind;
import dev.duel.record.Status;
import dev.duel.report.model.Measure;
import dev.duel.report.model.Metric;
import dev.duel.report.model.Report;
import dev.duel.report.model.Summary;
import dev.duel.report.read.PlannedRuns;
import dev.duel.report.read.RunData;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A scenario's rows, one cell per target: the load metrics (those that follow {@link SteadyValues}' rule from the runs
 * that reached a steady state; the errors over failed runs too), the errors of each kind, the services' cores, the
 * start-up time. A cell says why it has no value, and counts the runs it left out. Not thread-safe (steady states are
 * read through {@link Runs}); one per report.
 */
final class Rows {
    private static final List<Metric> LOAD_METRICS = List.of(
            Metric.RPS,
            Metric.P50,
            Metric.P90,
            Metric.P99,
            Metric.P999,
            Metric.MEAN,
            Metric.ERRORS,
            Metric.LATE,
            Metric.UNSTARTED,
            Metric.CPU_PER_REQUEST,
            Metric.CORES,
            Metric.THROTTLED,
            Metric.PEAK_ANON,
            Metric.PEAK_RSS);

    private final Runs runs;

    Rows(Runs runs) {
        this.runs = runs;
    }

    /** {@code metric}'s value in one run's scenario, in the metric's unit; NaN or negative when not measured. */
    static double read(Metric metric, RunData.ScenarioData s) {
        return switch (metric) {
            case RPS -> s.okPerSecond();
            case P50 -> s.latencyMicros("p50");
            case P90 -> s.latencyMicros("p90");
            case P99 -> s.latencyMicros("p99");
            case P999 -> s.latencyMicros("p99.9");
            case MEAN -> s.samples() == 0 ? -1 : s.meanLatencyMicros();
            case ERRORS -> s.failed();
            case LATE -> s.lateShare();
            case UNSTARTED -> s.unstartedShare();
            case CPU_PER_REQUEST -> s.cpuMicrosPerRequest();
            case CORES -> s.cores();
            case THROTTLED -> s.throttledShare();
            case PEAK_ANON -> s.peakAnonBytes();
            case PEAK_RSS -> s.peakAnonBytes() < 0 && s.schemaOne() ? s.peakRssBytes() : -1;
        };
    }

    /**
     * A start-up scenario's one row: each run's first start, a fresh process. Later starts of the same run restart the
     * same installation right after it (warm page cache, CDS archive written): pooling them would count one run as many
     * independent samples.
     */
    Report.Row startup(String name, List<String> shown) {
        return row(
                Measure.STARTUP,
                name,
                shown,
                t -> runs.countedRuns(t, name),
                r -> {
                    List<Double> starts = r.scenario(name).startsMillis();
                    return starts.isEmpty() ? -1 : starts.get(0);
                },
                r -> "no start recorded in " + name);
    }

    /** The start-up section's one row: every run's time to its first correct answer, whatever it measured. */
    Report.Row startupSection(List<String> shown) {
        return row(
                Measure.STARTUP,
                ScenarioKind.STARTUP_SECTION,
                shown,
                runs::startedRuns,
                RunData::startupMillis,
                RunData::missingStartup);
    }

    /**
     * A load scenario's rows: the load metrics (memory from schema-1 records only where no run has better, late and
     * unstarted shares only under an open model), each kind of error after the errors, then each service's cores.
     */
    List<Report.Row> load(String name, List<String> shown) {
        List<Report.Row> rows = new ArrayList<>();
        for (Metric metric : LOAD_METRICS) {
            if (metric == Metric.PEAK_RSS && noSchemaOne(name)) {
                continue; // schema 1's memory measure, shown only where a schema-1 record has nothing better
            }
            if (metric == Metric.PEAK_ANON && onlySchemaOne(name)) {
                continue; // no run sampled it: its fallback row stands alone
            }
            Report.Row row = metricRow(metric, name, shown);
            if ((metric == Metric.LATE || metric == Metric.UNSTARTED)
                    && row.cells().stream().allMatch(c -> c.summary() == null)) {
                continue; // the closed model has no schedule to be late on
            }
            rows.add(row);
            if (metric == Metric.ERRORS) {
                rows.addAll(errorKindRows(name, shown));
            }
        }
        Set<String> services = new TreeSet<>();
        runs.valid().stream()
                .map(r -> r.scenario(name))
                .filter(s -> s != null)
                .forEach(s -> services.addAll(s.serviceCores().keySet()));
        for (String service : services) {
            rows.add(row(
                    Measure.serviceCores(service),
                    name,
                    shown,
                    t -> runs.countedRuns(t, name),
                    r -> r.scenario(name).serviceCores().getOrDefault(service, -1.0),
                    r -> r.scenario(name).missingServiceCores(service)));
        }
        return rows;
    }

    /**
     * A row of one value per run (negative or NaN: not measured, {@code whyMissing} says why), every run of the target
     * counted, marked by its status (invalid, failed, disturbed without a clean repeat).
     */
    private Report.Row row(
            Measure measure,
            String scenario,
            List<String> shown,
            java.util.function.Function<String, List<RunData>> runsOf,
            java.util.function.ToDoubleFunction<RunData> read,
            java.util.function.Function<RunData, String> whyMissing) {
        List<Report.Cell> cells = new ArrayList<>();
        for (String target : shown) {
            List<Double> values = new ArrayList<>();
            List<Report.MarkedRun> marked = new ArrayList<>();
            List<String> pairs = new ArrayList<>();
            Map<RunData, String> noValue = new LinkedHashMap<>();
            int failed = 0;
            List<RunData> counted = runsOf.apply(target);
            for (RunData run : counted) {
                double value = read.applyAsDouble(run);
                if (!(value >= 0)) {
                    String why = whyMissing.apply(run);
                    noValue.put(run, why == null ? "not measured" : why);
                    continue;
                }
                values.add(value);
                pairs.add(runs.pairKey(run));
                List<Report.Mark> marks = statusMarks(run, null);
                if (!marks.isEmpty()) {
                    marked.add(new Report.MarkedRun(String.format(Locale.ROOT, "%03d", run.index()), value, marks));
                }
                failed += run.status() == Status.FAILED ? 1 : 0;
            }
            List<Report.LostRun> lost = lost(target, scenario, counted, noValue);
            cells.add(
                    values.isEmpty()
                            ? new Report.Cell(null, "not measured", List.of(), 0, 0, lost)
                            : new Report.Cell(
                                    Summary.of(values.stream()
                                            .mapToDouble(Double::doubleValue)
                                            .toArray()),
                                    null,
                                    marked,
                                    failed,
                                    0,
                                    lost,
                                    pairs.contains(null) ? List.of() : pairs,
                                    List.of(),
                                    false));
        }
        return new Report.Row(measure, cells);
    }

    /**
     * A load metric's row: every run that measured the scenario counts (its last attempt, whatever its status), each
     * with the marks that say why its value is not a clean steady-state one ({@link SteadyValues}' rule, shared with
     * the repetitions rule, and the run's status: invalid, failed, disturbed without a clean repeat). The errors
     * count failed runs as data: with maxErrorRate 0 every run with an error fails, and the others would always count 0.
     */
    private Report.Row metricRow(Metric metric, String scenario, List<String> shown) {
        Measure measure = Measure.of(metric);
        List<Report.Cell> cells = new ArrayList<>();
        for (String target : shown) {
            List<Double> values = new ArrayList<>();
            List<Report.MarkedRun> marked = new ArrayList<>();
            List<String> pairs = new ArrayList<>();
            List<Double> duet = new ArrayList<>();
            boolean interleaved = false;
            Map<RunData, String> noValue = new LinkedHashMap<>();
            int failed = 0;
            List<RunData> counted = runs.countedRuns(target, scenario);
            for (RunData run : counted) {
                RunData.ScenarioData data = run.scenario(scenario);
                double value = read(metric, data);
                List<Report.Mark> marks = new ArrayList<>(statusMarks(run, metric));
                SteadyValues.Measure steadyMeasure = metric.steadyMeasure();
                String missing = data.missing(metric);
                if (steadyMeasure == null) {
                    if (Double.isNaN(value) || (value < 0 && metric.unit() != Metric.Unit.CHANGE)) {
                        noValue.put(run, missing == null ? "not measured" : missing);
                        continue;
                    }
                } else {
                    // The suite's repetitions rule reads the same values through the same rule.
                    SteadyValues.Value steady = SteadyValues.value(
                            steadyMeasure,
                            SteadyValues.applies(data.kind()) ? runs.steady(run, scenario) : null,
                            value,
                            data.samples());
                    if (!steady.measured()) {
                        noValue.put(run, missing == null ? "not measured" : missing);
                        continue;
                    }
                    value = steady.value();
                    steady.marks().forEach(m -> marks.add(mark(m)));
                    // An ok run whose throughput the machine or the generator set: the repetitions rule's marks too.
                    if (run.status() == Status.OK) {
                        SteadyValues.limits(
                                        runs.bottleneck(run, scenario).kind(),
                                        run.record().duet() != null)
                                .forEach(m -> marks.add(mark(m)));
                    }
                    // An interleaved pair's requests/s leaves out the blocks another process cut; main's latency and
                    // CPU counters hold every disturbed second.
                    if (steadyMeasure != SteadyValues.Measure.REQUESTS_PER_SECOND
                            && runs.interleavedMainDisturbed(run, scenario)) {
                        marks.add(Report.Mark.DISTURBED_IN_PART);
                    }
                }
                values.add(value);
                pairs.add(runs.pairKey(run));
                if (steadyMeasure == SteadyValues.Measure.REQUESTS_PER_SECOND) {
                    duet.add(runs.duetRatio(run, scenario));
                    interleaved |=
                            run.record().duet() != null && run.record().duet().interleaved();
                }
                if (!marks.isEmpty()) {
                    marked.add(new Report.MarkedRun(String.format(Locale.ROOT, "%03d", run.index()), value, marks));
                }
                if (run.status() == Status.FAILED) {
                    failed++;
                }
            }
            List<Report.LostRun> lost = lost(target, scenario, counted, noValue);
            cells.add(
                    values.isEmpty()
                            ? new Report.Cell(null, "not measured", List.of(), 0, 0, lost)
                            : new Report.Cell(
                                    Summary.of(values.stream()
                                            .mapToDouble(Double::doubleValue)
                                            .toArray()),
                                    null,
                                    marked,
                                    failed,
                                    0,
                                    lost,
                                    pairs.contains(null) ? List.of() : pairs,
                                    pairs.contains(null)
                                                    || duet.isEmpty()
                                                    || duet.stream().anyMatch(d -> d.isNaN())
                                            ? List.of()
                                            : duet,
                                    interleaved));
        }
        return new Report.Row(measure, cells);
    }

    /**
     * The runs of {@code target} that planned {@code scenario} and gave no value, in run order: those that reached no
     * result of it (what became of them, in the record's words), and those counted whose value was not measured (why).
     */
    private List<Report.LostRun> lost(
            String target, String scenario, List<RunData> counted, Map<RunData, String> noValue) {
        Map<RunData, String> why = new LinkedHashMap<>();
        for (PlannedRuns.Planned planned : runs.planned(target, scenario)) {
            RunData run = planned.run();
            if (noValue.containsKey(run)) {
                why.put(run, noValue.get(run));
            } else if (!counted.contains(run)) {
                why.put(
                        run,
                        planned.reason().isBlank()
                                ? planned.outcome().label()
                                : planned.outcome().label() + ": " + planned.reason());
            }
        }
        return why.entrySet().stream()
                .sorted(Map.Entry.comparingByKey(java.util.Comparator.comparingInt(RunData::index)))
                .map(e -> new Report.LostRun(
                        String.format(Locale.ROOT, "%03d", e.getKey().index()), e.getValue()))
                .toList();
    }

    /** What a run's status says against its values: invalid, failed (but for the errors, which count it), disturbed. */
    private static List<Report.Mark> statusMarks(RunData run, Metric metric) {
        return switch (run.status()) {
            case OK -> List.of();
            case INVALID -> List.of(Report.Mark.INVALID);
            case FAILED -> metric == Metric.ERRORS ? List.of() : List.of(Report.Mark.FAILED);
            case DISCARDED -> List.of(Report.Mark.DISCARDED);
        };
    }

    static Report.Mark mark(SteadyValues.Mark mark) {
        return switch (mark) {
            case NEVER_STEADY -> Report.Mark.NEVER_STEADY;
            case STEADY_INSIDE_MAIN -> Report.Mark.STEADY_INSIDE_MAIN;
            case LATENCY_MOVING -> Report.Mark.LATENCY_MOVING;
            case TOO_FEW_SAMPLES -> Report.Mark.THIN_SAMPLES;
            case MACHINE -> Report.Mark.MACHINE;
            case LOADGEN -> Report.Mark.LOADGEN;
        };
    }

    /** One row per kind of failure (timeout, status, check...) that any valid run saw. */
    private List<Report.Row> errorKindRows(String scenario, List<String> shown) {
        Set<String> kinds = new LinkedHashSet<>();
        shown.stream()
                .flatMap(t -> runs.runsWithFailed(t, scenario).stream())
                .map(r -> r.scenario(scenario))
                .filter(s -> s != null)
                .forEach(s -> s.failuresByKind().forEach((kind, count) -> {
                    if (count > 0) {
                        kinds.add(kind);
                    }
                }));
        List<Report.Row> rows = new ArrayList<>();
        for (String kind : new TreeSet<>(kinds)) {
            Measure measure =
                    new Measure("errors." + kind, "errors: " + kind, Metric.Unit.COUNT, Metric.Direction.LOWER, false);
            List<Report.Cell> cells = new ArrayList<>();
            for (String target : shown) {
                List<RunData> runs = this.runs.runsWithFailed(target, scenario);
                double[] counts = runs.stream()
                        .mapToDouble(r -> r.scenario(scenario).failuresByKind().getOrDefault(kind, 0L))
                        .toArray();
                int failed = (int)
                        runs.stream().filter(r -> r.status() == Status.FAILED).count();
                cells.add(
                        counts.length == 0
                                ? new Report.Cell(null, "not measured")
                                : new Report.Cell(Summary.of(counts), null, List.of(), failed));
            }
            rows.add(new Report.Row(measure, cells));
        }
        return rows;
    }

    /** True when every run of the scenario sampled anonymous memory (no schema-1 record among them). */
    private boolean noSchemaOne(String scenario) {
        return runs.valid().stream()
                .map(r -> r.scenario(scenario))
                .filter(s -> s != null)
                .noneMatch(RunData.ScenarioData::schemaOne);
    }

    /** True when no run of the scenario sampled anonymous memory (schema-1 records only). */
    private boolean onlySchemaOne(String scenario) {
        return runs.valid().stream()
                .map(r -> r.scenario(scenario))
                .filter(s -> s != null)
                .allMatch(RunData.ScenarioData::schemaOne);
    }
}
