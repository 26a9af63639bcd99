package dev.duel.suite;

import dev.duel.load.ProgressListener;
import dev.duel.record.JvmFacts;
import dev.duel.record.Phase;
import dev.duel.record.SampleRecords;
import dev.duel.record.load.FailureKind;
import dev.duel.record.load.LatencySummary;
import dev.duel.record.load.LoadResult;
import dev.duel.record.load.PhaseResult;
import dev.duel.record.load.PlanSettings;
import dev.duel.record.load.SecondResult;
import dev.duel.record.load.WarmupEnd;
import dev.duel.record.load.WarmupMode;
import dev.duel.record.runtime.Profile;
import dev.duel.targets.IdentityMismatchException;
import dev.duel.targets.JdkResolver;
import dev.duel.targets.LimitedGroup;
import dev.duel.targets.ResourceReading;
import dev.duel.targets.RunQueueWaits;
import dev.duel.targets.TargetProcess;
import dev.duel.targets.TargetSpec;
import dev.duel.targets.runtime.JfrEvents;
import dev.duel.targets.runtime.ThreadCpuSample;
import dev.duel.targets.runtime.ThreadCpuSource;
import dev.duel.targets.runtime.ThreadKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntToDoubleFunction;
import java.util.function.LongSupplier;
import org.HdrHistogram.Histogram;

/**
 * A whole machine for a {@link SuiteRunner}, simulated: a clock that moves only when the runner
 * waits, a target starts (0.9 s) or a fake load run says so; two CPUs, the target's (CPU 0) and the
 * others' (CPU 1), with CPU used outside duel at rates a test sets (on CPU 1, or a busy loop on the
 * target's CPU 0 that takes from the target), and interrupt time on CPU 0; targets that use what
 * is left of CPU 0 from their start (their one thread waiting on the run queue while a busy loop holds it); and a
 * load engine that returns what a test scripts, reporting
 * each second of main as the real one does. No process, socket or sleep: a suite of several runs
 * takes milliseconds. Thread-safe where the runner needs it (its memory sampler reads targets from
 * another thread).
 */
final class FakeMachine {
    private static final int CPUS = 2;
    private static final int TARGET_CPU = 0;
    private final AtomicLong nowNanos = new AtomicLong(1_000_000_000L);
    /** The wall clock at the fake clock's 0. */
    static final Instant FAKE_EPOCH = Instant.parse("2026-11-30T06:00:00Z");

    private volatile JfrEvents recordingEvents;
    /** Per CPU: busy (not interrupt), interrupt and idle time so far, nanoseconds. */
    private final long[][] cpuNanos = new long[CPUS][3];

    private volatile double outsideCoresBetweenRuns;
    private volatile double outsideCoresDuringMain;
    /** A busy loop on the target's CPU in each second of main (by second), in cores it takes from the target. */
    private volatile IntToDoubleFunction loopOnTargetCpuInMain = second -> 0;
    /** The same in each second of warm-up (by second of the load). */
    private volatile IntToDoubleFunction loopOnTargetCpuInWarmup = second -> 0;
    /** An auto warm-up found steady from this second of the load on; -1: a fixed warm-up. */
    private volatile int warmupSteadySince = -1;
    /** A busy loop on the target's CPU while a target starts, in cores. */
    private volatile double loopOnTargetCpuDuringStarts;
    /** Interrupt work on the target's CPU during main (the benchmark's own packets), cores. */
    private volatile double irqOnTargetCpuDuringMain;

    private volatile int mainSeconds = 2;
    /** Whole seconds of each load run's warm-up; 0 keeps the short warm-up most tests need (1 s, one second kept). */
    private volatile int steadyWarmupSeconds = 0;

    private final AtomicInteger started = new AtomicInteger();
    /** What each load run returns, in order; the last one repeats. */
    private final List<Script> scripts = new ArrayList<>();

    private final AtomicInteger loadRuns = new AtomicInteger();
    private volatile Runnable duringMain = () -> {};
    private final List<FakeTarget> targets = new java.util.concurrent.CopyOnWriteArrayList<>();
    /** Every start fails its identity check with this, when set. */
    private volatile IdentityMismatchException identityOnStart;
    /** The current target exited (a script said it dies during its load run). */
    private volatile boolean currentTargetDied;

    final ConcurrentLinkedQueue<String> events = new ConcurrentLinkedQueue<>();
    /** The JVM arguments of each start, in order. */
    final ConcurrentLinkedQueue<List<String>> startedJvmArgs = new ConcurrentLinkedQueue<>();
    /** Whether a target started with -XX:AOTCacheOutput=FILE writes FILE when stopped, as a JDK 25 JVM does. */
    private volatile boolean writesAotCache = true;
    /** Log lines of every target after its start (what its JVM said). */
    private volatile List<String> logLines = List.of();
    /** Each host probe: its CPUs, how many targets had started before it, and whether one was running. */
    final ConcurrentLinkedQueue<String> probes = new ConcurrentLinkedQueue<>();
    /** The host's speed at the n-th probe (0-based), in probe units per second; null: the probe cannot run. */
    private volatile java.util.function.IntFunction<Double> probeUnitsPerSecond = n -> 200.0;

    /** How one load run goes: its main phase's requests/s, failures, the engine's utilization, and whether the target dies in it. */
    record Script(double okPerSecond, Map<FailureKind, Long> failures, double loadgenUtilization, boolean targetDies) {
        static Script clean() {
            return new Script(1_000, Map.of(), 0.2, false);
        }
    }

    FakeMachine outsideBetweenRuns(double cores) {
        outsideCoresBetweenRuns = cores;
        return this;
    }

    FakeMachine outsideDuringMain(double cores) {
        outsideCoresDuringMain = cores;
        return this;
    }

    /** A busy loop pinned to the target's CPU, taking {@code coresAtSecond} of it in each second of main. */
    FakeMachine loopOnTargetCpuInMain(IntToDoubleFunction coresAtSecond) {
        loopOnTargetCpuInMain = coresAtSecond;
        return this;
    }

    /** A busy loop on the target's CPU in each second of warm-up, by the load's second. */
    FakeMachine loopOnTargetCpuInWarmup(IntToDoubleFunction coresAtSecond) {
        loopOnTargetCpuInWarmup = coresAtSecond;
        return this;
    }

    /**
     * Each load run's warm-up is an auto one that the judge found steady from the load's second {@code second} on (at
     * most the warm-up's last second): its record's {@code warmupEnd} says so.
     */
    FakeMachine warmupSteadySince(int second) {
        warmupSteadySince = second;
        return this;
    }

    FakeMachine loopOnTargetCpuDuringStarts(double cores) {
        loopOnTargetCpuDuringStarts = cores;
        return this;
    }

    FakeMachine irqOnTargetCpuDuringMain(double cores) {
        irqOnTargetCpuDuringMain = cores;
        return this;
    }

    /** How long each load run's main phase lasts, whole seconds (2 unless set). */
    FakeMachine mainSeconds(int seconds) {
        mainSeconds = seconds;
        return this;
    }

    /**
     * Each load run warms up for {@code seconds} whole seconds and its record holds every second of warm-up and main
     * at the script's rate: a run steady from its first second, as the repetitions rule and the report need.
     */
    FakeMachine steadyWarmupSeconds(int seconds) {
        steadyWarmupSeconds = seconds;
        return this;
    }

    FakeMachine script(Script... runs) {
        scripts.addAll(List.of(runs));
        return this;
    }

    /** Targets stopped after an AOT training leave no cache (killed before the JVM wrote it, say). */
    FakeMachine writesNoAotCache() {
        writesAotCache = false;
        return this;
    }

    /** Every target's log holds these lines once started. */
    FakeMachine logLines(String... lines) {
        logLines = List.of(lines);
        return this;
    }

    FakeMachine identityFailsWith(String message) {
        identityOnStart = new IdentityMismatchException(message);
        return this;
    }

    /** Runs {@code action} in the middle of each load run's main phase (an abort from another thread, say). */
    FakeMachine duringMain(Runnable action) {
        duringMain = action;
        return this;
    }

    /** The host's speed at each probe, by its 0-based number; null makes that probe fail. */
    FakeMachine hostSpeed(java.util.function.IntFunction<Double> unitsPerSecondAtProbe) {
        probeUnitsPerSecond = unitsPerSecondAtProbe;
        return this;
    }

    private dev.duel.record.HostProbe.Reading probe(String cpuset) throws java.io.IOException {
        int number = probes.size();
        boolean running = targets.stream().anyMatch(t -> t.alive);
        probes.add(
                "probe " + cpuset + " after " + started.get() + " start(s)" + (running ? " WHILE A TARGET RAN" : ""));
        Double rate = probeUnitsPerSecond.apply(number);
        if (rate == null) {
            throw new java.io.IOException("cannot pin the host probe: install taskset");
        }
        return new dev.duel.record.HostProbe.Reading(
                "17.0.15", cpuset == null ? "0-1" : cpuset, 100, 100_000 / rate, rate, 100_000 / rate, 0.0, null);
    }

    int loadRuns() {
        return loadRuns.get();
    }

    /** Moves the clock, the outside world using {@code outsideCores} of CPU 1 meanwhile. */
    private void advance(Duration duration, double outsideCores) {
        advance(duration, outsideCores, 0, 0);
    }

    /**
     * Moves the clock: CPU 1 busy {@code outsideCores}; on CPU 0 a busy loop of {@code loopCores} and
     * interrupts of {@code irqCores}, the live target using the rest of it.
     */
    private synchronized void advance(Duration duration, double outsideCores, double loopCores, double irqCores) {
        long nanos = duration.toNanos();
        FakeTarget live = targets.stream().filter(t -> t.alive).findFirst().orElse(null);
        double targetCores = live == null ? 0 : Math.max(0, 1 - loopCores - irqCores);
        if (live != null) {
            live.cpuNanos.addAndGet(Math.round(nanos * targetCores));
            // Its one thread waits on the run queue while the busy loop holds its CPU.
            live.runQueueWaitNanos.addAndGet(Math.round(nanos * Math.min(1, loopCores)));
        }
        add(TARGET_CPU, nanos, loopCores + targetCores, irqCores);
        add(1, nanos, outsideCores, 0);
        nowNanos.addAndGet(nanos);
    }

    private void add(int cpu, long nanos, double busyCores, double irqCores) {
        double busy = Math.min(1, busyCores);
        double irq = Math.min(1 - busy, irqCores);
        cpuNanos[cpu][0] += Math.round(nanos * busy);
        cpuNanos[cpu][1] += Math.round(nanos * irq);
        cpuNanos[cpu][2] += Math.round(nanos * (1 - busy - irq));
    }

    private synchronized CpuMeter.Reading read(LongSupplier targetNanos, LongSupplier servicesNanos) {
        Map<Integer, CpuMeter.CpuTimes> cpus = new HashMap<>();
        for (int cpu = 0; cpu < CPUS; cpu++) {
            cpus.put(cpu, new CpuMeter.CpuTimes(cpuNanos[cpu][0], cpuNanos[cpu][1], cpuNanos[cpu][2]));
        }
        return new CpuMeter.Reading(
                nowNanos.get(),
                CpuMeter.CpuTimes.sum(cpus.values()),
                cpus,
                // The fake engine uses no CPU; duel's share is what the runner says it started: a runner that
                // forgot its target would see it as noise.
                new CpuMeter.DuelCpu(0, targetNanos.getAsLong(), servicesNanos.getAsLong()));
    }

    RunnerParts parts() {
        return new RunnerParts(
                new JdkResolver(),
                (spec, env, log, spawned) -> start(spec, log),
                (spec, floatCpus, log, spawned) -> {
                    throw new AssertionError("fake suites have no services");
                },
                new LoadDriver() {
                    @Override
                    public LoadResult run(dev.duel.load.LoadPlan plan, ProgressListener listener) {
                        return load(plan, listener);
                    }

                    /**
                     * One side of a duet: begins when the partner does, then runs as a fake run does, one side at a
                     * time (the fake clock is one); its warm-up end is the script's, not the judge's.
                     */
                    @Override
                    public LoadResult run(
                            dev.duel.load.LoadPlan plan,
                            ProgressListener listener,
                            dev.duel.load.StartGate gate,
                            dev.duel.load.WarmupJudge judge) {
                        try {
                            gate.await();
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                            throw new IllegalStateException("interrupted at a duet's start", e);
                        }
                        synchronized (FakeMachine.this) {
                            return load(plan, listener);
                        }
                    }
                },
                (targetNanos, servicesNanos) -> () -> read(targetNanos, servicesNanos),
                duration -> advance(duration, outsideCoresBetweenRuns),
                targets -> SampleRecords.environment("fakefingerpr", "2026-11-30T06:00:00Z", List.of()),
                (pid, home) -> JvmFacts.UNKNOWN,
                () -> 0,
                (loadgen, listener) -> events.add("loadgen prepared"),
                this::probe,
                runtime,
                dev.duel.suite.HostSpeedSource.NONE);
    }

    /**
     * What a fake target's flight recording holds (its file is written when it stops), or null to leave no file,
     * as a target killed before it could dump.
     */
    void recordingHolds(JfrEvents events) {
        this.recordingEvents = events;
    }

    /** Reads a fake target's threads (one application thread using the target's CPU) and its recording. */
    private final RuntimeReaders runtime = new RuntimeReaders() {
        @Override
        public ThreadCpuSource threads(TargetProcess target) {
            FakeTarget fake = (FakeTarget) target;
            return new ThreadCpuSource() {
                @Override
                public ThreadCpuSample read() throws IOException {
                    if (!fake.alive()) {
                        throw new IOException("process " + fake.pid() + " has ended");
                    }
                    long ticks = fake.cpuNanos.get() / 10_000_000;
                    return new ThreadCpuSample(
                            nowNanos.get(), Map.of(1L, new ThreadCpuSample.Thread(ThreadKind.OTHER, ticks)), ticks);
                }

                @Override
                public long ticksPerSecond() {
                    return 100;
                }
            };
        }

        @Override
        public JfrEvents recording(Path file) {
            return recordingEvents;
        }

        @Override
        public AutoCloseable everySecond(Runnable task) {
            return () -> {}; // the fake clock has no seconds of its own: samples at the scenario's edges only
        }

        @Override
        public Instant wallClock() {
            return FAKE_EPOCH.plusNanos(nowNanos.get());
        }
    };

    private TargetProcess start(TargetSpec spec, Path log) throws IdentityMismatchException {
        int number = started.incrementAndGet();
        events.add("start " + spec.name());
        startedJvmArgs.add(spec.jvmArgs());
        if (identityOnStart != null) {
            throw identityOnStart;
        }
        currentTargetDied = false;
        FakeTarget target = new FakeTarget(
                spec,
                number,
                spec.profile() == Profile.JFR
                        ? log.resolveSibling(log.getFileName().toString().replace(".log", ".jfr"))
                        : null);
        targets.add(target);
        // Ready after 0.9 s of its CPU, less what a busy loop on its CPU takes.
        advance(Duration.ofMillis(900), outsideCoresBetweenRuns, loopOnTargetCpuDuringStarts, 0);
        return target;
    }

    private LoadResult load(dev.duel.load.LoadPlan plan, ProgressListener listener) {
        Script script = scripts.isEmpty() ? Script.clean() : scripts.get(Math.min(loadRuns.get(), scripts.size() - 1));
        loadRuns.incrementAndGet();
        String startedAt = "2026-11-30T06:00:00Z";
        int warmupSeconds = Math.max(1, steadyWarmupSeconds);
        long rate = Math.round(script.okPerSecond());
        List<SecondResult> recorded = new ArrayList<>();
        if (steadyWarmupSeconds == 0) {
            recorded.add(new SecondResult(0, Phase.WARMUP, 1_000, 0, 800, 3_000, 6_000));
        }
        for (int second = 0; second < steadyWarmupSeconds; second++) {
            recorded.add(new SecondResult(second, Phase.WARMUP, rate, 0, 800, 3_000, 6_000));
        }
        listener.onPhase(Phase.WARMUP);
        for (int second = 0; second < warmupSeconds; second++) {
            advance(Duration.ofSeconds(1), outsideCoresBetweenRuns, loopOnTargetCpuInWarmup.applyAsDouble(second), 0);
            listener.onSecond(
                    new SecondResult(second, Phase.WARMUP, rate, 0, 800, 3_000, 6_000),
                    new Histogram(3),
                    new ProgressListener.RunStatus(Phase.WARMUP, (second + 1) * 1_000.0, warmupSeconds * 1_000.0, 0));
        }
        listener.onPhase(Phase.GAP);
        advance(Duration.ofMillis(100), outsideCoresBetweenRuns);
        listener.onPhase(Phase.MAIN);
        int seconds = mainSeconds;
        for (int second = 0; second < seconds; second++) {
            advance(
                    Duration.ofSeconds(1),
                    outsideCoresDuringMain,
                    loopOnTargetCpuInMain.applyAsDouble(second),
                    irqOnTargetCpuDuringMain);
            if (second == 0) {
                duringMain.run();
            }
            SecondResult result = new SecondResult(warmupSeconds + 1 + second, Phase.MAIN, rate, 0, 800, 3_000, 6_000);
            if (steadyWarmupSeconds > 0) {
                recorded.add(result);
            }
            listener.onSecond(
                    result,
                    new Histogram(3),
                    new ProgressListener.RunStatus(Phase.MAIN, (second + 1) * 1_000.0, seconds * 1_000.0, 0));
        }
        if (script.targetDies()) {
            currentTargetDied = true;
        }
        listener.onPhase(Phase.ENDED);
        LatencySummary latency =
                SampleRecords.latency(Math.round(script.okPerSecond() * seconds), 900, 800, 1_500, 3_000, 6_000);
        PhaseResult main =
                SampleRecords.phase(Phase.MAIN, seconds * 1_000, script.okPerSecond(), script.failures(), latency);
        PhaseResult warmup =
                SampleRecords.phase(Phase.WARMUP, warmupSeconds * 1_000, script.okPerSecond(), Map.of(), latency);
        PlanSettings settings =
                SampleRecords.closedSettings(plan.request().url(), 2, warmupSeconds * 1_000, 100, 2_000, 0, 0);
        LoadResult load = SampleRecords.load(
                settings,
                warmup,
                main,
                List.of(),
                recorded,
                SampleRecords.engine(script.loadgenUtilization(), 1, seconds * 1_000, main.ok() + main.failed()),
                startedAt,
                startedAt);
        return warmupSteadySince < 0
                ? load
                : SampleRecords.with(
                        load,
                        load.engine(),
                        new WarmupEnd(
                                WarmupMode.AUTO,
                                WarmupEnd.Reason.STEADY,
                                warmupSeconds * 1_000.0,
                                warmupSteadySince * 1_000.0,
                                0.02),
                        null);
    }

    /** A target that uses what is left of CPU 0 for as long as it lives (see {@link #advance}). */
    private final class FakeTarget implements TargetProcess {
        private final TargetSpec spec;
        private final long pid;
        private final AtomicLong cpuNanos = new AtomicLong();
        private final AtomicLong runQueueWaitNanos = new AtomicLong();
        private volatile boolean alive = true;
        private final Path recording;

        FakeTarget(TargetSpec spec, int number, Path recording) {
            this.spec = spec;
            this.recording = recording;
            this.pid =
                    4_000_000_000L + number; // above any real PID: the ledger cannot note it, nothing real is touched
        }

        @Override
        public TargetSpec spec() {
            return spec;
        }

        @Override
        public long pid() {
            return pid;
        }

        @Override
        public int port() {
            return 9;
        }

        @Override
        public long readyMillis() {
            return 900;
        }

        @Override
        public long firstAcceptMillis() {
            return 700;
        }

        @Override
        public List<String> command() {
            return List.of("fake", spec.name());
        }

        @Override
        public LimitedGroup group() {
            return LimitedGroup.none();
        }

        @Override
        public boolean alive() {
            return alive && !currentTargetDied;
        }

        @Override
        public Integer exitCode() {
            return alive() ? null : 3;
        }

        @Override
        public ResourceReading read() {
            long cpu = cpuNanos.get();
            return new ResourceReading(
                    cpu,
                    cpu / 100_000_000,
                    0,
                    0,
                    200L << 20,
                    250L << 20,
                    150L << 20,
                    new RunQueueWaits(Map.of(pid, runQueueWaitNanos.get())));
        }

        @Override
        public List<String> lastLogLines(int count) {
            List<String> lines = new ArrayList<>(logLines);
            lines.add("fake " + spec.name() + ": last words");
            return lines;
        }

        @Override
        public Path recording() {
            return recording;
        }

        @Override
        public int stop() {
            if (alive && recording != null && recordingEvents != null) {
                try {
                    Files.writeString(recording, "fake recording");
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }
            if (alive && writesAotCache) {
                // A JDK 25 JVM trained with -XX:AOTCacheOutput writes the cache as it exits.
                spec.jvmArgs().stream()
                        .filter(argument -> argument.startsWith("-XX:AOTCacheOutput="))
                        .forEach(argument -> {
                            try {
                                java.nio.file.Files.writeString(
                                        java.nio.file.Path.of(argument.substring("-XX:AOTCacheOutput=".length())),
                                        "cache of " + spec.name() + " after " + loadRuns.get() + " load run(s)");
                            } catch (java.io.IOException e) {
                                throw new java.io.UncheckedIOException(e);
                            }
                        });
            }
            alive = false;
            events.add("stop " + spec.name());
            return 0;
        }
    }
}
