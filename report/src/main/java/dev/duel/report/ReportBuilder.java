package dev.duel.report;

import dev.duel.analysis.RatioInterval;
import dev.duel.analysis.ShiftInterval;
import dev.duel.record.Environment;
import dev.duel.record.Status;
import dev.duel.report.build.Comparability;
import dev.duel.report.build.Headline;
import dev.duel.report.build.HostDrift;
import dev.duel.report.build.Runs;
import dev.duel.report.build.Sections;
import dev.duel.report.build.Thresholds;
import dev.duel.report.model.Format;
import dev.duel.report.model.Report;
import dev.duel.report.read.ResultsReader;
import dev.duel.report.read.RunData;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/**
 * Turns run records into a {@link Report}: statistics over valid runs, comparisons against the
 * baseline with confidence intervals, refusals and warnings, warm-up curves and thresholds.
 * Pure: the same records and options always give the same report. Not thread-safe; use once.
 *
 * <p>The orchestration only, over {@code dev.duel.report.build}: {@link Sections} makes each scenario's section from
 * its rows ({@code Rows}), whose comparisons {@link Comparability} judges (what makes a row not comparable) and
 * {@code Verdicts} decides; {@link Thresholds} and {@link Headline} read the sections.
 */
public final class ReportBuilder {
    private final ResultsReader.Results results;
    private final ReportOptions options;
    private final Runs runs;

    private final List<String> targets;
    private final String baseline;
    private final Comparability comparability;
    private final Sections sections;

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
        this.runs = new Runs(results);
        this.targets = runs.targets();
        if (options.baseline() != null && !targets.contains(options.baseline())) {
            throw new ReportException("--baseline " + options.baseline() + ": no such target; the runs hold "
                    + String.join(", ", targets));
        }
        this.baseline = options.baseline() != null ? options.baseline() : targets.get(0);
        this.comparability = new Comparability(runs, options, baseline, results.repetitions());
        this.sections = new Sections(runs, comparability, baseline, results.repetitions());
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
        results.skipped().forEach(skipped -> warnings.add("left out: " + skipped.why()));
        if (runs.valid().isEmpty()) {
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
        for (String scenario : runs.scenarioNames()) {
            scenarios.add(sections.scenario(scenario));
        }
        if (runs.valid().stream().anyMatch(r -> r.startupMillis() > 0)) {
            scenarios.add(sections.startup());
        }
        Thresholds evaluator = new Thresholds(scenarios, targets, comparability::refusal);
        List<Report.ThresholdResult> thresholds = new ArrayList<>();
        for (String expression : results.thresholds()) {
            try {
                thresholds.addAll(evaluator.evaluate(List.of(expression)));
            } catch (ReportException e) {
                // The suite's own thresholds were written before these runs: a bad one fails, it does not hide the
                // report.
                thresholds.add(new Report.ThresholdResult(
                        expression, false, "from the suite, cannot be read: " + e.getMessage(), null, null, false));
            }
        }
        thresholds.addAll(evaluator.evaluate(options.thresholds()));
        List<String> headline = new ArrayList<>(Headline.of(scenarios, baseline, targets.size() >= 2));
        if (headline.isEmpty() && scenarios.isEmpty() && targets.size() >= 2) {
            headline.add("no answer: no run measured anything to compare (the runs below say why)");
        }
        String host = runs.hostLine();
        if (host != null) {
            headline.add(host);
        }
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
                headline,
                null);
    }

    private String duelVersion() {
        Set<String> versions = new TreeSet<>();
        results.runs().forEach(r -> versions.add(r.duelVersion()));
        return String.join(", ", versions);
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
}
