package dev.duel.report.build;

import dev.duel.analysis.Bottleneck;
import dev.duel.analysis.HostFlips;
import dev.duel.analysis.Repetitions;
import dev.duel.analysis.RunSteadyState;
import dev.duel.record.ScenarioKind;
import dev.duel.record.Status;
import dev.duel.report.model.Report;
import dev.duel.report.read.PlannedRuns;
import dev.duel.report.read.ResultsReader;
import dev.duel.report.read.RunData;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The runs a report is built from, and what every part of the report asks of them: which runs of a target count in a
 * scenario, what became of the runs that planned it, each run's steady state. Not thread-safe (a run's steady state
 * is analysed when first asked for, then kept); one per report.
 */
public final class Runs {
    private final ResultsReader.Results results;
    private final List<RunData> valid;
    /** What became of every run of the plans: its last attempt (a discarded attempt that was repeated is not lost). */
    private final PlannedRuns planned;
    /** The last attempt of each run. */
    private final List<RunData> finals;
    /** The sessions whose repetitions each ran back to back (their runs hold consecutive places in the plan). */
    private final Set<String> backToBack;

    private final List<String> targets;
    /** Each run's steady state per scenario, analysed once (see {@link RunSteadyState}). */
    private final Map<String, RunSteadyState> steadyRuns = new LinkedHashMap<>();
    /** Each run's bottleneck per scenario, read once. */
    private final Map<String, Bottleneck> bottlenecks = new LinkedHashMap<>();

    public Runs(ResultsReader.Results results) {
        this.results = results;
        this.valid = results.runs().stream().filter(RunData::ok).toList();
        this.planned = new PlannedRuns(results);
        this.finals = planned.lastAttempts();
        this.backToBack = backToBack(finals, planned);
        Set<String> names = new LinkedHashSet<>();
        results.runs().stream()
                .sorted((x, y) -> Integer.compare(x.index(), y.index()))
                .forEach(r -> names.add(r.target()));
        this.targets = List.copyOf(names);
    }

    /** Every run read (failed, invalid and discarded ones too), in the order read. */
    List<RunData> all() {
        return results.runs();
    }

    /** The ok runs: only they feed statistics. */
    public List<RunData> valid() {
        return valid;
    }

    /** The targets, in the order of their first runs. */
    public List<String> targets() {
        return targets;
    }

    /**
     * The repetition a run ran in, as a key that pairs it with the other targets' runs of that repetition ("session#2"),
     * or null when its session's repetitions did not run back to back (order: sequential) and pairing would pair runs
     * far apart in time.
     */
    String pairKey(RunData run) {
        String session = planned.session(run);
        return backToBack.contains(session) ? session + "#" + run.record().repetition() : null;
    }

    /**
     * Each paired repetition of {@code scenario} between a shown target and the baseline: a duet's second by second (the
     * target's correct responses over the baseline's in each second of main both measured), an interleaved pair's block
     * by block (each block's B / A at its start), in run order; empty for runs made alone.
     */
    List<Report.DuetSeries> duetSeries(String scenario, String baseline, List<String> shown) {
        List<Report.DuetSeries> series = new java.util.ArrayList<>();
        for (RunData run : finals) {
            dev.duel.record.RunRecord.Duet duet = run.record().duet();
            if (duet == null
                    || run.target().equals(baseline)
                    || !shown.contains(run.target())
                    || !duet.partnerTarget().equals(baseline)) {
                continue;
            }
            RunData partner = partner(run);
            List<Integer> seconds = new java.util.ArrayList<>();
            List<Double> ratios = new java.util.ArrayList<>();
            if (duet.interleaved()) {
                dev.duel.analysis.InterleavedRatio.Pair pair = partner == null
                        ? null
                        : dev.duel.analysis.InterleavedRatio.of(run.record(), partner.record(), scenario);
                if (pair != null) {
                    pair.blockStartSeconds().forEach(start -> seconds.add((int) Math.floor(start)));
                    ratios.addAll(pair.blockRatios());
                }
            } else {
                dev.duel.analysis.DuetRatio.CommonSeconds common = partner == null
                        ? null
                        : dev.duel.analysis.DuetRatio.common(run.record(), partner.record(), scenario);
                if (common == null) {
                    continue;
                }
                addSeconds(common, seconds, ratios);
            }
            if (!seconds.isEmpty()) {
                series.add(new Report.DuetSeries(
                        String.format(
                                java.util.Locale.ROOT,
                                "repetition %d: %s %03d / %s %03d",
                                run.record().repetition(),
                                run.target(),
                                run.index(),
                                partner.target(),
                                partner.index()),
                        seconds,
                        ratios));
            }
        }
        return series;
    }

    /**
     * The host's behaviour in one line, for the headline: "the host's speed flipped 7 times on CPU 0 during the loads
     * (to 0.70x for 96 of 610 s); paired slices cancel it" (or, for runs made alone, "which alternating whole runs
     * cannot cancel", for one target "each run's values mix the host's speeds"), "the host's speed held steady on CPU 0
     * during the loads"; null where no run recorded it. Over every final run's load seconds, on the CPUs its target was
     * pinned to (each CPU once).
     */
    public String hostLine() {
        Map<String, int[]> byCpu = new LinkedHashMap<>(); // flips, slow seconds, seconds
        Map<String, List<Double>> ratios = new LinkedHashMap<>();
        boolean interleaved = false;
        boolean simultaneous = false;
        boolean alone = false;
        // The CPUs counted for each run of a pair: its partner's seconds on a CPU they share are the same seconds.
        Map<Integer, java.util.Set<String>> countedCpus = new java.util.HashMap<>();
        for (RunData run : finals) {
            java.util.Set<String> partnerCpus = java.util.Set.of();
            if (run.record().duet() != null) {
                partnerCpus = countedCpus.getOrDefault(run.record().duet().partnerIndex(), java.util.Set.of());
                if (run.record().duet().interleaved()) {
                    interleaved = true;
                } else {
                    simultaneous = true;
                }
            } else {
                alone = true;
            }
            for (dev.duel.record.RunRecord.ScenarioResult result : run.record().results()) {
                if (result.hostSpeed() == null || run.record().targetInfo() == null) {
                    continue;
                }
                List<String> cpus = targetCpus(run, result);
                for (String cpu : cpus) {
                    if (partnerCpus.contains(cpu)) {
                        continue; // the pair's one host: counted with the run of it that came first
                    }
                    countedCpus
                            .computeIfAbsent(run.index(), i -> new java.util.HashSet<>())
                            .add(cpu);
                    int seconds = result.hostSpeed().of(cpu) == null
                            ? 0
                            : result.hostSpeed().of(cpu).size();
                    HostFlips.Flips flips = HostFlips.of(result.hostSpeed(), cpu, 0, seconds);
                    if (flips == null || flips.seconds() == 0) {
                        continue;
                    }
                    int[] sum = byCpu.computeIfAbsent(cpu, c -> new int[3]);
                    sum[0] += flips.count();
                    sum[1] += flips.slowSeconds();
                    sum[2] += flips.seconds();
                    if (Double.isFinite(flips.slowToFast())) {
                        ratios.computeIfAbsent(cpu, c -> new java.util.ArrayList<>())
                                .add(flips.slowToFast());
                    }
                }
            }
        }
        if (byCpu.isEmpty()) {
            return null;
        }
        List<String> parts = new java.util.ArrayList<>();
        boolean moved = false;
        for (Map.Entry<String, int[]> cpu : byCpu.entrySet()) {
            int[] sum = cpu.getValue();
            if (sum[1] == 0) {
                parts.add("held steady on CPU " + cpu.getKey());
                continue;
            }
            moved = true;
            List<Double> slow = ratios.getOrDefault(cpu.getKey(), List.of());
            double median = slow.isEmpty()
                    ? Double.NaN
                    : slow.stream().sorted().toList().get(slow.size() / 2);
            parts.add(String.format(
                    java.util.Locale.ROOT,
                    "%s on CPU %s (to %.2fx for %d of %d s)",
                    sum[0] == 0 ? "was slow at times" : HostFlips.flipped(sum[0]),
                    cpu.getKey(),
                    median,
                    sum[1],
                    sum[2]));
        }
        String line = "the host's speed " + String.join(", ", parts) + " during the loads";
        if (!moved) {
            return line;
        }
        if (finals.stream().map(RunData::target).distinct().count() == 1) {
            // One target: nothing alternates or pairs, and advice to pair it would be advice about nothing.
            return line + "; each run's values mix the host's speeds";
        }
        // A duet's sides ran at once: a flip meets both in the same second, as it meets both slices of a block.
        return line
                + (interleaved && !alone && !simultaneous
                        ? "; paired slices cancel it"
                        : simultaneous && !alone && !interleaved
                                ? "; the duet's simultaneous seconds cancel it"
                                : alone && !interleaved && !simultaneous
                                        ? "; alternating whole runs cannot cancel it (order: interleaved pairs each"
                                                + " slice with its partner's)"
                                        : "");
    }

    /**
     * For each shown target paired in slices with the baseline in {@code scenario} ({@code order: interleaved}), each of
     * its pairs' block-by-block reading, in run order.
     */
    Map<String, List<dev.duel.analysis.InterleavedRatio.Pair>> interleavedPairs(
            String scenario, String baseline, List<String> shown) {
        Map<String, List<dev.duel.analysis.InterleavedRatio.Pair>> pairs = new LinkedHashMap<>();
        for (RunData run : finals) {
            dev.duel.record.RunRecord.Duet duet = run.record().duet();
            if (duet == null
                    || !duet.interleaved()
                    || run.target().equals(baseline)
                    || !shown.contains(run.target())
                    || !duet.partnerTarget().equals(baseline)) {
                continue;
            }
            RunData partner = partner(run);
            dev.duel.analysis.InterleavedRatio.Pair pair = partner == null
                    ? null
                    : dev.duel.analysis.InterleavedRatio.of(run.record(), partner.record(), scenario);
            if (pair != null) {
                pairs.computeIfAbsent(run.target(), t -> new java.util.ArrayList<>())
                        .add(pair);
            }
        }
        return pairs;
    }

    /**
     * {@code duet.warmupCompilerNice} of each interleaved run of {@code target} paired with {@code baseline}, and of
     * each partner, in run order (null where the compilers ran as the JVM had them).
     */
    List<Integer> warmupCompilerNices(String target, String baseline) {
        return pairedDuets(target, baseline).stream()
                .map(dev.duel.record.RunRecord.Duet::warmupCompilerNice)
                .collect(java.util.stream.Collectors.toList());
    }

    /**
     * {@code duet.warmupCpus} of each interleaved run of {@code target} paired with {@code baseline}, and of each
     * partner, in run order (null where the side warmed up on its own CPUs).
     */
    List<String> warmupCpus(String target, String baseline) {
        return pairedDuets(target, baseline).stream()
                .map(dev.duel.record.RunRecord.Duet::warmupCpus)
                .collect(java.util.stream.Collectors.toList());
    }

    /** The duet of each interleaved run of {@code target} paired with {@code baseline}, and of each partner. */
    private List<dev.duel.record.RunRecord.Duet> pairedDuets(String target, String baseline) {
        List<dev.duel.record.RunRecord.Duet> duets = new java.util.ArrayList<>();
        for (RunData run : finals) {
            dev.duel.record.RunRecord.Duet duet = run.record().duet();
            if (duet != null
                    && duet.interleaved()
                    && ((run.target().equals(target) && duet.partnerTarget().equals(baseline))
                            || (run.target().equals(baseline)
                                    && duet.partnerTarget().equals(target)))) {
                duets.add(duet);
            }
        }
        return duets;
    }

    /**
     * The host's flips on the targets' CPUs during main, per run of {@code scenario} made alone that saw one: a run's
     * value then mixes two speeds of the host, which alternating whole runs cannot cancel. In run order; runs of
     * interleaved pairs, whose blocks leave flips out, are not listed.
     */
    Map<RunData, List<HostFlips.Flips>> flipsInMain(String scenario, List<String> shown) {
        Map<RunData, List<HostFlips.Flips>> flipped = new LinkedHashMap<>();
        for (RunData run : finals) {
            dev.duel.record.RunRecord.ScenarioResult result = run.record().result(scenario);
            if (!shown.contains(run.target())
                    || result == null
                    || result.hostSpeed() == null
                    || result.load() == null
                    || result.load().interleaved()
                    || run.record().targetInfo() == null) {
                continue;
            }
            var load = result.load();
            double mainStartMillis = (load.warmup() == null ? 0 : load.warmup().durationMillis())
                    + load.settings().gapMillis();
            int from = (int) Math.ceil(mainStartMillis / 1_000);
            int to = (int) Math.floor((mainStartMillis + load.main().durationMillis()) / 1_000);
            List<String> cpus = targetCpus(run, result);
            List<HostFlips.Flips> seen = new java.util.ArrayList<>();
            for (String cpu : cpus) {
                HostFlips.Flips flips = HostFlips.of(result.hostSpeed(), cpu, from, to);
                if (flips != null && flips.count() > 0) {
                    seen.add(flips);
                }
            }
            if (!seen.isEmpty()) {
                flipped.put(run, seen);
            }
        }
        return flipped;
    }

    /** The seconds both sides of a duet measured, each with the run's correct responses over its partner's. */
    private static void addSeconds(
            dev.duel.analysis.DuetRatio.CommonSeconds common, List<Integer> seconds, List<Double> ratios) {
        double[] theirs = common.partner();
        double[] ours = common.own();
        int[] at = common.seconds();
        for (int i = 0; i < at.length; i++) {
            if (theirs[i] > 0 && ours[i] > 0) {
                seconds.add(at[i]);
                ratios.add(ours[i] / theirs[i]);
            }
        }
    }

    /**
     * For each shown target whose duet runs of {@code scenario} beside the baseline's shared CPUs with them, the CPUs
     * shared (the union over its repetitions), in target order; a target whose sides ran on CPUs apart, or whose CPUs a
     * record does not say, is left out. Each side's CPUs are those the kernel allowed its processes while the run
     * measured ({@code affinity}), else its suite's cpuset.
     */
    Map<String, Set<Integer>> duetSharedCpus(String scenario, String baseline, List<String> shown) {
        Map<String, Set<Integer>> shared = new LinkedHashMap<>();
        for (RunData run : finals) {
            dev.duel.record.RunRecord.Duet duet = run.record().duet();
            if (duet == null
                    || duet.interleaved() // taking turns on a core is not sharing it: nothing ran beside the measured
                    || run.target().equals(baseline)
                    || !shown.contains(run.target())
                    || !duet.partnerTarget().equals(baseline)
                    || run.scenario(scenario) == null) {
                continue;
            }
            RunData partner = partner(run);
            Set<Integer> own = targetCpus(run);
            Set<Integer> theirs = partner == null ? null : targetCpus(partner);
            if (own == null || theirs == null) {
                continue;
            }
            Set<Integer> both = new java.util.TreeSet<>(own);
            both.retainAll(theirs);
            if (!both.isEmpty()) {
                shared.computeIfAbsent(run.target(), t -> new java.util.TreeSet<>())
                        .addAll(both);
            }
        }
        return shared;
    }

    private static Set<Integer> targetCpus(RunData run) {
        Set<Integer> allowed =
                dev.duel.record.ProcessAffinity.cpusOf(run.record().affinity(), "target " + run.target());
        if (allowed != null) {
            return allowed;
        }
        return run.record().targetInfo() == null
                ? null
                : dev.duel.record.CpuList.parse(run.record().targetInfo().cpuset());
    }

    /**
     * Whether the noise gate saw another process disturb any second of an interleaved side's main in {@code scenario}:
     * its requests/s leaves out the blocks that process started or stopped in, and the blocks it ran all through met
     * both sides alike, but its latency and CPU per request hold every second of main. False for a run made alone or a
     * duet's (their disturbed runs are discarded).
     */
    boolean interleavedMainDisturbed(RunData run, String scenario) {
        dev.duel.record.RunRecord.Duet duet = run.record().duet();
        if (duet == null || !duet.interleaved() || run.record().gates() == null) {
            return false;
        }
        List<dev.duel.record.RunRecord.NoiseWindow> windows =
                run.record().gates().noiseWindows();
        return windows != null
                && windows.stream()
                        .anyMatch(w -> !w.start()
                                && w.phase() == dev.duel.record.Phase.MAIN
                                && scenario.equals(w.scenario())
                                && w.disturbed());
    }

    /** A duet run's partner in its session (its last attempt), or null for a run made alone or a partner missing. */
    private RunData partner(RunData run) {
        dev.duel.record.RunRecord.Duet duet = run.record().duet();
        if (duet == null) {
            return null;
        }
        String session = planned.session(run);
        return finals.stream()
                .filter(r -> r.index() == duet.partnerIndex()
                        && r.target().equals(duet.partnerTarget())
                        && planned.session(r).equals(session))
                .findFirst()
                .orElse(null);
    }

    /**
     * A paired run's value of requests/s against its partner's ({@link dev.duel.analysis.PairedRuns}): a duet's second
     * by second (its loads began at one instant, so a second's index is the same instant on both), an interleaved pair's
     * block by block (slices taking turns on the same CPUs). NaN for a run made alone, or whose partner's record or
     * result is missing.
     */
    double duetRatio(RunData run, String scenario) {
        RunData partner = partner(run);
        return dev.duel.analysis.PairedRuns.ratio(run.record(), partner == null ? null : partner.record(), scenario);
    }

    /** The sessions whose repetitions ran back to back ({@link Repetitions#backToBack}). */
    private static Set<String> backToBack(List<RunData> runs, PlannedRuns planned) {
        Map<String, List<dev.duel.record.RunRecord>> sessions = new LinkedHashMap<>();
        for (RunData run : runs) {
            sessions.computeIfAbsent(planned.session(run), k -> new java.util.ArrayList<>())
                    .add(run.record());
        }
        Set<String> pairable = new LinkedHashSet<>();
        sessions.forEach((session, records) -> {
            if (Repetitions.backToBack(records)) {
                pairable.add(session);
            }
        });
        return pairable;
    }

    /** What became of the runs of {@code target} that planned {@code scenario}. */
    Report.Losses losses(String target, String scenario) {
        List<PlannedRuns.Planned> of = planned(target, scenario);
        return new Report.Losses(
                of.size(),
                count(of, PlannedRuns.Outcome.FAILED),
                count(of, PlannedRuns.Outcome.INVALID),
                count(of, PlannedRuns.Outcome.DISCARDED));
    }

    /**
     * Every run of {@code target} that planned {@code scenario} ({@link dev.duel.record.ScenarioKind#STARTUP_SECTION}:
     * every run of the target), with what became of it, in the order read.
     */
    List<PlannedRuns.Planned> planned(String target, String scenario) {
        return planned.of(target, scenario);
    }

    private static int count(List<PlannedRuns.Planned> of, PlannedRuns.Outcome outcome) {
        return (int) of.stream().filter(p -> p.outcome() == outcome).count();
    }

    Map<String, Report.Losses> losses(String scenario, List<String> shown) {
        Map<String, Report.Losses> losses = new LinkedHashMap<>();
        shown.forEach(t -> losses.put(t, losses(t, scenario)));
        return losses;
    }

    /** The run's steady state in the scenario, from its per-second series. */
    RunSteadyState steady(RunData run, String scenario) {
        return steadyRuns.computeIfAbsent(
                run.source() + "#" + run.index() + "#" + run.attempt() + "#" + scenario,
                key -> RunSteadyState.of(run.scenario(scenario).result().load()));
    }

    /** What limited the run's throughput in the scenario ({@link Bottleneck}), read once. */
    Bottleneck bottleneck(RunData run, String scenario) {
        return bottlenecks.computeIfAbsent(
                run.source() + "#" + run.index() + "#" + run.attempt() + "#" + scenario,
                key -> Bottleneck.of(run.record(), scenario));
    }

    /** The scenarios in the order of the runs that measured them. */
    public List<String> scenarioNames() {
        Set<String> names = new LinkedHashSet<>();
        results.runs().stream()
                .sorted((x, y) -> Integer.compare(x.index(), y.index()))
                .forEach(r -> r.scenarios().forEach(s -> names.add(s.scenario())));
        return List.copyOf(names);
    }

    /** Valid runs and failed ones that measured the scenario: what the errors measures count. */
    List<RunData> runsWithFailed(String target, String scenario) {
        return results.runs().stream()
                .filter(r -> (r.ok() || (r.status() == Status.FAILED && finals.contains(r)))
                        && r.target().equals(target)
                        && r.scenario(scenario) != null)
                .toList();
    }

    /**
     * Every run of the target that measured the scenario, by its last attempt, whatever its status (ok, invalid,
     * failed, disturbed without a clean repeat): every run counts, and its status marks its values.
     */
    List<RunData> countedRuns(String target, String scenario) {
        return finals.stream()
                .filter(r -> r.target().equals(target) && r.scenario(scenario) != null)
                .sorted((x, y) -> Integer.compare(x.index(), y.index()))
                .toList();
    }

    /** Every run of the target that started it (its last attempt, whatever its status): the start-up section's. */
    List<RunData> startedRuns(String target) {
        return finals.stream()
                .filter(r -> r.target().equals(target) && r.startupMillis() > 0)
                .sorted((x, y) -> Integer.compare(x.index(), y.index()))
                .toList();
    }

    /** The target's valid runs that measured the scenario. */
    List<RunData> runsOf(String target, String scenario) {
        return valid.stream()
                .filter(r -> r.target().equals(target) && r.scenario(scenario) != null)
                .toList();
    }

    /**
     * One side of a comparison in {@code scenario}: every run of the target that measured it, or for the start-up
     * section every run that started the target (each run starts its target once, whatever it measured).
     */
    List<RunData> side(String target, String scenario) {
        return scenario.equals(ScenarioKind.STARTUP_SECTION) ? startedRuns(target) : countedRuns(target, scenario);
    }

    /** The CPUs a run's target was let use (its cpuset), or, with none set, every CPU its host-speed series covers. */
    private static List<String> targetCpus(RunData run, dev.duel.record.RunRecord.ScenarioResult result) {
        String cpuset = run.record().targetInfo().cpuset();
        return cpuset == null
                ? result.hostSpeed().cpus()
                : dev.duel.record.CpuList.parse(cpuset).stream()
                        .map(String::valueOf)
                        .toList();
    }
}
