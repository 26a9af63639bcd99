package dev.duel.load.engine;

import dev.duel.load.record.IntervalCollector;
import dev.duel.load.record.LoopRecorder;
import dev.duel.load.record.PhaseAccumulator;
import dev.duel.record.Histograms;
import dev.duel.record.Phase;
import dev.duel.record.load.FailureExample;
import dev.duel.record.load.FailureKind;
import dev.duel.record.load.LatencySummary;
import dev.duel.record.load.PhaseResult;
import dev.duel.record.load.SecondResult;
import dev.duel.record.load.WindowResult;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
        var latency = merged.latency();
        boolean empty = latency.getTotalCount() == 0;
        return new SecondResult(
                merged.index(),
                phase,
                merged.ok(),
                merged.failures(),
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
}
