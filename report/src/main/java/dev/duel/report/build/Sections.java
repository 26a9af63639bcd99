package dev.duel.report.build;

import dev.duel.analysis.Bottleneck;
import dev.duel.analysis.SteadyValues;
import dev.duel.record.RepetitionDecision;
import dev.duel.record.ScenarioKind;
import dev.duel.report.model.LatencyCurve;
import dev.duel.report.model.Report;
import dev.duel.report.model.RuntimeSection;
import dev.duel.report.model.SectionKind;
import dev.duel.report.model.Summary;
import dev.duel.report.model.WarmupSection;
import dev.duel.report.read.RunData;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A report's sections: one per scenario (its rows and their comparisons with the baseline, its notes, warm-up curve
 * and latency curves, and its warm-up and runtime answers) and the start-up section across scenarios. Not thread-safe
 * (reads steady states through {@link Runs}); one per report.
 */
public final class Sections {
    private final Runs runs;
    private final Rows rows;
    private final Comparability comparability;
    private final String baseline;
    /** Each results folder's decision about repetitions: a scenario whose rule read it says why the suite stopped. */
    private final List<RepetitionDecision> repetitions;

    public Sections(Runs runs, Comparability comparability, String baseline, List<RepetitionDecision> repetitions) {
        this.runs = runs;
        this.rows = new Rows(runs);
        this.comparability = comparability;
        this.baseline = baseline;
        this.repetitions = List.copyOf(repetitions);
    }

    /** The targets compared with the baseline, in column order: none when the baseline is not shown. */
    private List<String> others(List<String> shown) {
        return shown.contains(baseline)
                ? shown.stream().filter(other -> !other.equals(baseline)).toList()
                : List.of();
    }

    public Report.ScenarioReport scenario(String name) {
        List<String> targets = runs.targets();
        List<String> present = targets.stream()
                .filter(t -> runs.valid().stream().anyMatch(r -> r.target().equals(t) && r.scenario(name) != null))
                .toList();
        List<String> shown = present.isEmpty() ? targets : present;
        ScenarioKind kind = runs.all().stream()
                .map(r -> r.scenario(name))
                .filter(s -> s != null)
                .map(RunData.ScenarioData::kind)
                .findFirst()
                .orElse(ScenarioKind.LOAD);
        String load = runs.all().stream()
                .map(r -> r.scenario(name))
                .filter(s -> s != null)
                .map(RunData.ScenarioData::load)
                .filter(l -> !l.isEmpty())
                .findFirst()
                .orElse("");
        List<Report.Row> rows =
                kind == ScenarioKind.STARTUP ? List.of(this.rows.startup(name, shown)) : this.rows.load(name, shown);
        List<String> notes = new ArrayList<>();
        if (kind == ScenarioKind.STARTUP) {
            notes.add("one value per run: the first start of each run (a fresh process); later starts within a run "
                    + "are restarts of the same installation, not independent samples, and are not pooled");
        }
        if (kind == ScenarioKind.THROUGHPUT) {
            notes.add(
                    "a saturating profile: its percentiles describe queueing in front of a busy target, not the cost of one request");
        }
        // A suite that repeated until the interval was narrow says why it stopped, under the scenario its rule read.
        repetitions.stream()
                .filter(decision -> decision.scenario().equals(name))
                .forEach(decision -> notes.add(decision.describe()));
        Report.Curve curve = kind == ScenarioKind.WARMUP_CURVE ? curve(name, shown) : null;
        WarmupSection warmup = kind == ScenarioKind.STARTUP ? null : warmup(name, shown, rows);
        List<Report.Comparison> comparisons = new ArrayList<>();
        for (String other : others(shown)) {
            comparisons.addAll(comparability.compare(name, rows, shown, other));
        }
        if (!shown.contains(baseline) && shown.size() > 1) {
            notes.add("the baseline " + baseline + " has no valid run of this scenario: nothing is compared");
        }
        // Said once, where a duet's verdicts are read: what it compares on shared CPUs is not what it compares apart.
        runs.duetSharedCpus(name, baseline, shown)
                .forEach((target, cpus) -> notes.add(String.format(
                        Locale.ROOT,
                        "duet: %s and %s ran side by side on CPU %s: each shared that core's caches and time with the other, "
                                + "so the comparison is of the two co-located, which can differ from each alone under the "
                                + "same quota (docs/methodology.md, \"Duet: when and when not\")",
                        target,
                        baseline,
                        dev.duel.record.CpuList.format(cpus))));
        runs.interleavedPairs(name, baseline, shown)
                .forEach((target, pairs) -> notes.add(interleaved(target, pairs)
                        + warmedUpElsewhere(runs.warmupCpus(target, baseline))
                        + compilersRaised(runs.warmupCompilerNices(target, baseline))));
        Map<RunData, List<dev.duel.analysis.HostFlips.Flips>> flipped = runs.flipsInMain(name, shown);
        if (!flipped.isEmpty()) {
            notes.add(flippedInMain(flipped, shown.size() > 1));
        }
        Map<String, List<LatencyCurve.Point>> latency =
                kind == ScenarioKind.STARTUP ? new LinkedHashMap<>() : latency(name, shown);
        if (warmup != null) {
            notes.add(SteadyMeasures.NOTE);
            // Said once for the scenario, not on every row: which runs never settled and what would change it.
            for (String target : shown) {
                List<RunData> counted = runs.countedRuns(target, name);
                String unsettled = SteadyMeasures.unsettled(
                        target,
                        counted.stream().map(r -> runs.steady(r, name)).toList(),
                        SteadyMeasures.advice(counted, name));
                if (unsettled != null) {
                    notes.add(unsettled);
                }
            }
        }
        return new Report.ScenarioReport(
                name,
                SectionKind.of(kind),
                load,
                shown,
                rows,
                comparisons,
                curve,
                notes,
                latency,
                runs.losses(name, shown),
                warmup,
                kind == ScenarioKind.STARTUP ? null : runtime(name, rows, shown),
                kind == ScenarioKind.STARTUP ? Map.of() : limitedBy(name, shown, notes),
                kind == ScenarioKind.STARTUP ? List.of() : runs.duetSeries(name, baseline, shown));
    }

    /**
     * What an interleaved comparison rests on, said once under the scenario: "interleaved: jdk25 and jdk17 took turns
     * holding the whole load, slices of 2 s in blocks drawn ABBA or BAAB; each pair's ratio is the mean of its blocks'
     * (3 pairs, 18 blocks; main's first block, its lead-in after the switch from warm-up, left out of both sides; 4
     * blocks the host flipped inside left out of both sides); a slice's first tenth served 82% of
     * a tenth's share".
     */
    private String interleaved(String target, List<dev.duel.analysis.InterleavedRatio.Pair> pairs) {
        int blocks = pairs.stream()
                .mapToInt(dev.duel.analysis.InterleavedRatio.Pair::blocks)
                .sum();
        int cut = pairs.stream()
                .mapToInt(dev.duel.analysis.InterleavedRatio.Pair::blocksCutByFlip)
                .sum();
        int cutByOther = pairs.stream()
                .mapToInt(dev.duel.analysis.InterleavedRatio.Pair::blocksCutByOther)
                .sum();
        long allCut = pairs.stream()
                .filter(dev.duel.analysis.InterleavedRatio.Pair::cutBlocksUsed)
                .count();
        long leadIns = pairs.stream()
                .filter(dev.duel.analysis.InterleavedRatio.Pair::leadInLeftOut)
                .count();
        double slice = pairs.get(0).sliceMillis() / 1_000;
        double first = pairs.stream()
                .mapToDouble(dev.duel.analysis.InterleavedRatio.Pair::firstTenthShare)
                .filter(Double::isFinite)
                .average()
                .orElse(Double.NaN);
        return String.format(
                Locale.ROOT,
                "interleaved: %s and %s took turns holding the whole load, slices of %s s in blocks drawn ABBA or BAAB;"
                        + " each pair's ratio is the mean of its blocks' (%d pair%s, %d block%s%s%s%s)%s",
                target,
                baseline,
                slice == Math.rint(slice) ? String.valueOf((long) slice) : String.format(Locale.ROOT, "%.1f", slice),
                pairs.size(),
                pairs.size() == 1 ? "" : "s",
                blocks,
                blocks == 1 ? "" : "s",
                leadIns == 0
                        ? ""
                        : "; main's first block, its lead-in after the switch from warm-up, left out of both sides"
                                + (leadIns == pairs.size() ? "" : " in " + leadIns + " of " + pairs.size() + " pairs"),
                cut == 0
                        ? ""
                        : "; " + cut + " block" + (cut == 1 ? "" : "s") + " the host flipped inside left out of both"
                                + " sides" + (allCut == 0 ? "" : ", but for " + allCut + " pair(s) that had no other"),
                cutByOther == 0
                        ? ""
                        : "; " + cutByOther + " block" + (cutByOther == 1 ? "" : "s") + " another process cut, taking"
                                + " more CPU in one side's slices, left out of both sides",
                Double.isFinite(first)
                        ? String.format(
                                Locale.ROOT, "; a slice's first tenth served %.0f%% of a tenth's share", first * 100)
                        : "");
    }

    /**
     * "; every side warmed up on CPUs 0-1, not only its own, and was back on its own for main", with "in 4 of 8 runs the
     * side" where not all did; "" where none did. {@code cpus} are the runs' {@code duet.warmupCpus}.
     */
    static String warmedUpElsewhere(List<String> cpus) {
        List<String> moved = cpus.stream().filter(java.util.Objects::nonNull).toList();
        if (moved.isEmpty()) {
            return "";
        }
        return String.format(
                Locale.ROOT,
                "; %s warmed up on %s %s, not only its own, and was back on its own for main",
                moved.size() == cpus.size()
                        ? "every side"
                        : String.format(Locale.ROOT, "in %d of %d runs the side", moved.size(), cpus.size()),
                moved.stream()
                                .allMatch(list ->
                                        dev.duel.record.CpuList.parse(list).size() == 1)
                        ? "CPU"
                        : "CPUs",
                String.join(" or ", new java.util.TreeSet<>(moved)));
    }

    /**
     * "; both sides' JIT compiler threads ran at nice -10 while the pair warmed up on the CPU they share, and at the
     * JVM's own priority in main (the request threads would leave the compiler a tenth of the core)", with "in 4 of 6
     * runs" where not all did; "" where none did. {@code nices} are the runs' {@code duet.warmupCompilerNice}.
     */
    static String compilersRaised(List<Integer> nices) {
        List<Integer> raised = nices.stream().filter(java.util.Objects::nonNull).toList();
        if (raised.isEmpty()) {
            return "";
        }
        java.util.Set<Integer> values = new java.util.TreeSet<>(raised);
        return String.format(
                Locale.ROOT,
                "; %s JIT compiler threads ran at nice %s while the pair warmed up on the CPUs both share, and at the"
                        + " JVM's own priority in main (the request threads would leave a compiler a tenth of a core)",
                raised.size() == nices.size()
                        ? "both sides'"
                        : String.format(Locale.ROOT, "in %d of %d runs the", raised.size(), nices.size()),
                values.stream().map(String::valueOf).collect(java.util.stream.Collectors.joining(" or ")));
    }

    /**
     * "the host's speed flipped during main in runs 001 (flipped twice on CPU 0 (to 0.70x for 9 of 20 s)), 004 (...):
     * their values mix two speeds of the host, which alternating whole runs cannot cancel (order: interleaved pairs
     * each slice with its partner's)"; the advice only where {@code compared}, more than one target shown.
     */
    private static String flippedInMain(
            Map<RunData, List<dev.duel.analysis.HostFlips.Flips>> flipped, boolean compared) {
        List<String> runs = new ArrayList<>();
        flipped.forEach((run, flips) -> runs.add(String.format(Locale.ROOT, "%03d", run.index()) + " ("
                + String.join(
                        "; ",
                        flips.stream()
                                .map(dev.duel.analysis.HostFlips.Flips::describe)
                                .toList()) + ")"));
        return "the host's speed flipped during main in run" + (runs.size() == 1 ? " " : "s ") + String.join(", ", runs)
                + ": their values mix two speeds of the host"
                + (compared
                        ? ", which alternating whole runs cannot cancel (order: interleaved pairs each slice with its"
                                + " partner's)"
                        : "");
    }

    /**
     * Per target, what limited most of its runs' throughput ({@link Bottleneck}), in a few words for the headline; and
     * a note per target with the count and one run's sentence, the numbers behind it.
     */
    private Map<String, String> limitedBy(String name, List<String> shown, List<String> notes) {
        Map<String, String> limitedBy = new LinkedHashMap<>();
        for (String target : shown) {
            Map<Bottleneck.Kind, List<Bottleneck>> byKind = new java.util.EnumMap<>(Bottleneck.Kind.class);
            for (RunData run : runs.countedRuns(target, name)) {
                Bottleneck b = runs.bottleneck(run, name);
                byKind.computeIfAbsent(b.kind(), k -> new ArrayList<>()).add(b);
            }
            if (byKind.isEmpty()) {
                continue;
            }
            Map.Entry<Bottleneck.Kind, List<Bottleneck>> most = byKind.entrySet().stream()
                    .max(java.util.Comparator.comparingInt(e -> e.getValue().size()))
                    .orElseThrow();
            Bottleneck example = most.getValue().get(0);
            limitedBy.put(target, words(example));
            int all = byKind.values().stream().mapToInt(List::size).sum();
            notes.add(String.format(
                    java.util.Locale.ROOT,
                    "bottleneck: %s: %s in %d of %d runs (e.g. %s)%s",
                    target,
                    words(example),
                    most.getValue().size(),
                    all,
                    example.sentence(),
                    byKind.size() > 1
                            ? "; the others: "
                                    + String.join(
                                            ", ",
                                            byKind.entrySet().stream()
                                                    .filter(e -> e.getKey() != most.getKey())
                                                    .map(e -> e.getValue().size() + " "
                                                            + words(e.getValue().get(0)))
                                                    .toList())
                            : ""));
        }
        return limitedBy;
    }

    /** "its CPU limit", "postgres", "the machine": what limited a run, in a few words. */
    static String words(Bottleneck bottleneck) {
        return switch (bottleneck.kind()) {
            case TARGET_CPU -> "its CPU limit";
            case COMPANION -> bottleneck.service();
            case LOADGEN -> "the load generator";
            case MACHINE -> "the machine (another process took the CPU)";
            case OFFERED_LOAD -> "the offered rate";
            case TARGET_WAITING -> "its own waiting (CPU idle with requests in flight)";
            case UNKNOWN -> "not known";
        };
    }

    /** The scenario's warm-up answer ({@link WarmupAnswer}), its rows compared with the baseline's. */
    private WarmupSection warmup(String name, List<String> shown, List<Report.Row> rows) {
        WarmupAnswer answer = new WarmupAnswer(
                shown,
                target -> runs.countedRuns(target, name),
                run -> runs.steady(run, name),
                run -> WarmupAnswer.relativeHostSpeed(run, name));
        WarmupSection warmup = answer.build(List.of());
        List<Report.Comparison> warmupComparisons = new ArrayList<>();
        for (String other : others(shown)) {
            warmupComparisons.addAll(comparability.compare(name, warmup.rows(), rows, shown, other));
        }
        return answer.build(warmupComparisons);
    }

    /** Per target, the latency percentile curve of its runs with enough samples for percentiles. */
    private Map<String, List<LatencyCurve.Point>> latency(String name, List<String> shown) {
        Map<String, List<LatencyCurve.Point>> latency = new LinkedHashMap<>();
        for (String target : shown) {
            latency.put(
                    target,
                    LatencyCurve.of(runs.runsOf(target, name).stream()
                            .map(r -> r.scenario(name))
                            .filter(s -> s.samples() >= SteadyValues.MIN_SAMPLES_FOR_PERCENTILES)
                            .map(RunData.ScenarioData::latencyHistogram)
                            .toList()));
        }
        return latency;
    }

    /** The scenario's runtime answer ({@link RuntimeAnswer}), or null when no run of it has a timeline. */
    private RuntimeSection runtime(String name, List<Report.Row> rows, List<String> shown) {
        RuntimeAnswer answer =
                new RuntimeAnswer(name, shown, t -> runs.countedRuns(t, name), run -> runs.steady(run, name));
        if (!answer.any()) {
            return null;
        }
        List<Report.Row> runtimeRows = answer.rows();
        List<Report.Comparison> comparisons = new ArrayList<>();
        List<String> largest = new ArrayList<>();
        for (String other : others(shown)) {
            List<Report.Comparison> pair = comparability.compare(name, runtimeRows, rows, shown, other);
            comparisons.addAll(pair);
            largest.add(RuntimeDifference.largest(runtimeRows, pair, shown, baseline, other, answer::timed));
        }
        return answer.build(runtimeRows, comparisons, largest);
    }

    /** The start-up section: every valid run's time to its first correct answer, one value per run. */
    public Report.ScenarioReport startup() {
        List<String> shown = runs.targets().stream()
                .filter(t -> runs.valid().stream().anyMatch(r -> r.target().equals(t) && r.startupMillis() > 0))
                .toList();
        List<Report.Row> rows = List.of(this.rows.startupSection(shown));
        List<Report.Comparison> comparisons = new ArrayList<>();
        for (String other : others(shown)) {
            comparisons.addAll(comparability.compare(ScenarioKind.STARTUP_SECTION, rows, shown, other));
        }
        return new Report.ScenarioReport(
                ScenarioKind.STARTUP_SECTION,
                SectionKind.PER_RUN,
                "time from spawn to the first answer that passed the ready check, one per run",
                shown,
                rows,
                comparisons,
                null,
                List.of(),
                Map.of(),
                runs.losses(ScenarioKind.STARTUP_SECTION, shown),
                null,
                null,
                Map.of(),
                List.of());
    }

    private Report.Curve curve(String scenario, List<String> shown) {
        Map<String, List<Summary>> windows = new LinkedHashMap<>();
        Map<String, Integer> steady = new LinkedHashMap<>();
        double windowSeconds = 0;
        for (String target : shown) {
            List<RunData> runs = this.runs.runsOf(target, scenario);
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
}
