package dev.duel.suite.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.load.LoadModel;
import dev.duel.load.Timing;
import dev.duel.load.schedule.Rate;
import dev.duel.record.Phase;
import dev.duel.record.RunRecord;
import dev.duel.record.SampleRecords;
import dev.duel.record.ScenarioKind;
import dev.duel.record.Status;
import dev.duel.record.load.AgentShare;
import dev.duel.record.load.Arrival;
import dev.duel.record.load.EngineUsage;
import dev.duel.record.load.FailureExample;
import dev.duel.record.load.FailureKind;
import dev.duel.record.load.LatencySummary;
import dev.duel.record.load.LoadResult;
import dev.duel.record.load.PhaseResult;
import dev.duel.record.load.WarmupEnd;
import dev.duel.record.load.WarmupMode;
import dev.duel.suite.Scenario;
import dev.duel.suite.Suite;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The pure verdict of a run from its measurements and the gates' bounds. */
class RunVerdictTest {
    private static final Suite.Gates GATES =
            Suite.Gates.DEFAULT; // quiet 0.25 cores, loadgen 70%, lag p99 1 ms, late 1%

    private static Scenario scenario(LoadModel model, double maxErrorRate) {
        return new Scenario(
                "json",
                ScenarioKind.LOAD,
                "GET",
                "/json",
                List.of(),
                null,
                Map.of(),
                List.of(),
                model,
                1,
                new Timing.Phases(Duration.ofSeconds(1), Duration.ZERO, Duration.ofSeconds(2)),
                1,
                Duration.ofSeconds(10),
                maxErrorRate,
                null);
    }

    private static final Scenario CLOSED = scenario(new LoadModel.Closed(8), 0);
    private static final Scenario OPEN = scenario(new LoadModel.Open(Rate.perSecond(1_000), Arrival.POISSON, 64), 0);

    /** A load result whose main phase saw these failures, lateness and schedule lag, with the engine this busy. */
    private static LoadResult load(
            Map<FailureKind, Long> failures, long late, double lagP99Micros, double utilization) {
        PhaseResult clean = SampleRecords.phase(
                Phase.MAIN, 2_000, 1_000, failures, SampleRecords.latency(2_000, 900, 800, 1_500, 3_000, 6_000));
        LatencySummary lag = lagP99Micros <= 0
                ? LatencySummary.EMPTY
                : SampleRecords.latency(2_000, 50, 40, 80, lagP99Micros, lagP99Micros * 2);
        PhaseResult main = new PhaseResult(
                Phase.MAIN,
                clean.durationMillis(),
                clean.sent(),
                clean.ok(),
                clean.failed(),
                clean.connectFailures(),
                0,
                late,
                0,
                0,
                clean.failures(),
                clean.errorRate(),
                clean.requestsPerSecond(),
                clean.okPerSecond(),
                clean.requestBytes(),
                clean.responseBytes(),
                clean.meanRequestBytes(),
                clean.meanResponseBytes(),
                clean.latency(),
                clean.uncorrectedLatency(),
                lag,
                LatencySummary.EMPTY,
                null);
        List<FailureExample> examples = failures.isEmpty()
                ? List.of()
                : List.of(new FailureExample(
                        failures.keySet().iterator().next(),
                        1_500,
                        Phase.MAIN,
                        "status 503 failed the check 'status in 2xx'",
                        503,
                        "",
                        "",
                        "GET /json HTTP/1.1"));
        return new LoadResult(
                "0.1.0-test",
                SampleRecords.closedSettings("http://127.0.0.1:1/json", 8, 1_000, 0, 2_000, 0, 0),
                "",
                "",
                "",
                null,
                main,
                List.of(),
                10,
                List.of(),
                examples,
                SampleRecords.engine(utilization, 2, 2_000, main.ok()),
                List.of(),
                null,
                null,
                null);
    }

    private static LoadResult clean() {
        return load(Map.of(), 0, 0, 0.2);
    }

    /** {@code merged} as the merge of these agents' shares (the merged numbers are taken as they are). */
    private static LoadResult withAgents(LoadResult merged, AgentShare... shares) {
        return SampleRecords.with(merged, merged.engine(), merged.warmupEnd(), List.of(shares));
    }

    private static AgentShare share(String name, int index, LoadResult own, String lost) {
        return new AgentShare(
                name, "10.0.0." + (index + 2) + ":9400", "host-" + name, index, 3, 0.1, 0.05, 0.0, lost, own);
    }

    @Test
    void aRunThatLostALoadAgentIsInvalidAndNamesIt() {
        LoadResult merged = withAgents(
                clean(),
                share("a", 0, clean(), null),
                share("b", 1, null, "no answer for 3.0 s (connection refused)"),
                share("c", 2, clean(), null));
        RunVerdict verdict = RunVerdict.ofScenario(CLOSED, merged, null, GATES);
        assertEquals(Status.INVALID, verdict.status());
        assertEquals(
                "load agent b (10.0.0.3:9400) was lost: no answer for 3.0 s (connection refused)", verdict.reason());
        // A target that died still fails the run first: that is about the target.
        assertEquals(
                Status.FAILED, RunVerdict.ofScenario(CLOSED, merged, 137, GATES).status());
    }

    /** {@code own} with a warm-up that ended at {@code endedAtMillis}. */
    private static LoadResult warmedUntil(LoadResult own, double endedAtMillis) {
        return SampleRecords.with(
                own,
                own.engine(),
                new WarmupEnd(WarmupMode.AUTO, WarmupEnd.Reason.STEADY, endedAtMillis, 2_000.0, 0.02),
                null);
    }

    @Test
    void aLoadAgentThatBeganLongAfterTheAgreedInstantIsNotPartOfOneRun() {
        AgentShare late = new AgentShare("b", "10.0.0.3:9400", "host-b", 1, 2, 0.1, 0.05, 180.0, null, clean());
        LoadResult merged = withAgents(clean(), share("a", 0, clean(), null), late);
        RunVerdict verdict = RunVerdict.ofScenario(CLOSED, merged, null, GATES);
        assertEquals(Status.INVALID, verdict.status());
        assertEquals(
                "load agent b began 180 ms after the agreed start instant (at most 100 ms): its seconds are not the"
                        + " others' seconds",
                verdict.reason());
    }

    @Test
    void loadAgentsThatEndedWarmUpOnDifferentSecondsAreNotOneRun() {
        LoadResult split = withAgents(
                clean(),
                share("a", 0, warmedUntil(clean(), 13_000), null),
                share("b", 1, warmedUntil(clean(), 14_000), null));
        RunVerdict verdict = RunVerdict.ofScenario(CLOSED, split, null, GATES);
        assertEquals(Status.INVALID, verdict.status());
        assertEquals(
                "the load agents ended warm-up at different times (a at 13.0 s, b at 14.0 s): their main phases are"
                        + " not the same seconds",
                verdict.reason());
        LoadResult together = withAgents(
                clean(),
                share("a", 0, warmedUntil(clean(), 13_000), null),
                share("b", 1, warmedUntil(clean(), 13_000), null));
        assertEquals(RunVerdict.OK, RunVerdict.ofScenario(CLOSED, together, null, GATES));
    }

    @Test
    void eachLoadAgentIsGatedOnItsOwnEngine() {
        // Together the three used 0.2 + 0.2 + 0.9 of their cores: the merged engine looks idle, agent c was the limit.
        LoadResult merged = withAgents(
                clean(),
                share("a", 0, clean(), null),
                share("b", 1, clean(), null),
                share("c", 2, load(Map.of(), 0, 0, 0.9), null));
        RunVerdict verdict = RunVerdict.ofScenario(CLOSED, merged, null, GATES);
        assertEquals(Status.INVALID, verdict.status());
        assertTrue(
                verdict.reason().startsWith("load agent c: load generator saturated: it used 90% of its 2 core(s)"),
                verdict.reason());
        // Every agent within its bounds: ok, whatever the merged engine usage says.
        LoadResult calm =
                withAgents(load(Map.of(), 0, 0, 0.95), share("a", 0, clean(), null), share("b", 1, clean(), null));
        assertEquals(RunVerdict.OK, RunVerdict.ofScenario(CLOSED, calm, null, GATES));
    }

    @Test
    void aCleanScenarioIsOk() {
        assertEquals(RunVerdict.OK, RunVerdict.ofScenario(CLOSED, clean(), null, GATES));
        assertEquals(
                RunVerdict.OK,
                RunVerdict.ofRun(List.of(RunVerdict.OK, RunVerdict.OK), seconds(8, 0, 0.1, false), Map.of(), GATES));
    }

    @Test
    void errorRateGate() {
        RunVerdict wrong = RunVerdict.ofScenario(CLOSED, load(Map.of(FailureKind.STATUS, 20L), 0, 0, 0.2), null, GATES);
        assertEquals(Status.FAILED, wrong.status());
        assertEquals(
                "json: 0.99% of requests failed (allowed 0.00%) {connect=0, timeout=0, reset=0, protocol=0, status=20, check=0}; "
                        + "first: status status 503 failed the check 'status in 2xx'",
                wrong.reason());
        assertTrue(wrong.stopsRun());
        // Within the scenario's allowance the run stands.
        assertEquals(
                RunVerdict.OK,
                RunVerdict.ofScenario(
                        scenario(new LoadModel.Closed(8), 0.01),
                        load(Map.of(FailureKind.STATUS, 20L), 0, 0, 0.2),
                        null,
                        GATES));
        PhaseResult nothing = SampleRecords.phase(Phase.MAIN, 2_000, 0, Map.of(), LatencySummary.EMPTY);
        LoadResult silent = new LoadResult(
                "t",
                clean().settings(),
                "",
                "",
                "",
                null,
                nothing,
                List.of(),
                -1,
                List.of(),
                List.of(),
                clean().engine(),
                List.of(),
                null,
                null,
                null);
        assertEquals(
                RunVerdict.failed("no request was sent in json's main phase"),
                RunVerdict.ofScenario(CLOSED, silent, null, GATES));
    }

    @Test
    void aTargetThatExitedFailsWhateverItsNumbers() {
        assertEquals(
                RunVerdict.failed("the target exited with code 137 during json"),
                RunVerdict.ofScenario(CLOSED, clean(), 137, GATES));
    }

    @Test
    void loadGeneratorCpuGate() {
        RunVerdict busy = RunVerdict.ofScenario(CLOSED, load(Map.of(), 0, 0, 0.93), null, GATES);
        assertEquals(
                new RunVerdict(
                        Status.INVALID,
                        "load generator saturated: it used 93% of its 2 core(s) (limit 70%); give it 3 core(s) "
                                + "with loadgen.cpuset, or lower the load"),
                busy);
        assertEquals(RunVerdict.OK, RunVerdict.ofScenario(CLOSED, load(Map.of(), 0, 0, 0.70), null, GATES));
    }

    @Test
    void scheduleLagAboveTheBoundWithABusyLoopMakesTheRunInvalidAndAtTheBoundItStands() {
        // utilization 0.3 of 2 cores: the one event loop busy 60% of main.
        assertEquals(
                new RunVerdict(
                        Status.INVALID,
                        "load generator saturated: p99 lag behind its schedule 2.50 ms (limit 1.00 ms), its busiest"
                                + " event loop busy 60% of main"),
                RunVerdict.ofScenario(OPEN, load(Map.of(), 0, 2_500, 0.3), null, GATES));
        assertEquals(RunVerdict.OK, RunVerdict.ofScenario(OPEN, load(Map.of(), 0, 1_000, 0.3), null, GATES));
        assertEquals(
                RunVerdict.OK,
                RunVerdict.ofScenario(OPEN, load(Map.of(), 0, 2_500, 0.2), null, GATES),
                "a loop busy 40% of main did not hold its requests back: the machine woke it late");
        Suite.Gates loose = new Suite.Gates(
                GATES.quietMaxCores(),
                GATES.quietFor(),
                GATES.quietMaxWait(),
                GATES.quietRetries(),
                GATES.loadgenMaxUtilization(),
                Duration.ofMillis(5));
        assertEquals(
                RunVerdict.OK,
                RunVerdict.ofScenario(OPEN, load(Map.of(), 0, 2_500, 0.3), null, loose),
                "the bound is the suite's gates.loadgen.maxLagP99");
    }

    @Test
    void lateStartsAreTheTargetsResultAndKeepTheRun() {
        // 50% of the requests waited for a free connection: the target held its connections too long.
        // That is what the run measured about the target, not a limit of the load generator.
        LoadResult late = load(Map.of(), 1_000, 0, 0.2);
        assertEquals(1_000, late.main().late());
        assertEquals(RunVerdict.OK, RunVerdict.ofScenario(OPEN, late, null, GATES));
        assertEquals(RunVerdict.OK, RunVerdict.ofScenario(CLOSED, late, null, GATES));
    }

    @Test
    void theEnginesOwnLimitedFindingMakesTheRunInvalidWithItsReason() {
        // One event loop at 95% while the process as a whole used 50% of its cores (under the 70% bound).
        LoadResult base = clean();
        EngineUsage engine = base.engine();
        String finding = "event loop 0 was busy 95% of main: the load generator was at its limit, "
                + "so the target may be faster than measured";
        EngineUsage oneLoopBusy = SampleRecords.withLoops(engine, 2, 0.50, List.of(0.95, 0.05), List.of(finding));
        assertEquals(
                new RunVerdict(Status.INVALID, "load generator saturated: " + finding),
                RunVerdict.ofScenario(CLOSED, withEngine(base, oneLoopBusy), null, GATES));
        EngineUsage notLimited = SampleRecords.withLoops(engine, 2, 0.50, List.of(0.5, 0.5), List.of());
        assertEquals(RunVerdict.OK, RunVerdict.ofScenario(CLOSED, withEngine(base, notLimited), null, GATES));
    }

    private static LoadResult withEngine(LoadResult load, EngineUsage engine) {
        return SampleRecords.with(load, engine, load.warmupEnd(), null);
    }

    /** {@code count} one-second windows of main, the first {@code noisy} of them with {@code outsideCores} busy outside duel. */
    private static List<RunRecord.NoiseWindow> seconds(int count, int noisy, double outsideCores, boolean interfered) {
        return IntStream.range(0, count)
                .mapToObj(i -> new RunRecord.NoiseWindow(
                        "json",
                        false,
                        Phase.MAIN,
                        i,
                        1,
                        i < noisy ? outsideCores : 0,
                        0.02,
                        i < noisy && interfered ? 0.6 : 1.0,
                        0,
                        0.98,
                        i < noisy && outsideCores > GATES.quietMaxCores(),
                        i < noisy && interfered))
                .toList();
    }

    @Test
    void noiseGateDiscardsWhatIsNotFailedAndAFailureOutranksTheRest() {
        RunVerdict invalid = new RunVerdict(Status.INVALID, "load generator saturated: ...");
        RunVerdict failed = RunVerdict.failed("json: wrong answers");
        String noisy = "noise: disturbed for 2.0 s of the 8.0 s judged: "
                + "2.0 s with more than 0.25 cores busy outside duel (at worst 0.40)";
        assertEquals(
                new RunVerdict(Status.DISCARDED, noisy),
                RunVerdict.ofRun(List.of(RunVerdict.OK, invalid), seconds(8, 2, 0.4, false), Map.of(), GATES));
        assertEquals(
                invalid,
                RunVerdict.ofRun(List.of(RunVerdict.OK, invalid), seconds(8, 1, 0.4, false), Map.of(), GATES),
                "1 s of noise is under the 2 s a run may be disturbed");
        assertEquals(
                invalid,
                RunVerdict.ofRun(List.of(RunVerdict.OK, invalid), seconds(8, 8, 0.25, false), Map.of(), GATES),
                "exactly the bound is quiet");
        assertEquals(
                failed,
                RunVerdict.ofRun(List.of(invalid, failed), seconds(8, 8, 0.9, true), Map.of(), GATES),
                "a target that answered wrongly failed, noise or not");
        assertEquals(noisy + "; no clean run after 4 attempts", RunVerdict.noCleanRun(noisy, 4));
    }

    @Test
    void interferenceOnTheTargetsCpusDiscardsEvenUnderTheNoiseBound() {
        assertEquals(
                new RunVerdict(
                        Status.DISCARDED,
                        "noise: disturbed for 3.0 s of the 8.0 s judged: interference: 3.0 s in which the target's "
                                + "CPUs were busy while it used under 90% of what it could (at worst 0.60 of 0.98 cores)"),
                RunVerdict.ofRun(List.of(RunVerdict.OK), seconds(8, 3, 0.1, true), Map.of(), GATES));
    }

    @Test
    void aJudgedTimeShorterThanTwoSecondsIsDiscardedOnlyWhenDisturbedThroughout() {
        List<RunRecord.NoiseWindow> short1 =
                List.of(new RunRecord.NoiseWindow("json", false, Phase.MAIN, 0, 0.7, 0.5, 0, 1, 0, 1, true, false));
        assertEquals(
                Status.DISCARDED,
                RunVerdict.ofRun(List.of(), short1, Map.of(), GATES).status());
        List<RunRecord.NoiseWindow> halfNoisy = List.of(
                new RunRecord.NoiseWindow("json", false, Phase.MAIN, 0, 0.7, 0.5, 0, 1, 0, 1, true, false),
                new RunRecord.NoiseWindow("json", false, Phase.MAIN, 0.7, 0.7, 0.0, 0, 1, 0, 1, false, false));
        assertEquals(RunVerdict.OK, RunVerdict.ofRun(List.of(), halfNoisy, Map.of(), GATES));
        assertEquals(
                RunVerdict.OK,
                RunVerdict.ofRun(List.of(), List.of(), Map.of(), GATES),
                "nothing judged, nothing to discard");
    }

    /** One 1 s window of {@code phase} at {@code startSeconds}, interfered or quiet. */
    private static RunRecord.NoiseWindow second(String scenario, Phase phase, double startSeconds, boolean interfered) {
        return new RunRecord.NoiseWindow(
                scenario, false, phase, startSeconds, 1, 0, 0.02, interfered ? 0.6 : 1.0, 0, 0.98, false, interfered);
    }

    private static WarmupEnd steadySince(double seconds) {
        return new WarmupEnd(WarmupMode.AUTO, WarmupEnd.Reason.STEADY, 10_000, seconds * 1_000, 0.02);
    }

    @Test
    void theSecondsThatCountAreMainsAndAnAutoWarmUpsFromItsSteadyPoint() {
        // The engine's seconds are read a few milliseconds after each whole second.
        List<RunRecord.NoiseWindow> windows = new java.util.ArrayList<>();
        for (int s = 0; s < 10; s++) {
            windows.add(second("json", Phase.WARMUP, s + 0.004, false));
        }
        windows.add(second("json", Phase.MAIN, 0, false));
        windows.add(new RunRecord.NoiseWindow("boot", true, null, 0, 0.9, 0, 0, 1, 0, 1, false, false));
        List<RunRecord.NoiseWindow> counted = RunVerdict.counted(windows, Map.of("json", steadySince(7)));
        assertEquals(
                List.of(7.004, 8.004, 9.004),
                counted.stream()
                        .filter(w -> w.phase() == Phase.WARMUP)
                        .map(RunRecord.NoiseWindow::startSeconds)
                        .toList());
        assertEquals(5, counted.size(), "main's second and the start count too");
        WarmupEnd fixed = new WarmupEnd(WarmupMode.FIXED, WarmupEnd.Reason.FIXED_LENGTH, 10_000, null, null);
        WarmupEnd cap = new WarmupEnd(WarmupMode.AUTO, WarmupEnd.Reason.CAP, 10_000, null, 0.2);
        for (Map<String, WarmupEnd> ends :
                List.of(Map.of("json", fixed), Map.of("json", cap), Map.<String, WarmupEnd>of())) {
            assertEquals(2, RunVerdict.counted(windows, ends).size(), "no steady point, main alone: " + ends);
        }
        assertEquals(
                2,
                RunVerdict.counted(windows, Map.of("other", steadySince(0))).size(),
                "another scenario's steady point is not this one's");
    }

    @Test
    void theDiscardJudgesTheSteadyWarmUpAndMainTogetherWithTheSameBound() {
        // 1 s disturbed in the steady warm-up and 1 s in main: 2 s of the 8 s that feed the steady value.
        List<RunRecord.NoiseWindow> windows = new java.util.ArrayList<>();
        for (int s = 0; s < 6; s++) {
            windows.add(second("json", Phase.WARMUP, s, s == 0 || s == 5));
        }
        for (int s = 0; s < 4; s++) {
            windows.add(second("json", Phase.MAIN, s, s == 2));
        }
        RunVerdict verdict = RunVerdict.ofRun(List.of(RunVerdict.OK), windows, Map.of("json", steadySince(2)), GATES);
        assertEquals(
                new RunVerdict(
                        Status.DISCARDED,
                        "noise: disturbed for 2.0 s of the 8.0 s judged: interference: 2.0 s in which the target's CPUs"
                                + " were busy while it used under 90% of what it could (at worst 0.60 of 0.98 cores)"),
                verdict);
        assertEquals(
                RunVerdict.OK,
                RunVerdict.ofRun(List.of(RunVerdict.OK), windows, Map.of(), GATES),
                "main alone (1 s disturbed) as before, when the warm-up has no steady point");
        assertEquals(
                RunVerdict.OK,
                RunVerdict.ofRun(List.of(RunVerdict.OK), windows, Map.of("json", steadySince(6)), GATES),
                "steady from the warm-up's end: its disturbed seconds are all before");
    }

    @Test
    void anOkVerdictHasNoReasonAndNoOtherIsWithoutOne() {
        assertThrows(IllegalArgumentException.class, () -> new RunVerdict(Status.OK, "but"));
        assertThrows(IllegalArgumentException.class, () -> new RunVerdict(Status.FAILED, ""));
    }

    /** One side's slices of an interleaved main: {@code blocks} blocks of four 1.5 s slices from 76 s, two its own. */
    private static List<dev.duel.record.load.SliceResult> ownSlices(int blocks) {
        List<dev.duel.record.load.SliceResult> own = new java.util.ArrayList<>();
        for (long slice = 0; slice < blocks * 4L; slice++) {
            if (slice % 4 == 0 || slice % 4 == 3) { // ABBA: A holds the outer two
                own.add(new dev.duel.record.load.SliceResult(
                        slice, 76_000 + slice * 1_500.0, 1_500, 30_000, 0, java.util.Collections.nCopies(10, 3_000L)));
            }
        }
        return own;
    }

    /** Main's windows of a 48 s interleaved main, interfered in the seconds {@code busy} says. */
    private static List<RunRecord.NoiseWindow> interleavedMain(java.util.function.IntPredicate busy) {
        return IntStream.range(0, 48)
                .mapToObj(i -> new RunRecord.NoiseWindow(
                        "json",
                        false,
                        Phase.MAIN,
                        i + 0.003,
                        1,
                        busy.test(i) ? 0.3 : 0.01,
                        0.02,
                        busy.test(i) ? 0.6 : 1.0,
                        0,
                        0.98,
                        false,
                        busy.test(i)))
                .toList();
    }

    @Test
    void anInterleavedPairKeepsItsWholeBlocksWhenANeighbourCameAndWent() {
        // 12 s of interference (main's 10-22 s, 0.3 cores outside duel) in a 48 s main of eight 6 s blocks: judged by
        // seconds the run is discarded; by blocks, the neighbour starts inside block 1 and stops inside block 3 (one
        // side's slices met more of it: left out of both sides), runs all through block 2 (both sides met it alike),
        // and five blocks never saw it.
        List<RunRecord.NoiseWindow> windows = interleavedMain(i -> i >= 10 && i < 22);
        assertEquals(
                Status.DISCARDED,
                RunVerdict.ofRun(List.of(RunVerdict.OK), windows, Map.of(), GATES)
                        .status(),
                "by seconds");
        assertEquals(
                RunVerdict.OK,
                RunVerdict.ofRun(
                        List.of(RunVerdict.OK),
                        windows,
                        Map.of(),
                        Map.of("json", RunVerdict.InterleavedMain.of(ownSlices(8))),
                        GATES));
        // A neighbour busy through the whole of main met both sides alike in every block.
        assertEquals(
                RunVerdict.OK,
                RunVerdict.ofRun(
                        List.of(RunVerdict.OK),
                        interleavedMain(i -> true),
                        Map.of(),
                        Map.of("json", RunVerdict.InterleavedMain.of(ownSlices(8))),
                        GATES));
    }

    @Test
    void anInterleavedPairMostOfWhoseBlocksANeighbourCutIsDiscardedAndSaysHowMany() {
        // Busy 2 s, idle 4 s, over and over, each spell from a block's start: A's first slice meets it whole, B's
        // first a third of it, A's last none: the sides met 0.15 and 0.05 cores outside duel in every block.
        RunVerdict verdict = RunVerdict.ofRun(
                List.of(RunVerdict.OK),
                interleavedMain(i -> i % 6 < 2),
                Map.of(),
                Map.of("json", RunVerdict.InterleavedMain.of(ownSlices(8))),
                GATES);
        assertEquals(Status.DISCARDED, verdict.status());
        assertTrue(
                verdict.reason()
                        .startsWith("noise: another process took more of the CPU in one side's slices than in the"
                                + " other's in 8 of the 8 blocks of json's main, more than half"),
                verdict.reason());
        assertTrue(verdict.reason().contains("interference: 16.0 s"), verdict.reason());
        // Half of them cut (the same spells in blocks 0 to 3 only) still keeps the pair.
        assertEquals(
                RunVerdict.OK,
                RunVerdict.ofRun(
                        List.of(RunVerdict.OK),
                        interleavedMain(i -> i < 24 && i % 6 < 2),
                        Map.of(),
                        Map.of("json", RunVerdict.InterleavedMain.of(ownSlices(8))),
                        GATES));
    }

    /**
     * The host's speed on CPU 0 through a load whose interleaved main is {@link #ownSlices}' (eight 6 s blocks from
     * 76 s): in the blocks {@code flipping} names, 3 s at 20 units/ms then 3 s at 11, so that a block's first two slices
     * ran fast and its last two slow; 20 everywhere else.
     */
    private static RunVerdict.InterleavedMain flippingHost(java.util.function.IntPredicate flipping) {
        List<Double> cpu0 = new java.util.ArrayList<>();
        for (int second = 0; second < 130; second++) {
            int inMain = second - 76;
            boolean slow = inMain >= 0 && flipping.test(inMain / 6) && inMain % 6 >= 3;
            cpu0.add(slow ? 11.0 : 20.0);
        }
        return new RunVerdict.InterleavedMain(
                ownSlices(8), new dev.duel.record.HostSpeed(List.of("0"), List.of(cpu0), List.of(0.005)), List.of("0"));
    }

    @Test
    void anInterleavedPairTheHostFlippedInsideMostBlocksOfIsDiscardedAndSaysHowMany() {
        RunVerdict verdict = quietMain(flippingHost(block -> block < 5));
        assertEquals(Status.DISCARDED, verdict.status());
        assertEquals(
                "noise: the host's speed on CPU 0 changed by more than 15% inside 5 of the 8 blocks of json's main,"
                        + " more than half (a pair keeps its whole blocks while they are at least half)",
                verdict.reason());
        // Half of them flipped inside still keeps the pair; a host slow all through main cuts no block.
        assertEquals(RunVerdict.OK, quietMain(flippingHost(block -> block < 4)));
        dev.duel.record.HostSpeed slow = new dev.duel.record.HostSpeed(
                List.of("0"), List.of(java.util.Collections.nCopies(130, 11.0)), List.of(0.005));
        assertEquals(RunVerdict.OK, quietMain(new RunVerdict.InterleavedMain(ownSlices(8), slow, List.of("0"))));
        // The same flips on a CPU the mains did not run on cut nothing.
        RunVerdict.InterleavedMain elsewhere = flippingHost(block -> true);
        assertEquals(
                RunVerdict.OK,
                quietMain(new RunVerdict.InterleavedMain(elsewhere.slices(), elsewhere.hostSpeed(), List.of("1"))));
    }

    /** The verdict of one side whose json main ran as {@code main} says, with no process outside duel. */
    private static RunVerdict quietMain(RunVerdict.InterleavedMain main) {
        return RunVerdict.ofRun(
                List.of(RunVerdict.OK), interleavedMain(i -> false), Map.of(), Map.of("json", main), GATES);
    }

    @Test
    void blocksAFlipCutAndBlocksANeighbourCutAddUp() {
        // Flips inside blocks 0-2, a neighbour's 2 s spells at the start of blocks 5 and 6 (main's 30-42 s): five of
        // eight cut, neither kind alone more than half.
        RunVerdict verdict = RunVerdict.ofRun(
                List.of(RunVerdict.OK),
                interleavedMain(i -> i >= 30 && i < 42 && i % 6 < 2),
                Map.of(),
                Map.of("json", flippingHost(block -> block < 3)),
                GATES);
        assertEquals(Status.DISCARDED, verdict.status());
        assertTrue(
                verdict.reason()
                        .startsWith("noise: the host's speed on CPU 0 changed by more than 15% inside 3 of the 8 blocks"
                                + " of json's main and another process cut 2, more than half"),
                verdict.reason());
    }
}
