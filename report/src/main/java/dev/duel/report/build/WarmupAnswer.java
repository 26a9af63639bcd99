package dev.duel.report.build;

import dev.duel.analysis.RunSteadyState;
import dev.duel.report.model.Measure;
import dev.duel.report.model.Metric;
import dev.duel.report.model.Report;
import dev.duel.report.model.Summary;
import dev.duel.report.model.WarmupRun;
import dev.duel.report.model.WarmupSection;
import dev.duel.report.read.RunData;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * Builds a scenario's warm-up answer ({@link WarmupSection}) from each valid run's {@link RunSteadyState}: the runs in
 * order with their classification, and per target the time to steady state and the warm-up cost over the runs that
 * reached a steady state (runs that never did are counted in the cell, and any such run takes the comparison's
 * verdict away: they are the slowest to settle, so a median without them would flatter the side). Not thread-safe.
 */
final class WarmupAnswer {
    static final Measure TIME_TO_STEADY =
            new Measure("steady.time", "time to steady state", Metric.Unit.SECONDS, Metric.Direction.LOWER, false);
    static final Measure WARMUP_COST =
            new Measure("warmup.cost", "warm-up cost (requests)", Metric.Unit.COUNT, Metric.Direction.LOWER, false);

    private final List<String> targets;
    private final Function<String, List<RunData>> runsOf;
    private final Function<RunData, RunSteadyState> steady;
    /** A run's host speed in the scenario, by second of its load ({@link #relativeHostSpeed}); empty without one. */
    private final Function<RunData, List<Double>> hostSpeed;

    /**
     * @param targets the scenario's targets, in column order
     * @param runsOf  a target's valid runs of the scenario
     * @param steady  a run's steady state in the scenario
     */
    WarmupAnswer(
            List<String> targets, Function<String, List<RunData>> runsOf, Function<RunData, RunSteadyState> steady) {
        this(targets, runsOf, steady, run -> List.of());
    }

    /** @param hostSpeed a run's host speed over its fast level, by second of its load; empty where not recorded */
    WarmupAnswer(
            List<String> targets,
            Function<String, List<RunData>> runsOf,
            Function<RunData, RunSteadyState> steady,
            Function<RunData, List<Double>> hostSpeed) {
        this.targets = List.copyOf(targets);
        this.runsOf = runsOf;
        this.steady = steady;
        this.hostSpeed = hostSpeed;
    }

    /**
     * The host's speed on the run's target CPUs (their mean), by second of its load, over the fast level of that
     * series (its 90th percentile, {@link dev.duel.analysis.HostFlips}); empty where the run recorded none.
     */
    static List<Double> relativeHostSpeed(RunData run, String scenario) {
        dev.duel.record.RunRecord.ScenarioResult result = run.record().result(scenario);
        if (result == null || result.hostSpeed() == null || run.record().targetInfo() == null) {
            return List.of();
        }
        dev.duel.record.HostSpeed speed = result.hostSpeed();
        String cpuset = run.record().targetInfo().cpuset();
        List<String> cpus = cpuset == null
                ? speed.cpus()
                : dev.duel.record.CpuList.parse(cpuset).stream()
                        .map(String::valueOf)
                        .filter(speed.cpus()::contains)
                        .toList();
        if (cpus.isEmpty()) {
            return List.of();
        }
        int seconds = speed.of(cpus.get(0)).size();
        List<Double> mean = new ArrayList<>();
        for (int s = 0; s < seconds; s++) {
            double sum = 0;
            int count = 0;
            for (String cpu : cpus) {
                Double value = speed.of(cpu).get(s);
                if (value != null) {
                    sum += value;
                    count++;
                }
            }
            mean.add(count == 0 ? null : sum / count);
        }
        double fast = dev.duel.analysis.HostFlips.fastLevel(mean);
        return mean.stream()
                .map(v -> v == null || !(fast > 0) ? Double.NaN : v / fast)
                .toList();
    }

    WarmupSection build(List<Report.Comparison> comparisons) {
        List<RunData> all = new ArrayList<>();
        targets.forEach(t -> all.addAll(runsOf.apply(t)));
        all.sort((x, y) -> Integer.compare(x.index(), y.index()));
        List<WarmupRun> runs = new ArrayList<>();
        for (RunData run : all) {
            runs.add(warmupRun(
                    String.format(Locale.ROOT, "%03d", run.index()),
                    run.target(),
                    steady.apply(run),
                    hostSpeed.apply(run)));
        }
        List<Report.Row> rows = List.of(
                row(TIME_TO_STEADY, RunSteadyState::secondsToSteady),
                row(WARMUP_COST, RunSteadyState::warmupCostRequests));
        return new WarmupSection(runs, rows, comparisons);
    }

    static WarmupRun warmupRun(String label, String target, RunSteadyState run) {
        return warmupRun(label, target, run, List.of());
    }

    /** @param loadHostSpeed the host's relative speed by second of the run's load; empty without one */
    static WarmupRun warmupRun(String label, String target, RunSteadyState run, List<Double> loadHostSpeed) {
        int[] seconds = run.seconds();
        List<Double> hostSpeed = loadHostSpeed.isEmpty()
                ? List.of()
                : Arrays.stream(seconds)
                        .mapToObj(s -> s < loadHostSpeed.size() ? loadHostSpeed.get(s) : Double.NaN)
                        .toList();
        int first = seconds.length == 0 ? 0 : seconds[0];
        List<Report.Segment> segments = run.segments().stream()
                .map(s -> new Report.Segment(s.fromSecond() - first, s.toSecond() - first, s.mean()))
                .toList();
        return new WarmupRun(
                label,
                target,
                run.classification(),
                run.secondsToSteady(),
                run.warmupCostRequests(),
                run.steadyRequestsPerSecond(),
                run.steadyThroughMain(),
                run.why(),
                Arrays.stream(seconds).map(s -> s - first).boxed().toList(),
                Arrays.stream(run.requestsPerSecond()).boxed().toList(),
                segments,
                Arrays.stream(run.p99Micros())
                        .map(micros -> micros / 1000)
                        .boxed()
                        .toList(),
                run.mainStartSecond() < 0 ? -1 : run.mainStartSecond() - first,
                run.levels(),
                run.levels() == null ? null : run.mainInterval(),
                hostSpeed);
    }

    private Report.Row row(Measure measure, java.util.function.ToDoubleFunction<RunSteadyState> read) {
        List<Report.Cell> cells = new ArrayList<>();
        for (String target : targets) {
            List<RunSteadyState> runs =
                    runsOf.apply(target).stream().map(steady).toList();
            double[] values = runs.stream()
                    .filter(RunSteadyState::steady)
                    .mapToDouble(read)
                    .filter(Double::isFinite)
                    .toArray();
            int never = (int) runs.stream().filter(r -> !r.steady()).count();
            cells.add(
                    values.length == 0
                            ? new Report.Cell(null, missing(runs, never), List.of(), 0, never)
                            : new Report.Cell(Summary.of(values), null, List.of(), 0, never));
        }
        return new Report.Row(measure, cells);
    }

    /**
     * Why a cell has no value: no run, no run steady, or steady runs that give none (a side of an interleaved pair has
     * no warm-up cost: it warmed up beside its partner, at a rate it would not have alone; {@link RunSteadyState}).
     */
    private static String missing(List<RunSteadyState> runs, int never) {
        if (runs.isEmpty()) {
            return "not measured";
        }
        return never == runs.size()
                ? "no run reached steady state"
                : "not measured: each run warmed up beside its partner in a pair, at a rate it would not have alone";
    }
}
