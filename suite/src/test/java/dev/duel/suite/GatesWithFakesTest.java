package dev.duel.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.record.Phase;
import dev.duel.record.Resources;
import dev.duel.record.RunRecord;
import dev.duel.record.Status;
import dev.duel.record.load.FailureKind;
import dev.duel.suite.file.SuiteLoader;
import dev.duel.suite.fixtures.FixtureSuites;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every gate of a suite run, through the whole runner, on a simulated machine ({@link FakeMachine}):
 * quiet, noise, load generator, error rate and identity, each in well under a second. The same
 * gates against real processes are in {@link SuiteRunnerTest}.
 */
class GatesWithFakesTest {
    /** A guard, not the measure: a gate that really slept would take seconds; surefire's report shows each test's time. */
    private static final Duration FAST = Duration.ofSeconds(2);

    @TempDir
    Path temp;

    private final List<String> messages = new ArrayList<>();

    private SuiteOutcome run(FakeMachine machine, String yaml) throws Exception {
        Path file = Files.writeString(temp.resolve("suite.yaml"), yaml);
        Suite suite = new SuiteLoader(temp).load(file);
        SuiteListener listener = new SuiteListener() {
            @Override
            public void message(String text) {
                messages.add(text);
            }
        };
        return assertTimeoutPreemptively(
                FAST, () -> new SuiteRunner(suite, temp.resolve("results"), listener, machine.parts()).run());
    }

    private static String twoTargets(int repetitions) {
        return FixtureSuites.suite(
                FixtureSuites.target("a", "ok", "a", "a") + FixtureSuites.target("b", "ok", "b", "b"), repetitions);
    }

    private List<RunRecord> records(String glob) throws IOException {
        return TestFiles.records(temp.resolve("results"), glob);
    }

    private List<RunRecord> finalRecords() throws IOException {
        return records("\\d{3}-[^.]*\\.json");
    }

    /** The noise gate's windows of main, in order. */
    private static List<RunRecord.NoiseWindow> main(RunRecord.GateReadings gates) {
        return gates.noiseWindows().stream()
                .filter(w -> w.phase() == Phase.MAIN)
                .toList();
    }

    @Test
    void aCleanSuiteAlternatesAndRecordsWhatTheFakeTargetsUsed() throws Exception {
        FakeMachine machine = new FakeMachine();
        SuiteOutcome outcome = run(machine, twoTargets(2));
        assertEquals(4, outcome.ok(), outcome.toString());
        assertTrue(outcome.clean());
        List<RunRecord> records = finalRecords();
        assertEquals(
                List.of("a", "b", "b", "a"),
                records.stream().map(RunRecord::target).toList());
        for (RunRecord record : records) {
            assertEquals(Status.OK, record.status());
            assertEquals("", record.reason());
            assertTrue(record.gates().quietMet(), record.gates().toString());
            RunRecord.ScenarioResult result = record.results().get(0);
            // The fake target uses one core while the clock runs: 2 s of main, 2,000 requests.
            assertEquals(1.0, result.target().get(Phase.MAIN).cores(), 1e-9);
            assertEquals(1_000, result.target().get(Phase.MAIN).cpuMicrosPerRequest(), 1e-6);
            assertEquals(
                    List.of(Phase.WARMUP, Phase.GAP, Phase.MAIN),
                    List.copyOf(result.target().keySet()));
            assertEquals("fakefingerpr", record.environment());
            assertEquals(0, record.gates().outsideDuringCores(), 1e-9, "the target's own CPU is duel's, not noise");
        }
        assertEquals(
                List.of(
                        "loadgen prepared",
                        "start a",
                        "stop a",
                        "start b",
                        "stop b",
                        "start b",
                        "stop b",
                        "start a",
                        "stop a"),
                List.copyOf(machine.events));
    }

    @Test
    void quietGateWaitsForTheOutsideCpuToSettleAndRecordsTheWait() throws Exception {
        FakeMachine machine = new FakeMachine().outsideBetweenRuns(0.1);
        run(
                machine,
                twoTargets(1)
                        .replace(
                                "quiet: {maxCores: 4.0, for: 200ms, maxWait: 5s, retries: 1}",
                                "quiet: {maxCores: 0.25, for: 3s, maxWait: 60s, retries: 1}"));
        RunRecord first = finalRecords().get(0);
        assertTrue(first.gates().quietMet());
        assertEquals(3, first.gates().quietWaitSeconds(), 1e-9, "quiet from the first second on: 3 s");
        assertEquals(0.1, first.gates().quietBeforeCores(), 1e-9);
    }

    @Test
    void aMachineThatNeverQuietensIsMeasuredAnywayAndSaysSo() throws Exception {
        FakeMachine machine = new FakeMachine().outsideBetweenRuns(0.9);
        SuiteOutcome outcome = run(
                machine,
                twoTargets(1)
                        .replace(
                                "quiet: {maxCores: 4.0, for: 200ms, maxWait: 5s, retries: 1}",
                                "quiet: {maxCores: 0.5, for: 1s, maxWait: 5s, retries: 1}"));
        assertEquals(
                2, outcome.ok(), "quiet during main: the noise gate passes what the quiet gate could not wait for");
        RunRecord first = finalRecords().get(0);
        assertFalse(first.gates().quietMet());
        assertEquals(5, first.gates().quietWaitSeconds(), 1e-9, "maxWait: 5s");
        assertTrue(
                messages.stream()
                        .anyMatch(m -> m.startsWith(
                                "the machine was not quiet for 1 s within 5 s (0.90 cores busy outside duel)")),
                messages.toString());
    }

    @Test
    void noiseDuringMainDiscardsTheRunRepeatsItAndKeepsEveryAttempt() throws Exception {
        FakeMachine machine = new FakeMachine().outsideDuringMain(0.6);
        SuiteOutcome outcome = run(
                machine,
                FixtureSuites.suite(FixtureSuites.target("a", "ok", "a", "a"), 1)
                        .replace(
                                "quiet: {maxCores: 4.0, for: 200ms, maxWait: 5s, retries: 1}",
                                "quiet: {maxCores: 0.3, for: 1s, maxWait: 5s, retries: 2}"));
        assertEquals(1, outcome.discarded(), outcome.toString());
        assertEquals(3, machine.loadRuns(), "retries: 2 means two repeats");
        assertEquals(
                List.of("001-a-health: could not get a clean run (noise: disturbed for 2.0 s of the 2.0 s judged: "
                        + "2.0 s with more than 0.30 cores busy outside duel (at worst 0.60); "
                        + "no clean run after 3 attempts)"),
                outcome.problems());
        RunRecord last = finalRecords().get(0);
        assertEquals(Status.DISCARDED, last.status());
        assertEquals(3, last.attempt());
        assertEquals(0.6, last.gates().outsideDuringCores(), 1e-9);
        assertEquals(2.0, last.gates().disturbedSeconds(), 1e-9);
        List<RunRecord> attempts = records(".*\\.discarded-\\d\\.json");
        assertEquals(List.of(1, 2), attempts.stream().map(RunRecord::attempt).toList());
        assertTrue(attempts.stream()
                .allMatch(r -> r.status() == Status.DISCARDED && r.reason().startsWith("noise: disturbed for 2.0 s")));
    }

    @Test
    void noiseThatStopsIsRepeatedIntoACleanRun() throws Exception {
        FakeMachine machine = new FakeMachine().outsideDuringMain(0.6);
        Path file = Files.writeString(
                temp.resolve("suite.yaml"),
                FixtureSuites.suite(FixtureSuites.target("a", "ok", "a", "a"), 1)
                        .replace(
                                "quiet: {maxCores: 4.0, for: 200ms, maxWait: 5s, retries: 1}",
                                "quiet: {maxCores: 0.3, for: 1s, maxWait: 5s, retries: 2}"));
        Suite suite = new SuiteLoader(temp).load(file);
        SuiteListener quietAfterFirst = new SuiteListener() {
            @Override
            public void runEnded(RunPlan plan, RunRecord record, boolean last) {
                machine.outsideDuringMain(0);
            }
        };
        SuiteOutcome outcome = new SuiteRunner(suite, temp.resolve("results"), quietAfterFirst, machine.parts()).run();
        assertEquals(1, outcome.ok(), outcome.toString());
        assertEquals(2, finalRecords().get(0).attempt());
        assertEquals(1, records(".*\\.discarded-1\\.json").size());
    }

    /** One target pinned to CPU 0 under a quota of one core, the load generator on CPU 1, main of {@code seconds}. */
    private static String pinned(String quiet) {
        return FixtureSuites.suite(FixtureSuites.target("a", "ok", "a", "a"), 1)
                .replace("limits: {cpus: 1.0, memory: 256m}", "limits: {cpus: 1.0, cpuset: '0', memory: 256m}")
                .replace("loadgen: {threads: 1, warmup: 1s}", "loadgen: {cpuset: '1', threads: 1, warmup: 1s}")
                .replace("quiet: {maxCores: 4.0, for: 200ms, maxWait: 5s, retries: 1}", quiet);
    }

    @Test
    void aBusyLoopOnTheTargetsCpuIsInterferenceThoughTheMachineAsAWholeLooksQuiet() throws Exception {
        // The case: a busy loop on the target's CPU for 5 s of an 8 s main takes a quarter of the target's
        // CPU. Averaged over the machine and the phase that is 0.16 cores, under a bound of 0.5: kept before.
        FakeMachine machine = new FakeMachine().mainSeconds(8).loopOnTargetCpuInMain(second -> second < 5 ? 0.25 : 0);
        SuiteOutcome outcome = run(machine, pinned("quiet: {maxCores: 0.5, for: 1s, maxWait: 5s, retries: 1}"));
        assertEquals(1, outcome.discarded(), outcome.toString());
        assertEquals(2, machine.loadRuns(), "discarded, then repeated once");
        RunRecord last = finalRecords().get(0);
        assertEquals(
                "noise: disturbed for 5.0 s of the 8.0 s judged: interference: 5.0 s in which the target's CPUs were busy "
                        + "while it used under 90% of what it could (at worst 0.75 of 1.00 cores); "
                        + "no clean run after 2 attempts",
                last.reason());
        RunRecord.GateReadings gates = last.gates();
        assertEquals(5 * 0.25 / 8, gates.outsideDuringCores(), 1e-9, "the machine-wide average the old gate used");
        assertEquals(8.0, gates.judgedSeconds(), 1e-9);
        assertEquals(5.0, gates.disturbedSeconds(), 1e-9);
        assertEquals(1.0, gates.warmupJudgedSeconds(), 1e-9, "the warm-up's second is judged too, and quiet");
        assertEquals(0.0, gates.warmupDisturbedSeconds(), 1e-9);
        assertEquals(Phase.WARMUP, gates.noiseWindows().get(0).phase());
        List<RunRecord.NoiseWindow> windows = main(gates);
        assertEquals(8, windows.size());
        RunRecord.NoiseWindow first = windows.get(0);
        assertEquals("health", first.scenario());
        assertEquals(0.75, first.targetCores(), 1e-9);
        assertEquals(0.25, first.outsideCores(), 1e-9, "the loop, on the judged CPUs 0 and 1");
        assertEquals(0, first.targetIdleCores(), 1e-9);
        assertFalse(first.noisy(), "0.25 cores is under the bound of 0.5");
        assertTrue(first.interfered());
        assertEquals(
                List.of(true, true, true, true, true, false, false, false),
                windows.stream().map(RunRecord.NoiseWindow::interfered).toList());
        assertEquals(1.0, windows.get(7).targetCores(), 1e-9);
        // The target's thread waited for its CPU while the loop held it: 5 s x 0.25 of main's 8 s.
        Resources main = last.results().get(0).targetMain();
        assertEquals(1_250, main.runQueueWaitMillis(), 1e-6);
        assertEquals(1_250 / 8_000.0, main.runQueueWaitCores(), 1e-3, "the phase's seconds include the last read");
        assertEquals(0, last.results().get(0).target().get(Phase.WARMUP).runQueueWaitMillis(), 1e-6);
    }

    @Test
    void everySecondOfWarmUpIsJudgedAndRecordedWithItsPhase() throws Exception {
        FakeMachine machine =
                new FakeMachine().steadyWarmupSeconds(6).loopOnTargetCpuInWarmup(second -> second == 1 ? 0.5 : 0);
        SuiteOutcome outcome = run(machine, pinned("quiet: {maxCores: 0.25, for: 1s, maxWait: 5s, retries: 1}"));
        assertEquals(1, outcome.ok(), outcome.toString());
        RunRecord.GateReadings gates = finalRecords().get(0).gates();
        List<RunRecord.NoiseWindow> warmup = gates.noiseWindows().stream()
                .filter(w -> w.phase() == Phase.WARMUP)
                .toList();
        assertEquals(
                List.of(0.0, 1.0, 2.0, 3.0, 4.0, 5.0),
                warmup.stream().map(RunRecord.NoiseWindow::startSeconds).toList());
        assertEquals(
                List.of(false, true, false, false, false, false),
                warmup.stream().map(RunRecord.NoiseWindow::interfered).toList());
        assertTrue(warmup.stream().noneMatch(RunRecord.NoiseWindow::start));
        assertEquals(6.0, gates.warmupJudgedSeconds(), 1e-9);
        assertEquals(1.0, gates.warmupDisturbedSeconds(), 1e-9);
        assertEquals(2.0, gates.judgedSeconds(), 1e-9, "judgedSeconds keeps meaning main's");
        assertEquals(0.0, gates.disturbedSeconds(), 1e-9);
        assertEquals(
                List.of(Phase.MAIN, Phase.MAIN),
                main(gates).stream().map(RunRecord.NoiseWindow::phase).toList());
    }

    @Test
    void disturbedSecondsOfAWarmUpAfterItsSteadyPointDiscardTheRunThoseBeforeItDoNot() throws Exception {
        // An auto warm-up of 6 s found steady from second 3: its seconds 3 to 5 feed the run's steady value.
        String quiet = pinned("quiet: {maxCores: 0.25, for: 1s, maxWait: 5s, retries: 1}");
        FakeMachine late = new FakeMachine()
                .steadyWarmupSeconds(6)
                .warmupSteadySince(3)
                .loopOnTargetCpuInWarmup(second -> second >= 4 ? 0.5 : 0);
        assertEquals(1, run(late, quiet).discarded());
        RunRecord discarded = finalRecords().get(0);
        assertEquals(
                "noise: disturbed for 2.0 s of the 5.0 s judged: interference: 2.0 s in which the target's CPUs were "
                        + "busy while it used under 90% of what it could (at worst 0.50 of 1.00 cores); 2.0 s with more "
                        + "than 0.25 cores busy outside duel (at worst 0.50); no clean run after 2 attempts",
                discarded.reason());
        assertEquals(0.0, discarded.gates().disturbedSeconds(), 1e-9, "main itself was quiet");
        assertEquals(2.0, discarded.gates().warmupDisturbedSeconds(), 1e-9);
    }

    @Test
    void disturbedSecondsOfAWarmUpBeforeItsSteadyPointAreRecordedButKeepTheRun() throws Exception {
        FakeMachine ramp = new FakeMachine()
                .steadyWarmupSeconds(6)
                .warmupSteadySince(3)
                .loopOnTargetCpuInWarmup(second -> second < 3 ? 0.5 : 0);
        SuiteOutcome outcome = run(ramp, pinned("quiet: {maxCores: 0.25, for: 1s, maxWait: 5s, retries: 1}"));
        assertEquals(1, outcome.ok(), "no value averages the ramp's seconds: " + outcome);
        assertEquals(3.0, finalRecords().get(0).gates().warmupDisturbedSeconds(), 1e-9);
    }

    @Test
    void disturbedSecondsOfAFixedWarmUpAreRecordedButKeepTheRun() throws Exception {
        FakeMachine fixed = new FakeMachine().steadyWarmupSeconds(6).loopOnTargetCpuInWarmup(second -> 0.5);
        SuiteOutcome outcome = run(fixed, pinned("quiet: {maxCores: 0.25, for: 1s, maxWait: 5s, retries: 1}"));
        assertEquals(1, outcome.ok(), "a fixed warm-up has no steady point: main alone is judged: " + outcome);
        assertEquals(6.0, finalRecords().get(0).gates().warmupDisturbedSeconds(), 1e-9);
    }

    @Test
    void aSingleSecondOfInterferenceKeepsTheRun() throws Exception {
        FakeMachine machine = new FakeMachine().mainSeconds(8).loopOnTargetCpuInMain(second -> second == 3 ? 0.5 : 0);
        SuiteOutcome outcome = run(machine, pinned("quiet: {maxCores: 0.25, for: 1s, maxWait: 5s, retries: 1}"));
        assertEquals(1, outcome.ok(), outcome.toString());
        RunRecord record = finalRecords().get(0);
        assertEquals(1.0, record.gates().disturbedSeconds(), 1e-9, "noisy and interfered, but for 1 s of 8");
        assertTrue(main(record.gates()).get(3).interfered());
        assertTrue(main(record.gates()).get(3).noisy());
    }

    @Test
    void theBenchmarksOwnInterruptWorkIsNeitherNoiseNorInterference() throws Exception {
        // Loopback packets handled on the target's CPU: 0.4 cores of softirq, the target gets the other 0.6.
        FakeMachine machine = new FakeMachine().irqOnTargetCpuDuringMain(0.4);
        SuiteOutcome outcome = run(machine, pinned("quiet: {maxCores: 0.25, for: 1s, maxWait: 5s, retries: 1}"));
        assertEquals(1, outcome.ok(), outcome.toString());
        RunRecord.GateReadings gates = finalRecords().get(0).gates();
        assertEquals(0, gates.outsideDuringCores(), 1e-9, "irq is not outside noise");
        assertEquals(0.4, gates.irqDuringCores(), 1e-9, "but it is recorded");
        assertEquals(0, gates.disturbedSeconds(), 1e-9);
        RunRecord.NoiseWindow window = main(gates).get(0);
        assertEquals(0.6, window.targetCores(), 1e-9);
        assertEquals(0.6, window.targetAvailableCores(), 1e-9, "its CPU less the interrupt work");
        assertFalse(window.interfered());
    }

    @Test
    void aStartupScenariosStartsAreJudgedForNoiseAndADisturbedOneIsRepeated() throws Exception {
        // Each of the three starts shares the target's CPU with a busy loop taking half of it.
        FakeMachine machine = new FakeMachine().loopOnTargetCpuDuringStarts(0.5);
        String yaml = pinned("quiet: {maxCores: 0.25, for: 1s, maxWait: 5s, retries: 1}")
                .replaceAll(
                        "(?s)scenarios:.*?repetitions:",
                        "scenarios:\n  - {name: boot, kind: startup, starts: 3}\nrepetitions:");
        SuiteOutcome outcome = run(machine, yaml);
        assertEquals(1, outcome.discarded(), outcome.toString());
        RunRecord last = finalRecords().get(0);
        List<RunRecord.NoiseWindow> windows = last.gates().noiseWindows();
        assertEquals(3, windows.size(), windows.toString());
        assertTrue(windows.stream().allMatch(w -> w.start() && w.scenario().equals("boot") && w.interfered()));
        assertEquals(0.5, windows.get(0).targetCores(), 1e-9);
        assertEquals(2.7, last.gates().judgedSeconds(), 1e-9);
        assertTrue(
                last.reason().startsWith("noise: disturbed for 2.7 s of the 2.7 s judged: interference"),
                last.reason());
    }

    @Test
    void quietStartsOfAStartupScenarioKeepTheRun() throws Exception {
        FakeMachine machine = new FakeMachine();
        String yaml = pinned("quiet: {maxCores: 0.25, for: 1s, maxWait: 5s, retries: 1}")
                .replaceAll(
                        "(?s)scenarios:.*?repetitions:",
                        "scenarios:\n  - {name: boot, kind: startup, starts: 3}\nrepetitions:");
        SuiteOutcome outcome = run(machine, yaml);
        assertEquals(1, outcome.ok(), outcome.toString());
        RunRecord.GateReadings gates = finalRecords().get(0).gates();
        assertEquals(2.7, gates.judgedSeconds(), 1e-9);
        assertEquals(0, gates.disturbedSeconds(), 1e-9);
        assertEquals(1.0, gates.noiseWindows().get(0).targetCores(), 1e-9, "the starting target's CPU is duel's");
        assertEquals(null, gates.irqDuringCores(), "no main phase was measured");
    }

    @Test
    void aLoadGeneratorAboveItsBoundMakesTheRunInvalidAndSaysHowManyCoresItNeeds() throws Exception {
        FakeMachine machine = new FakeMachine().script(new FakeMachine.Script(1_000, Map.of(), 0.9, false));
        SuiteOutcome outcome = run(
                machine,
                FixtureSuites.suite(FixtureSuites.target("a", "ok", "a", "a"), 1)
                        .replace("loadgen: {maxUtilization: 1.0}", "loadgen: {maxUtilization: 0.7}"));
        assertEquals(1, outcome.invalid(), outcome.toString());
        RunRecord record = finalRecords().get(0);
        assertEquals(Status.INVALID, record.status());
        assertEquals(
                "load generator saturated: it used 90% of its 1 core(s) (limit 70%); give it 2 core(s) with loadgen.cpuset, "
                        + "or lower the load",
                record.reason());
        assertEquals(0.9, record.gates().loadgenUtilization(), 1e-9);
        assertEquals(2_000, record.results().get(0).load().main().ok(), "what was measured is kept");
    }

    @Test
    void wrongAnswersAboveTheAllowanceFailTheRunAndTheSuiteGoesOn() throws Exception {
        FakeMachine machine = new FakeMachine()
                .script(
                        new FakeMachine.Script(1_000, Map.of(FailureKind.STATUS, 30L), 0.2, false),
                        FakeMachine.Script.clean());
        SuiteOutcome outcome = run(machine, twoTargets(1));
        assertEquals(1, outcome.failed(), outcome.toString());
        assertEquals(1, outcome.ok(), outcome.toString());
        RunRecord failed = finalRecords().get(0);
        assertEquals(Status.FAILED, failed.status());
        assertEquals(
                "health: 1.48% of requests failed (allowed 0.00%) {connect=0, timeout=0, reset=0, protocol=0, status=30, check=0}",
                failed.reason());
        assertEquals(List.of("fake a: last words"), failed.lastLogLines());
    }

    @Test
    void aTargetThatDiesDuringItsScenarioFailsTheRunWithItsLastLogLines() throws Exception {
        FakeMachine machine = new FakeMachine()
                .script(new FakeMachine.Script(1_000, Map.of(), 0.2, true), FakeMachine.Script.clean());
        SuiteOutcome outcome = run(machine, twoTargets(1));
        assertEquals(1, outcome.failed(), outcome.toString());
        RunRecord died = finalRecords().get(0);
        assertEquals("the target exited with code 3 during health", died.reason());
        assertEquals(List.of("fake a: last words"), died.lastLogLines());
        assertEquals(Status.OK, finalRecords().get(1).status(), "the next run starts its target fresh");
    }

    @Test
    void aTargetThatIsNotWhatItClaimsIsRecordedAndStopsTheSuite() throws Exception {
        FakeMachine machine =
                new FakeMachine().identityFailsWith("expected app=a, it reported app=b; refusing to measure");
        SuiteException e = assertThrows(SuiteException.class, () -> run(machine, twoTargets(2)));
        assertEquals("expected app=a, it reported app=b; refusing to measure", e.getMessage());
        List<RunRecord> records = finalRecords();
        assertEquals(1, records.size(), "nothing runs after the refusal");
        assertEquals(Status.FAILED, records.get(0).status());
        assertEquals("not started", records.get(0).targetInfo().limitsMechanism());
        assertEquals(0, machine.loadRuns());
    }

    @Test
    void aStartupScenarioStartsTheTargetFreshAndRecordsEveryStart() throws Exception {
        FakeMachine machine = new FakeMachine();
        String yaml = FixtureSuites.suite(FixtureSuites.target("a", "ok", "a", "a"), 1)
                .replaceAll(
                        "(?s)scenarios:.*?repetitions:",
                        "scenarios:\n  - {name: boot, kind: startup, starts: 3}\nrepetitions:");
        SuiteOutcome outcome = run(machine, yaml);
        assertEquals(1, outcome.ok(), outcome.toString());
        RunRecord record = finalRecords().get(0);
        assertEquals(List.of(900L, 900L, 900L), record.startup().startsMillis());
        assertEquals(null, record.results().get(0).load(), "a startup scenario sends no load");
        assertEquals(0, machine.loadRuns());
        assertEquals(
                List.of("loadgen prepared", "start a", "stop a", "start a", "stop a", "start a", "stop a"),
                List.copyOf(machine.events));
    }

    @Test
    void anAbortDuringARunStopsItsTargetAndLeavesTheRunToBeRedone() throws Exception {
        FakeMachine machine = new FakeMachine();
        Path file = Files.writeString(temp.resolve("suite.yaml"), twoTargets(1));
        Suite suite = new SuiteLoader(temp).load(file);
        SuiteRunner[] runner = new SuiteRunner[1];
        machine.duringMain(() -> runner[0].abort());
        runner[0] = new SuiteRunner(suite, temp.resolve("results"), SuiteListener.NONE, machine.parts());
        assertThrows(InterruptedException.class, () -> runner[0].run());
        assertTrue(machine.events.contains("stop a"), machine.events.toString());
        assertEquals(1, machine.loadRuns(), "nothing runs after the abort");
        assertFalse(Files.exists(temp.resolve("results/runs/001-a-health.json")), "a run cut short writes no record");
        assertTrue(
                Files.exists(temp.resolve("results/runs/001-a-health.inflight")),
                "and is marked for the resume to redo");
    }
}
