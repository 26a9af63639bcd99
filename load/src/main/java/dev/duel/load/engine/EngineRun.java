package dev.duel.load.engine;

import dev.duel.load.Clock;
import dev.duel.load.LoadModel;
import dev.duel.load.LoadPlan;
import dev.duel.load.ProgressListener;
import dev.duel.load.Timing;
import dev.duel.load.Turns;
import dev.duel.load.WarmupJudge;
import dev.duel.load.check.ResponseChecks;
import dev.duel.load.http.RequestTemplate;
import dev.duel.load.http.VariableSpec;
import dev.duel.load.record.IntervalCollector;
import dev.duel.load.record.IntervalRoller;
import dev.duel.load.record.LoopRecorder;
import dev.duel.load.record.PhaseAccumulator;
import dev.duel.load.schedule.ArrivalSchedule;
import dev.duel.load.schedule.PoissonArrivals;
import dev.duel.load.schedule.Timeline;
import dev.duel.load.schedule.TurnSchedule;
import dev.duel.load.schedule.UniformArrivals;
import dev.duel.load.schedule.WarmupController;
import dev.duel.record.DuelVersion;
import dev.duel.record.Phase;
import dev.duel.record.load.Arrival;
import dev.duel.record.load.EngineUsage;
import dev.duel.record.load.LoadResult;
import dev.duel.record.load.PhaseResult;
import dev.duel.record.load.PlanSettings;
import dev.duel.record.load.SecondResult;
import dev.duel.record.load.SliceResult;
import dev.duel.record.load.WarmupEnd;
import dev.duel.record.load.WindowResult;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.util.concurrent.EventExecutor;
import java.net.InetSocketAddress;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * One run of the engine: sets up the event loops, drives the timeline from a control thread
 * (progress each second, CPU readings at the edges of main, the end), then collects and merges
 * what every loop recorded. The control thread is the caller's; the loops never block.
 */
public final class EngineRun {
    private static final long SECOND_NANOS = 1_000_000_000L;
    private static final long CONTROL_TICK_NANOS = 100_000_000L;
    private static final long ANCHOR_POLL_NANOS = 5_000_000L;

    private final LoadPlan plan;
    private final RequestTemplate template;
    private final ResponseChecks checks;
    private final Transports transport;
    private final InetSocketAddress address;
    private final Clock clock;
    private final WarmupJudge judge;
    private final ProgressListener listener;
    private final Turns turns;
    private WarmupController warmupController;
    private TurnSchedule turnSchedule;
    private final int threads;
    private volatile boolean stopRequested;

    /** Written once by the control thread, read by {@link #stop()} from any thread. */
    private volatile Timeline timeline;

    private final List<LoopContext> loops = new ArrayList<>();
    private final List<Long> loopThreadIds = new ArrayList<>();
    /** Each event loop's thread id in the kernel (-1 where unknown), for its run-queue wait. */
    private final List<Long> loopTids = new ArrayList<>();

    private IntervalCollector secondsCollector;
    private IntervalCollector windowsCollector;
    private final List<SecondResult> seconds = new ArrayList<>();
    private final List<WindowResult> windows = new ArrayList<>();
    private long failuresSoFar;
    private final List<String> warnings = new ArrayList<>();

    private long mainStartReadNanos = -1;
    private long mainStartCpuNanos;
    private final List<Long> mainStartThreadCpu = new ArrayList<>();
    private long mainStartWaitNanos = -1;
    private long mainEndReadNanos = -1;
    private long mainEndCpuNanos;
    private final List<Long> mainEndThreadCpu = new ArrayList<>();
    private long mainEndWaitNanos = -1;
    private GcPauses.Reading mainStartGc = GcPauses.Reading.NONE;
    private GcPauses.Reading mainEndGc = GcPauses.Reading.NONE;

    public EngineRun(
            LoadPlan plan,
            RequestTemplate template,
            ResponseChecks checks,
            Transports transport,
            InetSocketAddress address,
            Clock clock,
            WarmupJudge judge,
            ProgressListener listener) {
        this(plan, template, checks, transport, address, clock, judge, listener, Turns.ALWAYS);
    }

    /** @param turns when this run sends, as one side of an interleaved pair; {@link Turns#ALWAYS} for a run alone */
    public EngineRun(
            LoadPlan plan,
            RequestTemplate template,
            ResponseChecks checks,
            Transports transport,
            InetSocketAddress address,
            Clock clock,
            WarmupJudge judge,
            ProgressListener listener,
            Turns turns) {
        if (turns.interleaved() && plan.timing() instanceof Timing.Windows) {
            throw new IllegalArgumentException("windows have no main phase to interleave");
        }
        this.turns = turns;
        this.plan = plan;
        this.template = template;
        this.checks = checks;
        this.transport = transport;
        this.address = address;
        this.clock = clock;
        this.judge = judge;
        this.listener = listener;
        int wanted = plan.threads() > 0 ? plan.threads() : Runtime.getRuntime().availableProcessors();
        this.threads = Math.max(1, Math.min(wanted, plan.model().maxConnections()));
    }

    public void stop() {
        stopRequested = true;
        Timeline running = timeline;
        if (running != null) {
            running.endAt(clock.nanoTime());
        }
    }

    public LoadResult execute() {
        return execute(dev.duel.load.StartGate.NOW);
    }

    /** Runs the plan, its time line beginning once the event loops are up and {@code gate} lets it. */
    public LoadResult execute(dev.duel.load.StartGate gate) {
        EventLoopGroup group = transport.newGroup(threads);
        try {
            List<EventLoop> eventLoops = new ArrayList<>();
            for (EventExecutor executor : group) {
                eventLoops.add((EventLoop) executor);
            }
            for (EventLoop loop : eventLoops) {
                loopThreadIds.add(await(loop.submit(() -> Thread.currentThread().getId())));
                loopTids.add(await(loop.submit(EngineMonitor::currentTid)));
            }
            try {
                gate.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                stopRequested = true; // the run ends as soon as it begins, keeping what little it has
            }
            Instant startedAt = Instant.now();
            setUp(eventLoops, gate);
            control();
            finishLoops();
            Instant endedAt = Instant.now();
            return assemble(startedAt, endedAt);
        } finally {
            group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
        }
    }

    private void setUp(List<EventLoop> eventLoops, dev.duel.load.StartGate gate) {
        secondsCollector = new IntervalCollector(threads);
        Timing timing = plan.timing();
        Timing.Windows windowed = timing instanceof Timing.Windows w ? w : null;
        windowsCollector = windowed == null ? null : new IntervalCollector(threads);
        Bootstrap base = new Bootstrap()
                .channel(transport.channelClass())
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int)
                        Math.min(Integer.MAX_VALUE, plan.timeout().toMillis()));
        long start = gate.startNanos(clock.nanoTime());
        if (windowed != null) {
            timeline = Timeline.windowed(start, windowed.total().toNanos());
        } else {
            Timing.Phases phases = (Timing.Phases) timing;
            long warmupNanos = phases.longestWarmup().toNanos();
            timeline = phases.warmup() instanceof Timing.Warmup.UntilSteady
                    ? Timeline.untilSteady(
                            start,
                            warmupNanos,
                            phases.gap().toNanos(),
                            phases.main().toNanos())
                    : Timeline.phased(
                            start,
                            warmupNanos,
                            phases.gap().toNanos(),
                            phases.main().toNanos());
        }
        warmupController = new WarmupController(
                timeline,
                judge,
                timing instanceof Timing.Phases p && p.warmup() instanceof Timing.Warmup.UntilSteady auto
                        ? auto.min().toNanos()
                        : 0);
        turnSchedule = new TurnSchedule(timeline, turns);
        if (stopRequested) {
            timeline.endAt(start);
        }
        for (int i = 0; i < threads; i++) {
            EventLoop eventLoop = eventLoops.get(i);
            IntervalRoller windowRoller = windowed == null
                    ? null
                    : new IntervalRoller(i, windowed.length().toNanos(), windowed.count(), windowsCollector);
            LoopRecorder recorder =
                    new LoopRecorder(i, timeline, secondsCollector, Integer.MAX_VALUE, windowRoller, turnSchedule);
            VariableSpec.Source[] sources =
                    new VariableSpec.Source[template.variableNames().size()];
            for (int v = 0; v < sources.length; v++) {
                sources[v] = plan.variables()
                        .get(template.variableNames().get(v))
                        .source(plan.segment(), i, threads, plan.seed());
            }
            LoopContext context = new LoopContext(
                    i,
                    eventLoop,
                    clock,
                    timeline,
                    recorder,
                    template,
                    checks,
                    plan.timeout().toNanos(),
                    base.clone().group(eventLoop),
                    address,
                    sources,
                    turnSchedule);
            // What body checks hold beyond their fixed shares takes at most a quarter of the heap in all.
            context.limitCheckBudget(Math.min(
                    LoopContext.DEFAULT_CHECK_BUDGET_BYTES, Runtime.getRuntime().maxMemory() / 4 / threads));
            loops.add(context);
            eventLoop.execute(() -> startLoad(context));
        }
    }

    private void startLoad(LoopContext context) {
        context.startTimeoutSweep();
        int i = context.index();
        if (plan.model() instanceof LoadModel.Closed closed) {
            int users = share(closed.virtualUsers(), i);
            for (int u = 0; u < users; u++) {
                new ClosedUser(context).start();
            }
        } else {
            LoadModel.Open open = (LoadModel.Open) plan.model();
            ArrivalSchedule schedule = open.arrival() == Arrival.POISSON
                    ? new PoissonArrivals(open.rate(), plan.seed(), plan.segment(), i, threads)
                    : UniformArrivals.ofSegment(open.rate(), plan.segment(), i, threads);
            OpenLoop openLoop = new OpenLoop(context);
            openLoop.start(new OpenDispatcher<>(
                    clock,
                    timeline,
                    schedule,
                    share(open.maxConnections(), i),
                    context.recorder(),
                    openLoop,
                    context.turns()));
        }
    }

    /** Loop {@code i}'s share of {@code total}, spread as evenly as integers allow. */
    private int share(int total, int i) {
        return total / threads + (i < total % threads ? 1 : 0);
    }

    /** The control thread's loop: progress each second, CPU readings at main's edges, the end. */
    private void control() {
        long nextSecond = timeline.startNanos() + SECOND_NANOS;
        long awaitFirstNanos =
                plan.timing() instanceof Timing.Windows w ? w.awaitFirst().toNanos() : Long.MAX_VALUE;
        Phase announced = null;
        GapCollection gapCollection = new GapCollection(System::gc, GcPauses::read, clock);
        while (true) {
            long now = clock.nanoTime();
            Phase phase = timeline.phaseAt(now);
            if (phase != announced && phase != Phase.ENDED) {
                announced = phase;
                listener.onPhase(phase);
                if (phase == Phase.GAP) {
                    gapCollection.gapBegan(timeline);
                }
            }
            if (timeline.windowed() && !timeline.mainAnchored() && now - timeline.startNanos() >= awaitFirstNanos) {
                warnings.add(String.format(
                        Locale.ROOT,
                        "no correct response within %.1f s: no windows were recorded",
                        awaitFirstNanos / 1e9));
                timeline.endAt(now);
            }
            long mainStart = timeline.mainStartNanos();
            if (mainStartReadNanos < 0 && now >= mainStart && mainStart < timeline.endNanos()) {
                mainStartReadNanos = now;
                mainStartCpuNanos = readCpu(mainStartThreadCpu);
                mainStartWaitNanos = EngineMonitor.runQueueWaitNanos(loopTids);
                mainStartGc = gapCollection.mainStart(GcPauses.read());
            }
            if (now >= timeline.endNanos()) {
                if (mainStartReadNanos >= 0) {
                    mainEndReadNanos = now;
                    mainEndCpuNanos = readCpu(mainEndThreadCpu);
                    mainEndWaitNanos = EngineMonitor.runQueueWaitNanos(loopTids);
                    mainEndGc = GcPauses.read();
                }
                listener.onPhase(Phase.ENDED);
                return;
            }
            if (now >= nextSecond) {
                requestFlush();
                nextSecond = timeline.startNanos() + ((now - timeline.startNanos()) / SECOND_NANOS + 1) * SECOND_NANOS;
            }
            drain(false);
            long wake = Math.min(now + CONTROL_TICK_NANOS, Math.min(nextSecond, timeline.endNanos()));
            long nextBoundary = nextBoundaryAfter(now);
            wake = Math.min(wake, nextBoundary);
            if (mainStartReadNanos < 0) {
                wake = timeline.mainAnchored()
                        ? Math.min(wake, timeline.mainStartNanos())
                        : Math.min(wake, now + ANCHOR_POLL_NANOS);
            }
            LockSupport.parkNanos(Math.max(0, wake - clock.nanoTime()));
        }
    }

    /** The next phase boundary after {@code now}, so that phase callbacks come on time. */
    private long nextBoundaryAfter(long now) {
        long best = Long.MAX_VALUE;
        long warmupEnd = timeline.startNanos() + timeline.warmupNanos();
        for (long boundary : new long[] {warmupEnd, timeline.mainStartNanos(), timeline.endNanos()}) {
            if (boundary > now && boundary < best) {
                best = boundary;
            }
        }
        return best;
    }

    private long readCpu(List<Long> threadCpu) {
        threadCpu.clear();
        for (long id : loopThreadIds) {
            threadCpu.add(EngineMonitor.threadCpuNanos(id));
        }
        return EngineMonitor.processCpuNanos();
    }

    private void requestFlush() {
        for (LoopContext context : loops) {
            context.eventLoop().execute(() -> context.recorder().flushThrough(clock.nanoTime()));
        }
    }

    private void drain(boolean last) {
        for (IntervalCollector.Merged merged : secondsCollector.drainFinished()) {
            long secondStart = timeline.startNanos() + merged.index() * SECOND_NANOS;
            if (last && secondStart >= timeline.endNanos()) {
                continue;
            }
            SecondResult second = Results.second(merged, timeline.phaseAt(secondStart));
            seconds.add(second);
            failuresSoFar += second.failures();
            warmupController.onSecond(merged.index(), merged.ok(), clock::nanoTime);
            listener.onSecond(
                    second, merged.latency(), statusAt(Math.min(secondStart + SECOND_NANOS, timeline.endNanos()) - 1));
        }
        if (windowsCollector != null) {
            Timing.Windows w = (Timing.Windows) plan.timing();
            double lengthMillis = w.length().toNanos() / 1e6;
            for (IntervalCollector.Merged merged : windowsCollector.drainFinished()) {
                long windowStart =
                        timeline.mainStartNanos() + merged.index() * w.length().toNanos();
                if (windowStart < timeline.endNanos()) {
                    windows.add(Results.window(merged, lengthMillis));
                }
            }
        }
    }

    /** Where the run stood at {@code now}: for the progress line, at the end of the second just merged. */
    private ProgressListener.RunStatus statusAt(long now) {
        Phase phase = timeline.phaseAt(now);
        double elapsed;
        double total;
        switch (phase) {
            case WARMUP -> {
                elapsed = (now - timeline.startNanos()) / 1e6;
                total = timeline.windowed() || warmupController.awaitingSteady() ? -1 : timeline.warmupNanos() / 1e6;
            }
            case GAP -> {
                elapsed = (now - timeline.startNanos() - timeline.warmupNanos()) / 1e6;
                total = timeline.gapNanos() / 1e6;
            }
            case MAIN -> {
                elapsed = (now - timeline.mainStartNanos()) / 1e6;
                total = timeline.mainNanos() / 1e6;
            }
            default -> {
                elapsed = 0;
                total = 0;
            }
        }
        boolean awaitingSteady = phase == Phase.WARMUP && warmupController.awaitingSteady();
        return new ProgressListener.RunStatus(
                phase,
                elapsed,
                total,
                failuresSoFar,
                awaitingSteady,
                awaitingSteady ? warmupController.relativeHalfWidth() : null);
    }

    private void finishLoops() {
        for (LoopContext context : loops) {
            await(context.eventLoop().submit(context::finish));
        }
        for (LoopContext context : loops) {
            await(context.eventLoop().submit(() -> context.recorder().finish(timeline.endNanos())));
        }
        drain(true);
        listener.onEnd();
    }

    private LoadResult assemble(Instant startedAt, Instant endedAt) {
        PhaseAccumulator warmup = new PhaseAccumulator();
        PhaseAccumulator main = new PhaseAccumulator();
        List<List<dev.duel.record.load.FailureExample>> examples = new ArrayList<>();
        for (LoopContext context : loops) {
            warmup.add(context.recorder().phase(Phase.WARMUP));
            main.add(context.recorder().phase(Phase.MAIN));
            examples.add(context.recorder().examples());
        }
        long end = timeline.endNanos();
        boolean mainStarted = timeline.mainAnchored() && timeline.mainStartNanos() < end;
        double mainMillis = mainStarted ? Math.min(timeline.mainNanos(), end - timeline.mainStartNanos()) / 1e6 : 0;
        List<SliceResult> slices = turns.interleaved() ? slices(mainStarted) : null;
        if (slices != null) {
            // One side of an interleaved pair sent in its own slices only: its rates are over the time it held the
            // load.
            mainMillis = slices.stream().mapToDouble(SliceResult::lengthMillis).sum();
        }
        double warmupMillis = Math.min(timeline.warmupNanos(), Math.max(0, end - timeline.startNanos())) / 1e6;
        boolean hasWarmup = timeline.windowed() || timeline.warmupNanos() > 0;
        boolean closed = plan.model() instanceof LoadModel.Closed;
        PhaseResult warmupResult = hasWarmup ? Results.phase(Phase.WARMUP, warmup, warmupMillis, closed) : null;
        PhaseResult mainResult = Results.phase(Phase.MAIN, main, mainMillis, closed);
        if (stopRequested) {
            warnings.add(0, "the run was stopped early by the user: main lasted " + Math.round(mainMillis) + " ms");
        }
        WarmupEnd warmupEnd = timeline.windowed() ? null : warmupController.end();
        if (warmupEnd != null && warmupEnd.reason() == WarmupEnd.Reason.CAP) {
            warnings.add(noSteadyState(warmupEnd));
        }
        warnings.addAll(Findings.warnings(mainStarted ? mainResult : null, plan.model()));
        EngineUsage engine = engineUsage(mainResult);
        double firstCorrect = timeline.windowed()
                ? (timeline.mainAnchored() ? (timeline.mainStartNanos() - timeline.startNanos()) / 1e6 : -1)
                : firstCorrectFromSeconds();
        return new LoadResult(
                DuelVersion.current(),
                settings(),
                startedAt.toString(),
                endedAt.toString(),
                address.getHostString() + ":" + address.getPort(),
                warmupResult,
                mainResult,
                List.copyOf(windows),
                firstCorrect,
                List.copyOf(seconds),
                Results.examples(examples),
                engine,
                List.copyOf(warnings),
                warmupEnd,
                null,
                slices);
    }

    /** The slices of main this side held, with what their requests came to, cut at the run's end. */
    private List<SliceResult> slices(boolean mainStarted) {
        List<SliceResult> held = new ArrayList<>();
        if (!mainStarted) {
            return held;
        }
        dev.duel.load.record.SliceAccumulator merged = new dev.duel.load.record.SliceAccumulator();
        for (LoopContext context : loops) {
            merged.add(context.recorder().slices());
        }
        long mainStart = timeline.mainStartNanos();
        long mainEnd = Math.min(timeline.endNanos(), mainStart + timeline.mainNanos());
        long sliceNanos = turns.sliceNanos();
        for (long slice = 0; mainStart + slice * sliceNanos < mainEnd; slice++) {
            if (!turns.holdsSlice(slice)) {
                continue;
            }
            long sliceStart = mainStart + slice * sliceNanos;
            long length = Math.min(sliceNanos, mainEnd - sliceStart);
            List<Long> tenths = new ArrayList<>();
            for (int t = 0; t < dev.duel.load.record.SliceAccumulator.TENTHS; t++) {
                tenths.add(merged.okInTenth((int) slice, t));
            }
            held.add(new SliceResult(
                    slice,
                    (sliceStart - timeline.startNanos()) / 1e6,
                    length / 1e6,
                    merged.ok((int) slice),
                    merged.failures((int) slice),
                    tenths));
        }
        return held;
    }

    /** The warning of a warm-up until steady that ran to its cap: the run is kept, its main phase measured as planned. */
    static String noSteadyState(WarmupEnd end) {
        return String.format(
                Locale.ROOT,
                "no steady state within %.0f s: the warm-up ran to its cap%s, and main was measured after it all the same",
                end.endedAtMillis() / 1_000,
                end.relativeHalfWidth() == null
                        ? ""
                        : String.format(
                                Locale.ROOT,
                                " (requests/s last varied by ±%.1f%% at 95%%)",
                                end.relativeHalfWidth() * 100));
    }

    /** Phased runs: the second in which the first correct response ended, to a second's precision. */
    private double firstCorrectFromSeconds() {
        for (SecondResult second : seconds) {
            if (second.ok() > 0) {
                return second.second() * 1_000.0;
            }
        }
        return -1;
    }

    private EngineUsage engineUsage(PhaseResult main) {
        int cores = Runtime.getRuntime().availableProcessors();
        long peakRss = EngineMonitor.peakRssBytes();
        if (mainStartReadNanos < 0 || mainEndReadNanos <= mainStartReadNanos) {
            return new EngineUsage(0, 0, cores, 0, List.of(), 0, peakRss, false, List.of(), 0L, 0.0, 0.0, null);
        }
        double wallNanos = mainEndReadNanos - mainStartReadNanos;
        double cpuNanos = mainEndCpuNanos - mainStartCpuNanos;
        List<Double> busy = new ArrayList<>();
        for (int i = 0; i < mainStartThreadCpu.size(); i++) {
            busy.add((mainEndThreadCpu.get(i) - mainStartThreadCpu.get(i)) / wallNanos);
        }
        double utilization = cpuNanos / (wallNanos * cores);
        long completed = main.ok() + main.failed();
        List<String> findings = new ArrayList<>(Findings.engineLimits(busy, utilization, cores, main, plan.model()));
        String machineLag = Findings.machineLag(busy, main, plan.model());
        if (machineLag != null) {
            warnings.add(machineLag);
        }
        long checksGivenUp =
                loops.stream().mapToLong(LoopContext::checksGivenUp).sum();
        if (checksGivenUp > 0) {
            findings.add(Findings.checksGivenUp(
                    checksGivenUp, loops.get(0).checkMemory().describe()));
        }
        GcPauses.Reading gc = mainEndGc.since(mainStartGc);
        return new EngineUsage(
                cpuNanos / 1e6,
                wallNanos / 1e6,
                cores,
                utilization,
                busy,
                completed == 0 ? 0 : cpuNanos / 1e3 / completed,
                peakRss,
                !findings.isEmpty(),
                findings,
                gc.pauses(),
                (double) gc.millis(),
                gc.millis() / (wallNanos / 1e6),
                mainStartWaitNanos < 0 || mainEndWaitNanos < 0 ? null : (mainEndWaitNanos - mainStartWaitNanos) / 1e6);
    }

    private PlanSettings settings() {
        // An auto warm-up's resolved length is the one it turned out to have: main starts at warm-up + gap.
        double warmupMillis = plan.timing() instanceof Timing.Phases ? timeline.warmupNanos() / 1e6 : 0;
        return Results.settings(plan, checks.texts(), warmupMillis, threads, transport.name(), turns);
    }

    private static <T> T await(java.util.concurrent.Future<T> future) {
        try {
            return future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for an event loop", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("an event loop failed: " + e.getCause(), e.getCause());
        }
    }
}
