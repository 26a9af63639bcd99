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
import dev.duel.targets.IdentityMismatchException;
import dev.duel.targets.JdkResolver;
import dev.duel.targets.LimitedGroup;
import dev.duel.targets.ResourceReading;
import dev.duel.targets.TargetProcess;
import dev.duel.targets.TargetSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A whole machine for a {@link SuiteRunner}, simulated: a clock that moves only when the runner
 * waits or a fake load run says so, CPU used outside duel at a rate a test sets, targets that start
 * at once and use one core while load runs, and a load engine that returns what a test scripts. No
 * process, socket or sleep: a suite of several runs takes milliseconds. Thread-safe where the runner
 * needs it (its memory sampler reads targets from another thread).
 */
final class FakeMachine {
    private final AtomicLong nowNanos = new AtomicLong(1_000_000_000L);
    /** Machine busy time outside duel so far, nanoseconds. */
    private final AtomicLong outsideBusyNanos = new AtomicLong();

    private volatile double outsideCoresBetweenRuns;
    private volatile double outsideCoresDuringMain;
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

    FakeMachine script(Script... runs) {
        scripts.addAll(List.of(runs));
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

    int loadRuns() {
        return loadRuns.get();
    }

    /** Moves the clock, the outside world using {@code outsideCores} meanwhile. */
    private void advance(Duration duration, double outsideCores) {
        long nanos = duration.toNanos();
        outsideBusyNanos.addAndGet(Math.round(nanos * outsideCores));
        nowNanos.addAndGet(nanos);
    }

    RunnerParts parts() {
        return new RunnerParts(
                new JdkResolver(),
                (spec, env, log, spawned) -> start(spec),
                (spec, log, spawned) -> {
                    throw new AssertionError("fake suites have no services");
                },
                this::load,
                // The machine is busy with the outside world and with the fake targets; duel's own share is
                // what the runner says it started: a runner that forgot its target would see it as noise.
                startedNanos ->
                        () -> new CpuMeter.Reading(nowNanos.get(), machineBusyNanos(), startedNanos.getAsLong()),
                duration -> advance(duration, outsideCoresBetweenRuns),
                targets -> SampleRecords.environment("fakefingerpr", "2026-11-30T06:00:00Z", List.of()),
                (pid, home) -> JvmFacts.UNKNOWN,
                () -> 0,
                (loadgen, listener) -> events.add("loadgen prepared"));
    }

    private long machineBusyNanos() {
        return outsideBusyNanos.get()
                + targets.stream().mapToLong(FakeTarget::cpuNanos).sum();
    }

    private TargetProcess start(TargetSpec spec) throws IdentityMismatchException {
        int number = started.incrementAndGet();
        events.add("start " + spec.name());
        if (identityOnStart != null) {
            throw identityOnStart;
        }
        currentTargetDied = false;
        FakeTarget target = new FakeTarget(spec, number);
        targets.add(target);
        return target;
    }

    private LoadResult load(dev.duel.load.LoadPlan plan, ProgressListener listener) {
        Script script = scripts.isEmpty() ? Script.clean() : scripts.get(Math.min(loadRuns.get(), scripts.size() - 1));
        loadRuns.incrementAndGet();
        String startedAt = "2026-11-30T06:00:00Z";
        listener.onPhase(Phase.WARMUP);
        advance(Duration.ofSeconds(1), outsideCoresBetweenRuns);
        listener.onPhase(Phase.GAP);
        advance(Duration.ofMillis(100), outsideCoresBetweenRuns);
        listener.onPhase(Phase.MAIN);
        advance(Duration.ofSeconds(1), outsideCoresDuringMain);
        duringMain.run();
        advance(Duration.ofSeconds(1), outsideCoresDuringMain);
        if (script.targetDies()) {
            currentTargetDied = true;
        }
        listener.onPhase(Phase.ENDED);
        LatencySummary latency =
                SampleRecords.latency(Math.round(script.okPerSecond() * 2), 900, 800, 1_500, 3_000, 6_000);
        PhaseResult main = SampleRecords.phase(Phase.MAIN, 2_000, script.okPerSecond(), script.failures(), latency);
        PhaseResult warmup = SampleRecords.phase(Phase.WARMUP, 1_000, script.okPerSecond(), Map.of(), latency);
        PlanSettings settings = SampleRecords.closedSettings(plan.request().url(), 2, 1_000, 100, 2_000, 0, 0);
        return SampleRecords.load(
                settings,
                warmup,
                main,
                List.of(),
                List.of(new SecondResult(0, Phase.WARMUP, 1_000, 0, 800, 3_000, 6_000)),
                SampleRecords.engine(script.loadgenUtilization(), 1, 2_000, main.ok() + main.failed()),
                startedAt,
                startedAt);
    }

    /** A target that is ready at once and uses one core of CPU for as long as the fake clock runs. */
    private final class FakeTarget implements TargetProcess {
        private final TargetSpec spec;
        private final long pid;
        private final long startNanos = nowNanos.get();
        private volatile long stoppedNanos = -1;
        private volatile boolean alive = true;

        FakeTarget(TargetSpec spec, int number) {
            this.spec = spec;
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

        /** One core busy from its start to its stop. */
        long cpuNanos() {
            return (stoppedNanos >= 0 ? stoppedNanos : nowNanos.get()) - startNanos;
        }

        @Override
        public ResourceReading read() {
            long cpu = cpuNanos();
            return new ResourceReading(cpu, cpu / 100_000_000, 0, 0, 200L << 20, 250L << 20, 150L << 20);
        }

        @Override
        public List<String> lastLogLines(int count) {
            return List.of("fake " + spec.name() + ": last words");
        }

        @Override
        public int stop() {
            if (alive) {
                stoppedNanos = nowNanos.get();
            }
            alive = false;
            events.add("stop " + spec.name());
            return 0;
        }
    }
}
