package dev.duel.report.read;

import dev.duel.record.Phase;
import dev.duel.record.Resources;
import dev.duel.record.RunRecord;
import dev.duel.record.ScenarioKind;
import dev.duel.record.Status;
import dev.duel.record.load.LatencySummary;
import dev.duel.record.load.LoadResult;
import dev.duel.record.load.PhaseResult;
import dev.duel.record.load.PlanSettings;
import dev.duel.record.load.WarmupMode;
import dev.duel.record.load.WindowResult;
import dev.duel.report.model.Format;
import dev.duel.report.model.Metric;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One run record as a report reads it: the typed {@link RunRecord} and the folder it came from,
 * with the few values a report derives from it (the app's file name, the load in words). A view: nothing is copied out of the record. Immutable.
 *
 * @param source the results folder the record was read from
 */
public record RunData(String source, RunRecord record) {

    public String target() {
        return record.target();
    }

    public Status status() {
        return record.status();
    }

    /** Only ok runs feed statistics. */
    public boolean ok() {
        return record.status() == Status.OK;
    }

    public int index() {
        return record.index();
    }

    public int attempt() {
        return record.attempt();
    }

    public String reason() {
        return record.reason();
    }

    public Instant startedAt() {
        return record.startInstant();
    }

    public Instant endedAt() {
        return record.endInstant();
    }

    /** Fingerprint of the machine the run was taken on (see env.json). */
    public String environment() {
        return record.environment();
    }

    public String duelVersion() {
        return record.duelVersion();
    }

    /** Spawn to the first answer that passed the ready check, milliseconds, or -1. */
    public double startupMillis() {
        return record.startup() == null ? -1 : record.startup().readyMillis();
    }

    /** Why the run has no {@link #startupMillis}, in words, or null when it has one. */
    public String missingStartup() {
        if (record.startup() == null) {
            return "the target never became ready";
        }
        return record.startup().readyMillis() > 0 ? null : "no ready time recorded";
    }

    /** True when the run planned the scenario: its record lists it, or holds its result. */
    public boolean planned(String scenario) {
        return record.scenarios().contains(scenario) || record.result(scenario) != null;
    }

    public List<ScenarioData> scenarios() {
        return record.results().stream()
                .map(result -> new ScenarioData(result, record.startup()))
                .toList();
    }

    /** The named scenario of this run, or null when the run did not measure it. */
    public ScenarioData scenario(String name) {
        RunRecord.ScenarioResult result = record.result(name);
        return result == null ? null : new ScenarioData(result, record.startup());
    }

    public TargetSettings settings() {
        return new TargetSettings(record.targetInfo());
    }

    /** How a target was run: everything that shaped its numbers. */
    public record TargetSettings(RunRecord.TargetInfo info) {
        public String jdkVersion() {
            return info.jdkVersion() == null ? "" : info.jdkVersion();
        }

        public String jdkVendor() {
            return info.jdkVendor() == null ? "" : info.jdkVendor();
        }

        /** The jar's file name, or "command" for a target started by a plain command. */
        public String app() {
            return info.jar() == null || info.jar().isEmpty()
                    ? "command"
                    : Path.of(info.jar()).getFileName().toString();
        }

        public List<String> jvmArgs() {
            return info.jvmArgs();
        }

        /** "AOT cache 41 MiB (trained on json for 30 s)" when the target started with one, else "". */
        public String aotCache() {
            RunRecord.AotCache aot = info.aotCache();
            return aot == null
                    ? ""
                    : String.format(
                            java.util.Locale.ROOT,
                            "AOT cache %s (trained on %s for %.0f s)",
                            Format.bytes(aot.sizeBytes()),
                            aot.trainScenario(),
                            aot.trainSeconds());
        }

        /** The limits asked for, in words. */
        public String limits() {
            return info.limits();
        }

        /** "cgroup v2", "cgroup v1", "not enforced (why)" or "none". */
        public String limitsMechanism() {
            return info.limitsMechanism();
        }

        public boolean limitsEnforced() {
            return info.limitsEnforced();
        }

        /** The target's own report: GC in use, "unknown" when it could not be asked. */
        public String gc() {
            return info.jvm().gc();
        }

        public long maxHeapBytes() {
            return info.jvm().maxHeapBytes();
        }

        public int activeProcessors() {
            return info.jvm().activeProcessors();
        }
    }

    /**
     * One scenario measured in a run, main phase only except the windows, with "not measured"
     * spelled as the report's measures expect: -1 for a resource that was not read, 0 samples and
     * no percentiles for a scenario that sent no load.
     */
    public record ScenarioData(RunRecord.ScenarioResult result, RunRecord.Startup startup) {
        private static final Map<String, java.util.function.ToDoubleFunction<LatencySummary>> PERCENTILES =
                percentiles();

        private static Map<String, java.util.function.ToDoubleFunction<LatencySummary>> percentiles() {
            Map<String, java.util.function.ToDoubleFunction<LatencySummary>> read = new LinkedHashMap<>();
            read.put("p50", LatencySummary::p50Micros);
            read.put("p90", LatencySummary::p90Micros);
            read.put("p99", LatencySummary::p99Micros);
            read.put("p99.9", LatencySummary::p999Micros);
            return read;
        }

        public String scenario() {
            return result.scenario();
        }

        public ScenarioKind kind() {
            return result.kind();
        }

        private PhaseResult main() {
            return result.load() == null ? null : result.load().main();
        }

        private LatencySummary latency() {
            PhaseResult main = main();
            return main == null ? LatencySummary.EMPTY : main.latency();
        }

        /** What drove it, in words ("32 users, warm-up 10 s, gap 5 s, main 20 s"), or "" for no load. */
        public String load() {
            return result.load() == null ? "" : describeLoad(result.load().settings());
        }

        /** Correct responses in main: the latency histogram's count. */
        public long samples() {
            return latency().count();
        }

        /** Correct responses per second of main: a target that fails fast serves nothing. */
        public double okPerSecond() {
            return main() == null ? 0 : main().okPerSecond();
        }

        public double meanLatencyMicros() {
            return latency().meanMicros();
        }

        /** A main-phase latency percentile ("p50", "p90", "p99", "p99.9") in microseconds, or -1 with no samples or no such name. */
        public double latencyMicros(String percentile) {
            java.util.function.ToDoubleFunction<LatencySummary> read = PERCENTILES.get(percentile);
            return read == null || main() == null || samples() == 0 ? -1 : read.applyAsDouble(latency());
        }

        /** Failed requests in main. */
        public long failed() {
            return main() == null ? 0 : main().failed();
        }

        /** Failed requests in main by kind label ("timeout", "status"...). */
        public Map<String, Long> failuresByKind() {
            Map<String, Long> byKind = new LinkedHashMap<>();
            if (main() != null) {
                main().failures().forEach((kind, count) -> byKind.put(kind.label(), count));
            }
            return byKind;
        }

        /** Target CPU over main / requests completed in main, microseconds, or -1. */
        public double cpuMicrosPerRequest() {
            Resources main = result.targetMain();
            return main == null ? -1 : main.cpuMicrosPerRequest();
        }

        /** Cores the target used during main, or -1. */
        public double cores() {
            Resources main = result.targetMain();
            return main == null ? -1 : main.cores();
        }

        /** Share of CFS periods in main in which the target was throttled, or -1. */
        public double throttledShare() {
            Resources main = result.targetMain();
            return main == null ? -1 : main.throttledShare();
        }

        /** The group's peak memory since the target started, page cache included, bytes (schema 1's measure). */
        public long peakRssBytes() {
            return result.peakRssBytes();
        }

        /** The highest anonymous memory sampled within this scenario, bytes; -1 when not measured (schema 1). */
        public long peakAnonBytes() {
            return result.peakAnonBytes() == null ? -1 : result.peakAnonBytes();
        }

        /** True for a record of schema 1, which did not sample anonymous memory. */
        public boolean schemaOne() {
            return result.anonBytes() == null;
        }

        /** Cores each companion (e.g. postgres) used during main, -1 where not read. */
        public Map<String, Double> serviceCores() {
            Map<String, Double> cores = new LinkedHashMap<>();
            result.services().forEach((name, phases) -> {
                Resources main = phases.get(Phase.MAIN);
                cores.put(name, main == null ? -1 : main.cores());
            });
            return cores;
        }

        /**
         * Why the record holds no value of {@code metric} in this scenario, in words, or null when it holds one (a
         * number that is neither NaN nor negative: what the report's rows take). An ok run that gives no value is
         * left out of the metric's row for this reason, never silently.
         */
        public String missing(Metric metric) {
            if (main() == null) {
                return "no load was measured in " + scenario();
            }
            return switch (metric) {
                case RPS, ERRORS -> null;
                case P50, P90, P99, P999, MEAN -> samples() > 0 ? null : "no correct response in main";
                case LATE, UNSTARTED -> {
                    if (openMain() == null) {
                        yield "closed model: no schedule to be late on";
                    }
                    yield openMain().sent() + openMain().unstarted() > 0 ? null : "nothing was scheduled in main";
                }
                case CPU_PER_REQUEST -> missingCpu(Resources::cpuMicrosPerRequest, "no request ended in main");
                case CORES -> missingCpu(Resources::cores, "main had no length");
                case THROTTLED -> {
                    Resources main = result.targetMain();
                    if (main == null) {
                        yield TARGET_NOT_READ;
                    }
                    yield main.throttledShare() >= 0
                            ? null
                            : "no CFS period counted in main (no CPU quota, or no control group to count them in)";
                }
                case PEAK_ANON -> {
                    if (schemaOne()) {
                        yield "not sampled (a record of schema 1)";
                    }
                    yield peakAnonBytes() >= 0 ? null : "no memory sample could be read";
                }
                case PEAK_RSS -> {
                    if (!schemaOne()) {
                        yield "peak anonymous memory is recorded instead (a record of schema 2 or later)";
                    }
                    yield peakRssBytes() >= 0 ? null : "the target's peak memory was not read";
                }
            };
        }

        private static final String TARGET_NOT_READ = "the target's resources in main were not read";

        /** Why a value derived from the target's CPU time in main is missing, or null when {@code value} has it. */
        private String missingCpu(java.util.function.ToDoubleFunction<Resources> value, String otherwise) {
            Resources main = result.targetMain();
            if (main == null) {
                return TARGET_NOT_READ;
            }
            if (value.applyAsDouble(main) >= 0) {
                return null;
            }
            return main.cpuMillis() < 0 ? "the target's CPU time in main could not be read" : otherwise;
        }

        /** Why {@link #serviceCores} has no value for {@code service}, in words, or null when it has one. */
        public String missingServiceCores(String service) {
            Map<Phase, Resources> phases = result.services().get(service);
            if (phases == null || phases.get(Phase.MAIN) == null) {
                return service + " was not read in main";
            }
            return phases.get(Phase.MAIN).cores() >= 0 ? null : service + "'s CPU time in main could not be read";
        }

        /** Warm-up curve: requests/s per window, empty for phases. */
        public List<Double> windowRps() {
            return result.load() == null
                    ? List.of()
                    : result.load().windows().stream()
                            .map(WindowResult::okPerSecond)
                            .toList();
        }

        /** Length of one window in seconds, 0 for phases. */
        public double windowSeconds() {
            List<WindowResult> windows =
                    result.load() == null ? List.of() : result.load().windows();
            return windows.isEmpty() ? 0 : windows.get(windows.size() - 1).lengthMillis() / 1000;
        }

        /** The engine's CPU over main / its cores. */
        public double loadgenUtilization() {
            return result.load() == null ? 0 : result.load().engine().utilization();
        }

        /** Startup scenarios: ready time of each fresh start, milliseconds; else empty. */
        public List<Double> startsMillis() {
            return result.kind() != ScenarioKind.STARTUP || startup == null
                    ? List.of()
                    : startup.startsMillis().stream().map(Long::doubleValue).toList();
        }

        /** Startup scenarios: why {@link #startsMillis} is empty, in words, or null when it holds a start. */
        public String missingStarts() {
            if (result.kind() != ScenarioKind.STARTUP) {
                return "not a start-up scenario";
            }
            return !startsMillis().isEmpty()
                    ? null
                    : startup == null ? "the target never became ready" : "no start recorded";
        }

        /** Main-phase latency, HdrHistogram compressed and Base64-encoded (may be empty). */
        public String latencyHistogram() {
            return latency().histogram();
        }

        /** Open model: late requests / scheduled ones (sent + never started) in main, 0..1; NaN in the closed model. */
        public double lateShare() {
            return openMain() == null ? Double.NaN : share(openMain().late(), openMain());
        }

        /** Open model: scheduled requests of main that never started / scheduled ones, 0..1; NaN in the closed model. */
        public double unstartedShare() {
            return openMain() == null ? Double.NaN : share(openMain().unstarted(), openMain());
        }

        private PhaseResult openMain() {
            LoadResult load = result.load();
            return load == null || load.settings() == null || load.settings().model() != PlanSettings.Model.OPEN
                    ? null
                    : load.main();
        }

        private static double share(long count, PhaseResult main) {
            long scheduled = main.sent() + main.unstarted();
            return scheduled == 0 ? Double.NaN : count / (double) scheduled;
        }
    }

    /** "32 users, warm-up 10 s, gap 5 s, main 20 s" or "2,000 req/s (poisson, up to 64 connections), 6 windows of 15 s". */
    static String describeLoad(PlanSettings s) {
        if (s == null) {
            return "";
        }
        String model = s.model() == PlanSettings.Model.OPEN
                ? String.format(
                        Locale.ROOT,
                        "%,.0f req/s (%s, up to %d connections)",
                        s.ratePerSecond(),
                        s.arrival() == null ? "" : s.arrival().label(),
                        s.maxConnections())
                : s.virtualUsers() + " users";
        String timing = s.windows() > 0
                ? String.format(
                        Locale.ROOT,
                        "%d windows of %s from the first correct answer",
                        s.windows(),
                        seconds(s.windowLengthMillis()))
                : String.format(
                        Locale.ROOT,
                        "warm-up %s, gap %s, main %s",
                        warmup(s),
                        seconds(s.gapMillis()),
                        seconds(s.durationMillis()));
        return model + ", " + timing;
    }

    /**
     * A fixed warm-up's length; an auto warm-up's floor and cap ("auto, at least 36 s, at most 46 s"), not the length
     * one run's warm-up turned out to have, which differs from run to run.
     */
    private static String warmup(PlanSettings s) {
        if (s.warmupMode() != WarmupMode.AUTO) {
            return seconds(s.warmupMillis());
        }
        Double min = s.minWarmupMillis();
        return "auto, " + (min == null || min == 0 ? "" : "at least " + seconds(min) + ", ") + "at most "
                + seconds(s.maxWarmupMillis());
    }

    private static String seconds(double millis) {
        return millis % 1000 == 0
                ? String.format(Locale.ROOT, "%.0f s", millis / 1000)
                : String.format(Locale.ROOT, "%.1f s", millis / 1000);
    }
}
