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
import dev.duel.suite.gate.DuetNoise;
import dev.duel.suite.gate.DuetVerdicts;
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

/**
 * One attempt at one planned run: wait for a quiet machine, time the host drift probe on the
 * target's CPUs, start the target fresh, measure its
 * scenarios in order (fresh restarts for a startup scenario, each start judged for noise like a
 * second of main), judge the run ({@link RunVerdict}),
 * stop the target, time the probe again, and return the record. A duet ({@link #runDuet}) does the same for two
 * targets at once, each scenario's two loads on the same seconds ({@link DuetLoad}). The targets being measured are
 * published in {@code live} so that an abort from another thread can stop them and the gates can leave their CPU out
 * of the noise. Not thread-safe: one attempt at a time.
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
    private final LiveTargets live;
    private final RunContext context;
    private final RunRecordAssembly records;
    /** By target name, the AOT cache its runs start with, or why its training failed; absent without a cache. */
    private final Map<String, AotCaches.Outcome> aotCaches;
    /** The probe's failure was said once: every run of the suite would fail it the same way. */
    private boolean probeFailureSaid;
    /** That the probe does not run for targets on load agents was said once. */
    private boolean probeElsewhereSaid;
    /** That no CPU is left for a warm-up apart was said once. */
    private boolean apartRefusalSaid;
    /** That a pair's compilers could not be raised (or put back) was said once. */
    private boolean compilersRefusalSaid;

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
        this.live = context.live();
        this.context = context;
        this.records = new RunRecordAssembly(suite, store, environmentFingerprint, resumedAcross);
        this.aotCaches = Map.copyOf(aotCaches);
    }

    /**
     * @throws SuiteException the target is not what it claims: its failed record is written and the
     *                        suite must stop
     */
    public RunRecord run(RunPlan plan, int attempt) throws SuiteException, InterruptedException {
        Instant startedAt = Instant.now();
        QuietGate.Outcome quiet = awaitQuiet(plan);
        Side side = new Side(plan);
        listener.stage(plan, "timing the host probe");
        side.probeBefore(probe(side.spec));
        listener.stage(plan, "starting " + side.spec.name());
        RunVerdict verdict;
        try {
            verdict = measure(side, attempt);
        } catch (TargetFailedException e) {
            verdict = RunVerdict.failed(e.getMessage());
            side.measured.lastLines = e.lastLogLines();
        } catch (IOException e) {
            verdict = RunVerdict.failed("the target could not be started: " + e.getMessage());
        } catch (IdentityMismatchException e) {
            throw refused(side, attempt, e, startedAt, quiet);
        } finally {
            stop(side);
        }
        listener.stage(plan, "timing the host probe again");
        side.probeAfter(probe(side.spec));
        return records.record(plan, attempt, verdict, startedAt, side.measured, quiet);
    }

    /**
     * Both targets of a pair at once (a duet, or an interleaved pair: {@code order}): one quiet gate, each side's host
     * probe, both started (a then b, each timed alone), each scenario's two loads on the same time line (a duet's at the
     * same instants, an interleaved pair's in turns), both stopped. A side whose run is discarded for noise takes its
     * partner with it (the pair is measured again together); a side that failed leaves its partner's record standing.
     *
     * @return the two records, in the order of the plans
     * @throws SuiteException a target is not what it claims: its failed record is written and the suite must stop
     */
    public List<RunRecord> runDuet(RunPlan first, RunPlan second, int attempt)
            throws SuiteException, InterruptedException {
        Instant startedAt = Instant.now();
        QuietGate.Outcome quiet = awaitQuiet(first);
        List<Side> sides = List.of(new Side(first), new Side(second));
        dev.duel.record.PairDesign design = suite.order() == Suite.Order.INTERLEAVED
                ? dev.duel.record.PairDesign.INTERLEAVED
                : dev.duel.record.PairDesign.SIMULTANEOUS;
        sides.get(0).measured.duet = new RunRecord.Duet(second.index(), second.target(), design);
        sides.get(1).measured.duet = new RunRecord.Duet(first.index(), first.target(), design);
        listener.stage(first, "timing the host probe");
        for (Side side : sides) {
            side.probeBefore(probe(side.spec));
        }
        List<RunVerdict> verdicts;
        try {
            verdicts = measureDuet(sides, attempt);
        } catch (SideFailedException e) {
            verdicts = DuetVerdicts.failed(e.side, e.getMessage(), stems(sides));
            sides.get(e.side).measured.lastLines = e.lastLines;
        } catch (IdentityMismatchException e) {
            // The sides start in order: the one refused is the first without a target (stopping comes after this).
            Side wrong = sides.stream()
                    .filter(side -> side.target == null)
                    .findFirst()
                    .orElseThrow();
            throw refused(wrong, attempt, e, startedAt, quiet);
        } finally {
            sides.forEach(this::stop);
        }
        listener.stage(first, "timing the host probe again");
        for (Side side : sides) {
            side.probeAfter(probe(side.spec));
        }
        verdicts = DuetVerdicts.paired(verdicts, stems(sides));
        List<RunRecord> made = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            Side side = sides.get(i);
            made.add(records.record(side.plan, attempt, verdicts.get(i), startedAt, side.measured, quiet));
        }
        return made;
    }

    private static List<String> stems(List<Side> sides) {
        return sides.stream().map(side -> side.plan.fileStem()).toList();
    }

    private QuietGate.Outcome awaitQuiet(RunPlan plan) throws InterruptedException {
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
        return quiet;
    }

    /** A target that is not what it claims: its failed record written, the suite to stop. */
    private SuiteException refused(
            Side side, int attempt, IdentityMismatchException e, Instant startedAt, QuietGate.Outcome quiet) {
        RunRecord refused =
                records.record(side.plan, attempt, RunVerdict.failed(e.getMessage()), startedAt, side.measured, quiet);
        try {
            store.write(side.plan, refused, true);
        } catch (IOException io) {
            e.addSuppressed(io);
        }
        return new SuiteException(e.getMessage(), e);
    }

    /** One target's part of an attempt: its plan, what it runs on, what was measured, the process while it runs. */
    private final class Side {
        final RunPlan plan;
        final TargetSpec spec;
        final Jdk jdk;
        final AttemptMeasurements measured;
        /** What the attempt watches inside the target. */
        final Profile profile;
        /** The scenarios whose timeline waits for the running target's recording. */
        final FlightRecordings recordings;

        TargetProcess target;
        private HostProbe.Reading probeBefore;

        Side(RunPlan plan) {
            this.plan = plan;
            this.spec = suite.target(plan.target());
            // A target on a load agent runs on that machine's JDK: this machine's JDK of the same name says nothing of
            // it.
            boolean hosted = suite.hostOf(spec.name()) != null;
            this.jdk = spec.java() == null || hosted ? null : parts.jdks().resolve(spec.java());
            this.measured = new AttemptMeasurements(records.targetInfo(spec, jdk, null, null, aotCache(spec)));
            // Threads are read from this machine's /proc and a flight recording is written on the target's machine.
            this.profile = hosted
                    ? Profile.NONE
                    : Profiles.of(
                            spec,
                            plan.scenarios().stream()
                                    .map(name -> suite.scenario(name).kind())
                                    .toList());
            this.recordings = new FlightRecordings(measured.results, store.directory(), parts.runtime());
        }

        /** On a quiet machine, before the target exists: the host's speed on the CPUs the target will get. */
        void probeBefore(HostProbe.Reading reading) {
            probeBefore = reading;
            measured.hostProbe = new HostProbe(reading, null);
        }

        void probeAfter(HostProbe.Reading reading) {
            measured.hostProbe = new HostProbe(probeBefore, reading);
        }

        /** The noise gate of this side: the machine's CPUs it and the load generator use. */
        NoiseWindows noise() {
            // The noise gate reads this machine's CPUs: a target on a load agent has none of them (its cpuset and
            // quota are that machine's), so only the outside CPU here is judged.
            return NoiseWindows.of(
                    suite.hostOf(spec.name()) == null ? spec.limits() : Limits.NONE,
                    suite.loadgen().cpuset(),
                    services.cpus(),
                    suite.gates().quietMaxCores());
        }
    }

    /** One side of a duet failed to start or to be reached: the pair has no measurement. */
    private static final class SideFailedException extends Exception {
        private static final long serialVersionUID = 1L;
        final int side;
        final transient List<String> lastLines;

        SideFailedException(int side, String message, List<String> lastLines) {
            super(message);
            this.side = side;
            this.lastLines = lastLines == null ? List.of() : List.copyOf(lastLines);
        }
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

    private RunVerdict measure(Side side, int attempt)
            throws IOException, TargetFailedException, IdentityMismatchException, InterruptedException {
        RunPlan plan = side.plan;
        TargetSpec spec = side.spec;
        AttemptMeasurements measured = side.measured;
        refuseWithoutCache(spec);
        measured.services = services.infos();
        NoiseWindows noise = side.noise();
        // A start-up scenario measures every start, the run's own first one included: each is judged as a window.
        String startupScenario = plan.scenarios().stream()
                .filter(name -> suite.scenario(name).kind() == ScenarioKind.STARTUP)
                .findFirst()
                .orElse(null);
        StartWindows starts = new StartWindows(machine, startupScenario, noise, measured.noise);
        TargetProcess target = starts.judge(() -> start(side, attempt));
        measured.startup =
                new RunRecord.Startup(target.pid(), target.firstAcceptMillis(), target.readyMillis(), List.of());
        measured.info = records.targetInfo(spec, side.jdk, target, null, aotCache(spec));
        List<Long> startsMillis = new ArrayList<>();
        List<RunVerdict> verdicts = new ArrayList<>();
        for (String scenarioName : plan.scenarios()) {
            Scenario scenario = suite.scenario(scenarioName);
            if (scenario.kind() == ScenarioKind.STARTUP) {
                startsMillis.add(target.readyMillis());
                for (int i = 1; i < scenario.starts(); i++) {
                    listener.stage(plan, scenarioName + ": fresh start " + (i + 1) + " of " + scenario.starts());
                    stop(side);
                    target = starts.judge(() -> start(side, attempt));
                    startsMillis.add(target.readyMillis());
                }
                measured.results.add(new RunRecord.ScenarioResult(
                        scenarioName,
                        scenario.kind(),
                        null,
                        Map.of(),
                        Map.of(),
                        List.of(),
                        -1,
                        List.of(),
                        -1L,
                        null,
                        null));
                continue;
            }
            ScenarioMeasurement.Measured result = measurement.measure(plan, target, scenario, noise, side.profile);
            RunVerdict verdict = counted(side, scenario, result);
            verdicts.add(verdict);
            if (verdict.stopsRun()) {
                break;
            }
        }
        if (!startsMillis.isEmpty()) {
            RunRecord.Startup first = measured.startup;
            measured.startup =
                    new RunRecord.Startup(first.pid(), first.firstAcceptMillis(), first.readyMillis(), startsMillis);
        }
        return ended(side, verdicts);
    }

    /**
     * Both sides of a duet: started one after the other, then each scenario's two loads at once, side 0's on this
     * thread (its progress is shown) and side 1's on another, on the same seconds ({@link DuetLoad}).
     */
    private List<RunVerdict> measureDuet(List<Side> sides, int attempt)
            throws SideFailedException, IdentityMismatchException, InterruptedException {
        List<NoiseWindows> noise = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            Side side = sides.get(i);
            listener.stage(side.plan, "starting " + side.spec.name());
            try {
                refuseWithoutCache(side.spec);
                side.measured.services = services.infos();
                noise.add(side.noise());
                TargetProcess target = start(side, attempt);
                side.measured.startup = new RunRecord.Startup(
                        target.pid(), target.firstAcceptMillis(), target.readyMillis(), List.of());
                side.measured.info = records.targetInfo(side.spec, side.jdk, target, null, aotCache(side.spec));
            } catch (TargetFailedException e) {
                throw new SideFailedException(i, e.getMessage(), e.lastLogLines());
            } catch (IOException e) {
                throw new SideFailedException(i, "the target could not be started: " + e.getMessage(), null);
            }
        }
        // The second side's progress is not shown: the listener is the runner's, called from this thread only.
        ScenarioMeasurement silent = new ScenarioMeasurement(
                parts.load(),
                machine,
                services,
                SuiteListener.NONE,
                suite.loadgen().threads(),
                parts.runtime(),
                context.hostSpeed());
        List<List<RunVerdict>> verdicts = List.of(new ArrayList<>(), new ArrayList<>());
        java.util.concurrent.ExecutorService partner = java.util.concurrent.Executors.newSingleThreadExecutor(r -> {
            Thread thread = new Thread(r, "duel-duet-" + sides.get(1).spec.name());
            thread.setDaemon(true);
            return thread;
        });
        Suite.Interleave interleave = suite.interleave();
        // An interleaved pair's noise gate judges both targets' CPU together: one idles while the other holds the load.
        java.util.function.LongSupplier pairCpu =
                () -> sides.get(0).target.read().cpuNanos()
                        + sides.get(1).target.read().cpuNanos();
        // A warm-up apart: the side started second warms up on a CPU of its own and comes back in the gap.
        String apart = interleave != null && interleave.warmup() == Suite.Interleave.Warmup.APART
                ? apartCpus(sides.get(1).spec)
                : null;
        if (apart == null && interleave != null && interleave.warmup() == Suite.Interleave.Warmup.APART) {
            interleave = new Suite.Interleave(
                    interleave.slice(),
                    Suite.Interleave.Warmup.IN_TURNS,
                    FALLBACK_TURN,
                    interleave.compilers(),
                    interleave.stable());
        }
        // A warm-up spread: both sides over every online CPU for it, each back on its own in the gap.
        String spread = interleave != null && interleave.warmup() == Suite.Interleave.Warmup.SPREAD
                ? Affinity.onlineCpus()
                : null;
        DuetLoad.HostFactors hostFactors = interleave == null ? DuetLoad.HostFactors.NONE : hostFactors(sides, spread);
        try {
            List<String> scenarios = sides.get(0).plan.scenarios();
            for (int s = 0; s < scenarios.size(); s++) {
                Scenario scenario = suite.scenario(scenarios.get(s));
                // The steady stretch each side's warm-up ends on: the engine's own, or the pair's (interleave.stable),
                // which is also the window its compiler must have been quiet over.
                int stableSeconds = interleave == null
                        ? dev.duel.analysis.WarmupStop.Settings.DEFAULT.stableSeconds()
                        : interleave.stableSeconds();
                DuetLoad duet = new DuetLoad(
                        new dev.duel.load.SteadyStateJudge(
                                dev.duel.analysis.WarmupStop.Settings.DEFAULT.withStableSeconds(stableSeconds)),
                        interleave == null ? 0 : (int) interleave.warmupTurn().toSeconds(),
                        hostFactors,
                        stableSeconds);
                CpuMove[] backs = new CpuMove[2];
                if (apart != null) {
                    Side moving = sides.get(1);
                    move(moving, 1, apart, "apart");
                    backs[1] = new CpuMove(moving, home(moving.spec));
                }
                if (spread != null) {
                    for (int i = 0; i < 2; i++) {
                        Side moving = sides.get(i);
                        if (!dev.duel.record.CpuList.parse(home(moving.spec))
                                .equals(dev.duel.record.CpuList.parse(spread))) {
                            move(moving, i, spread, "spread");
                            backs[i] = new CpuMove(moving, home(moving.spec));
                        }
                    }
                }
                // Both sides' compilers raised for a warm-up on the CPUs they share, put back as each warm-up ends.
                List<CompilerBoost> boosts = new ArrayList<>();
                if (interleave != null && interleave.raisesCompilers()) {
                    for (Side side : sides) {
                        boosts.add(CompilerBoost.start(parts.runtime(), side.target, this::compilersLeftAsTheyAre));
                    }
                }
                List<Pairing> pairings = new ArrayList<>();
                for (int i = 0; i < 2; i++) {
                    Side side = sides.get(i);
                    int index = i;
                    Runnable moveBack = backs[i] != null ? backs[i] : () -> {};
                    pairings.add(new Pairing(
                            duet.gate(i),
                            duet.judge(i),
                            interleave == null
                                    ? dev.duel.load.Turns.ALWAYS
                                    : interleave.turns(i, blockSeed(sides.get(0).plan, s)),
                            interleave == null ? () -> side.target.read().cpuNanos() : pairCpu,
                            () -> {
                                if (!boosts.isEmpty()) {
                                    boosts.get(index).end();
                                }
                                moveBack.run();
                            },
                            compiler -> duet.watchCompiler(index, cores(side.spec), compiler)));
                }
                java.util.concurrent.Future<ScenarioMeasurement.Measured> second = partner.submit(
                        () -> measureSide(silent, sides.get(1), 1, scenario, noise.get(1), duet, pairings.get(1)));
                ScenarioMeasurement.Measured first;
                ScenarioMeasurement.Measured other;
                try {
                    try {
                        first = measureSide(
                                measurement, sides.get(0), 0, scenario, noise.get(0), duet, pairings.get(0));
                    } catch (TargetFailedException e) {
                        awaitQuietly(second);
                        throw new SideFailedException(0, e.getMessage(), e.lastLogLines());
                    }
                    try {
                        other = second.get();
                    } catch (java.util.concurrent.ExecutionException e) {
                        if (e.getCause() instanceof TargetFailedException failed) {
                            throw new SideFailedException(1, failed.getMessage(), failed.lastLogLines());
                        }
                        throw new IllegalStateException("the duet partner's measurement failed", e.getCause());
                    }
                } finally {
                    boosts.forEach(CompilerBoost::end); // a load that ended before main: back all the same
                }
                for (int i = 0; i < 2; i++) {
                    Side side = sides.get(i);
                    Integer nice = boosts.isEmpty() ? null : boosts.get(i).heldNice();
                    // The run's warm-ups count as raised only when every one of its scenarios' was.
                    side.measured.duet = side.measured.duet.withWarmupCompilerNice(
                            s == 0 || side.measured.duet.warmupCompilerNice() != null ? nice : null);
                    if (backs[i] != null) {
                        side.measured.duet =
                                side.measured.duet.withWarmupCpus(i == 1 && apart != null ? apart : spread);
                    }
                }
                for (int i = 0; i < 2; i++) {
                    CpuMove back = backs[i];
                    if (back != null && back.failure != null) {
                        // Main's slices ran with a side on other CPUs than its own: not a comparison of the two.
                        throw new SideFailedException(
                                i,
                                "could not move " + sides.get(i).spec.name() + " back to CPU " + back.cpus
                                        + " after its warm-up " + (apart != null ? "apart" : "spread") + ": "
                                        + back.failure,
                                null);
                    }
                }
                if (interleave == null) {
                    // What took CPU from both alike cancels in the comparison: only a one-sided disturbance counts.
                    List<List<RunRecord.NoiseWindow>> judged = DuetNoise.judge(first.noise(), other.noise());
                    first = first.withNoise(judged.get(0));
                    other = other.withNoise(judged.get(1));
                }
                boolean stops = false;
                for (int i = 0; i < 2; i++) {
                    RunVerdict verdict = counted(sides.get(i), scenario, i == 0 ? first : other);
                    verdicts.get(i).add(verdict);
                    stops |= verdict.stopsRun();
                }
                if (stops) {
                    break;
                }
            }
        } finally {
            partner.shutdownNow();
        }
        return List.of(ended(sides.get(0), verdicts.get(0)), ended(sides.get(1), verdicts.get(1)));
    }

    /** One side's load of a paired scenario; it leaves the pair however it ends, so its partner never waits for it. */
    private static ScenarioMeasurement.Measured measureSide(
            ScenarioMeasurement measurement,
            Side side,
            int index,
            Scenario scenario,
            NoiseWindows noise,
            DuetLoad duet,
            Pairing pairing)
            throws TargetFailedException {
        try {
            return measurement.measure(side.plan, side.target, scenario, noise, side.profile, pairing);
        } finally {
            duet.leave(index);
        }
    }

    /**
     * The CPU a side warms up on apart from its partner: an online CPU neither the targets nor the load generator are
     * pinned to; null, said once, where there is none (a 2-CPU machine: its target on CPU 0 and the generator on CPU 1).
     * Measured there, a side warmed beside the generator, or both targets and the generator over two CPUs, settled on a
     * plateau of 5k requests/s that was the contention's, then climbed to 30k in main's slices: its compiler starved.
     * Then the two warm up in turns on the targets' CPUs instead ({@link #FALLBACK_TURN}), each with the whole CPU in
     * its turns and its compiler sharing it in the other's.
     */
    private String apartCpus(TargetSpec spec) {
        java.util.Set<Integer> online = dev.duel.record.CpuList.parse(Affinity.onlineCpus());
        java.util.Set<Integer> taken = new java.util.HashSet<>(
                dev.duel.record.CpuList.parse(suite.loadgen().cpuset()));
        suite.targets().forEach(target -> taken.addAll(dev.duel.record.CpuList.parse(home(target))));
        List<Integer> free =
                online.stream().filter(cpu -> !taken.contains(cpu)).sorted().toList();
        if (free.isEmpty() || spec.limits().cpuset() == null) {
            if (!apartRefusalSaid) {
                apartRefusalSaid = true;
                listener.message("no CPU is free of the targets and the load generator for a warm-up apart: the two"
                        + " sides of each pair warm up in turns of " + FALLBACK_TURN.toSeconds() + " s on the targets'"
                        + " CPUs");
            }
            return null;
        }
        return String.valueOf(free.get(0));
    }

    /** Said once per suite: a pair's compilers could not be raised for its warm-up, or put back. */
    private void compilersLeftAsTheyAre(String why) {
        if (!compilersRefusalSaid) {
            compilersRefusalSaid = true;
            listener.message("the JIT compiler threads of a pair's warm-up were left as the JVM has them ("
                    + "interleave.compilers: raised): " + why);
        }
    }

    /** The turn of a warm-up apart that found no CPU of its own. */
    static final java.time.Duration FALLBACK_TURN = java.time.Duration.ofSeconds(4);

    /**
     * The host's speed on the pair's CPUs, per second from a start, as the factors that bring each second to the
     * usual speed (the median of the seconds so far; the mean over the CPUs where a target has several).
     */
    private DuetLoad.HostFactors hostFactors(List<Side> sides, String spread) {
        java.util.Set<String> cpus = new java.util.TreeSet<>();
        for (Side side : sides) {
            dev.duel.record.CpuList.parse(home(side.spec)).forEach(cpu -> cpus.add(String.valueOf(cpu)));
        }
        if (spread != null) {
            // Warmed up over every CPU: each one's speed moves the sides' series, the judge's only reader of these.
            dev.duel.record.CpuList.parse(spread).forEach(cpu -> cpus.add(String.valueOf(cpu)));
        }
        return (startNanos, seconds) -> {
            double[] factors = new double[seconds];
            java.util.Arrays.fill(factors, 1);
            dev.duel.record.HostSpeed speed =
                    context.hostSpeed().between(startNanos, startNanos + seconds * 1_000_000_000L);
            if (speed == null) {
                return factors;
            }
            double[] mean = new double[seconds];
            List<Double> known = new ArrayList<>();
            for (int s = 0; s < seconds; s++) {
                double sum = 0;
                int count = 0;
                for (String cpu : cpus) {
                    List<Double> series = speed.of(cpu);
                    Double value = series == null || s >= series.size() ? null : series.get(s);
                    if (value != null) {
                        sum += value;
                        count++;
                    }
                }
                mean[s] = count == 0 ? Double.NaN : sum / count;
                if (count > 0) {
                    known.add(mean[s]);
                }
            }
            if (known.isEmpty()) {
                return factors;
            }
            java.util.Collections.sort(known);
            double usual = known.get(known.size() / 2);
            for (int s = 0; s < seconds; s++) {
                if (mean[s] > 0) {
                    factors[s] = usual / mean[s];
                }
            }
            return factors;
        };
    }

    /** The cores a side's target may use: its CPU limit, or the number of its CPUs. */
    private static double cores(TargetSpec spec) {
        return spec.limits().cpus() != null
                ? spec.limits().cpus()
                : dev.duel.record.CpuList.parse(home(spec)).size();
    }

    /** The CPUs a side's target lives on: its cpuset, or every online CPU. */
    private static String home(TargetSpec spec) {
        return spec.limits().cpuset() != null ? spec.limits().cpuset() : Affinity.onlineCpus();
    }

    /** Moves side {@code index} to {@code cpus} for its warm-up {@code how} ("apart", "spread"). */
    private void move(Side side, int index, String cpus, String how) throws SideFailedException, InterruptedException {
        try {
            side.target.moveTo(cpus);
        } catch (IOException e) {
            throw new SideFailedException(
                    index,
                    "could not move " + side.spec.name() + " to CPU " + cpus + " for its warm-up " + how + ": "
                            + e.getMessage(),
                    null);
        }
    }

    /**
     * Moves a side back to its CPUs when its warm-up apart ends (the engine's control thread calls it in the gap);
     * what went wrong is kept for the measurement to fail with, since a side on other CPUs in main compares nothing.
     */
    private static final class CpuMove implements Runnable {
        final Side side;
        final String cpus;
        volatile String failure;

        CpuMove(Side side, String cpus) {
            this.side = side;
            this.cpus = cpus;
        }

        @Override
        public void run() {
            try {
                side.target.moveTo(cpus);
            } catch (IOException e) {
                failure = e.getMessage();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                failure = "interrupted";
            }
        }
    }

    /**
     * The seed of an interleaved pair's block orders in one scenario: from the suite's seed, the pair's repetition and
     * the scenario's place alone, so that a resumed suite, or a pair measured again, draws what was planned, and each
     * repetition and scenario its own orders.
     */
    private long blockSeed(RunPlan plan, int scenario) {
        long mixed = suite.seed() * 0x9E3779B97F4A7C15L + plan.repetition() * 0xBF58476D1CE4E5B9L + scenario;
        return mixed ^ (mixed >>> 29);
    }

    private static void awaitQuietly(java.util.concurrent.Future<?> future) throws InterruptedException {
        try {
            future.get();
        } catch (java.util.concurrent.ExecutionException e) {
            // the first side's failure is the one reported
        }
    }

    /** Never a silent run without the cache: the arm measured would not be the one the suite names. */
    private void refuseWithoutCache(TargetSpec spec) throws TargetFailedException {
        if (aotCaches.get(spec.name()) instanceof AotCaches.Outcome.Failed failed) {
            throw new TargetFailedException(failed.reason(), null, failed.lastLogLines());
        }
    }

    /** Adds one scenario's result to the side's measurements and judges it. */
    private RunVerdict counted(Side side, Scenario scenario, ScenarioMeasurement.Measured result) {
        AttemptMeasurements measured = side.measured;
        measured.results.add(result.result());
        side.recordings.await(measured.results.size() - 1, result.loadOrigin());
        measured.outsideCores = Math.max(measured.outsideCores, result.outsideCores());
        measured.noise.addAll(result.noise());
        if (result.irqCores() != null) {
            measured.irqCores =
                    measured.irqCores == null ? result.irqCores() : Math.max(measured.irqCores, result.irqCores());
        }
        measured.loadgenUtilization = Math.max(
                measured.loadgenUtilization, result.result().load().engine().utilization());
        TargetProcess target = side.target;
        RunVerdict verdict = RunVerdict.ofScenario(
                scenario, result.result().load(), target.alive() ? null : target.exitCode(), suite.gates());
        if (verdict.stopsRun()) {
            // A target that died or answered wrongly has no speed worth measuring further.
            measured.lastLines = target.lastLogLines(RunContext.LOG_LINES_KEPT);
        }
        return verdict;
    }

    /** After the side's last scenario: what its JVM says of itself, where its processes ran, and the run's verdict. */
    private RunVerdict ended(Side side, List<RunVerdict> verdicts) {
        AttemptMeasurements measured = side.measured;
        TargetProcess target = side.target;
        if (target.alive() && side.jdk != null) {
            measured.info = records.targetInfo(
                    side.spec,
                    side.jdk,
                    target,
                    parts.jvmFacts().read(target.pid(), side.jdk.home()),
                    aotCache(side.spec));
        }
        measured.affinity = affinity(side.spec, target);
        Map<String, WarmupEnd> warmupEnds = new java.util.HashMap<>();
        measured.results.stream()
                .filter(r -> r.load() != null && r.load().warmupEnd() != null)
                .forEach(r -> warmupEnds.put(r.scenario(), r.load().warmupEnd()));
        // An interleaved side's scenarios are judged by main's blocks, which a disturbance or a flip of the host's
        // speed on the CPUs of main leaves out of both sides.
        List<String> mainCpus = dev.duel.record.CpuList.parse(home(side.spec)).stream()
                .map(String::valueOf)
                .toList();
        Map<String, RunVerdict.InterleavedMain> interleaved = new java.util.HashMap<>();
        measured.results.stream()
                .filter(r -> r.load() != null && r.load().interleaved())
                .forEach(r -> interleaved.put(
                        r.scenario(), new RunVerdict.InterleavedMain(r.load().slices(), r.hostSpeed(), mainCpus)));
        return RunVerdict.ofRun(verdicts, measured.noise, warmupEnds, interleaved, suite.gates());
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

    private TargetProcess start(Side side, int attempt)
            throws IOException, TargetFailedException, IdentityMismatchException, InterruptedException {
        TargetSpec spec = side.spec;
        AotCaches.Outcome aot = aotCaches.get(spec.name());
        TargetProcess target = parts.targets()
                .start(
                        (aot instanceof AotCaches.Outcome.Ready ready ? spec.withExtraJvmArgs(ready.jvmArgs()) : spec)
                                .withProfile(side.profile),
                        services.env(),
                        store.log(side.plan, attempt),
                        ledger.noting("target " + spec.name()));
        side.target = target;
        live.add(target);
        // The JVM's cache warnings come first in the log, before whatever the application writes until it is ready.
        String warning = aot == null ? null : aotWarning(target.lastLogLines(Integer.MAX_VALUE));
        if (warning != null) {
            stop(side);
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

    /** Stops the side's target, if it runs, and reads its flight recording, which exists once it stopped. */
    private void stop(Side side) {
        TargetProcess target = side.target;
        if (target != null) {
            side.target = null;
            listener.stage(side.plan, "stopping " + side.spec.name());
            live.remove(target);
            target.stop();
            ledger.forget(target.pid());
            side.recordings.read(target.recording());
        }
    }
}
