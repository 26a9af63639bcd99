package dev.duel.report;

import dev.duel.analysis.RatioInterval;
import dev.duel.analysis.RunSteadyState;
import dev.duel.analysis.ShiftInterval;
import dev.duel.analysis.SteadyValues;
import dev.duel.record.Environment;
import dev.duel.record.RunRecord;
import dev.duel.record.ScenarioKind;
import dev.duel.record.Status;
import dev.duel.record.load.WarmupEnd;
import dev.duel.record.load.WarmupMode;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Turns run records into a {@link Report}: statistics over valid runs, comparisons against the
 * baseline with confidence intervals, refusals and warnings, warm-up curves and thresholds.
 * Pure: the same records and options always give the same report. Not thread-safe; use once.
 */
public final class ReportBuilder {
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

    /** The start-up section's key beside the scenarios; the suite loader refuses a scenario of this name. */
    private static final String STARTUP_SECTION = "start-up";

    private final ResultsReader.Results results;
    private final ReportOptions options;
    private final List<RunData> valid;
    /** The last attempt of each run: a discarded attempt that was repeated is not a run lost. */
    private final List<RunData> finals;

    private final List<String> targets;
    private final String baseline;
    /** Each run's steady state per scenario, analysed once (see {@link RunSteadyState}). */
    private final Map<String, RunSteadyState> steadyRuns = new LinkedHashMap<>();

    /**
     * Checks thresholds before any run exists: their form, their numbers and units, and that they name
     * only these targets (or *). Which measures a scenario has is known only from its runs: a
     * threshold that matches no measure fails in the report, it is not caught here.
     *
     * @throws ReportException naming the first threshold that cannot be read, and why
     */
    public static void checkThresholds(List<String> expressions, List<String> targets) throws ReportException {
        new Thresholds(List.of(), targets, (scenario, a, b) -> null).evaluate(expressions);
    }

    public ReportBuilder(ResultsReader.Results results, ReportOptions options) throws ReportException {
        this.results = results;
        this.options = options;
        this.valid = results.runs().stream().filter(RunData::ok).toList();
        this.finals = lastAttempts(results.runs());
        Set<String> names = new LinkedHashSet<>();
        results.runs().stream()
                .sorted((x, y) -> Integer.compare(x.index(), y.index()))
                .forEach(r -> names.add(r.target()));
        this.targets = List.copyOf(names);
        if (options.baseline() != null && !targets.contains(options.baseline())) {
            throw new ReportException("--baseline " + options.baseline() + ": no such target; the runs hold "
                    + String.join(", ", targets));
        }
        this.baseline = options.baseline() != null ? options.baseline() : targets.get(0);
    }

    /** Per run (results folder and index), its record of the highest attempt. */
    static List<RunData> lastAttempts(List<RunData> runs) {
        Map<String, RunData> last = new LinkedHashMap<>();
        for (RunData run : runs) {
            last.merge(run.source() + "#" + run.index(), run, (x, y) -> y.attempt() >= x.attempt() ? y : x);
        }
        return List.copyOf(last.values());
    }

    /** What became of the runs of {@code target} that planned {@code scenario}. */
    private Report.Losses losses(String target, String scenario) {
        List<RunData> planned = finals.stream()
                .filter(r -> r.target().equals(target)
                        && (scenario.equals(STARTUP_SECTION)
                                || r.record().scenarios().contains(scenario)
                                || r.scenario(scenario) != null))
                .toList();
        return new Report.Losses(
                planned.size(),
                (int) planned.stream().filter(r -> r.status() == Status.FAILED).count(),
                (int) planned.stream().filter(r -> r.status() == Status.INVALID).count(),
                (int) planned.stream()
                        .filter(r -> r.status() == Status.DISCARDED)
                        .count());
    }

    private Map<String, Report.Losses> losses(String scenario, List<String> shown) {
        Map<String, Report.Losses> losses = new LinkedHashMap<>();
        shown.forEach(t -> losses.put(t, losses(t, scenario)));
        return losses;
    }

    public Report build() throws ReportException {
        List<String> warnings = new ArrayList<>();
        for (Environment env : results.environments().values()) {
            env.warnings().forEach(w -> warnings.add("environment: " + w));
        }
        if (results.environments().size() > 1) {
            warnings.add("these runs come from " + results.environments().size()
                    + " different machines or set-ups: comparisons across them are refused"
                    + (options.allowDistant() ? " (shown anyway: --allow-distant)" : ""));
        }
        if (valid.isEmpty()) {
            warnings.add("no run is valid: there is nothing to compare; the runs below say why");
        }
        results.runs().stream()
                .map(r -> r.record().resumedAcross())
                .filter(changes -> changes != null && !changes.isEmpty())
                .flatMap(List::stream)
                .distinct()
                .forEach(change -> warnings.add("resumed with --resume-anyway across a change (runs before and after"
                        + " it are compared as one): " + change));
        warnings.addAll(HostDrift.acrossSuite(results.runs()));
        List<Report.ScenarioReport> scenarios = new ArrayList<>();
        for (String scenario : scenarioNames()) {
            scenarios.add(scenario(scenario));
        }
        if (valid.stream().anyMatch(r -> r.startupMillis() > 0)) {
            scenarios.add(startupSection());
        }
        Thresholds evaluator = new Thresholds(
                scenarios,
                targets,
                (scenario, a, b) -> options.allowDistant()
                        ? null
                        : refusal(
                                scenario.equals(STARTUP_SECTION)
                                        ? valid.stream()
                                                .filter(r -> r.target().equals(a))
                                                .toList()
                                        : runsOf(a, scenario),
                                scenario.equals(STARTUP_SECTION)
                                        ? valid.stream()
                                                .filter(r -> r.target().equals(b))
                                                .toList()
                                        : runsOf(b, scenario)));
        List<Report.ThresholdResult> thresholds = new ArrayList<>();
        for (String expression : results.thresholds()) {
            try {
                thresholds.addAll(evaluator.evaluate(List.of(expression)));
            } catch (ReportException e) {
                // The suite's own thresholds were written before these runs: a bad one fails, it does not hide the
                // report.
                thresholds.add(new Report.ThresholdResult(
                        expression, false, "from the suite, cannot be read: " + e.getMessage()));
            }
        }
        thresholds.addAll(evaluator.evaluate(options.thresholds()));
        List<String> headline = Headline.of(scenarios, baseline);
        String title = results.suites().isEmpty()
                ? String.join(" vs ", targets)
                : String.join(", ", new LinkedHashSet<>(results.suites()));
        return new Report(
                title,
                duelVersion(),
                results.runs().stream().map(RunData::source).distinct().toList(),
                environmentLines(),
                baseline,
                RatioInterval.METHOD + ". " + ShiftInterval.METHOD,
                targetRows(),
                scenarios,
                excluded(),
                thresholds,
                warnings,
                headline);
    }

    /**
     * What a side whose runs never settled can change: its runs' warm-ups say whether they were fixed, ran to
     * their cap, or ended steady (records before schema 3, and windowed runs, count as fixed).
     */
    static SteadyMeasures.Advice advice(List<RunData> runs, String scenario) {
        boolean capped = false;
        boolean auto = false;
        for (RunData run : runs) {
            RunRecord.ScenarioResult result = run.record().result(scenario);
            WarmupEnd end = result == null || result.load() == null
                    ? null
                    : result.load().warmupEnd();
            if (end != null && end.mode() == WarmupMode.AUTO) {
                auto = true;
                capped |= end.reason() == WarmupEnd.Reason.CAP;
            }
        }
        return capped
                ? SteadyMeasures.Advice.AUTO_CAPPED
                : auto ? SteadyMeasures.Advice.AUTO_STEADY : SteadyMeasures.Advice.FIXED_WARMUP;
    }

    /** The run's steady state in the scenario, from its per-second series. */
    private RunSteadyState steady(RunData run, String scenario) {
        return steadyRuns.computeIfAbsent(
                run.source() + "#" + run.index() + "#" + run.attempt() + "#" + scenario,
                key -> RunSteadyState.of(run.scenario(scenario).result().load()));
    }

    private String duelVersion() {
        Set<String> versions = new TreeSet<>();
        results.runs().forEach(r -> versions.add(r.duelVersion()));
        return String.join(", ", versions);
    }

    private List<String> scenarioNames() {
        Set<String> names = new LinkedHashSet<>();
        results.runs().stream()
                .sorted((x, y) -> Integer.compare(x.index(), y.index()))
                .forEach(r -> r.scenarios().forEach(s -> names.add(s.scenario())));
        return List.copyOf(names);
    }

    private Report.ScenarioReport scenario(String name) {
        List<String> present = targets.stream()
                .filter(t -> valid.stream().anyMatch(r -> r.target().equals(t) && r.scenario(name) != null))
                .toList();
        List<String> shown = present.isEmpty() ? targets : present;
        ScenarioKind kind = results.runs().stream()
                .map(r -> r.scenario(name))
                .filter(s -> s != null)
                .map(RunData.ScenarioData::kind)
                .findFirst()
                .orElse(ScenarioKind.LOAD);
        String load = results.runs().stream()
                .map(r -> r.scenario(name))
                .filter(s -> s != null)
                .map(RunData.ScenarioData::load)
                .filter(l -> !l.isEmpty())
                .findFirst()
                .orElse("");
        List<Report.Row> rows = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        if (kind == ScenarioKind.STARTUP) {
            rows.add(row(Measure.STARTUP, shown, t -> startsOf(t, name), t -> 0));
        } else {
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
            valid.stream()
                    .map(r -> r.scenario(name))
                    .filter(s -> s != null)
                    .forEach(s -> services.addAll(s.serviceCores().keySet()));
            for (String service : services) {
                rows.add(row(
                        Measure.serviceCores(service),
                        shown,
                        t -> values(t, name, s -> s.serviceCores().getOrDefault(service, -1.0)),
                        t -> 0));
            }
        }
        if (kind == ScenarioKind.STARTUP) {
            notes.add("one value per run: the first start of each run (a fresh process); later starts within a run "
                    + "are restarts of the same installation, not independent samples, and are not pooled");
        }
        if (kind == ScenarioKind.THROUGHPUT) {
            notes.add(
                    "a saturating profile: its percentiles describe queueing in front of a busy target, not the cost of one request");
        }
        // A suite that repeated until the interval was narrow says why it stopped, under the scenario its rule read.
        results.repetitions().stream()
                .filter(decision -> decision.scenario().equals(name))
                .forEach(decision -> notes.add(decision.describe()));
        Report.Curve curve = kind == ScenarioKind.WARMUP_CURVE ? curve(name, shown) : null;
        Report.Warmup warmup = null;
        if (kind != ScenarioKind.STARTUP) {
            WarmupAnswer answer = new WarmupAnswer(shown, target -> runsOf(target, name), run -> steady(run, name));
            warmup = answer.build(List.of());
            List<Report.Comparison> warmupComparisons = new ArrayList<>();
            if (shown.contains(baseline)) {
                for (String other : shown) {
                    if (!other.equals(baseline)) {
                        warmupComparisons.addAll(compare(name, warmup.rows(), rows, shown, other));
                    }
                }
            }
            warmup = answer.build(warmupComparisons);
        }
        List<Report.Comparison> comparisons = new ArrayList<>();
        if (shown.contains(baseline)) {
            for (String other : shown) {
                if (!other.equals(baseline)) {
                    comparisons.addAll(compare(name, rows, shown, other));
                }
            }
        } else if (shown.size() > 1) {
            notes.add("the baseline " + baseline + " has no valid run of this scenario: nothing is compared");
        }
        Map<String, List<LatencyCurve.Point>> latency = new LinkedHashMap<>();
        if (kind != ScenarioKind.STARTUP) {
            for (String target : shown) {
                latency.put(
                        target,
                        LatencyCurve.of(runsOf(target, name).stream()
                                .map(r -> r.scenario(name))
                                .filter(s -> s.samples() >= SteadyValues.MIN_SAMPLES_FOR_PERCENTILES)
                                .map(RunData.ScenarioData::latencyHistogram)
                                .toList()));
            }
        }
        if (warmup != null) {
            notes.add(SteadyMeasures.NOTE);
        }
        return new Report.ScenarioReport(
                name,
                kind.label(),
                load,
                shown,
                rows,
                comparisons,
                curve,
                notes,
                latency,
                losses(name, shown),
                warmup,
                kind == ScenarioKind.STARTUP ? null : runtime(name, rows, shown));
    }

    /** The scenario's runtime answer ({@link RuntimeAnswer}), or null when no run of it has a timeline. */
    private Report.Runtime runtime(String name, List<Report.Row> rows, List<String> shown) {
        RuntimeAnswer answer = new RuntimeAnswer(name, shown, t -> runsOf(t, name), run -> steady(run, name));
        if (!answer.any()) {
            return null;
        }
        List<Report.Row> runtimeRows = answer.rows();
        List<Report.Comparison> comparisons = new ArrayList<>();
        List<String> largest = new ArrayList<>();
        if (shown.contains(baseline)) {
            for (String other : shown) {
                if (!other.equals(baseline)) {
                    List<Report.Comparison> pair = compare(name, runtimeRows, rows, shown, other);
                    comparisons.addAll(pair);
                    largest.add(RuntimeDifference.largest(runtimeRows, pair, shown, baseline, other, answer::timed));
                }
            }
        }
        return answer.build(runtimeRows, comparisons, largest);
    }

    private Report.ScenarioReport startupSection() {
        List<String> shown = targets.stream()
                .filter(t -> valid.stream().anyMatch(r -> r.target().equals(t) && r.startupMillis() > 0))
                .toList();
        List<Report.Row> rows = List.of(row(
                Measure.STARTUP,
                shown,
                t -> valid.stream()
                        .filter(r -> r.target().equals(t) && r.startupMillis() > 0)
                        .mapToDouble(RunData::startupMillis)
                        .toArray(),
                t -> 0));
        List<Report.Comparison> comparisons = new ArrayList<>();
        if (shown.contains(baseline)) {
            for (String other : shown) {
                if (!other.equals(baseline)) {
                    comparisons.addAll(compare(STARTUP_SECTION, rows, shown, other));
                }
            }
        }
        return new Report.ScenarioReport(
                STARTUP_SECTION,
                "per run",
                "time from spawn to the first answer that passed the ready check, one per run",
                shown,
                rows,
                comparisons,
                null,
                List.of(),
                Map.of(),
                losses(STARTUP_SECTION, shown),
                null);
    }

    private interface Values {
        double[] of(String target);
    }

    private interface Thin {
        int of(String target);
    }

    private Report.Row row(Measure measure, List<String> shown, Values values, Thin thin) {
        List<Report.Cell> cells = new ArrayList<>();
        for (String target : shown) {
            double[] v = values.of(target);
            cells.add(
                    v.length == 0
                            ? new Report.Cell(null, "not measured", 0)
                            : new Report.Cell(Summary.of(v), null, thin.of(target)));
        }
        return new Report.Row(measure, cells);
    }

    private Report.Row metricRow(Metric metric, String scenario, List<String> shown) {
        Measure measure = Measure.of(metric);
        List<Report.Cell> cells = new ArrayList<>();
        for (String target : shown) {
            List<Double> kept = new ArrayList<>();
            long thinSamples = 0;
            int thin = 0;
            int failed = 0;
            int unsteady = 0;
            int steadyInsideMain = 0;
            // Errors see failed runs too: with maxErrorRate 0 every run with an error fails, and ok runs alone
            // would always count 0.
            for (RunData run : metric == Metric.ERRORS ? runsWithFailed(target, scenario) : runsOf(target, scenario)) {
                RunData.ScenarioData data = run.scenario(scenario);
                double value = metric.read(data);
                SteadyValues.Measure steadyMeasure = metric.steadyMeasure();
                if (steadyMeasure == null) {
                    if (Double.isNaN(value) || (value < 0 && metric.unit() != Metric.Unit.CHANGE)) {
                        continue;
                    }
                } else {
                    // The suite's repetitions rule reads the same values through the same rule.
                    SteadyValues.Value steadyValue = SteadyValues.value(
                            steadyMeasure,
                            SteadyValues.applies(data.kind()) ? steady(run, scenario) : null,
                            value,
                            data.samples());
                    switch (steadyValue.leftOut()) {
                        case NOT_MEASURED -> {
                            continue;
                        }
                        case NEVER_STEADY -> {
                            unsteady++;
                            continue;
                        }
                        case STEADY_INSIDE_MAIN -> {
                            steadyInsideMain++;
                            continue;
                        }
                        case TOO_FEW_SAMPLES -> {
                            thin++;
                            thinSamples = Math.max(thinSamples, data.samples());
                            continue;
                        }
                        case NONE -> value = steadyValue.value();
                    }
                }
                kept.add(value);
                if (run.status() == Status.FAILED) {
                    failed++;
                }
            }
            if (!kept.isEmpty()) {
                cells.add(new Report.Cell(
                        Summary.of(
                                kept.stream().mapToDouble(Double::doubleValue).toArray()),
                        null,
                        thin,
                        failed,
                        unsteady,
                        steadyInsideMain));
            } else if (thin > 0) {
                cells.add(new Report.Cell(
                        null,
                        String.format(Locale.ROOT, "insufficient samples (n=%,d)", thinSamples),
                        thin,
                        0,
                        unsteady,
                        steadyInsideMain));
            } else if (unsteady + steadyInsideMain > 0) {
                cells.add(new Report.Cell(
                        null, SteadyMeasures.missing(unsteady, steadyInsideMain), 0, 0, unsteady, steadyInsideMain));
            } else {
                cells.add(new Report.Cell(null, "not measured", 0));
            }
        }
        return new Report.Row(measure, cells);
    }

    /** One row per kind of failure (timeout, status, check...) that any valid run saw. */
    private List<Report.Row> errorKindRows(String scenario, List<String> shown) {
        Set<String> kinds = new LinkedHashSet<>();
        shown.stream()
                .flatMap(t -> runsWithFailed(t, scenario).stream())
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
                List<RunData> runs = runsWithFailed(target, scenario);
                double[] counts = runs.stream()
                        .mapToDouble(r -> r.scenario(scenario).failuresByKind().getOrDefault(kind, 0L))
                        .toArray();
                int failed = (int)
                        runs.stream().filter(r -> r.status() == Status.FAILED).count();
                cells.add(
                        counts.length == 0
                                ? new Report.Cell(null, "not measured", 0)
                                : new Report.Cell(Summary.of(counts), null, 0, failed));
            }
            rows.add(new Report.Row(measure, cells));
        }
        return rows;
    }

    /** True when every run of the scenario sampled anonymous memory (no schema-1 record among them). */
    private boolean noSchemaOne(String scenario) {
        return valid.stream()
                .map(r -> r.scenario(scenario))
                .filter(s -> s != null)
                .noneMatch(RunData.ScenarioData::schemaOne);
    }

    /** True when no run of the scenario sampled anonymous memory (schema-1 records only). */
    private boolean onlySchemaOne(String scenario) {
        return valid.stream()
                .map(r -> r.scenario(scenario))
                .filter(s -> s != null)
                .allMatch(RunData.ScenarioData::schemaOne);
    }

    /** Valid runs and failed ones that measured the scenario: what the errors measures count. */
    private List<RunData> runsWithFailed(String target, String scenario) {
        return results.runs().stream()
                .filter(r -> (r.ok() || (r.status() == Status.FAILED && finals.contains(r)))
                        && r.target().equals(target)
                        && r.scenario(scenario) != null)
                .toList();
    }

    private List<RunData> runsOf(String target, String scenario) {
        return valid.stream()
                .filter(r -> r.target().equals(target) && r.scenario(scenario) != null)
                .toList();
    }

    private double[] values(
            String target, String scenario, java.util.function.ToDoubleFunction<RunData.ScenarioData> read) {
        return runsOf(target, scenario).stream()
                .mapToDouble(r -> read.applyAsDouble(r.scenario(scenario)))
                .filter(v -> v >= 0)
                .toArray();
    }

    /**
     * One value per run: its first start, a fresh process. Later starts of the same run restart the same
     * installation right after it (warm page cache, CDS archive written): pooling them would count one
     * run as many independent samples.
     */
    private double[] startsOf(String target, String scenario) {
        return runsOf(target, scenario).stream()
                .map(r -> r.scenario(scenario).startsMillis())
                .filter(starts -> !starts.isEmpty())
                .mapToDouble(starts -> starts.get(0))
                .toArray();
    }

    private List<Report.Comparison> compare(String scenario, List<Report.Row> rows, List<String> shown, String other) {
        return compare(scenario, rows, rows, shown, other);
    }

    /** False for a start-up scenario (the kind its runs recorded), true for scenarios that carry load. */
    private static boolean steadyApplies(String scenario, List<RunData> runsA, List<RunData> runsB) {
        return java.util.stream.Stream.concat(runsA.stream(), runsB.stream())
                .map(r -> r.scenario(scenario))
                .filter(s -> s != null)
                .findFirst()
                .map(s -> SteadyValues.applies(s.kind()))
                .orElse(true);
    }

    /** @param sideRows the scenario's rows, where the throttling that undermines a side is read */
    private List<Report.Comparison> compare(
            String scenario, List<Report.Row> rows, List<Report.Row> sideRows, List<String> shown, String other) {
        int a = shown.indexOf(baseline);
        int b = shown.indexOf(other);
        List<RunData> runsA = scenario.equals(STARTUP_SECTION)
                ? valid.stream().filter(r -> r.target().equals(baseline)).toList()
                : runsOf(baseline, scenario);
        List<RunData> runsB = scenario.equals(STARTUP_SECTION)
                ? valid.stream().filter(r -> r.target().equals(other)).toList()
                : runsOf(other, scenario);
        Report.Losses lossesA = losses(baseline, scenario);
        Report.Losses lossesB = losses(other, scenario);
        String refusal = refusal(runsA, runsB);
        List<String> sideWarnings = new ArrayList<>();
        if (refusal != null && options.allowDistant()) {
            sideWarnings.add("COMPARED DESPITE: " + refusal);
        }
        // What undermines every verdict of this pair: said as warnings, and the rows give no verdict.
        // Each warning in full, and in a few words for the rows' reasons.
        Map<String, String> undermining = new LinkedHashMap<>();
        undermining.putAll(undermining(baseline, runsA, sideRows, a));
        undermining.putAll(undermining(other, runsB, sideRows, b));
        // A start-up scenario offers no load: its runs have no steady state to lack.
        if (!scenario.equals(STARTUP_SECTION) && steadyApplies(scenario, runsA, runsB)) {
            undermining.putAll(SteadyMeasures.undermining(
                    baseline, runsA.stream().map(r -> steady(r, scenario)).toList(), advice(runsA, scenario)));
            undermining.putAll(SteadyMeasures.undermining(
                    other, runsB.stream().map(r -> steady(r, scenario)).toList(), advice(runsB, scenario)));
            sideWarnings.addAll(SteadyMeasures.partial(
                    baseline, runsA.stream().map(r -> steady(r, scenario)).toList(), advice(runsA, scenario)));
            sideWarnings.addAll(SteadyMeasures.partial(
                    other, runsB.stream().map(r -> steady(r, scenario)).toList(), advice(runsB, scenario)));
        }
        undermining.putAll(HostDrift.between(baseline, runsA, other, runsB));
        sideWarnings.addAll(undermining.keySet());
        List<Report.Comparison> comparisons = new ArrayList<>();
        for (Report.Row row : rows) {
            Measure measure = row.measure();
            Report.Cell cellA = row.cells().get(a);
            Report.Cell cellB = row.cells().get(b);
            List<String> reasons = new ArrayList<>();
            lost(baseline, lossesA, cellA, measure).ifPresent(reasons::add);
            lost(other, lossesB, cellB, measure).ifPresent(reasons::add);
            reasons.addAll(SteadyMeasures.lost(baseline, cellA));
            SteadyMeasures.lost(other, cellB).stream()
                    .filter(r -> !reasons.contains(r))
                    .forEach(reasons::add);
            if (measure.equals(WarmupAnswer.TIME_TO_STEADY)
                    || measure.equals(WarmupAnswer.WARMUP_COST)
                    || measure.equals(RuntimeAnswer.JIT_UNTIL_STEADY)) {
                // The runs that never settled are the slowest to settle: a median without them flatters the side,
                // so any such run takes the warm-up verdict away, whatever the majority rule allows elsewhere.
                for (int column : List.of(a, b)) {
                    Report.Cell cell = row.cells().get(column);
                    if (cell.unsteadyRuns() > 0) {
                        String target = column == a ? baseline : other;
                        String reason = SteadyMeasures.neverSteady(
                                target, cell.unsteadyRuns(), cell.unsteadyRuns() + cell.runs());
                        if (!reasons.contains(reason)) {
                            reasons.add(reason);
                        }
                    }
                }
            }
            List<String> warnings = sideWarnings;
            if (factNotSpeed(measure.key())) {
                // A target that cannot keep up has a rising p99 and late starts: not at steady state, throttled
                // or unlimited, what it got wrong and what it left waiting are still facts to compare.
                warnings = sideWarnings.stream()
                        .filter(w -> !undermining.containsKey(w))
                        .toList();
            } else {
                undermining.values().stream().filter(r -> !reasons.contains(r)).forEach(reasons::add);
            }
            String runs = runs(baseline, lossesA, cellA) + "; " + runs(other, lossesB, cellB);
            comparisons.add(comparison(
                    measure,
                    cellA,
                    cellB,
                    other,
                    refusal != null && !options.allowDistant() ? refusal : null,
                    new RowContext(warnings, runs, reasons)));
        }
        return comparisons;
    }

    /**
     * Measures that the warnings undermining a pair of targets (not at steady state, throttled, limits not
     * enforced) leave compared: the errors, late and unstarted shares are facts about the target that such runs
     * show (the errors of each kind too), not speeds a disturbed run distorts. Runs lost to failure or thin samples
     * still withhold their verdict.
     */
    static final Set<String> UNDERMINED_NOT = Set.of(Metric.ERRORS.key(), Metric.LATE.key(), Metric.UNSTARTED.key());

    /** True for the measures {@link #UNDERMINED_NOT} names, errors of each kind included. */
    static boolean factNotSpeed(String key) {
        return UNDERMINED_NOT.contains(key) || key.startsWith(Metric.ERRORS.key() + ".");
    }

    /** What a comparison row says beside its verdict: warnings, the runs behind each side, why it has no verdict. */
    private record RowContext(List<String> warnings, String runs, List<String> reasons) {}

    /**
     * "jdk25 lost 2 of 6 runs (1 failed, 1 thin samples)" when a side lost runs whose outcome would have moved
     * this measure: failed runs (all measures but those that count them) and thin-sample runs (percentiles: only
     * the faster runs are left). Invalid runs and discarded ones are counted in the row, not held against it.
     */
    private static java.util.Optional<String> lost(
            String target, Report.Losses losses, Report.Cell cell, Measure measure) {
        int failed = losses.failed() - cell.failedRuns();
        int thin = measure.percentile() ? cell.thinRuns() : 0;
        if (failed + thin == 0) {
            return java.util.Optional.empty();
        }
        String why = failed > 0 && thin > 0
                ? failed + " failed, " + thin + " thin samples"
                : failed > 0 ? "failed" : "thin samples: fewer than 1,000 correct responses";
        return java.util.Optional.of(
                String.format(Locale.ROOT, "%s lost %d of %d runs (%s)", target, failed + thin, losses.planned(), why));
    }

    /** "jdk17 6 of 6", "jdk25 4 of 6 (lost 1 failed, 1 invalid, 1 thin samples)": the runs behind one side's value. */
    static String runs(String target, Report.Losses losses, Report.Cell cell) {
        List<String> lost = new ArrayList<>();
        int failed = losses.failed() - cell.failedRuns();
        if (failed > 0) {
            lost.add(failed + " failed");
        }
        if (losses.invalid() > 0) {
            lost.add(losses.invalid() + " invalid");
        }
        if (losses.discarded() > 0) {
            lost.add(losses.discarded() + " discarded without a clean repeat");
        }
        if (cell.thinRuns() > 0) {
            lost.add(cell.thinRuns() + " thin samples");
        }
        if (cell.unsteadyRuns() > 0) {
            lost.add(cell.unsteadyRuns() + " never steady");
        }
        if (cell.steadyInsideMainRuns() > 0) {
            lost.add(cell.steadyInsideMainRuns() + " steady only inside main");
        }
        String text = String.format(Locale.ROOT, "%s %d of %d", target, cell.runs(), losses.planned());
        List<String> notes = new ArrayList<>();
        if (cell.failedRuns() > 0) {
            notes.add(cell.failedRuns() + " failed counted");
        }
        if (!lost.isEmpty()) {
            notes.add("lost " + String.join(", ", lost));
        }
        return notes.isEmpty() ? text : text + " (" + String.join("; ", notes) + ")";
    }

    /** Why A and B's runs must not be compared, or null. */
    private String refusal(List<RunData> a, List<RunData> b) {
        List<RunData> both = new ArrayList<>(a);
        both.addAll(b);
        if (both.isEmpty()) {
            return null;
        }
        Instant first =
                both.stream().map(RunData::startedAt).min(Instant::compareTo).orElseThrow();
        Instant last =
                both.stream().map(RunData::endedAt).max(Instant::compareTo).orElseThrow();
        Duration apart = Duration.between(first, last);
        if (apart.compareTo(options.maxApart()) > 0) {
            return String.format(
                    Locale.ROOT,
                    "runs taken %s apart (more than %s): the machine may have changed in between",
                    hours(apart),
                    hours(options.maxApart()));
        }
        Set<String> environments = new TreeSet<>();
        both.forEach(r -> environments.add(r.environment()));
        if (environments.size() > 1) {
            return "runs taken on different environments (" + String.join(", ", environments) + ")";
        }
        Set<String> mechanismsA = new TreeSet<>();
        a.forEach(r -> mechanismsA.add(r.settings().limitsMechanism()));
        Set<String> mechanismsB = new TreeSet<>();
        b.forEach(r -> mechanismsB.add(r.settings().limitsMechanism()));
        if (!mechanismsA.isEmpty() && !mechanismsB.isEmpty() && !mechanismsA.equals(mechanismsB)) {
            return "limits enforced differently (" + baseline + ": " + String.join(", ", mechanismsA) + "; other: "
                    + String.join(", ", mechanismsB) + ")";
        }
        return null;
    }

    /**
     * Why no verdict of this side's rows can be trusted: throttling above the bound, limits asked for but not
     * enforced (runs that never reached a steady state: {@link SteadyMeasures#undermining}). Each warning in full,
     * with its reason in a few words ("jdk25 throttled above 20%"); empty when none.
     */
    private Map<String, String> undermining(String target, List<RunData> kept, List<Report.Row> rows, int column) {
        Map<String, String> warnings = new LinkedHashMap<>();
        kept.stream()
                .filter(r ->
                        !r.settings().limits().equals("none") && !r.settings().limitsEnforced())
                .findFirst()
                .ifPresent(r -> warnings.put(
                        target + ": limits " + r.settings().limits() + " "
                                + r.settings().limitsMechanism(),
                        target + " limits not enforced"));
        for (Report.Row row : rows) {
            String key = row.measure().key();
            if (key.equals(Metric.THROTTLED.key())) {
                Summary throttled = row.cells().get(column).summary();
                if (throttled != null && throttled.median() > options.maxThrottledShare()) {
                    warnings.put(
                            String.format(
                                    Locale.ROOT,
                                    "%s: throttled in %s of CPU periods (bound %s): latency includes waits for the next quota period",
                                    target,
                                    Format.percent(throttled.median()),
                                    Format.percent(options.maxThrottledShare())),
                            target + " throttled above " + Format.percent(options.maxThrottledShare()));
                }
            }
        }
        return warnings;
    }

    private Report.Comparison comparison(
            Measure measure, Report.Cell a, Report.Cell b, String other, String refusal, RowContext row) {
        String label = measure.label();
        Result result = new Result(measure, other, row);
        if (refusal != null) {
            return result.of(
                    Double.NaN,
                    null,
                    Report.Verdict.REFUSED,
                    label + ": not compared: " + refusal + " (--allow-distant shows it anyway)");
        }
        if (a.summary() == null || b.summary() == null) {
            String why = a.summary() == null ? baseline + " " + a.missing() : other + " " + b.missing();
            List<String> reasons = new ArrayList<>(List.of(why));
            reasons.addAll(row.reasons());
            return result.of(
                    Double.NaN,
                    null,
                    Report.Verdict.NOT_COMPARABLE,
                    row.reasons().isEmpty()
                            ? label + ": not compared (" + why + ")"
                            : label + ": not comparable: " + String.join("; ", reasons));
        }
        Summary sa = a.summary();
        Summary sb = b.summary();
        String medians = baseline + " " + Format.value(sa.median(), measure.unit()) + ", " + other + " "
                + Format.value(sb.median(), measure.unit());
        if (!row.reasons().isEmpty()) {
            // The row's own warnings undermine any verdict: no better or worse, and every reason said.
            double ratio =
                    sa.median() > 0 && sb.median() > 0 && measure.comparable() ? sb.median() / sa.median() : Double.NaN;
            return result.of(
                    ratio,
                    null,
                    Report.Verdict.NOT_COMPARABLE,
                    label + ": not comparable: " + String.join("; ", row.reasons()) + " (" + medians
                            + ", median per run)");
        }
        if (measure.unit() == Metric.Unit.SHARE) {
            return shift(measure, sa, sb, other, result);
        }
        if (!measure.comparable() || sa.min() <= 0 || sb.min() <= 0) {
            String sentence = label + ": " + medians + " (median per run"
                    + (measure.comparable() ? "; zeros leave no ratio" : "") + ")";
            return result.of(Double.NaN, null, Report.Verdict.NOT_COMPARABLE, sentence);
        }
        double ratio = sb.median() / sa.median();
        if (sa.min() == sa.max() && sb.min() == sb.max() && sa.runs() > 1 && sb.runs() > 1) {
            String sentence = label + ": every run gave " + Format.value(sa.median(), measure.unit()) + " for "
                    + baseline + " and "
                    + Format.value(sb.median(), measure.unit()) + " for " + other
                    + (ratio == 1 ? "" : " (" + Format.change(ratio) + ")")
                    + "; with no run-to-run variation at this resolution there is no noise estimate, so no verdict";
            return result.of(ratio, null, Report.Verdict.NOT_COMPARABLE, sentence);
        }
        RatioInterval.Interval interval = RatioInterval.of(sa.values(), sb.values(), options.confidence());
        String ci = String.format(
                Locale.ROOT,
                "%.0f%% CI %s to %s; %s",
                options.confidence() * 100,
                Format.change(interval.low()),
                Format.change(interval.high()),
                interval.label());
        if (!interval.bounded()) {
            int needed = RatioInterval.runsNeeded(options.confidence());
            String sentence = String.format(
                    Locale.ROOT,
                    "%s: %d run(s) against %d cannot show a difference at %.0f%% (needs 2, or %d for an interval "
                            + "free of assumptions); medians %s and %s (%s)",
                    label,
                    sa.runs(),
                    sb.runs(),
                    options.confidence() * 100,
                    needed,
                    Format.value(sa.median(), measure.unit()),
                    Format.value(sb.median(), measure.unit()),
                    Format.change(ratio));
            return result.of(ratio, interval, Report.Verdict.TOO_FEW_RUNS, sentence);
        }
        if (interval.contains(1.0)) {
            return result.of(
                    ratio, interval, Report.Verdict.NO_DIFFERENCE, label + ": no difference beyond noise (" + ci + ")");
        }
        boolean higher = ratio > 1;
        Report.Verdict verdict = switch (measure.direction()) {
            case HIGHER -> higher ? Report.Verdict.BETTER : Report.Verdict.WORSE;
            case LOWER -> higher ? Report.Verdict.WORSE : Report.Verdict.BETTER;
            case NONE -> Report.Verdict.DIFFERENT;
        };
        String amount = Format.change(ratio).substring(1);
        return result.of(ratio, interval, verdict, words(measure, other, amount, higher) + " (" + ci + ")");
    }

    /**
     * A share (late, unstarted, throttled) compared as a difference in percentage points, which one side at 0
     * does not void as it voids a ratio ({@link ShiftInterval}).
     */
    private Report.Comparison shift(Measure measure, Summary sa, Summary sb, String other, Result result) {
        String label = measure.label();
        double points = (sb.median() - sa.median()) * 100;
        String medians = Format.value(sa.median(), measure.unit()) + " for " + baseline + " and "
                + Format.value(sb.median(), measure.unit()) + " for " + other;
        if (sa.min() == sa.max() && sb.min() == sb.max() && sa.runs() > 1 && sb.runs() > 1) {
            String sentence = label + ": every run gave " + medians
                    + (points == 0 ? "" : " (" + Format.points(points) + ")")
                    + "; with no run-to-run variation at this resolution there is no noise estimate, so no verdict";
            return result.ofShift(points, null, Report.Verdict.NOT_COMPARABLE, sentence);
        }
        // The runtime's shares (GC pauses, GC and JIT threads' CPU) are continuous, far from 0 and from each other:
        // at 2 or 3 runs a side they get a t interval; late, unstarted and throttled shares, which pile up at 0, do
        // not.
        ShiftInterval.Interval interval = measure.key().startsWith("runtime.")
                ? ShiftInterval.ofContinuous(sa.values(), sb.values(), options.confidence())
                : ShiftInterval.of(sa.values(), sb.values(), options.confidence());
        if (!interval.bounded()) {
            String sentence = String.format(
                    Locale.ROOT,
                    "%s: %d run(s) against %d cannot show a difference at %.0f%% (needs %d on each side); medians %s"
                            + " (%s)",
                    label,
                    sa.runs(),
                    sb.runs(),
                    options.confidence() * 100,
                    RatioInterval.runsNeeded(options.confidence()),
                    medians,
                    Format.points(points));
            return result.ofShift(points, interval, Report.Verdict.TOO_FEW_RUNS, sentence);
        }
        String ci = String.format(
                Locale.ROOT,
                "%.0f%% CI %s; %s",
                options.confidence() * 100,
                Format.pointsRange(interval.low() * 100, interval.high() * 100),
                interval.label());
        if (interval.contains(0)) {
            return result.ofShift(
                    points,
                    interval,
                    Report.Verdict.NO_DIFFERENCE,
                    label + ": no difference beyond noise (" + ci + ")");
        }
        boolean higher = points > 0;
        Report.Verdict verdict = switch (measure.direction()) {
            case HIGHER -> higher ? Report.Verdict.BETTER : Report.Verdict.WORSE;
            case LOWER -> higher ? Report.Verdict.WORSE : Report.Verdict.BETTER;
            case NONE -> Report.Verdict.DIFFERENT;
        };
        String amount = Format.points(Math.abs(points)).substring(1);
        String more = higher ? "more" : "fewer";
        String words = switch (measure.key()) {
            case "late" -> other + " starts " + amount + " " + more + " requests late";
            case "unstarted" -> other + " leaves " + amount + " " + more + " requests unstarted";
            case "throttled" -> other + " is throttled in " + amount + " " + more + " CPU periods";
            default -> possessive(other) + " " + label + " is " + amount + " " + (higher ? "higher" : "lower");
        };
        return result.ofShift(points, interval, verdict, words + " than " + baseline + " (" + ci + ")");
    }

    /** Builds one row's {@link Report.Comparison} from its verdict, with what every row carries. */
    private final class Result {
        private final Measure measure;
        private final String other;
        private final RowContext row;

        Result(Measure measure, String other, RowContext row) {
            this.measure = measure;
            this.other = other;
            this.row = row;
        }

        Report.Comparison of(double ratio, RatioInterval.Interval interval, Report.Verdict verdict, String sentence) {
            return new Report.Comparison(
                    measure.key(),
                    baseline,
                    other,
                    ratio,
                    interval == null ? 0 : interval.low(),
                    interval == null ? Double.POSITIVE_INFINITY : interval.high(),
                    verdict,
                    sentence,
                    row.warnings(),
                    row.runs(),
                    verdict == Report.Verdict.REFUSED ? List.of() : row.reasons(),
                    interval == null || interval.method() == RatioInterval.Method.NONE ? "" : interval.label(),
                    null);
        }

        /** As {@link #of}, for a share compared as a difference of {@code points} percentage points. */
        Report.Comparison ofShift(
                double points, ShiftInterval.Interval interval, Report.Verdict verdict, String sentence) {
            boolean bounded = interval != null && interval.bounded();
            return new Report.Comparison(
                    measure.key(),
                    baseline,
                    other,
                    Double.NaN,
                    0,
                    Double.POSITIVE_INFINITY,
                    verdict,
                    sentence,
                    row.warnings(),
                    row.runs(),
                    row.reasons(),
                    bounded ? interval.label() : "",
                    new Report.Shift(
                            points,
                            bounded ? interval.low() * 100 : Double.NEGATIVE_INFINITY,
                            bounded ? interval.high() * 100 : Double.POSITIVE_INFINITY));
        }
    }

    /** "jdk25 serves 8.5% more requests/s than jdk17", "jdk25's p99 is 12% lower than jdk17's". */
    private String words(Measure measure, String other, String amount, boolean higher) {
        String more = higher ? "more" : "fewer";
        return switch (measure.key()) {
            case "rps" -> other + " serves " + amount + " " + more + " requests/s than " + baseline;
            case "cpu" ->
                other + " uses " + amount + " " + (higher ? "more" : "less") + " CPU per request than " + baseline;
            case "cores" -> other + " uses " + amount + " " + (higher ? "more" : "fewer") + " cores than " + baseline;
            case "startup" ->
                other + " takes " + amount + " " + (higher ? "longer" : "less time") + " to start than " + baseline;
            default ->
                possessive(other) + " " + measure.label() + " is " + amount + " " + (higher ? "higher" : "lower")
                        + " than " + possessive(baseline);
        };
    }

    /** "jdk25's", "controllers'". */
    static String possessive(String name) {
        return name.endsWith("s") ? name + "'" : name + "'s";
    }

    private Report.Curve curve(String scenario, List<String> shown) {
        Map<String, List<Summary>> windows = new LinkedHashMap<>();
        Map<String, Integer> steady = new LinkedHashMap<>();
        double windowSeconds = 0;
        for (String target : shown) {
            List<RunData> runs = runsOf(target, scenario);
            int count = runs.stream()
                    .mapToInt(r -> r.scenario(scenario).windowRps().size())
                    .max()
                    .orElse(0);
            List<Summary> perWindow = new ArrayList<>();
            for (int w = 0; w < count; w++) {
                int index = w;
                double[] values = runs.stream()
                        .map(r -> r.scenario(scenario).windowRps())
                        .filter(l -> l.size() > index)
                        .mapToDouble(l -> l.get(index))
                        .toArray();
                perWindow.add(Summary.of(values));
            }
            for (RunData run : runs) {
                windowSeconds = Math.max(windowSeconds, run.scenario(scenario).windowSeconds());
            }
            windows.put(target, perWindow);
            steady.put(target, steadyWindow(perWindow));
        }
        return new Report.Curve(windowSeconds, windows, steady);
    }

    /** The first window within 5% of the median of the last two windows (1-based), or 0. */
    static int steadyWindow(List<Summary> windows) {
        if (windows.size() < 2) {
            return 0;
        }
        double last = windows.get(windows.size() - 1).median();
        double beforeLast = windows.get(windows.size() - 2).median();
        double steady = (last + beforeLast) / 2;
        if (steady <= 0) {
            return 0;
        }
        for (int i = 0; i < windows.size(); i++) {
            if (Math.abs(windows.get(i).median() - steady) <= 0.05 * steady) {
                return i + 1;
            }
        }
        return 0;
    }

    private List<Report.TargetRow> targetRows() {
        List<Report.TargetRow> rows = new ArrayList<>();
        for (String target : targets) {
            List<RunData> all = results.runs().stream()
                    .filter(r -> r.target().equals(target) && r.status() != Status.DISCARDED)
                    .toList();
            RunData sample = results.runs().stream()
                    .filter(r -> r.target().equals(target))
                    .filter(RunData::ok)
                    .findFirst()
                    .orElse(results.runs().stream()
                            .filter(r -> r.target().equals(target))
                            .findFirst()
                            .orElseThrow());
            RunData.TargetSettings s = sample.settings();
            String jvm = s.gc().isEmpty()
                    ? "-"
                    : String.format(
                            Locale.ROOT,
                            "%s GC, max heap %s, %d processor(s)",
                            s.gc(),
                            s.maxHeapBytes() > 0 ? Format.bytes(s.maxHeapBytes()) : "?",
                            s.activeProcessors());
            long ok = all.stream().filter(RunData::ok).count();
            rows.add(new Report.TargetRow(
                    target,
                    (s.jdkVendor() + " " + s.jdkVersion()).trim(),
                    s.app(),
                    (s.jvmArgs().isEmpty() ? "(none)" : String.join(" ", s.jvmArgs()))
                            + (s.aotCache().isEmpty() ? "" : "; " + s.aotCache()),
                    s.limits() + " (" + s.limitsMechanism() + ")",
                    jvm,
                    ok + " of " + all.size() + " valid"));
        }
        return rows;
    }

    private List<Report.Excluded> excluded() {
        return results.runs().stream()
                .filter(r -> !r.ok())
                .map(r -> new Report.Excluded(
                        String.format(
                                Locale.ROOT,
                                "%03d%s",
                                r.index(),
                                r.attempt() > 1 || r.status() == Status.DISCARDED ? " attempt " + r.attempt() : ""),
                        r.target(),
                        r.status().label(),
                        r.reason()))
                .toList();
    }

    private List<String> environmentLines() {
        List<String> lines = new ArrayList<>();
        for (Environment env : results.environments().values()) {
            lines.add("machine: " + env.cpuModel() + ", " + env.logicalCores() + " logical cores (x86-64 "
                    + env.x86Level() + "), " + Format.bytes(env.memoryBytes()) + " RAM");
            lines.add("system: " + env.os() + ", kernel " + env.kernel() + ", cgroup " + env.cgroup() + ", governor "
                    + env.governor());
            lines.add("duel " + env.duelVersion() + " (" + abbreviate(env.duelCommit()) + "), environment "
                    + env.fingerprint() + ", captured " + env.capturedAt());
        }
        return lines;
    }

    private static String abbreviate(String commit) {
        return commit.length() > 12 ? commit.substring(0, 12) : commit.isEmpty() ? "no commit" : commit;
    }

    private static String hours(Duration duration) {
        long minutes = duration.toMinutes();
        return minutes >= 60
                ? String.format(Locale.ROOT, "%d h %02d min", minutes / 60, minutes % 60)
                : minutes + " min";
    }
}
