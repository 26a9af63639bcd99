package dev.duel.load.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.load.LoadModel;
import dev.duel.load.LoadPlan;
import dev.duel.load.PlanSegment;
import dev.duel.load.Timing;
import dev.duel.load.engine.Results;
import dev.duel.load.http.RequestSpec;
import dev.duel.record.Histograms;
import dev.duel.record.Phase;
import dev.duel.record.load.AgentShare;
import dev.duel.record.load.EngineUsage;
import dev.duel.record.load.FailureExample;
import dev.duel.record.load.FailureKind;
import dev.duel.record.load.LatencySummary;
import dev.duel.record.load.LoadResult;
import dev.duel.record.load.PhaseResult;
import dev.duel.record.load.SecondResult;
import dev.duel.record.load.WindowResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class ResultMergeTest {
    private static final LoadPlan WHOLE = new LoadPlan(
            new RequestSpec("GET", "http://127.0.0.1:8080/x", List.of(), null),
            Map.of(),
            List.of("status 200"),
            new LoadModel.Closed(9),
            new Timing.Phases(Duration.ofSeconds(2), Duration.ZERO, Duration.ofSeconds(10)),
            Duration.ofSeconds(5),
            7,
            0,
            LoadPlan.Transport.AUTO,
            PlanSegment.WHOLE);

    /** Latencies of one agent: exponential with a mean that differs per agent, so that averaged percentiles would not do. */
    private static Histogram latencies(SplittableRandom random, int count, long meanNanos) {
        Histogram histogram = Histograms.newLatencyHistogram();
        for (int i = 0; i < count; i++) {
            Histograms.recordNanos(histogram, (long) (meanNanos * -Math.log(1 - random.nextDouble())) + 1_000);
        }
        return histogram;
    }

    private static PhaseResult phase(Phase name, Histogram latency, long failed, long connect, long responseBytesEach) {
        long ok = latency.getTotalCount();
        Map<FailureKind, Long> failures = new EnumMap<>(FailureKind.class);
        for (FailureKind kind : FailureKind.values()) {
            failures.put(kind, 0L);
        }
        failures.put(FailureKind.CONNECT, connect);
        failures.put(FailureKind.STATUS, failed);
        long sent = ok + failed + 3;
        long responses = ok + failed;
        LatencySummary summary = Histograms.summarize(latency);
        Histogram lag = Histograms.newLatencyHistogram();
        Histograms.recordNanos(lag, 2_000 + ok);
        return new PhaseResult(
                name,
                10_000,
                sent,
                ok,
                failed,
                connect,
                3,
                0,
                0,
                1,
                failures,
                (failed + connect) / (double) (sent + connect),
                (ok + failed) / 10.0,
                ok / 10.0,
                sent * 80,
                responses * responseBytesEach,
                80,
                responseBytesEach,
                summary,
                summary,
                LatencySummary.EMPTY,
                LatencySummary.EMPTY,
                Histograms.summarize(lag));
    }

    private static LoadResult result(int agent, PhaseResult main, int threads, double utilization, boolean limited) {
        LoadResult whole = wholeShaped(main, threads);
        EngineUsage engine = new EngineUsage(
                1_000.0 * (agent + 1),
                10_000,
                2,
                utilization,
                List.of(0.1 * (agent + 1)),
                0,
                100_000_000L * (agent + 1),
                limited,
                limited ? List.of("its event loop was busy") : List.of(),
                (long) agent,
                (double) agent,
                agent / 10_000.0,
                2.5 * (agent + 1));
        return new LoadResult(
                whole.duelVersion(),
                whole.settings(),
                "2026-12-01T00:00:0" + agent + "Z",
                "2026-12-01T00:00:1" + (9 - agent) + "Z",
                "127.0.0.1:8080",
                null,
                main,
                List.of(),
                agent == 1 ? 1_000 : (agent == 0 ? -1 : 2_000),
                List.of(new SecondResult(0, Phase.MAIN, main.ok(), 0, 1, 2, 3)),
                List.of(new FailureExample(FailureKind.STATUS, agent, Phase.MAIN, "status 500", 500, "", "", "GET /x")),
                engine,
                List.of("warning of agent " + agent),
                null,
                null,
                null);
    }

    /** What an agent's own engine records: its segment's settings. */
    private static LoadResult wholeShaped(PhaseResult main, int threads) {
        var settings = Results.settings(WHOLE, List.of("status 200"), 2_000, threads, "epoll");
        return new LoadResult(
                "v", settings, "", "", "", null, main, List.of(), -1, List.of(), List.of(), null, List.of(), null, null,
                null);
    }

    private static AgentShare share(int index, LoadResult result, String lost) {
        return new AgentShare(
                "agent-" + index, "10.0.0." + index + ":9400", "host" + index, index, 3, 0.5, 0.1, 0.0, lost, result);
    }

    @Test
    void countersAreSummedExactlyHistogramsAddedAndEachShareKept() {
        SplittableRandom random = new SplittableRandom(5);
        Histogram all = Histograms.newLatencyHistogram();
        List<AgentShare> shares = new ArrayList<>();
        for (int agent = 0; agent < 3; agent++) {
            Histogram latency = latencies(random, 2_000 * (agent + 1), 300_000L * (agent + 1));
            all.add(latency);
            PhaseResult main = phase(Phase.MAIN, latency, agent, agent * 2, 100 + agent);
            shares.add(share(agent, result(agent, main, 2, 0.2 * (agent + 1), agent == 2), null));
        }
        List<SecondResult> seconds = List.of(new SecondResult(0, Phase.MAIN, 12_000, 0, 5, 6, 7));
        LoadResult merged = ResultMerge.merge(WHOLE, shares, seconds);

        PhaseResult main = merged.main();
        assertEquals(12_000, main.ok());
        assertEquals(0 + 1 + 2, main.failed());
        assertEquals(0 + 2 + 4, main.connectFailures());
        assertEquals(12_000 + 3 + 9, main.sent());
        assertEquals(9, main.interrupted());
        assertEquals(3, main.reconnects());
        assertEquals(6, main.failures().get(FailureKind.CONNECT));
        assertEquals(3, main.failures().get(FailureKind.STATUS));
        assertEquals((12_000 + 3) / 10.0, main.requestsPerSecond(), 1e-9);
        assertEquals(12_000 / 10.0, main.okPerSecond(), 1e-9);
        assertEquals(9 / (double) (main.sent() + 6), main.errorRate(), 1e-12);
        long responseBytes = 2_000 * 100 + 4_001 * 101 + 6_002 * 102;
        assertEquals(responseBytes, main.responseBytes());
        assertEquals(responseBytes / (double) (2_000 + 4_001 + 6_002), main.meanResponseBytes(), 1e-9);
        assertEquals(Histograms.summarize(all), main.latency(), "one histogram of every agent's values");
        assertEquals(all.getTotalCount(), main.latency().count());
        assertEquals(3, main.turnaroundLag().count());

        assertEquals(shares, merged.agents());
        assertEquals(seconds, merged.seconds());
        assertEquals(9, merged.settings().virtualUsers(), "the whole plan's users");
        assertEquals(6, merged.settings().threads(), "every agent's loops");
        assertEquals(2_000, merged.settings().warmupMillis());
        assertEquals("2026-12-01T00:00:00Z", merged.startedAt());
        assertEquals("2026-12-01T00:00:19Z", merged.endedAt());
        assertEquals(1_000, merged.firstCorrectResponseMillis());
        assertEquals(3, merged.failureExamples().size());
        assertEquals(
                List.of(
                        "agent agent-0: warning of agent 0",
                        "agent agent-1: warning of agent 1",
                        "agent agent-2: warning of agent 2"),
                merged.warnings());

        EngineUsage engine = merged.engine();
        assertEquals(6_000, engine.cpuMillis(), 1e-9);
        assertEquals(6, engine.coresAvailable());
        assertEquals(0.6, engine.utilization(), 1e-12, "the busiest agent's");
        assertEquals(List.of(0.1, 0.2, 0.1 * 3), engine.loopBusy());
        assertEquals(6_000 * 1_000.0 / (12_000 + 3), engine.cpuMicrosPerRequest(), 1e-9);
        assertEquals(300_000_000L, engine.peakRssBytes());
        assertTrue(engine.limited());
        assertEquals(List.of("agent agent-2: its event loop was busy"), engine.findings());
        assertEquals(3L, engine.gcPauses());
        assertEquals(3.0, engine.gcPauseMillis());
        assertEquals(2 / 10_000.0, engine.gcPauseShare(), 1e-12);
        assertEquals(2.5 + 5.0 + 7.5, engine.runQueueWaitMillis(), 1e-12, "each agent's loops' wait, summed");
    }

    @Test
    void warmupsAndWindowsAreAddedTooWindowsByIndex() {
        SplittableRandom random = new SplittableRandom(8);
        List<AgentShare> shares = new ArrayList<>();
        Histogram allWindowZero = Histograms.newLatencyHistogram();
        for (int agent = 0; agent < 2; agent++) {
            Histogram warm = latencies(random, 50 * (agent + 1), 2_000_000);
            Histogram window = latencies(random, 30 * (agent + 1), 500_000L * (agent + 1));
            allWindowZero.add(window);
            LoadResult own =
                    result(agent, phase(Phase.MAIN, latencies(random, 10, 1_000_000), 0, 0, 100), 1, 0.1, false);
            List<WindowResult> windows = new ArrayList<>();
            windows.add(new WindowResult(0, 0, 500, window.getTotalCount(), agent, 0, Histograms.summarize(window)));
            if (agent == 1) {
                windows.add(
                        new WindowResult(1, 500, 500, 7, 0, 14, Histograms.summarize(latencies(random, 7, 1_000_000))));
            }
            LoadResult withWarmup = new LoadResult(
                    own.duelVersion(),
                    own.settings(),
                    own.startedAt(),
                    own.endedAt(),
                    own.target(),
                    phase(Phase.WARMUP, warm, 1, 0, 100),
                    own.main(),
                    windows,
                    own.firstCorrectResponseMillis(),
                    own.seconds(),
                    own.failureExamples(),
                    own.engine(),
                    own.warnings(),
                    null,
                    null,
                    null);
            shares.add(share(agent, withWarmup, null));
        }
        LoadResult merged = ResultMerge.merge(WHOLE, shares, List.of());
        assertEquals(150, merged.warmup().ok());
        assertEquals(2, merged.warmup().failed());
        assertEquals(Phase.WARMUP, merged.warmup().phase());
        assertEquals(2, merged.windows().size());
        assertEquals(90, merged.windows().get(0).ok());
        assertEquals(1, merged.windows().get(0).failures());
        assertEquals(180.0, merged.windows().get(0).okPerSecond(), 1e-9);
        assertEquals(
                Histograms.summarize(allWindowZero), merged.windows().get(0).latency());
        assertEquals(7, merged.windows().get(1).ok());
    }

    /** {@code result} started and ended at these instants, its warm-up ended at {@code warmupEndMillis}. */
    private static LoadResult at(LoadResult result, String startedAt, String endedAt, double warmupEndMillis) {
        return new LoadResult(
                result.duelVersion(),
                result.settings(),
                startedAt,
                endedAt,
                result.target(),
                result.warmup(),
                result.main(),
                result.windows(),
                result.firstCorrectResponseMillis(),
                result.seconds(),
                result.failureExamples(),
                result.engine(),
                result.warnings(),
                new dev.duel.record.load.WarmupEnd(
                        dev.duel.record.load.WarmupMode.AUTO,
                        dev.duel.record.load.WarmupEnd.Reason.STEADY,
                        warmupEndMillis,
                        1_000.0,
                        0.02),
                null,
                null);
    }

    @Test
    void startAndEndAreTheEarliestAndLatestInstantsAndAWarmUpEndedApartIsSaid() {
        SplittableRandom random = new SplittableRandom(7);
        PhaseResult a = phase(Phase.MAIN, latencies(random, 100, 1_000_000), 0, 0, 100);
        PhaseResult b = phase(Phase.MAIN, latencies(random, 100, 1_000_000), 0, 0, 100);
        // As text "...:00.5Z" sorts before "...:00Z"; as instants it is half a second later.
        List<AgentShare> shares = List.of(
                share(
                        0,
                        at(result(0, a, 1, 0.1, false), "2026-12-01T00:00:00.5Z", "2026-12-01T00:00:10Z", 4_000),
                        null),
                share(
                        1,
                        at(result(1, b, 1, 0.1, false), "2026-12-01T00:00:00Z", "2026-12-01T00:00:10.25Z", 5_000),
                        null));
        LoadResult merged = ResultMerge.merge(WHOLE, shares, List.of());
        assertEquals("2026-12-01T00:00:00Z", merged.startedAt());
        assertEquals("2026-12-01T00:00:10.25Z", merged.endedAt());
        assertTrue(
                merged.warnings().stream()
                        .anyMatch(w -> w.startsWith("the agents ended warm-up at different times (4.0 s, 5.0 s)")),
                merged.warnings().toString());
    }

    @Test
    void aLostAgentIsNamedAndItsCountsAreNotAdded() {
        SplittableRandom random = new SplittableRandom(6);
        PhaseResult a = phase(Phase.MAIN, latencies(random, 100, 1_000_000), 0, 0, 100);
        PhaseResult b = phase(Phase.MAIN, latencies(random, 500, 1_000_000), 0, 0, 100);
        List<AgentShare> shares = List.of(
                share(0, result(0, a, 1, 0.1, false), null),
                share(1, result(1, b, 1, 0.1, false), "no answer for 5 s"));
        LoadResult merged = ResultMerge.merge(WHOLE, shares, List.of());
        assertEquals(100, merged.main().ok());
        assertTrue(
                merged.warnings().get(0).startsWith("agent agent-1 was lost during the run (no answer for 5 s)"),
                merged.warnings().toString());
        assertEquals(2, merged.agents().size());
        assertEquals(1, merged.settings().threads());
    }

    @Test
    void everyAgentLostStillGivesAResultThatSaysSo() {
        LoadResult merged = ResultMerge.merge(
                WHOLE, List.of(share(0, null, "connection refused"), share(1, null, "connection refused")), List.of());
        assertEquals(0, merged.main().sent());
        assertNull(merged.warmup());
        assertEquals(2, merged.warnings().size());
        assertEquals(9, merged.settings().virtualUsers());
        assertEquals(2_000, merged.settings().warmupMillis());
        assertEquals(-1, merged.firstCorrectResponseMillis());
    }
}
