package dev.duel.suite.run;

import dev.duel.record.HostProbe;
import dev.duel.record.ProcessAffinity;
import dev.duel.record.RunRecord;
import dev.duel.record.ScenarioKind;
import dev.duel.record.load.WarmupEnd;
import dev.duel.record.runtime.Profile;
import dev.duel.suite.CpuMeter;
import dev.duel.suite.RunPlan;
import dev.duel.suite.RunnerParts;
import dev.duel.suite.Scenario;
import dev.duel.suite.Suite;
import dev.duel.suite.SuiteException;
import dev.duel.suite.SuiteListener;
import dev.duel.suite.aot.AotCaches;
import dev.duel.suite.gate.NoiseWindows;
import dev.duel.suite.gate.QuietGate;
import dev.duel.suite.gate.RunVerdict;
import dev.duel.suite.store.ResultStore;
import dev.duel.targets.Affinity;
import dev.duel.targets.IdentityMismatchException;
import dev.duel.targets.Jdk;
import dev.duel.targets.Limits;
import dev.duel.targets.TargetFailedException;
import dev.duel.targets.TargetProcess;
import dev.duel.targets.TargetSpec;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One attempt at one planned run: wait for a quiet machine, time the host drift probe on the
 * target's CPUs, start the target fresh, measure its
 * scenarios in order (fresh restarts for a startup scenario, each start judged for noise like a
 * second of main), judge the run ({@link RunVerdict}),
 * stop the target, time the probe again, and return the record. The target being measured is published in
 * {@code current} so that an abort from another thread can stop it and the gates can leave its CPU
 * out of the noise. Not thread-safe: one attempt at a time.
 */
public final class RunAttempt {
    private final Suite suite;
    private final RunnerParts parts;
    private final ResultStore store;
    private final SuiteListener listener;
    private final QuietGate quietGate;
    private final ScenarioMeasurement measurement;
    private final Services services;
    private final CpuMeter machine;
    private final ProcessLedger ledger;
    private final AtomicReference<TargetProcess> current;
    private final RunRecordAssembly records;
    /** By target name, the AOT cache its runs start with, or why its training failed; absent without a cache. */
    private final Map<String, AotCaches.Outcome> aotCaches;
    /** The probe's failure was said once: every run of the suite would fail it the same way. */
    private boolean probeFailureSaid;
    /** That the probe does not run for targets on load agents was said once. */
    private boolean probeElsewhereSaid;
    /** What the current attempt watches inside its target. */
    private Profile profile = Profile.NONE;
    /** The scenarios of the current attempt whose timeline waits for the running target's recording. */
    private FlightRecordings recordings;

    /**
     * @param environmentFingerprint the fingerprint of the environment captured for the suite, in every record
     * @param resumedAcross          what changed since the results folder's first runs (a resume with
     *                               {@code --resume-anyway}), in every record; empty otherwise
     * @param aotCaches              by target name, what its runs start with (targets with {@code aotCache:} only)
     */
    public RunAttempt(
            RunContext context,
            String environmentFingerprint,
            List<String> resumedAcross,
            Map<String, AotCaches.Outcome> aotCaches) {
        this.suite = context.suite();
        this.parts = context.parts();
        this.store = context.store();
        this.listener = context.listener();
        this.quietGate = context.quietGate();
        this.measurement = context.measurement();
        this.services = context.services();
        this.machine = context.machine();
        this.ledger = context.ledger();
        this.current = context.current();
        this.records = new RunRecordAssembly(suite, store, environmentFingerprint, resumedAcross);
        this.aotCaches = Map.copyOf(aotCaches);
    }

    /**
     * @throws SuiteException the target is not what it claims: its failed record is written and the
     *                        suite must stop
     */
    public RunRecord run(RunPlan plan, int attempt) throws SuiteException, InterruptedException {
        TargetSpec spec = suite.target(plan.target());
        Instant startedAt = Instant.now();
        Suite.Gates gates = suite.gates();
        listener.stage(plan, "waiting for a quiet machine");
        QuietGate.Outcome quiet = quietGate.await(gates.quietMaxCores(), gates.quietFor(), gates.quietMaxWait());
        if (!quiet.quiet()) {
            listener.message(String.format(
                    Locale.ROOT,
                    "the machine was not quiet for %d s within %d s (%.2f cores busy outside duel); "
                            + "running anyway, the noise gate will judge",
                    gates.quietFor().toSeconds(),
                    gates.quietMaxWait().toSeconds(),
                    quiet.outsideCores()));
        }
        // A target on a load agent runs on that machine's JDK: this machine's JDK of the same name says nothing of it.
        boolean hosted = suite.hostOf(spec.name()) != null;
        Jdk jdk = spec.java() == null || hosted ? null : parts.jdks().resolve(spec.java());
        AttemptMeasurements measured =
                new AttemptMeasurements(records.targetInfo(spec, jdk, null, null, aotCache(spec)));
        // Threads are read from this machine's /proc and a flight recording is written on the target's machine.
        profile = hosted
                ? Profile.NONE
                : Profiles.of(
                        spec,
                        plan.scenarios().stream()
                                .map(name -> suite.scenario(name).kind())
                                .toList());
        recordings = new FlightRecordings(measured.results, store.directory(), parts.runtime());
        // On a quiet machine, before the target exists: the host's speed on the CPUs the target will get.
        listener.stage(plan, "timing the host probe");
        HostProbe.Reading probeBefore = probe(spec);
        measured.hostProbe = new HostProbe(probeBefore, null);
        listener.stage(plan, "starting " + spec.name());
        RunVerdict verdict;
        try {
            verdict = measure(plan, attempt, spec, jdk, measured);
        } catch (TargetFailedException e) {
            verdict = RunVerdict.failed(e.getMessage());
            measured.lastLines = e.lastLogLines();
        } catch (IOException e) {
            verdict = RunVerdict.failed("the target could not be started: " + e.getMessage());
        } catch (IdentityMismatchException e) {
            RunRecord refused =
                    records.record(plan, attempt, RunVerdict.failed(e.getMessage()), startedAt, measured, quiet);
            try {
                store.write(plan, refused, true);
            } catch (IOException io) {
                e.addSuppressed(io);
            }
            throw new SuiteException(e.getMessage(), e);
        } finally {
            stopCurrent(plan, spec);
        }
        listener.stage(plan, "timing the host probe again");
        measured.hostProbe = new HostProbe(probeBefore, probe(spec));
        return records.record(plan, attempt, verdict, startedAt, measured, quiet);
    }

    /** The host probe on the target's CPUs, or null (said once per suite) when it cannot run. */
    private HostProbe.Reading probe(TargetSpec spec) throws InterruptedException {
        Suite.Agent host = suite.hostOf(spec.name());
        if (host != null) {
            if (!probeElsewhereSaid) {
                probeElsewhereSaid = true;
                listener.message("the host drift probe runs on duel's machine only: runs of " + spec.name()
                        + ", which runs on load agent " + host.name() + ", are recorded without it");
            }
            return null;
        }
        try {
            return parts.hostProbe().probe(spec.limits().cpuset());
        } catch (IOException e) {
            if (!probeFailureSaid) {
                probeFailureSaid = true;
                listener.message("warning: the host drift probe could not run (" + e.getMessage()
                        + "); runs are recorded without it and the report cannot see the host change");
            }
            return null;
        }
    }

    private RunVerdict measure(RunPlan plan, int attempt, TargetSpec spec, Jdk jdk, AttemptMeasurements measured)
            throws IOException, TargetFailedException, IdentityMismatchException, InterruptedException {
        if (aotCaches.get(spec.name()) instanceof AotCaches.Outcome.Failed failed) {
            // Never a silent run without the cache: the arm measured would not be the one the suite names.
            throw new TargetFailedException(failed.reason(), null, failed.lastLogLines());
        }
        measured.services = services.infos();
        // The noise gate reads this machine's CPUs: a target on a load agent has none of them (its cpuset and quota
        // are that machine's), so only the outside CPU here is judged.
        NoiseWindows noise = NoiseWindows.of(
                suite.hostOf(spec.name()) == null ? spec.limits() : Limits.NONE,
                suite.loadgen().cpuset(),
                services.cpus(),
                suite.gates().quietMaxCores());
        // A start-up scenario measures every start, the run's own first one included: each is judged as a window.
        String startupScenario = plan.scenarios().stream()
                .filter(name -> suite.scenario(name).kind() == ScenarioKind.STARTUP)
                .findFirst()
                .orElse(null);
        StartWindows starts = new StartWindows(startupScenario, noise, measured.noise);
        TargetProcess target = starts.judge(() -> start(plan, attempt, spec));
        measured.startup =
                new RunRecord.Startup(target.pid(), target.firstAcceptMillis(), target.readyMillis(), List.of());
        measured.info = records.targetInfo(spec, jdk, target, null, aotCache(spec));
        List<Long> startsMillis = new ArrayList<>();
        List<RunVerdict> verdicts = new ArrayList<>();
        for (String scenarioName : plan.scenarios()) {
            Scenario scenario = suite.scenario(scenarioName);
            if (scenario.kind() == ScenarioKind.STARTUP) {
                startsMillis.add(target.readyMillis());
                for (int i = 1; i < scenario.starts(); i++) {
                    listener.stage(plan, scenarioName + ": fresh start " + (i + 1) + " of " + scenario.starts());
                    stopCurrent(plan, spec);
                    target = starts.judge(() -> start(plan, attempt, spec));
                    startsMillis.add(target.readyMillis());
                }
                measured.results.add(new RunRecord.ScenarioResult(
                        scenarioName, scenario.kind(), null, Map.of(), Map.of(), List.of(), -1, List.of(), -1L, null));
                continue;
            }
            ScenarioMeasurement.Measured result = measurement.measure(plan, target, scenario, noise, profile);
            measured.results.add(result.result());
            recordings.await(measured.results.size() - 1, result.loadOrigin());
            measured.outsideCores = Math.max(measured.outsideCores, result.outsideCores());
            measured.noise.addAll(result.noise());
            if (result.irqCores() != null) {
                measured.irqCores =
                        measured.irqCores == null ? result.irqCores() : Math.max(measured.irqCores, result.irqCores());
            }
            measured.loadgenUtilization = Math.max(
                    measured.loadgenUtilization, result.result().load().engine().utilization());
            RunVerdict verdict = RunVerdict.ofScenario(
                    scenario, result.result().load(), target.alive() ? null : target.exitCode(), suite.gates());
            verdicts.add(verdict);
            if (verdict.stopsRun()) {
                // A target that died or answered wrongly has no speed worth measuring further.
                measured.lastLines = target.lastLogLines(RunContext.LOG_LINES_KEPT);
                break;
            }
        }
        if (target.alive() && jdk != null) {
            measured.info = records.targetInfo(
                    spec, jdk, target, parts.jvmFacts().read(target.pid(), jdk.home()), aotCache(spec));
        }
        measured.affinity = affinity(spec, target);
        if (!startsMillis.isEmpty()) {
            RunRecord.Startup first = measured.startup;
            measured.startup =
                    new RunRecord.Startup(first.pid(), first.firstAcceptMillis(), first.readyMillis(), startsMillis);
        }
        Map<String, WarmupEnd> warmupEnds = new java.util.HashMap<>();
        measured.results.stream()
                .filter(r -> r.load() != null && r.load().warmupEnd() != null)
                .forEach(r -> warmupEnds.put(r.scenario(), r.load().warmupEnd()));
        return RunVerdict.ofRun(verdicts, measured.noise, warmupEnds, suite.gates());
    }

    /** Starts a target; see {@link #start}. */
    @FunctionalInterface
    private interface Starter {
        TargetProcess start()
                throws IOException, TargetFailedException, IdentityMismatchException, InterruptedException;
    }

    /**
     * Reads the machine around each start of a run that measures start-up, so that the noise gate
     * judges the starts as it judges main: one window per start, from before its spawn to its ready
     * answer (the target's CPU counts from its spawn). Without a startup scenario starts pass unjudged.
     */
    private final class StartWindows {
        private final String scenario;
        private final NoiseWindows noise;
        private final List<RunRecord.NoiseWindow> windows;
        private double judgedSeconds;

        StartWindows(String scenario, NoiseWindows noise, List<RunRecord.NoiseWindow> windows) {
            this.scenario = scenario;
            this.noise = noise;
            this.windows = windows;
        }

        TargetProcess judge(Starter starter)
                throws IOException, TargetFailedException, IdentityMismatchException, InterruptedException {
            if (scenario == null) {
                return starter.start();
            }
            CpuMeter.Reading before = machine.read();
            TargetProcess target = starter.start();
            CpuMeter.Reading ready = machine.read();
            if (ready.atNanos() > before.atNanos()) {
                RunRecord.NoiseWindow window = noise.window(scenario, null, judgedSeconds, before, ready);
                windows.add(window);
                judgedSeconds += window.seconds();
            }
            return target;
        }
    }

    /** Where each process of the run may run, read while the target (and its database connections) still live. */
    private List<ProcessAffinity> affinity(TargetSpec spec, TargetProcess target) {
        List<ProcessAffinity> affinity = new ArrayList<>();
        long self = ProcessHandle.current().pid();
        String loadgen = Affinity.of(self);
        if (loadgen != null) {
            affinity.add(new ProcessAffinity("load generator", self, loadgen));
        }
        if (target.agent() == null) { // a target on a load agent has its pid on that machine
            affinity.addAll(Affinity.ofTree(
                    "target " + spec.name(), target.pid(), target.group().members()));
        }
        affinity.addAll(services.affinity());
        return affinity;
    }

    private TargetProcess start(RunPlan plan, int attempt, TargetSpec spec)
            throws IOException, TargetFailedException, IdentityMismatchException, InterruptedException {
        AotCaches.Outcome aot = aotCaches.get(spec.name());
        TargetProcess target = parts.targets()
                .start(
                        (aot instanceof AotCaches.Outcome.Ready ready ? spec.withExtraJvmArgs(ready.jvmArgs()) : spec)
                                .withProfile(profile),
                        services.env(),
                        store.log(plan, attempt),
                        pid -> ledger.remember(pid, "target " + spec.name()));
        current.set(target);
        // The JVM's cache warnings come first in the log, before whatever the application writes until it is ready.
        String warning = aot == null ? null : aotWarning(target.lastLogLines(Integer.MAX_VALUE));
        if (warning != null) {
            stopCurrent(plan, spec);
            throw new TargetFailedException(
                    "the JVM warned about its AOT cache as it started (" + warning.trim()
                            + "): the run would not measure the cache the suite names",
                    null,
                    target.lastLogLines(RunContext.LOG_LINES_KEPT));
        }
        return target;
    }

    /** The first line in which the JVM warns about, or rejects, its AOT cache (JDK 25 tags it aot, older cds); null if none. */
    public static String aotWarning(List<String> logLines) {
        return logLines.stream()
                .filter(line -> (line.contains("[warning") || line.contains("[error"))
                        && (line.contains("[aot") || line.contains("[cds")))
                .findFirst()
                .orElse(null);
    }

    /** What the target's AOT cache training made, when its runs start with one. */
    private RunRecord.AotCache aotCache(TargetSpec spec) {
        return aotCaches.get(spec.name()) instanceof AotCaches.Outcome.Ready ready ? ready.info() : null;
    }

    private void stopCurrent(RunPlan plan, TargetSpec spec) {
        TargetProcess target = current.getAndSet(null);
        if (target != null) {
            listener.stage(plan, "stopping " + spec.name());
            target.stop();
            ledger.forget(target.pid());
            if (recordings != null) {
                recordings.read(target.recording());
            }
        }
    }
}
