package dev.duel.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.analysis.Bottleneck.Kind;
import dev.duel.record.JvmFacts;
import dev.duel.record.OlderRecords;
import dev.duel.record.Phase;
import dev.duel.record.RecordJson;
import dev.duel.record.Resources;
import dev.duel.record.RunRecord;
import dev.duel.record.SampleRecords;
import dev.duel.record.ScenarioKind;
import dev.duel.record.Status;
import dev.duel.record.load.AgentShare;
import dev.duel.record.load.Arrival;
import dev.duel.record.load.EngineUsage;
import dev.duel.record.load.LoadResult;
import dev.duel.record.load.PhaseResult;
import dev.duel.record.load.PlanSettings;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The bottleneck of a run from its record (issue 22, point 6): the demo's disturbed and clean runs, a saturated
 * generator, a database at its quota, a target waiting on something, and records that lack the readings.
 */
class BottleneckTest {
    private static final double MAIN_SECONDS = 20;

    /** One run of a scenario "json" on a 2-CPU machine as the demo lays it out: target on CPU 0, generator on 1. */
    private static final class Run {
        double targetCores = 0.97;
        double throttledShare = 0.05;
        Double targetWaitCores = 0.02;
        double loadgenUtilization = 0.35;
        List<Double> loopBusy = null;
        Double loadgenWaitCores = 0.01;
        Double quota = 1.0;
        String cpuset = "0";
        String host = null;
        PlanSettings settings =
                SampleRecords.closedSettings("http://127.0.0.1:8080/json", 32, 10_000, 1_000, 20_000, 0, 0);
        long late = 0;
        /** Each second of main as the noise gate saw it; null: no windows (schema 1). */
        List<RunRecord.NoiseWindow> windows = seconds(0.97, 0.0, 0.97, 0);

        Map<String, Resources> services = new LinkedHashMap<>();
        List<RunRecord.ServiceInfo> serviceInfos = new ArrayList<>();
        List<AgentShare> agents = null;

        Run service(String name, Double cpus, double cores, double throttledShare) {
            services.put(name, SampleRecords.resources(MAIN_SECONDS, cores, 0, throttledShare, 64L << 20, 100.0));
            serviceInfos.add(new RunRecord.ServiceInfo(
                    name, cpus == null ? "none" : "cpus " + cpus, cpus, null, "cgroup v2", cpus != null));
            return this;
        }

        RunRecord record() {
            PhaseResult main = SampleRecords.phase(
                    Phase.MAIN,
                    MAIN_SECONDS * 1_000,
                    30_000,
                    Map.of(),
                    SampleRecords.latency(600_000, 900, 800, 1_500, 3_000, 6_000));
            if (late > 0) {
                main = withLate(main, late);
            }
            EngineUsage engine = SampleRecords.engine(
                    loadgenUtilization,
                    1,
                    MAIN_SECONDS * 1_000,
                    main.ok(),
                    loadgenWaitCores == null ? null : loadgenWaitCores * MAIN_SECONDS * 1_000);
            if (loopBusy != null) {
                engine = SampleRecords.withLoops(engine, 2, engine.utilization(), loopBusy, List.of());
            }
            LoadResult load = SampleRecords.load(
                    settings, null, main, List.of(), List.of(), engine, "2026-12-01T00:00:00Z", "2026-12-01T00:00:31Z");
            if (agents != null) {
                load = SampleRecords.with(load, load.engine(), load.warmupEnd(), agents);
            }
            Map<String, Map<Phase, Resources>> serviceResources = new LinkedHashMap<>();
            services.forEach((name, used) -> serviceResources.put(name, SampleRecords.inMain(used)));
            RunRecord.ScenarioResult result = new RunRecord.ScenarioResult(
                    "json",
                    ScenarioKind.LOAD,
                    load,
                    SampleRecords.inMain(SampleRecords.resources(
                            MAIN_SECONDS,
                            targetCores,
                            main.ok(),
                            throttledShare,
                            300L << 20,
                            targetWaitCores == null ? null : targetWaitCores * MAIN_SECONDS * 1_000)),
                    serviceResources,
                    List.of(),
                    300L << 20,
                    List.of(),
                    200L << 20,
                    null,
                    null);
            return new RunRecord(
                    RecordJson.SCHEMA_VERSION,
                    "0.1.0-test",
                    "demo",
                    1,
                    1,
                    1,
                    "jdk17",
                    List.of("json"),
                    Status.OK,
                    "",
                    "2026-12-01T00:00:00Z",
                    "2026-12-01T00:01:00Z",
                    new RunRecord.TargetInfo(
                            "jdk17",
                            "17",
                            "17.0.15",
                            "Test",
                            "app.jar",
                            List.of("java", "-jar", "app.jar"),
                            List.of(),
                            "limits",
                            quota,
                            cpuset,
                            512L << 20,
                            "cgroup v2",
                            true,
                            JvmFacts.UNKNOWN,
                            null,
                            host),
                    new RunRecord.Startup(42, 800, 1_200, List.of()),
                    List.of(result),
                    new RunRecord.GateReadings(
                            0, true, 3, 0.01, loadgenUtilization, 0.02, 20.0, 0.0, 0.0, 0.0, windows),
                    "fp",
                    "runs/001-jdk17-json.log",
                    List.of(),
                    List.of(),
                    List.of(),
                    null,
                    serviceInfos,
                    null);
        }
    }

    /** Twenty 1 s windows of main; the first {@code disturbed} of them interfered. */
    private static List<RunRecord.NoiseWindow> seconds(double target, double idle, double available, int disturbed) {
        return IntStream.range(0, (int) MAIN_SECONDS)
                .mapToObj(i -> new RunRecord.NoiseWindow(
                        "json", false, Phase.MAIN, i, 1, 0.01, 0.03, target, idle, available, false, i < disturbed))
                .toList();
    }

    /**
     * Twenty seconds of a target at 0.70 of the 0.97 cores it could use: in the first {@code seconds} something else
     * took the rest of its CPU (interfered), in the others its CPU idled; over main, other work used 0.04 cores.
     */
    private static List<RunRecord.NoiseWindow> interferedIn(int seconds) {
        return IntStream.range(0, (int) MAIN_SECONDS)
                .mapToObj(i -> new RunRecord.NoiseWindow(
                        "json",
                        false,
                        Phase.MAIN,
                        i,
                        1,
                        0.01,
                        0.03,
                        0.70,
                        i < seconds ? 0.01 : 0.27,
                        0.97,
                        false,
                        i < seconds))
                .toList();
    }

    private static PhaseResult withLate(PhaseResult p, long late) {
        return new PhaseResult(
                p.phase(),
                p.durationMillis(),
                p.sent(),
                p.ok(),
                p.failed(),
                p.connectFailures(),
                p.interrupted(),
                late,
                p.unstarted(),
                p.reconnects(),
                p.failures(),
                p.errorRate(),
                p.requestsPerSecond(),
                p.okPerSecond(),
                p.requestBytes(),
                p.responseBytes(),
                p.meanRequestBytes(),
                p.meanResponseBytes(),
                p.latency(),
                p.uncorrectedLatency(),
                p.scheduleLag(),
                p.lateDelay(),
                p.turnaroundLag());
    }

    /** The demo's disturbed runs: 55% of their siblings' rate, the target at 0.58 of 1.0, every gate passed. */
    private static Run disturbed() {
        Run run = new Run();
        run.targetCores = 0.58;
        run.throttledShare = 0.0;
        run.targetWaitCores = 0.31;
        run.loadgenUtilization = 0.30;
        // Its CPU was not idle: what the target did not use went to another process (under the gate's 5% idle).
        run.windows = seconds(0.58, 0.08, 0.97, 0);
        return run;
    }

    /** Another process on the generator's CPU: its loops wait, and the target idles for want of requests. */
    private static Run slowGenerator() {
        Run run = new Run();
        run.targetCores = 0.55;
        run.throttledShare = 0.0;
        run.windows = seconds(0.55, 0.40, 0.97, 0);
        run.loadgenWaitCores = 0.20;
        return run;
    }

    @Test
    void theDisturbedDemoRunMeasuredTheMachine() {
        Bottleneck b = Bottleneck.of(disturbed().record(), "json");
        assertEquals(Kind.MACHINE, b.kind());
        assertEquals(
                "the machine: the target used 0.58 of its 1.0 cores and waited 0.31 cores' worth for a CPU another"
                        + " process held (other work used 0.31 cores' worth of its CPUs), the generator used 30% of its"
                        + " core",
                b.sentence());
        assertEquals(0.97 - 0.58 - 0.08, b.readings().otherWorkCores(), 1e-9);
        assertEquals(0.31, b.readings().targetRunQueueWaitCores(), 1e-9);
        assertEquals(0.39, b.readings().shortfallCores(), 1e-9);
        assertEquals(0.10, Bottleneck.waitBound(b.readings()), 1e-9, "a quarter of 0.39 is under the floor");
        assertEquals(List.of(), b.unseen());
    }

    @Test
    void aCleanDemoRunWasTheTargetAtItsLimit() {
        Run clean = new Run();
        clean.targetCores = 0.97;
        clean.throttledShare = 0.12;
        clean.loadgenUtilization = 0.31;
        clean.targetWaitCores = 0.45; // 30 threads on one CPU wait for each other: not the machine's
        Bottleneck b = Bottleneck.of(clean.record(), "json");
        assertEquals(Kind.TARGET_CPU, b.kind());
        assertEquals(
                "the target at its 1.0-CPU limit (0.97 cores, throttled 12% of periods), the generator at 31% of its"
                        + " core",
                b.sentence());
    }

    @Test
    void aTargetThrottledInAFifthOfItsPeriodsIsAtItsQuotaWhateverItsAverage() {
        Run bursty = new Run();
        bursty.quota = 1.0;
        bursty.cpuset = "0-1";
        bursty.targetCores = 0.7;
        bursty.throttledShare = 0.35;
        bursty.windows = seconds(0.7, 0.5, 0.95, 0);
        assertEquals(Kind.TARGET_CPU, Bottleneck.of(bursty.record(), "json").kind());
    }

    @Test
    void aGeneratorAt85PercentLimitedTheRunWhateverTheTargetDid() {
        Run busy = new Run();
        busy.loadgenUtilization = 0.85;
        Bottleneck b = Bottleneck.of(busy.record(), "json");
        assertEquals(Kind.LOADGEN, b.kind());
        assertEquals(
                "the load generator at 85% of its core (a clean throughput test keeps it under 70%); the target used"
                        + " 0.97 of its 1.0 cores",
                b.sentence());
        Run oneLoop = new Run();
        oneLoop.loadgenUtilization = 0.45;
        oneLoop.loopBusy = List.of(0.88, 0.02);
        assertEquals(Kind.LOADGEN, Bottleneck.of(oneLoop.record(), "json").kind(), "one event loop at 88% is a limit");
        assertEquals(0.88, Bottleneck.of(oneLoop.record(), "json").readings().loadgenUtilization(), 1e-9);
        assertTrue(
                Bottleneck.of(oneLoop.record(), "json")
                        .sentence()
                        .startsWith("the load generator at 88% (its busiest" + " event loop)"),
                Bottleneck.of(oneLoop.record(), "json").sentence());
    }

    @Test
    void aLoadAgentAtItsLimitIsTheGenerators() {
        Run run = new Run();
        LoadResult own = run.record().results().get(0).load();
        Run quiet = new Run();
        Run saturated = new Run();
        saturated.loadgenUtilization = 0.80;
        run.agents = List.of(
                new AgentShare("a", "10.0.0.2:9400", "node-a", 0, 2, 0.1, 0.05, 0.0, null, own),
                new AgentShare(
                        "b",
                        "10.0.0.3:9400",
                        "node-b",
                        1,
                        2,
                        0.1,
                        0.05,
                        0.0,
                        null,
                        saturated.record().results().get(0).load()));
        assertEquals(quiet.loadgenUtilization, own.engine().utilization(), 1e-9);
        Bottleneck b = Bottleneck.of(run.record(), "json");
        assertEquals(Kind.LOADGEN, b.kind());
        assertEquals(0.80, b.readings().loadgenUtilization(), 1e-9, "the busiest agent's");
        assertTrue(b.sentence().startsWith("the load generator at 80% of its CPU (the busiest of 2 load agents)"));
    }

    @Test
    void postgresAtItsQuotaIsTheCompanion() {
        Run db = new Run();
        db.targetCores = 0.45;
        db.throttledShare = 0.0;
        db.windows = seconds(0.45, 0.5, 0.97, 0);
        db.service("postgres", 1.0, 0.95, 0.08);
        Bottleneck b = Bottleneck.of(db.record(), "json");
        assertEquals(Kind.COMPANION, b.kind());
        assertEquals("postgres", b.service());
        assertEquals(
                "the companion postgres at its 1.0-CPU limit (0.95 cores, throttled 8% of periods); the target used"
                        + " 0.45 of its 1.0 cores, the generator 35% of its core",
                b.sentence());
        assertEquals(1.0, b.readings().services().get(0).limitCores());
    }

    @Test
    void aCompanionThrottledInAFifthOfItsPeriodsIsAtItsQuotaAndOneWithoutALimitIsNot() {
        Run throttled = new Run();
        throttled.targetCores = 0.5;
        throttled.service("postgres", 2.0, 1.1, 0.3);
        assertEquals(Kind.COMPANION, Bottleneck.of(throttled.record(), "json").kind());
        Run unlimited = new Run();
        unlimited.service("postgres", null, 0.95, -1);
        assertEquals(Kind.TARGET_CPU, Bottleneck.of(unlimited.record(), "json").kind());
    }

    @Test
    void aTargetUsingLittleWithNoWaitAndQuietCpusIsWaitingOnSomething() {
        Run waiting = new Run();
        waiting.targetCores = 0.30;
        waiting.throttledShare = 0.0;
        waiting.targetWaitCores = 0.0;
        waiting.loadgenUtilization = 0.12;
        waiting.windows = seconds(0.30, 0.65, 0.97, 0);
        Bottleneck b = Bottleneck.of(waiting.record(), "json");
        assertEquals(Kind.TARGET_WAITING, b.kind());
        assertEquals(
                "the target's own waiting: it used 0.30 of its 1.0 cores, its CPUs idle 0.65 cores' worth, its threads"
                        + " waiting 0.00 cores' worth for a CPU (a downstream call, a lock, a timer, or too few users to"
                        + " keep it busy); the generator at 12% of its core",
                b.sentence());
    }

    @Test
    void threadsWaitingForEachOtherWhileTheirCpuIdlesAreNotTheMachines() {
        // A database-bound target: its worker threads wake together when answers come back and queue behind each
        // other on its one CPU, which idles between the bursts.
        Run bursts = disturbed();
        bursts.windows = seconds(0.58, 0.36, 0.97, 0);
        assertEquals(Kind.TARGET_WAITING, Bottleneck.of(bursts.record(), "json").kind());
    }

    @Test
    void aWaitInTheNoiseOfWakeUpsIsNotTheMachines() {
        Run wakeups = disturbed();
        wakeups.windows = null; // nothing says whether its CPUs idled: the wait alone decides
        wakeups.targetWaitCores = 0.06; // 30,000 requests/s, a couple of wake-ups each, 1 us apiece
        wakeups.loadgenWaitCores = 0.04;
        Bottleneck b = Bottleneck.of(wakeups.record(), "json");
        assertEquals(Kind.TARGET_WAITING, b.kind());
        assertEquals(0.105, Bottleneck.waitBound(b.readings()), 1e-9, "a quarter of the 0.42 cores it did not use");
        wakeups.targetWaitCores = 0.11;
        assertEquals(Kind.MACHINE, Bottleneck.of(wakeups.record(), "json").kind(), "over the bound");
    }

    @Test
    void aWaitingGeneratorOrDisturbedWindowsAreTheMachineToo() {
        Bottleneck b = Bottleneck.of(slowGenerator().record(), "json");
        assertEquals(Kind.MACHINE, b.kind());
        assertEquals(
                "the machine: the target used 0.55 of its 1.0 cores, the generator used 35% of its core and its event"
                        + " loops waited 0.20 cores' worth for a CPU another process held",
                b.sentence());

        Run interfered = new Run();
        interfered.targetCores = 0.70;
        interfered.throttledShare = 0.0;
        interfered.targetWaitCores = null; // not measured: the windows still tell
        interfered.windows = interferedIn(3);
        Bottleneck w = Bottleneck.of(interfered.record(), "json");
        assertEquals(Kind.MACHINE, w.kind());
        assertTrue(
                w.sentence()
                        .endsWith("; other work took the CPUs that matter in 3.0 of the 20.0 s of main (noisy or"
                                + " interfered)"),
                w.sentence());
        interfered.windows = interferedIn(1);
        assertEquals(
                Kind.TARGET_WAITING,
                Bottleneck.of(interfered.record(), "json").kind(),
                "one disturbed second of twenty is under the gate's bound");
    }

    @Test
    void anOpenModelRunThatKeptItsRateWasLimitedByTheLoadAskedFor() {
        Run open = new Run();
        open.settings = SampleRecords.openSettings(
                "http://127.0.0.1:8080/json", 2_000, Arrival.POISSON, 64, 10_000, 1_000, 20_000);
        open.targetCores = 0.30;
        open.throttledShare = 0.0;
        open.windows = seconds(0.30, 0.65, 0.97, 0);
        Bottleneck b = Bottleneck.of(open.record(), "json");
        assertEquals(Kind.OFFERED_LOAD, b.kind());
        assertTrue(
                b.sentence().startsWith("the offered load: 2000 requests/s asked for, 0.0% of them late or unstarted;"),
                b.sentence());
        open.late = 60_000; // a tenth of the requests waited for a connection: the target held them
        assertEquals(Kind.TARGET_WAITING, Bottleneck.of(open.record(), "json").kind());
    }

    @Test
    void aSchemaSixRecordClassifiesFromWhatItHasAndSaysWhatItCouldNotSee() throws Exception {
        // The disturbed demo run as schema 6 kept it: no waits, but its windows say its CPU was busy with other work.
        Run disturbed = disturbed();
        disturbed.service("postgres", 1.0, 0.05, -1);
        RunRecord old = asSchemaSix(disturbed.record());
        assertNull(old.results().get(0).targetMain().runQueueWaitMillis());
        assertNull(old.services());
        Bottleneck b = Bottleneck.of(old, "json");
        assertEquals(Kind.MACHINE, b.kind());
        assertEquals(
                "the machine: the target used 0.58 of its 1.0 cores while other work used 0.31 cores' worth of its"
                        + " CPUs, the generator used 30% of its core; not seen: the services' limits (record schema 6)",
                b.sentence());
        assertEquals(
                List.of(
                        "the target's run-queue wait (record schema 6)",
                        "the generator's run-queue wait (record schema 6)",
                        "the services' limits (record schema 6)"),
                b.unseen());

        // Another process on the generator's CPU: the target idled for want of requests. Only the generator's wait
        // shows it, and schema 6 has none.
        assertEquals(
                Kind.MACHINE, Bottleneck.of(slowGenerator().record(), "json").kind());
        Bottleneck unseen = Bottleneck.of(asSchemaSix(slowGenerator().record()), "json");
        assertEquals(Kind.TARGET_WAITING, unseen.kind());
        assertTrue(
                unseen.sentence()
                        .endsWith("; not seen: the target's run-queue wait (record schema 6), the generator's run-queue"
                                + " wait (record schema 6)"),
                unseen.sentence());

        Run clean = new Run();
        clean.service("postgres", 1.0, 0.05, -1);
        Bottleneck limit = Bottleneck.of(asSchemaSix(clean.record()), "json");
        assertEquals(Kind.TARGET_CPU, limit.kind());
        assertTrue(
                limit.sentence().endsWith("; not seen: the services' limits (record schema 6)"),
                "a wait would not have changed it; a companion's quota could: " + limit.sentence());
    }

    @Test
    void withoutWindowsTheLimitIsWhatTheTargetCouldUse() {
        Run schemaOne = disturbed();
        schemaOne.windows = null;
        Bottleneck b = Bottleneck.of(schemaOne.record(), "json");
        assertEquals(Kind.MACHINE, b.kind(), "its wait alone tells, with nothing to say its CPU idled");
        assertEquals(1.0, b.readings().targetAvailableCores());
        assertNull(b.readings().targetIdleCores());
        assertEquals(List.of("the noise windows of main (none judged)"), b.unseen());
    }

    @Test
    void aTargetOnAnotherMachineIsNotJudgedByThisMachinesWindows() {
        Run remote = new Run();
        remote.host = "agent-b";
        remote.windows = seconds(0.97, 1.5, 2.0, 0); // duel's machine: idle, two CPUs
        Bottleneck b = Bottleneck.of(remote.record(), "json");
        assertEquals(Kind.TARGET_CPU, b.kind());
        assertEquals(1.0, b.readings().targetAvailableCores(), "its limit, not duel's machine");
        assertNull(b.readings().targetIdleCores());
    }

    @Test
    void aTargetWithoutALimitIsAtTheCpuItCouldUse() {
        Run free = new Run();
        free.quota = null;
        free.cpuset = null;
        free.targetCores = 1.78;
        free.throttledShare = -1; // no quota: no CFS figures
        free.windows = seconds(1.78, 0.05, 1.85, 0);
        Bottleneck b = Bottleneck.of(free.record(), "json");
        assertEquals(Kind.TARGET_CPU, b.kind());
        assertEquals(
                "the target at the CPU it could use, with no limit (1.78 cores of the 1.85 it could use), the generator"
                        + " at 35% of its core",
                b.sentence());
    }

    @Test
    void aRecordWithoutTheTargetsCpuOrTheScenarioIsUnknown() {
        RunRecord record = new Run().record();
        assertEquals(Kind.UNKNOWN, Bottleneck.of(record, "product").kind());
        assertEquals(
                "unknown: the run measured no scenario product",
                Bottleneck.of(record, "product").sentence());
        Run unread = new Run();
        unread.targetCores = -1;
        assertEquals(Kind.UNKNOWN, Bottleneck.of(unread.record(), "json").kind());
    }

    @Test
    void limitsAreTheQuotaOrTheCpusOfTheSetTheSmaller() {
        assertEquals(1.0, BottleneckReadings.limit(1.0, "0-3"));
        assertEquals(2.0, BottleneckReadings.limit(null, "0,2"));
        assertEquals(0.5, BottleneckReadings.limit(0.5, null));
        assertNull(BottleneckReadings.limit(null, null));
        assertEquals(4, BottleneckReadings.cpuCount("0-2,5"));
    }

    /** The record as schema-6 duel would have written it: no run-queue waits, no services' limits, main's windows. */
    private static RunRecord asSchemaSix(RunRecord record) throws Exception {
        return OlderRecords.read(OlderRecords.schemaSix(record));
    }
}
