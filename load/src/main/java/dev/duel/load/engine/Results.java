package dev.duel.load.engine;

import dev.duel.load.LoadModel;
import dev.duel.load.LoadPlan;
import dev.duel.load.Timing;
import dev.duel.load.record.IntervalCollector;
import dev.duel.load.record.LoopRecorder;
import dev.duel.load.record.PhaseAccumulator;
import dev.duel.record.Histograms;
import dev.duel.record.Phase;
import dev.duel.record.load.Arrival;
import dev.duel.record.load.FailureExample;
import dev.duel.record.load.FailureKind;
import dev.duel.record.load.LatencySummary;
import dev.duel.record.load.PhaseResult;
import dev.duel.record.load.PlanSettings;
import dev.duel.record.load.SecondResult;
import dev.duel.record.load.WarmupMode;
import dev.duel.record.load.WindowResult;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/** Turns merged accumulators into result records. Stateless. */
public final class Results {
    private Results() {}

    /**
     * @param closedModel the run used the closed model: its {@code turnaroundLag} is measured (else
     *                    null, as the open model's own lag is {@code scheduleLag})
     */
    public static PhaseResult phase(Phase name, PhaseAccumulator merged, double durationMillis, boolean closedModel) {
        Map<FailureKind, Long> failures = new LinkedHashMap<>();
        for (FailureKind kind : FailureKind.values()) {
            failures.put(kind, merged.failures(kind));
        }
        long connectFailures = merged.failures(FailureKind.CONNECT);
        long failed = merged.requestFailures();
        double seconds = durationMillis / 1_000.0;
        long attempts = merged.sent() + connectFailures;
        return new PhaseResult(
                name,
                durationMillis,
                merged.sent(),
                merged.ok(),
                failed,
                connectFailures,
                merged.interrupted(),
                merged.late(),
                merged.unstarted(),
                merged.reconnects(),
                failures,
                attempts == 0 ? 0 : merged.allFailures() / (double) attempts,
                seconds <= 0 ? 0 : (merged.ok() + failed) / seconds,
                seconds <= 0 ? 0 : merged.ok() / seconds,
                merged.requestBytes(),
                merged.responseBytes(),
                merged.sent() == 0 ? 0 : merged.requestBytes() / (double) merged.sent(),
                merged.responses() == 0 ? 0 : merged.responseBytes() / (double) merged.responses(),
                Histograms.summarize(merged.latency()),
                Histograms.summarize(merged.uncorrectedLatency()),
                Histograms.summarize(merged.scheduleLag()),
                Histograms.summarize(merged.lateDelay()),
                closedModel ? Histograms.summarize(merged.turnaroundLag()) : null);
    }

    public static SecondResult second(IntervalCollector.Merged merged, Phase phase) {
        return second(merged.index(), phase, merged.ok(), merged.failures(), merged.latency());
    }

    /**
     * One second of the series, its percentiles read from {@code latency} (ns), the histogram of every correct
     * response that ended in it: the engine's loops' added together, or several agents' added together.
     */
    public static SecondResult second(int index, Phase phase, long ok, long failures, Histogram latency) {
        boolean empty = latency.getTotalCount() == 0;
        return new SecondResult(
                index,
                phase,
                ok,
                failures,
                empty ? 0 : Histograms.micros(latency.getValueAtPercentile(50)),
                empty ? 0 : Histograms.micros(latency.getValueAtPercentile(99)),
                empty ? 0 : Histograms.micros(latency.getMaxValue()));
    }

    public static WindowResult window(IntervalCollector.Merged merged, double lengthMillis) {
        LatencySummary latency = Histograms.summarize(merged.latency());
        return new WindowResult(
                merged.index(),
                merged.index() * lengthMillis,
                lengthMillis,
                merged.ok(),
                merged.failures(),
                merged.ok() / (lengthMillis / 1_000.0),
                latency);
    }

    /** The earliest examples of each kind over all loops. */
    public static List<FailureExample> examples(List<List<FailureExample>> perLoop) {
        List<FailureExample> all = new ArrayList<>();
        perLoop.forEach(all::addAll);
        all.sort(Comparator.comparingLong(FailureExample::offsetMillis));
        int[] kept = new int[FailureKind.values().length];
        List<FailureExample> chosen = new ArrayList<>();
        for (FailureExample example : all) {
            if (kept[example.kind().ordinal()]++ < LoopRecorder.EXAMPLES_PER_KIND) {
                chosen.add(example);
            }
        }
        return chosen;
    }

    /**
     * The settings a record keeps of {@code plan}, with what only the run resolves.
     *
     * @param checkTexts   the checks as parsed (trimmed)
     * @param warmupMillis phases: the warm-up's resolved length (an auto warm-up's, the one it turned out to have)
     * @param threads      event-loop threads used
     * @param transport    socket transport used ("epoll" or "nio")
     */
    public static PlanSettings settings(
            LoadPlan plan, List<String> checkTexts, double warmupMillis, int threads, String transport) {
        return settings(plan, checkTexts, warmupMillis, threads, transport, dev.duel.load.Turns.ALWAYS);
    }

    /** As above, for a run that sent in {@code turns} (one side of an interleaved pair). */
    public static PlanSettings settings(
            LoadPlan plan,
            List<String> checkTexts,
            double warmupMillis,
            int threads,
            String transport,
            dev.duel.load.Turns turns) {
        Map<String, String> variables = new LinkedHashMap<>();
        plan.variables().forEach((name, spec) -> variables.put(name, spec.text()));
        List<String> headers = plan.request().headers().stream()
                .map(h -> h.name() + ": " + h.value())
                .toList();
        int virtualUsers = 0;
        double rate = 0;
        Arrival arrival = null;
        if (plan.model() instanceof LoadModel.Closed closed) {
            virtualUsers = closed.virtualUsers();
        } else {
            LoadModel.Open open = (LoadModel.Open) plan.model();
            rate = open.rate().perSecond();
            arrival = open.arrival();
        }
        double gapMillis = 0;
        double durationMillis = 0;
        int windowCount = 0;
        double windowLengthMillis = 0;
        double awaitFirstMillis = 0;
        WarmupMode warmupMode = null;
        double maxWarmupMillis = 0;
        Double minWarmupMillis = null;
        if (plan.timing() instanceof Timing.Phases p) {
            warmupMode = p.warmup() instanceof Timing.Warmup.UntilSteady ? WarmupMode.AUTO : WarmupMode.FIXED;
            maxWarmupMillis = warmupMode == WarmupMode.AUTO ? p.longestWarmup().toNanos() / 1e6 : 0;
            minWarmupMillis = p.warmup() instanceof Timing.Warmup.UntilSteady auto
                    ? auto.min().toNanos() / 1e6
                    : null;
            gapMillis = p.gap().toNanos() / 1e6;
            durationMillis = p.main().toNanos() / 1e6;
        } else {
            Timing.Windows w = (Timing.Windows) plan.timing();
            windowCount = w.count();
            windowLengthMillis = w.length().toNanos() / 1e6;
            awaitFirstMillis = w.awaitFirst().toNanos() / 1e6;
            durationMillis = w.total().toNanos() / 1e6;
        }
        return new PlanSettings(
                plan.request().method(),
                plan.request().url(),
                headers,
                plan.request().body() == null ? 0 : plan.request().body().length,
                variables,
                checkTexts,
                plan.model() instanceof LoadModel.Closed ? PlanSettings.Model.CLOSED : PlanSettings.Model.OPEN,
                virtualUsers,
                rate,
                arrival,
                plan.model().maxConnections(),
                plan.seed(),
                warmupMillis,
                gapMillis,
                durationMillis,
                windowCount,
                windowLengthMillis,
                awaitFirstMillis,
                plan.timeout().toNanos() / 1e6,
                threads,
                transport,
                warmupMode,
                maxWarmupMillis,
                minWarmupMillis,
                turns.interleaved() && turns.warmupTurnNanos() > 0 ? turns.warmupTurnNanos() / 1e6 : null);
    }
}
