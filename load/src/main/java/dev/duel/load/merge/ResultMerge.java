package dev.duel.load.merge;

import dev.duel.load.LoadPlan;
import dev.duel.load.Timing;
import dev.duel.load.engine.Results;
import dev.duel.record.DuelVersion;
import dev.duel.record.Histograms;
import dev.duel.record.Phase;
import dev.duel.record.load.AgentShare;
import dev.duel.record.load.EngineUsage;
import dev.duel.record.load.FailureExample;
import dev.duel.record.load.FailureKind;
import dev.duel.record.load.LatencySummary;
import dev.duel.record.load.LoadResult;
import dev.duel.record.load.PhaseResult;
import dev.duel.record.load.PlanSettings;
import dev.duel.record.load.SecondResult;
import dev.duel.record.load.WindowResult;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Function;
import org.HdrHistogram.Histogram;

/**
 * The exact merge of the results of several load agents that ran one plan together, each its segment: counters
 * summed, histograms added and summarised again (percentiles are never averaged), rates from the summed counts over
 * the phase's length. A lost agent's counts are not added; the merged result then carries a warning naming it.
 * Stateless.
 */
public final class ResultMerge {
    private ResultMerge() {}

    /**
     * @param whole   the plan before it was split: its settings are the merged result's (the users or rate of every
     *                agent together), with what the agents resolved (an auto warm-up's length, the transport) and
     *                their event-loop threads summed
     * @param shares  every agent's share, in segment order; kept as the result's {@code agents}
     * @param seconds the merged per-second series, as {@link SecondsMerge} handed it out while the run went on: a
     *                share's seconds keep percentiles but no histogram, so the series cannot be merged from them
     */
    public static LoadResult merge(LoadPlan whole, List<AgentShare> shares, List<SecondResult> seconds) {
        List<AgentShare> delivered = shares.stream()
                .filter(share -> share.lost() == null && share.result() != null)
                .toList();
        List<LoadResult> results = delivered.stream().map(AgentShare::result).toList();
        List<String> warnings = new ArrayList<>();
        for (AgentShare share : shares) {
            if (share.lost() != null) {
                warnings.add("agent " + share.name() + " was lost during the run (" + share.lost()
                        + "): its requests are not counted here, and the run is not the plan");
            }
        }
        for (AgentShare share : delivered) {
            share.result().warnings().forEach(warning -> warnings.add(prefixed(share, warning)));
        }
        for (AgentShare share : delivered) {
            if (share.startLateMillis() != null && share.startLateMillis() > LATE_START_WARNING_MILLIS) {
                warnings.add(String.format(
                        java.util.Locale.ROOT,
                        "agent %s began %.1f ms after the agreed start instant: its seconds are shifted by that beside"
                                + " the others'",
                        share.name(),
                        share.startLateMillis()));
            }
        }
        List<Double> warmupEnds = delivered.stream()
                .map(share -> share.result().warmupEnd())
                .filter(Objects::nonNull)
                .map(end -> end.endedAtMillis())
                .distinct()
                .toList();
        if (warmupEnds.size() > 1) {
            // Each agent heard the same judgement, but one on the far side of a second's end: their mains differ.
            warnings.add("the agents ended warm-up at different times ("
                    + warmupEnds.stream()
                            .map(millis -> String.format(java.util.Locale.ROOT, "%.1f s", millis / 1_000))
                            .collect(java.util.stream.Collectors.joining(", "))
                    + "): their main phases are not the same seconds, and this warm-up end is the first agent's");
        }
        LoadResult first = results.isEmpty() ? null : results.get(0);
        List<PhaseResult> warmups = results.stream()
                .map(LoadResult::warmup)
                .filter(Objects::nonNull)
                .toList();
        return new LoadResult(
                DuelVersion.current(),
                settings(whole, results),
                results.stream()
                        .map(LoadResult::startedAt)
                        .min(Comparator.comparing(java.time.Instant::parse))
                        .orElse(""),
                results.stream()
                        .map(LoadResult::endedAt)
                        .max(Comparator.comparing(java.time.Instant::parse))
                        .orElse(""),
                first == null ? "" : first.target(),
                warmups.isEmpty() ? null : phase(warmups),
                results.isEmpty()
                        ? nothing()
                        : phase(results.stream().map(LoadResult::main).toList()),
                windows(results),
                results.stream()
                        .mapToDouble(LoadResult::firstCorrectResponseMillis)
                        .filter(millis -> millis >= 0)
                        .min()
                        .orElse(-1),
                List.copyOf(seconds),
                examples(results),
                engine(delivered),
                List.copyOf(warnings),
                first == null ? null : first.warmupEnd(),
                List.copyOf(shares),
                null);
    }

    /** An agent beginning later than this after the agreed instant, milliseconds, is worth a warning. */
    static final double LATE_START_WARNING_MILLIS = 10;

    private static String prefixed(AgentShare share, String text) {
        return "agent " + share.name() + ": " + text;
    }

    private static PlanSettings settings(LoadPlan whole, List<LoadResult> results) {
        if (results.isEmpty()) {
            double warmupMillis = whole.timing() instanceof Timing.Phases phases
                            && phases.warmup() instanceof Timing.Warmup.Fixed fixed
                    ? fixed.length().toNanos() / 1e6
                    : 0;
            return Results.settings(
                    whole,
                    whole.checks().stream().map(String::trim).toList(),
                    warmupMillis,
                    whole.threads(),
                    whole.transport().name().toLowerCase(java.util.Locale.ROOT));
        }
        PlanSettings first = results.get(0).settings();
        int threads = results.stream().mapToInt(r -> r.settings().threads()).sum();
        return Results.settings(whole, first.checks(), first.warmupMillis(), threads, first.transport());
    }

    /** Main when no agent delivered a result: nothing measured. */
    private static PhaseResult nothing() {
        Map<FailureKind, Long> failures = new LinkedHashMap<>();
        for (FailureKind kind : FailureKind.values()) {
            failures.put(kind, 0L);
        }
        LatencySummary empty = LatencySummary.EMPTY;
        return new PhaseResult(
                Phase.MAIN, 0, 0, 0, 0, 0, 0, 0, 0, 0, failures, 0, 0, 0, 0, 0, 0, 0, empty, empty, empty, empty, null);
    }

    /** The agents' phases added: every counter summed, every histogram added. */
    static PhaseResult phase(List<PhaseResult> phases) {
        PhaseResult first = phases.get(0);
        double durationMillis =
                phases.stream().mapToDouble(PhaseResult::durationMillis).max().orElse(0);
        long sent = sum(phases, PhaseResult::sent);
        long ok = sum(phases, PhaseResult::ok);
        long failed = sum(phases, PhaseResult::failed);
        long connectFailures = sum(phases, PhaseResult::connectFailures);
        long requestBytes = sum(phases, PhaseResult::requestBytes);
        long responseBytes = sum(phases, PhaseResult::responseBytes);
        // A phase keeps its complete responses only as responseBytes / meanResponseBytes: recovered exactly by
        // rounding.
        long responses = phases.stream()
                .mapToLong(p -> p.meanResponseBytes() == 0 ? 0 : Math.round(p.responseBytes() / p.meanResponseBytes()))
                .sum();
        Map<FailureKind, Long> failures = new EnumMap<>(FailureKind.class);
        for (FailureKind kind : FailureKind.values()) {
            failures.put(kind, sum(phases, p -> p.failures().getOrDefault(kind, 0L)));
        }
        double seconds = durationMillis / 1_000.0;
        long attempts = sent + connectFailures;
        boolean closedModel = phases.stream().allMatch(p -> p.turnaroundLag() != null);
        return new PhaseResult(
                first.phase(),
                durationMillis,
                sent,
                ok,
                failed,
                connectFailures,
                sum(phases, PhaseResult::interrupted),
                sum(phases, PhaseResult::late),
                sum(phases, PhaseResult::unstarted),
                sum(phases, PhaseResult::reconnects),
                new LinkedHashMap<>(failures),
                attempts == 0 ? 0 : (failed + connectFailures) / (double) attempts,
                seconds <= 0 ? 0 : (ok + failed) / seconds,
                seconds <= 0 ? 0 : ok / seconds,
                requestBytes,
                responseBytes,
                sent == 0 ? 0 : requestBytes / (double) sent,
                responses == 0 ? 0 : responseBytes / (double) responses,
                added(phases, PhaseResult::latency),
                added(phases, PhaseResult::uncorrectedLatency),
                added(phases, PhaseResult::scheduleLag),
                added(phases, PhaseResult::lateDelay),
                closedModel ? added(phases, PhaseResult::turnaroundLag) : null);
    }

    private static <T> long sum(List<T> items, java.util.function.ToLongFunction<T> value) {
        return items.stream().mapToLong(value).sum();
    }

    /** The summaries' histograms decoded, added and summarised again. */
    static <T> LatencySummary added(List<T> items, Function<T, LatencySummary> summary) {
        Histogram total = Histograms.newLatencyHistogram();
        for (T item : items) {
            total.add(Histograms.decode(summary.apply(item).histogram()));
        }
        return Histograms.summarize(total);
    }

    /** Windows by index, added: each agent counts its windows from its own first correct response. */
    private static List<WindowResult> windows(List<LoadResult> results) {
        TreeMap<Integer, List<WindowResult>> byIndex = new TreeMap<>();
        for (LoadResult result : results) {
            for (WindowResult window : result.windows()) {
                byIndex.computeIfAbsent(window.index(), i -> new ArrayList<>()).add(window);
            }
        }
        List<WindowResult> merged = new ArrayList<>();
        byIndex.forEach((index, windows) -> {
            WindowResult first = windows.get(0);
            long ok = sum(windows, WindowResult::ok);
            merged.add(new WindowResult(
                    index,
                    first.startMillis(),
                    first.lengthMillis(),
                    ok,
                    sum(windows, WindowResult::failures),
                    ok / (first.lengthMillis() / 1_000.0),
                    added(windows, WindowResult::latency)));
        });
        return List.copyOf(merged);
    }

    private static List<FailureExample> examples(List<LoadResult> results) {
        List<FailureExample> all = new ArrayList<>();
        results.forEach(result -> all.addAll(result.failureExamples()));
        return List.copyOf(all);
    }

    /**
     * CPU, cores, GC pauses and the loops' run-queue wait summed (null when an agent's was not measured) and per-loop
     * busy concatenated over the agents' machines; utilization and the GC
     * pause share are the highest agent's (the saturation gate is applied per agent, from each share's own engine),
     * peak RSS the largest agent's; limited if any agent was, its findings prefixed with its name.
     */
    private static EngineUsage engine(List<AgentShare> delivered) {
        double cpuMillis = 0;
        double wallMillis = 0;
        int cores = 0;
        double utilization = 0;
        List<Double> loopBusy = new ArrayList<>();
        long peakRss = -1;
        boolean limited = false;
        List<String> findings = new ArrayList<>();
        Long gcPauses = 0L;
        Double gcPauseMillis = 0.0;
        Double gcPauseShare = 0.0;
        Double runQueueWaitMillis = 0.0;
        long completed = 0;
        for (AgentShare share : delivered) {
            EngineUsage engine = share.result().engine();
            cpuMillis += engine.cpuMillis();
            wallMillis = Math.max(wallMillis, engine.wallMillis());
            cores += engine.coresAvailable();
            utilization = Math.max(utilization, engine.utilization());
            loopBusy.addAll(engine.loopBusy());
            peakRss = Math.max(peakRss, engine.peakRssBytes());
            limited |= engine.limited();
            engine.findings().forEach(finding -> findings.add(prefixed(share, finding)));
            gcPauses = engine.gcPauses() == null || gcPauses == null ? null : gcPauses + engine.gcPauses();
            gcPauseMillis = engine.gcPauseMillis() == null || gcPauseMillis == null
                    ? null
                    : gcPauseMillis + engine.gcPauseMillis();
            gcPauseShare = engine.gcPauseShare() == null || gcPauseShare == null
                    ? null
                    : Math.max(gcPauseShare, engine.gcPauseShare());
            runQueueWaitMillis = engine.runQueueWaitMillis() == null || runQueueWaitMillis == null
                    ? null
                    : runQueueWaitMillis + engine.runQueueWaitMillis();
            PhaseResult main = share.result().main();
            completed += main.ok() + main.failed();
        }
        return new EngineUsage(
                cpuMillis,
                wallMillis,
                cores,
                utilization,
                List.copyOf(loopBusy),
                completed == 0 ? 0 : cpuMillis * 1_000 / completed,
                peakRss,
                limited,
                List.copyOf(findings),
                gcPauses,
                gcPauseMillis,
                gcPauseShare,
                runQueueWaitMillis);
    }
}
