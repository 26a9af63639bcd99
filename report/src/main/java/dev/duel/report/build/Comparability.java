package dev.duel.report.build;

import dev.duel.analysis.RatioInterval;
import dev.duel.record.RepetitionDecision;
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

    /** The scenario a suite's repetitions rule read, and the confidence of each of its looks. */
    private final Map<String, Double> looked = new LinkedHashMap<>();

    public Comparability(Runs runs, ReportOptions options, String baseline) {
        this(runs, options, baseline, List.of());
    }

    /**
     * @param repetitions each results folder's decision about repetitions: a scenario an adaptive rule read stopped
     *                    after looks at its data, and its rows take the rule's corrected confidence (each look at 5% /
     *                    looks), so that the stopping does not inflate false differences
     */
    public Comparability(Runs runs, ReportOptions options, String baseline, List<RepetitionDecision> repetitions) {
        this.runs = runs;
        this.options = options;
        this.baseline = baseline;
        this.verdicts = new Verdicts(baseline, options.confidence(), options.sameWithin());
        repetitions.forEach(d -> looked.merge(d.scenario(), d.confidence(), Math::max));
    }

    /** The verdicts of a scenario: at the report's confidence, or a repetitions rule's corrected one. */
    private Verdicts verdicts(String scenario) {
        Double corrected = looked.get(scenario);
        return corrected == null || corrected <= options.confidence()
                ? verdicts
                : new Verdicts(baseline, corrected, options.sameWithin());
    }

    List<Report.Comparison> compare(String scenario, List<Report.Row> rows, List<String> shown, String other) {
        return compare(scenario, rows, rows, shown, other);
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
        undermining.putAll(HostDrift.between(baseline, runsA, other, runsB));
        sideWarnings.addAll(undermining.keySet());
        // Under one CPU quota on both sides, throttling is how the quota is kept: requests/s and CPU per request are
        // then each side's capacity at that quota, a fair comparison; its latency holds waits for the next quota
        // period.
        Set<String> quotaOnly = sameQuota(runsA, runsB) ? Set.of(throttled(baseline), throttled(other)) : Set.of();
        // Each of B's runs had a partner of A's measured in the same minutes (a duet, an interleaved pair): a host
        // that changed speed between pairs moved both sides of a pair alike.
        boolean sideBySide =
                !runsB.isEmpty() && runsB.stream().allMatch(run -> run.record().duet() != null);
        List<Report.Comparison> comparisons = new ArrayList<>();
        for (Report.Row row : rows) {
            Measure measure = row.measure();
            Report.Cell cellA = row.cells().get(a);
            Report.Cell cellB = row.cells().get(b);
            List<String> reasons = new ArrayList<>();
            lost(baseline, lossesA, cellA).ifPresent(reasons::add);
            lost(other, lossesB, cellB).ifPresent(reasons::add);
            // Runs that never reached what a warm-up or runtime row times have no value: a median without them
            // flatters the side, so any such run takes that row's verdict away.
            for (int column : List.of(a, b)) {
                Report.Cell cell = row.cells().get(column);
                if (cell.censoredRuns() > 0) {
                    String target = column == a ? baseline : other;
                    reasons.add(
                            SteadyMeasures.neverSteady(target, cell.censoredRuns(), cell.censoredRuns() + cell.runs()));
                }
            }
            List<String> warnings = new ArrayList<>(sideWarnings);
            List<Double> paired =
                    !cellB.duetRatios().isEmpty() ? cellB.duetRatios() : sideBySide ? pairedRatios(cellA, cellB) : null;
            if (paired == null) {
                bimodal(baseline, cellA, measure).ifPresent(warnings::add);
                bimodal(other, cellB, measure).ifPresent(warnings::add);
            } else {
                // Paired side by side (slice against slice, or run against run of a duet or an interleaved pair): the
                // interval rests on the pairs' ratios, and a side's runs that met the host at two speeds fall into two
                // groups that the pairing takes out.
                pairsBimodal(paired, measure).ifPresent(warnings::add);
            }
            if (factNotSpeed(measure.key())) {
                // A target that cannot keep up has a rising p99 and late starts: not at steady state, throttled
                // or unlimited, what it got wrong and what it left waiting are still facts to compare.
                warnings.removeIf(undermining::containsKey);
            } else {
                undermining.values().stream()
                        .filter(r -> !reasons.contains(r))
                        .filter(r -> latency(measure.key()) || !quotaOnly.contains(r))
                        .forEach(reasons::add);
            }
            String runsBehind = runs(baseline, lossesA, cellA) + "; " + runs(other, lossesB, cellB);
            comparisons.add(verdicts(scenario)
                    .of(
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
     * "jdk17's runs fall into two groups (35,800 to 36,100 and 43,000 to 43,500): ..." for a side whose runs do
     * ({@link RatioInterval#bimodal}), where the interval's coverage does not hold.
     */
    private static java.util.Optional<String> bimodal(String target, Report.Cell cell, Measure measure) {
        if (cell.summary() == null
                || !measure.comparable()
                || !RatioInterval.bimodal(cell.summary().values())) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(String.format(
                Locale.ROOT,
                "%s: its %d runs' %s fall into two groups (%s to %s): a target that alternates between two levels "
                        + "from one fresh start to the next; the interval does not hold its coverage then",
                target,
                cell.runs(),
                measure.label(),
                Format.value(cell.summary().min(), measure.unit()),
                Format.value(cell.summary().max(), measure.unit())));
    }

    /** B's value over A's of each repetition both ran in, where both cells pair their values; null where not. */
    private static List<Double> pairedRatios(Report.Cell a, Report.Cell b) {
        if (a.pairs().isEmpty() || b.pairs().isEmpty() || a.summary() == null || b.summary() == null) {
            return null;
        }
        java.util.Map<String, Double> byPair = new java.util.HashMap<>();
        for (int i = 0; i < a.pairs().size(); i++) {
            byPair.put(a.pairs().get(i), a.summary().values()[i]);
        }
        List<Double> ratios = new ArrayList<>();
        for (int i = 0; i < b.pairs().size(); i++) {
            Double base = byPair.get(b.pairs().get(i));
            if (base != null && base > 0) {
                ratios.add(b.summary().values()[i] / base);
            }
        }
        return ratios;
    }

    /** "the pairs' ratios fall into two groups (0.95 to 1.12): ..." where the paired ratios do. */
    private static java.util.Optional<String> pairsBimodal(List<Double> ratios, Measure measure) {
        double[] values = ratios.stream().mapToDouble(Double::doubleValue).toArray();
        if (!measure.comparable() || !RatioInterval.bimodal(values)) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(String.format(
                Locale.ROOT,
                "the %d pairs' %s ratios fall into two groups (%.3f to %.3f): pairs of fresh JVMs that land on two"
                        + " levels; the interval does not hold its coverage then",
                values.length,
                measure.label(),
                java.util.Arrays.stream(values).min().orElse(Double.NaN),
                java.util.Arrays.stream(values).max().orElse(Double.NaN)));
    }

    /** The row reads latency (a percentile or the mean), which a throttled target's waits for its quota inflate. */
    static boolean latency(String key) {
        return Set.of(Metric.P50.key(), Metric.P90.key(), Metric.P99.key(), Metric.P999.key(), Metric.MEAN.key())
                .contains(key);
    }

    /** The reason {@link #undermining} gives a side throttled above the bound: "jdk25 throttled above 20%". */
    private String throttled(String target) {
        return target + " throttled above " + Format.percent(options.maxThrottledShare());
    }

    /** Every run of both sides ran under one and the same CPU quota. */
    private static boolean sameQuota(List<RunData> a, List<RunData> b) {
        Set<Double> quotas = new java.util.HashSet<>();
        for (RunData run : a) {
            quotas.add(run.settings().info().cpus());
        }
        for (RunData run : b) {
            quotas.add(run.settings().info().cpus());
        }
        return quotas.size() == 1 && !quotas.contains(null);
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
     * "jdk25 lost 1 of 3 runs: 004 (failed: the target exited with 1 before json)": runs that planned the scenario but
     * gave no value of this measure and are not counted, each with why (a cell that does not list them: "they gave no
     * value"). Every run counts, so a run lost is held against the row.
     */
    private static java.util.Optional<String> lost(String target, Report.Losses losses, Report.Cell cell) {
        int lost = losses.planned() - cell.runs() - cell.censoredRuns();
        if (cell.summary() == null || lost <= 0) {
            return java.util.Optional.empty();
        }
        String why = cell.lost().isEmpty()
                ? " (they gave no value)"
                : ": "
                        + String.join(
                                ", ",
                                cell.lost().stream()
                                        .map(Report.LostRun::describe)
                                        .toList());
        return java.util.Optional.of(String.format(
                Locale.ROOT, "%s lost %d of %d %s%s", target, lost, losses.planned(), runsWord(losses), why));
    }

    private static String runsWord(Report.Losses losses) {
        return losses.planned() == 1 ? "run" : "runs";
    }

    /** "jdk17 3 of 3", "jdk25 3 of 3 (counted with a mark: 1 never steady)": the runs behind one side's value. */
    static String runs(String target, Report.Losses losses, Report.Cell cell) {
        List<String> notes = new ArrayList<>();
        Map<String, Integer> marks = new LinkedHashMap<>();
        for (Report.MarkedRun run : cell.marked()) {
            marks.merge(run.why(), 1, Integer::sum);
        }
        if (!marks.isEmpty()) {
            notes.add("counted with a mark: "
                    + String.join(
                            ", ",
                            marks.entrySet().stream()
                                    .map(e -> e.getValue() + " " + e.getKey())
                                    .toList()));
        }
        if (cell.failedRuns() > 0 && cell.marked(Report.Mark.FAILED) == 0) {
            notes.add(cell.failedRuns() + " failed counted");
        }
        if (cell.censoredRuns() > 0) {
            notes.add(cell.censoredRuns() + " never steady, no value");
        }
        int lost = losses.planned() - cell.runs() - cell.censoredRuns();
        if (lost > 0) {
            notes.add("lost " + lost);
        }
        String text = String.format(Locale.ROOT, "%s %d of %d", target, cell.runs(), losses.planned());
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
     * enforced. Each warning in full,
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
                            throttled(target));
                }
            }
        }
        return warnings;
    }

    private static String hours(Duration duration) {
        long minutes = duration.toMinutes();
        return minutes >= 60
                ? String.format(Locale.ROOT, "%d h %02d min", minutes / 60, minutes % 60)
                : minutes + " min";
    }
}
