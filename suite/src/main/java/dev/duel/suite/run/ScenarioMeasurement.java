package dev.duel.suite.run;

import dev.duel.load.ProgressListener;
import dev.duel.load.TargetUnreachableException;
import dev.duel.record.Phase;
import dev.duel.record.Resources;
import dev.duel.record.RunRecord;
import dev.duel.record.load.LoadResult;
import dev.duel.record.load.PhaseResult;
import dev.duel.record.load.SecondResult;
import dev.duel.record.runtime.Profile;
import dev.duel.suite.CpuMeter;
import dev.duel.suite.HostSpeedSource;
import dev.duel.suite.LoadDriver;
import dev.duel.suite.RunPlan;
import dev.duel.suite.RuntimeReaders;
import dev.duel.suite.Scenario;
import dev.duel.suite.SuiteListener;
import dev.duel.suite.gate.NoiseWindows;
import dev.duel.targets.ResourceReading;
import dev.duel.targets.TargetFailedException;
import dev.duel.targets.TargetProcess;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * Measures one scenario on a ready target: runs the load, reads the target's, the services' and the
 * machine's CPU (and the run-queue wait of their threads) at every phase edge (as the engine announces them), reads
 * the machine at each second of warm-up and main for the noise gate, samples the target's memory
 * every second and, unless its profile is none, its threads' CPU ({@link RuntimeWatch}), and turns the
 * readings into resources per phase. Not thread-safe: one scenario at
 * a time.
 */
final class ScenarioMeasurement {
    /** The phases whose seconds the noise gate judges: those that send load and feed a value. */
    private static final java.util.Set<Phase> JUDGED_PHASES = java.util.EnumSet.of(Phase.WARMUP, Phase.MAIN);

    private final LoadDriver load;
    private final CpuMeter machine;
    private final Services services;
    private final SuiteListener listener;
    private final int loadgenThreads;
    private final MemorySampler.Ticker memoryTicker;
    private final RuntimeReaders runtime;
    private final HostSpeedSource.Watch hostSpeed;

    ScenarioMeasurement(
            LoadDriver load,
            CpuMeter machine,
            Services services,
            SuiteListener listener,
            int loadgenThreads,
            RuntimeReaders runtime,
            HostSpeedSource.Watch hostSpeed) {
        this(load, machine, services, listener, loadgenThreads, MemorySampler.Ticker.SYSTEM, runtime, hostSpeed);
    }

    /**
     * @param memoryTicker when the target's memory is sampled (every second of the wall clock, or a test's ticks)
     * @param runtime      how the target's threads are read for its runtime timeline
     * @param hostSpeed    the host's speed, read for the seconds of each scenario's load
     */
    ScenarioMeasurement(
            LoadDriver load,
            CpuMeter machine,
            Services services,
            SuiteListener listener,
            int loadgenThreads,
            MemorySampler.Ticker memoryTicker,
            RuntimeReaders runtime,
            HostSpeedSource.Watch hostSpeed) {
        this.hostSpeed = hostSpeed;
        this.load = load;
        this.machine = machine;
        this.services = services;
        this.listener = listener;
        this.loadgenThreads = loadgenThreads;
        this.memoryTicker = memoryTicker;
        this.runtime = runtime;
    }

    /**
     * @param result       what the scenario measured
     * @param outsideCores cores busy outside duel on the whole machine averaged over main, irq excluded
     * @param irqCores     irq and softirq cores on the judged CPUs averaged over main, or null without a main
     * @param noise        what the noise gate saw in each second of warm-up, then of main
     * @param loadOrigin   the wall clock at the load's 0 s, where a flight recording's events are placed on the
     *                     timeline ({@link RuntimeWatch}); null without a timeline
     */
    record Measured(
            RunRecord.ScenarioResult result,
            double outsideCores,
            Double irqCores,
            List<RunRecord.NoiseWindow> noise,
            Instant loadOrigin) {
        /** The same measurement with its windows judged again (a duet's, by {@link dev.duel.suite.gate.DuetNoise}). */
        Measured withNoise(List<RunRecord.NoiseWindow> judged) {
            return new Measured(result, outsideCores, irqCores, judged, loadOrigin);
        }
    }

    /**
     * @param noise   judges the machine's readings taken each second of warm-up and of main
     * @param profile what to watch inside the target ({@link Profile#NONE}: nothing)
     * @throws TargetFailedException the engine could not reach the target at all
     */
    Measured measure(RunPlan plan, TargetProcess target, Scenario scenario, NoiseWindows noise, Profile profile)
            throws TargetFailedException {
        return measure(plan, target, scenario, noise, profile, null);
    }

    /**
     * As above, as one side of a pair ({@link Pairing}): the load begins when its gate lets it, its auto warm-up ends
     * when its judge says, it sends in its turns, and its noise gate judges the pair's CPU; null for a run made alone.
     */
    Measured measure(
            RunPlan plan, TargetProcess target, Scenario scenario, NoiseWindows noise, Profile profile, Pairing pairing)
            throws TargetFailedException {
        Map<Phase, ResourceReading> targetAt = new EnumMap<>(Phase.class);
        Map<Phase, Map<String, ResourceReading>> servicesAt = new EnumMap<>(Phase.class);
        Map<Phase, CpuMeter.Reading> machineAt = new EnumMap<>(Phase.class);
        MemorySampler memory = MemorySampler.start(target::read, memoryTicker);
        RuntimeWatch watch = RuntimeWatch.start(profile, target, runtime);
        if (pairing != null) {
            pairing.compiler().accept(watch::compilerCoresOver);
        }
        // The noise gate's readings of each loaded phase (warm-up, main): at its start, at each second the engine
        // reports in it, at its end (the next phase's start). The gap sends no load: not judged.
        Map<Phase, List<CpuMeter.Reading>> judgedReadings = new EnumMap<>(Phase.class);
        // A paired side is judged on the CPU its pairing names, read beside each of the machine's readings (the
        // meter's is both sides' together).
        boolean duet = pairing != null;
        Map<Phase, List<Long>> ownNanos = new EnumMap<>(Phase.class);
        // The load's 0 s and its end on the monotonic clock, which the host speed's samplers share.
        long[] loadNanos = {Long.MIN_VALUE, Long.MIN_VALUE};
        boolean[] warmupEnded = {false};
        ProgressListener progress = new ProgressListener() {
            private Phase current;

            @Override
            public void onSecond(SecondResult second, Histogram latency, RunStatus status) {
                listener.second(plan, scenario.name(), second, status);
                if (judgedReadings.containsKey(current)) {
                    judgedReadings.get(current).add(machine.read());
                    if (duet) {
                        ownNanos.get(current).add(pairing.judgedCpuNanos().getAsLong());
                    }
                }
            }

            @Override
            public void onPhase(Phase phase) {
                if (targetAt.isEmpty()) {
                    // The load's 0 s: the engine announces its first phase as it begins.
                    watch.loadStarted();
                    loadNanos[0] = System.nanoTime();
                }
                if (phase == Phase.ENDED) {
                    loadNanos[1] = System.nanoTime();
                }
                if (pairing != null && !warmupEnded[0] && phase != Phase.WARMUP) {
                    warmupEnded[0] = true;
                    pairing.warmupEnded().run(); // before main's first slice: the gap gives it time
                }
                targetAt.put(phase, target.read());
                servicesAt.put(phase, services.read());
                CpuMeter.Reading reading = machine.read();
                machineAt.put(phase, reading);
                long own = duet ? pairing.judgedCpuNanos().getAsLong() : 0;
                if (judgedReadings.containsKey(current)) {
                    judgedReadings.get(current).add(reading);
                    if (duet) {
                        ownNanos.get(current).add(own);
                    }
                }
                current = phase;
                if (JUDGED_PHASES.contains(phase)) {
                    judgedReadings.put(phase, new ArrayList<>(List.of(reading)));
                    if (duet) {
                        ownNanos.put(phase, new ArrayList<>(List.of(own)));
                    }
                }
                if (phase != Phase.ENDED) {
                    listener.phase(plan, scenario.name(), phase);
                }
            }
        };
        LoadResult result;
        try {
            dev.duel.load.LoadPlan loadPlan = scenario.plan(target.host(), target.port(), loadgenThreads);
            result = pairing == null
                    ? load.run(loadPlan, progress)
                    : pairing.turns().interleaved()
                            ? load.run(loadPlan, progress, pairing.gate(), pairing.judge(), pairing.turns())
                            : load.run(loadPlan, progress, pairing.gate(), pairing.judge());
        } catch (TargetUnreachableException e) {
            throw new TargetFailedException(
                    "the load engine could not reach " + target.spec().name() + ": " + e.getMessage(),
                    target.exitCode(),
                    target.lastLogLines(RunContext.LOG_LINES_KEPT));
        } finally {
            memory.close();
            watch.close();
        }
        Map<Phase, Resources> targetResources = new EnumMap<>(Phase.class);
        Map<String, Map<Phase, Resources>> serviceResources = new LinkedHashMap<>();
        List<Phase> phases = new ArrayList<>(targetAt.keySet()); // EnumMap: in phase order
        for (int i = 0; i + 1 < phases.size(); i++) {
            Phase phase = phases.get(i);
            Phase next = phases.get(i + 1);
            double seconds =
                    (machineAt.get(next).atNanos() - machineAt.get(phase).atNanos()) / 1e9;
            PhaseResult counted = phase == Phase.MAIN ? result.main() : phase == Phase.WARMUP ? result.warmup() : null;
            long requests = counted == null ? 0 : counted.ok() + counted.failed();
            targetResources.put(phase, between(targetAt.get(phase), targetAt.get(next), seconds, requests));
            for (Map.Entry<String, ResourceReading> service :
                    servicesAt.get(phase).entrySet()) {
                ResourceReading end = servicesAt.get(next).get(service.getKey());
                if (end != null) {
                    serviceResources
                            .computeIfAbsent(service.getKey(), s -> new EnumMap<>(Phase.class))
                            .put(phase, between(service.getValue(), end, seconds, 0));
                }
            }
        }
        double outside = machineAt.containsKey(Phase.MAIN) && machineAt.containsKey(Phase.ENDED)
                ? machineAt.get(Phase.ENDED).outsideCoresSince(machineAt.get(Phase.MAIN))
                : 0;
        List<RunRecord.NoiseWindow> windows = new ArrayList<>();
        if (machineAt.containsKey(Phase.ENDED)) {
            judgedReadings.forEach((phase, readings) -> windows.addAll(noise.windows(
                    scenario.name(),
                    phase,
                    readings,
                    duet
                            ? ownNanos.get(phase).stream()
                                    .mapToLong(Long::longValue)
                                    .toArray()
                            : null)));
        }
        List<RunRecord.NoiseWindow> main =
                windows.stream().filter(w -> w.phase() == Phase.MAIN).toList();
        double judged =
                main.stream().mapToDouble(RunRecord.NoiseWindow::seconds).sum();
        Double irq = judged <= 0
                ? null
                : main.stream().mapToDouble(w -> w.irqCores() * w.seconds()).sum() / judged;
        long peak = target.read().peakMemoryBytes();
        return new Measured(
                new RunRecord.ScenarioResult(
                        scenario.name(),
                        scenario.kind(),
                        result,
                        targetResources,
                        serviceResources,
                        memory.memoryBytes(),
                        peak,
                        memory.anonBytes(),
                        memory.peakAnonBytes(),
                        watch.timeline(),
                        loadNanos[0] == Long.MIN_VALUE || loadNanos[1] == Long.MIN_VALUE
                                ? null
                                : hostSpeed.between(loadNanos[0], loadNanos[1])),
                outside,
                irq,
                windows,
                watch.loadOrigin());
    }

    /** What was used between two readings {@code seconds} apart, in which {@code requests} ended (0 if not a target). */
    static Resources between(ResourceReading start, ResourceReading end, double seconds, long requests) {
        ResourceReading used = end.since(start);
        double cpuMillis = used.cpuNanos() < 0 ? -1 : used.cpuNanos() / 1e6;
        return new Resources(
                seconds,
                cpuMillis,
                cpuMillis < 0 || seconds <= 0 ? -1 : cpuMillis / (seconds * 1_000),
                cpuMillis < 0 || requests <= 0 ? -1 : cpuMillis * 1_000 / requests,
                used.periods(),
                used.throttledPeriods(),
                used.throttledNanos() < 0 ? -1 : used.throttledNanos() / 1e6,
                used.periods() <= 0 ? -1 : used.throttledPeriods() / (double) used.periods(),
                end.memoryBytes(),
                end.peakMemoryBytes(),
                used.runQueueWaitNanos() < 0 ? null : used.runQueueWaitNanos() / 1e6);
    }
}
