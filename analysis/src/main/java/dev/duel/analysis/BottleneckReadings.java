package dev.duel.analysis;

import dev.duel.record.Phase;
import dev.duel.record.Resources;
import dev.duel.record.RunRecord;
import dev.duel.record.load.AgentShare;
import dev.duel.record.load.EngineUsage;
import dev.duel.record.load.LoadResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * The readings {@link Bottleneck}'s rules judge, taken from one run's record for one load scenario's main phase, and
 * what the record could not show. Apart from the rules so that each reads on its own: this class knows the record's
 * shape (noise windows, agents' engines, services' limits, schema versions), the rules only {@link
 * Bottleneck.Readings}. Pure and stateless.
 */
final class BottleneckReadings {

    private BottleneckReadings() {}

    static Bottleneck.Readings of(
            RunRecord run, RunRecord.ScenarioResult result, Resources main, List<Missing> missing) {
        RunRecord.TargetInfo info = run.targetInfo();
        Double limit = info == null ? null : limit(info.cpus(), info.cpuset());
        // The noise gate reads duel's machine: a target elsewhere (a load agent, a Kubernetes node) is not on it.
        boolean targetHere = info == null || info.host() == null;
        List<RunRecord.NoiseWindow> windows = run.gates() == null || run.gates().noiseWindows() == null
                ? null
                : run.gates().noiseWindows().stream()
                        .filter(w -> !w.start() && w.phase() == Phase.MAIN)
                        .filter(w -> w.scenario().equals(result.scenario()))
                        .toList();
        if (windows == null || windows.isEmpty()) {
            missing.add(Missing.WINDOWS);
        }
        Double available = targetHere ? mean(windows, RunRecord.NoiseWindow::targetAvailableCores) : null;
        Double idle = targetHere ? mean(windows, RunRecord.NoiseWindow::targetIdleCores) : null;
        if (available == null) {
            available = limit;
        }
        if (available == null) {
            missing.add(Missing.AVAILABLE);
        }
        Double targetWait = main.runQueueWaitCores();
        if (targetWait == null) {
            missing.add(Missing.TARGET_WAIT);
        }
        LoadResult load = result.load();
        List<EngineUsage> engines = load.agents() == null
                ? List.of(load.engine())
                : load.agents().stream()
                        .map(AgentShare::result)
                        .filter(r -> r != null && r.engine() != null)
                        .map(LoadResult::engine)
                        .toList();
        // One side of an interleaved pair held the load for part of main only: what it and its engine used while it
        // held it is what they used over main, over that part (the idle side's own background work, a compiler or a
        // collection, counts as if it fell in its slices: a bound from above).
        double heldShare = load.interleaved() && main.seconds() > 0
                ? Math.min(1, load.main().durationMillis() / (main.seconds() * 1_000))
                : 1;
        double scale = heldShare > 0 ? 1 / heldShare : 1;
        // The process's utilization is both engines' and stays as read; a loop's busy share is its own side's.
        double utilization = engines.stream()
                .mapToDouble(e -> Math.max(
                        e.utilization(),
                        e.loopBusy().stream()
                                        .mapToDouble(Double::doubleValue)
                                        .max()
                                        .orElse(0)
                                * scale))
                .max()
                .orElse(0);
        Double loadgenWait = engines.isEmpty() || engines.stream().anyMatch(e -> e.runQueueWaitCores() == null)
                ? null
                : engines.stream()
                        .mapToDouble(EngineUsage::runQueueWaitCores)
                        .max()
                        .getAsDouble();
        if (loadgenWait == null) {
            missing.add(Missing.LOADGEN_WAIT);
        }
        List<Bottleneck.ServiceReading> services = new ArrayList<>();
        for (Map.Entry<String, Map<Phase, Resources>> service :
                result.services().entrySet()) {
            Resources used = service.getValue().get(Phase.MAIN);
            if (used == null || used.cores() < 0) {
                continue;
            }
            RunRecord.ServiceInfo recorded = run.service(service.getKey());
            services.add(new Bottleneck.ServiceReading(
                    service.getKey(),
                    used.cores(),
                    recorded == null ? null : limit(recorded.cpus(), recorded.cpuset()),
                    used.throttledShare() < 0 ? null : used.throttledShare(),
                    used.runQueueWaitCores()));
        }
        if (run.services() == null && !services.isEmpty()) {
            missing.add(Missing.SERVICE_LIMITS);
        }
        Double judged = windows == null || windows.isEmpty()
                ? null
                : windows.stream().mapToDouble(RunRecord.NoiseWindow::seconds).sum();
        Double disturbed = judged == null
                ? null
                : windows.stream()
                        .filter(RunRecord.NoiseWindow::disturbed)
                        .mapToDouble(RunRecord.NoiseWindow::seconds)
                        .sum();
        return new Bottleneck.Readings(
                main.cores() < 0 ? main.cores() : main.cores() * scale,
                limit,
                available,
                main.throttledShare() < 0 ? null : main.throttledShare(),
                targetWait,
                idle,
                utilization,
                loadgenWait,
                judged,
                disturbed,
                services);
    }

    /** The time-weighted mean of {@code value} over the windows where it is known (not negative); null if nowhere. */
    private static Double mean(List<RunRecord.NoiseWindow> windows, ToDoubleFunction<RunRecord.NoiseWindow> value) {
        if (windows == null) {
            return null;
        }
        double seconds = 0;
        double sum = 0;
        for (RunRecord.NoiseWindow window : windows) {
            double v = value.applyAsDouble(window);
            if (v >= 0 && window.seconds() > 0) {
                seconds += window.seconds();
                sum += v * window.seconds();
            }
        }
        return seconds <= 0 ? null : sum / seconds;
    }

    /** A quota and a cpuset's CPUs, the smaller, cores; null without either. */
    static Double limit(Double quota, String cpuset) {
        int cpus = cpuCount(cpuset);
        if (quota == null) {
            return cpus > 0 ? (double) cpus : null;
        }
        return cpus > 0 ? Math.min(quota, cpus) : quota;
    }

    /** The CPUs of a CPU list ("0-2,5": 4); 0 when there is none or it cannot be read. */
    static int cpuCount(String list) {
        if (list == null || list.isBlank()) {
            return 0;
        }
        int count = 0;
        try {
            for (String part : list.split(",")) {
                String[] range = part.trim().split("-");
                count += range.length == 1 ? 1 : Integer.parseInt(range[1]) - Integer.parseInt(range[0]) + 1;
            }
        } catch (NumberFormatException e) {
            return 0;
        }
        return count;
    }

    /** A reading the record does not hold, and which verdicts it could have changed. */
    enum Missing {
        TARGET_WAIT("the target's run-queue wait"),
        LOADGEN_WAIT("the generator's run-queue wait"),
        SERVICE_LIMITS("the services' limits"),
        WINDOWS("the noise windows of main"),
        AVAILABLE("what the target could use (no limit, no noise window)");

        private final String what;

        Missing(String what) {
            this.what = what;
        }

        String text(int schemaVersion) {
            String why = switch (this) {
                case TARGET_WAIT, LOADGEN_WAIT, SERVICE_LIMITS ->
                    schemaVersion < 7 ? "record schema " + schemaVersion : "not measured";
                case WINDOWS -> schemaVersion < 2 ? "record schema " + schemaVersion : "none judged";
                case AVAILABLE -> "";
            };
            return why.isEmpty() ? what : what + " (" + why + ")";
        }

        /** Whether the reading, had it been there, could have given another verdict than {@code kind}. */
        boolean mattersFor(Bottleneck.Kind kind) {
            return switch (this) {
                // A wait or a disturbed window would have made it the machine's, instead of the target's own.
                case TARGET_WAIT, LOADGEN_WAIT, WINDOWS ->
                    kind == Bottleneck.Kind.TARGET_WAITING || kind == Bottleneck.Kind.OFFERED_LOAD;
                // A companion at its limit outranks everything but the generator.
                case SERVICE_LIMITS -> kind != Bottleneck.Kind.LOADGEN && kind != Bottleneck.Kind.COMPANION;
                // Without it the target cannot be seen at its limit unless throttled.
                case AVAILABLE ->
                    kind == Bottleneck.Kind.MACHINE
                            || kind == Bottleneck.Kind.TARGET_WAITING
                            || kind == Bottleneck.Kind.OFFERED_LOAD;
            };
        }
    }
}
