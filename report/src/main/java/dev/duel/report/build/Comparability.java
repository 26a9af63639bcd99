package dev.duel.report.build;

import dev.duel.analysis.SteadyValues;
import dev.duel.record.RunRecord;
import dev.duel.record.ScenarioKind;
import dev.duel.record.load.WarmupEnd;
import dev.duel.record.load.WarmupMode;
import dev.duel.report.ReportOptions;
import dev.duel.report.model.Format;
import dev.duel.report.model.Measure;
import dev.duel.report.model.Metric;
import dev.duel.report.model.Report;
import dev.duel.report.model.Summary;
import dev.duel.report.read.RunData;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * What makes a row of a comparison not comparable, and the comparisons themselves: runs that must not be compared at
 * all (a refusal: too far apart, other machines, limits enforced differently), runs each side lost that would have
 * moved a row, and warnings that undermine every verdict of a pair (not at steady state, throttled, limits not
 * enforced, the host's speed drifted). Each row then gets its verdict from {@link Verdicts}, which never gives one
 * where a reason stands. Not thread-safe (reads steady states through {@link Runs}); one per report.
 */
public final class Comparability {
    private final Runs runs;
    private final ReportOptions options;
    private final String baseline;
    private final Verdicts verdicts;

    public Comparability(Runs runs, ReportOptions options, String baseline) {
        this.runs = runs;
        this.options = options;
        this.baseline = baseline;
        this.verdicts = new Verdicts(baseline, options.confidence());
    }

    List<Report.Comparison> compare(String scenario, List<Report.Row> rows, List<String> shown, String other) {
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
    List<Report.Comparison> compare(
            String scenario, List<Report.Row> rows, List<Report.Row> sideRows, List<String> shown, String other) {
        int a = shown.indexOf(baseline);
        int b = shown.indexOf(other);
        List<RunData> runsA = runs.side(baseline, scenario);
        List<RunData> runsB = runs.side(other, scenario);
        Report.Losses lossesA = runs.losses(baseline, scenario);
        Report.Losses lossesB = runs.losses(other, scenario);
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
        if (!scenario.equals(ScenarioKind.STARTUP_SECTION) && steadyApplies(scenario, runsA, runsB)) {
            undermining.putAll(SteadyMeasures.undermining(
                    baseline, runsA.stream().map(r -> runs.steady(r, scenario)).toList(), advice(runsA, scenario)));
            undermining.putAll(SteadyMeasures.undermining(
                    other, runsB.stream().map(r -> runs.steady(r, scenario)).toList(), advice(runsB, scenario)));
            sideWarnings.addAll(SteadyMeasures.partial(
                    baseline, runsA.stream().map(r -> runs.steady(r, scenario)).toList(), advice(runsA, scenario)));
            sideWarnings.addAll(SteadyMeasures.partial(
                    other, runsB.stream().map(r -> runs.steady(r, scenario)).toList(), advice(runsB, scenario)));
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
            String runsBehind = runs(baseline, lossesA, cellA) + "; " + runs(other, lossesB, cellB);
            comparisons.add(verdicts.of(
                    measure,
                    cellA,
                    cellB,
                    other,
                    refusal != null && !options.allowDistant() ? refusal : null,
                    new Verdicts.RowContext(warnings, runsBehind, reasons)));
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

    /**
     * Why a threshold between two targets' values in {@code scenario} is not judged, or null: a threshold between two
     * targets is a comparison, refused when their comparison is (and judged anyway under --allow-distant). Fits
     * {@link Thresholds.Refusal}.
     */
    public String refusal(String scenario, String targetA, String targetB) {
        return options.allowDistant() ? null : refusal(runs.side(targetA, scenario), runs.side(targetB, scenario));
    }

    /** Why A and B's runs must not be compared, or null. */
    String refusal(List<RunData> a, List<RunData> b) {
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

    private static String hours(Duration duration) {
        long minutes = duration.toMinutes();
        return minutes >= 60
                ? String.format(Locale.ROOT, "%d h %02d min", minutes / 60, minutes % 60)
                : minutes + " min";
    }
}
