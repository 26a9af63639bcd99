package dev.duel.report;

import dev.duel.record.Phase;
import dev.duel.record.RecordJson;
import dev.duel.record.RunRecord;
import dev.duel.record.SampleRecords;
import dev.duel.record.ScenarioKind;
import dev.duel.record.Status;
import dev.duel.record.load.FailureKind;
import dev.duel.record.load.LatencySummary;
import dev.duel.record.load.LoadResult;
import dev.duel.record.load.PhaseResult;
import dev.duel.record.load.PlanSettings;
import dev.duel.record.load.SecondResult;
import dev.duel.record.load.WindowResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Results folders as {@code duel run} writes them, made up from a seed: typed records
 * ({@link RunRecord}, {@link dev.duel.record.Environment}) serialised by the records' own codec,
 * so the report reads exactly the shape the suite writes. The same seed always gives the same files,
 * so reports built from them can be compared with golden files. Public, in the root test package: the tests of
 * every report package (build, render) seed their folders with it.
 */
public final class SeededResults {
    /**
     * How one target behaves: its median requests/s, p99 in microseconds, samples per run, the
     * share of CFS periods it is throttled in, and the failures each of its runs sees in main.
     */
    public record Behaviour(
            String target,
            String jdk,
            double rps,
            double p99Micros,
            long samples,
            double throttled,
            Map<FailureKind, Long> failures,
            Shape shape) {
        public Behaviour(String target, String jdk, double rps, double p99Micros, long samples, double throttled) {
            this(target, jdk, rps, p99Micros, samples, throttled, Map.of(), Shape.CLOSED);
        }

        public Behaviour failing(Map<FailureKind, Long> counts) {
            return new Behaviour(target, jdk, rps, p99Micros, samples, throttled, counts, shape);
        }

        public Behaviour shaped(Shape other) {
            return new Behaviour(target, jdk, rps, p99Micros, samples, throttled, failures, other);
        }

        public Behaviour withSamples(long count) {
            return new Behaviour(target, jdk, rps, p99Micros, count, throttled, failures, shape);
        }
    }

    /**
     * How a run's load and main phase look beyond the medians.
     *
     * @param open             open model at the behaviour's rate, else closed with 32 users
     * @param lateShare        open model: late requests / scheduled ones in main
     * @param unstartedShare   open model: never started / scheduled in main
     * @param p99GrowthPerSecond relative growth of the per-second p99 from one second of main to the next
     *                         (a main phase still warming up, or a queue building)
     * @param mainMillis       length of main; main starts at 15 s, so a length that is not whole seconds
     *                         leaves a partial last second in the per-second series
     * @param startsMillis     a startup scenario's starts, the first one a fresh process; empty for load scenarios
     * @param settling         per scenario, how its requests/s per second warms up ({@link Settle#STEP} when absent)
     */
    public record Shape(
            boolean open,
            double lateShare,
            double unstartedShare,
            double p99GrowthPerSecond,
            double mainMillis,
            List<Long> startsMillis,
            Map<String, Settle> settling) {
        public static final Shape CLOSED = new Shape(false, 0, 0, 0, 20_000, List.of(), Map.of());

        public static Shape open(double lateShare, double unstartedShare) {
            return new Shape(true, lateShare, unstartedShare, 0, 20_000, List.of(), Map.of());
        }

        public Shape warming(double growthPerSecond) {
            return new Shape(open, lateShare, unstartedShare, growthPerSecond, mainMillis, startsMillis, settling);
        }

        public Shape mainMillis(double millis) {
            return new Shape(open, lateShare, unstartedShare, p99GrowthPerSecond, millis, startsMillis, settling);
        }

        public Shape starts(List<Long> millis) {
            return new Shape(open, lateShare, unstartedShare, p99GrowthPerSecond, mainMillis, millis, settling);
        }

        public Shape settling(String scenario, Settle settle) {
            Map<String, Settle> more = new LinkedHashMap<>(settling);
            more.put(scenario, settle);
            return new Shape(open, lateShare, unstartedShare, p99GrowthPerSecond, mainMillis, startsMillis, more);
        }

        Settle settle(String scenario) {
            return settling.getOrDefault(scenario, Settle.STEP);
        }
    }

    /**
     * How a run's requests/s per second moves from its first correct answer (warm-up 0-10 s, gap 10-15 s, main
     * from 15 s), as a share of the behaviour's rate. The main phase's own totals are drawn as before: only the
     * per-second series changes.
     */
    public enum Settle {
        /** 70% through warm-up, 100% through main: steady from main's first second. */
        STEP,
        /** 100% from the first second: flat. */
        FLAT,
        /** 50% through warm-up, then from 70% at main's start up to 100% at its sixth second: steady inside main. */
        LATE,
        /** 50% through warm-up, then from 60% at main's start rising linearly to 100% at its end: never steady. */
        NEVER;

        double share(Phase phase, int second, double mainSeconds) {
            int intoMain = second - 15;
            return switch (this) {
                case STEP -> phase == Phase.WARMUP ? 0.7 : 1;
                case FLAT -> 1;
                case LATE -> phase == Phase.WARMUP ? 0.5 : Math.min(1, 0.7 + 0.3 * intoMain / 6.0);
                case NEVER -> phase == Phase.WARMUP ? 0.5 : 0.6 + 0.4 * intoMain / Math.max(1, mainSeconds - 1);
            };
        }
    }

    /** The host's speed under each run, as its drift probe measured it before and after the run. */
    @FunctionalInterface
    public interface HostSpeed {
        /** @return the run's probe; null for a record without one */
        dev.duel.record.HostProbe probe(String target, int index);
    }

    /** A steady host: the same speed under every run (drawn from no seed, so the other values stay as they were). */
    public static final HostSpeed STEADY_HOST = (target, index) -> probe(217.0, 216.0);

    /** A probe that had its CPU to itself: as much CPU as wall time, at these speeds before and after the run. */
    public static dev.duel.record.HostProbe probe(double beforeUnitsPerSecond, double afterUnitsPerSecond) {
        return new dev.duel.record.HostProbe(reading(beforeUnitsPerSecond, 1), reading(afterUnitsPerSecond, 1));
    }

    /** One probe reading at {@code unitsPerSecond} in which the probe's thread had {@code cpuShare} of the wall time. */
    public static dev.duel.record.HostProbe.Reading reading(double unitsPerSecond, double cpuShare) {
        double millis = 100_000 / unitsPerSecond;
        return new dev.duel.record.HostProbe.Reading(
                "17.0.15", "1", 100, millis, unitsPerSecond, millis * cpuShare, 0.0, null);
    }

    /** What ran inside the target through a scenario of a run, as its timeline ({@link dev.duel.record.SampleRuntime}). */
    @FunctionalInterface
    public interface Runtime {
        /**
         * @param seconds the scenario's per-second load series, as written
         * @return the run's timeline in the scenario; null for a target run with {@code profile: none}
         */
        dev.duel.record.runtime.RuntimeTimeline timeline(
                String target, String scenario, int index, List<SecondResult> seconds);
    }

    /** No timeline anywhere: every record before schema 5, and targets run with {@code profile: none}. */
    public static final Runtime NO_RUNTIME = (target, scenario, index, seconds) -> null;

    private HostSpeed hostSpeed = STEADY_HOST;
    private Runtime runtime = NO_RUNTIME;
    private final Random random;
    private final Path directory;
    private final Instant start;
    private int index;
    /** The last run written was a discarded attempt: its repeat keeps its index, as the suite's files do. */
    private boolean repeatNext;

    public SeededResults(Path directory, long seed, Instant start) throws IOException {
        this.random = new Random(seed);
        this.directory = directory;
        this.start = start;
        Files.createDirectories(directory.resolve("runs"));
    }

    /** The host's speed under the runs written from now on. */
    public void hostSpeed(HostSpeed speed) {
        hostSpeed = speed;
    }

    /** The runtime timelines of the runs written from now on (drawn from no seed: the other values stay as they were). */
    public void runtime(Runtime timelines) {
        runtime = timelines;
    }

    public void environment(String fingerprint, List<String> warnings) throws IOException {
        Files.write(
                directory.resolve("env.json"),
                RecordJson.bytes(SampleRecords.environment(fingerprint, start.toString(), warnings)));
    }

    /** The suite file's copy in the folder: the suite's business, not a record, so written as a user would. */
    public void suite(String name, List<String> thresholds) throws IOException {
        StringBuilder yaml = new StringBuilder("name: " + name + "\nthresholds:\n");
        thresholds.forEach(
                t -> yaml.append("  - '").append(t.replace("'", "''")).append("'\n"));
        Files.writeString(directory.resolve("suite.yaml"), yaml);
    }

    /** One run of {@code b} with the scenarios given, {@code minutes} after the start; returns its file. */
    public Path run(
            Behaviour b,
            String status,
            String reason,
            int attempt,
            double minutes,
            String fingerprint,
            List<String> scenarios,
            boolean windows)
            throws IOException {
        Status parsed = Status.valueOf(status.toUpperCase(java.util.Locale.ROOT));
        if (!repeatNext) {
            index++;
        }
        repeatNext = parsed == Status.DISCARDED && attempt == 1;
        Instant startedAt = start.plusSeconds(Math.round(minutes * 60));
        RunRecord.TargetInfo info = SampleRecords.jarTarget(b.target(), b.jdk(), "/opt/apps/minimal.jar");
        long readyMillis = Math.round(1500 * noise(0.1));
        List<Long> starts = b.shape().startsMillis();
        if (!starts.isEmpty()) {
            readyMillis = starts.get(0);
        }
        RunRecord.Startup startup = new RunRecord.Startup(40_000 + index, readyMillis - 200, readyMillis, starts);
        List<RunRecord.ScenarioResult> results = new ArrayList<>();
        for (String scenario : scenarios) {
            results.add(
                    starts.isEmpty()
                            ? scenario(b, scenario, windows, startedAt)
                            : new RunRecord.ScenarioResult(
                                    scenario,
                                    ScenarioKind.STARTUP,
                                    null,
                                    Map.of(),
                                    Map.of(),
                                    List.of(),
                                    -1,
                                    List.of(),
                                    -1L,
                                    null,
                                    null));
        }
        String stem = String.format(
                "%03d-%s-%s", index, b.target().replaceAll("[^A-Za-z0-9.-]", "_"), String.join("+", scenarios));
        RunRecord record = new RunRecord(
                RecordJson.SCHEMA_VERSION,
                "0.1.0-test",
                "seeded",
                index,
                (index + 1) / 2,
                attempt,
                b.target(),
                scenarios,
                parsed,
                reason,
                startedAt.toString(),
                startedAt.plusSeconds(90).toString(),
                info,
                startup,
                results,
                new RunRecord.GateReadings(0.05, true, 60, 0.02, 0.4),
                fingerprint,
                "runs/" + stem + ".log",
                List.of(),
                List.of(
                        new dev.duel.record.ProcessAffinity("load generator", 100, "0"),
                        new dev.duel.record.ProcessAffinity("target " + b.target(), 1000 + index, "1")),
                List.of(),
                hostSpeed.probe(b.target(), index),
                null,
                null);
        String file = parsed == Status.DISCARDED && attempt == 1 ? stem + ".discarded-1.json" : stem + ".json";
        Path path = directory.resolve("runs").resolve(file);
        Files.write(path, RecordJson.bytes(record));
        return path;
    }

    private RunRecord.ScenarioResult scenario(Behaviour b, String name, boolean windows, Instant startedAt) {
        Shape shape = b.shape();
        double mainMillis = shape.mainMillis();
        PlanSettings settings = windows
                ? SampleRecords.closedSettings("http://127.0.0.1:8080/" + name, 32, 0, 0, 90_000, 6, 15_000)
                : shape.open()
                        ? SampleRecords.openSettings(
                                "http://127.0.0.1:8080/" + name,
                                b.rps(),
                                dev.duel.record.load.Arrival.POISSON,
                                64,
                                10_000,
                                5_000,
                                mainMillis)
                        : SampleRecords.closedSettings(
                                "http://127.0.0.1:8080/" + name, 32, 10_000, 5_000, mainMillis, 0, 0);
        double rps = b.rps() * noise(0.03);
        double p99 = b.p99Micros() * noise(0.08);
        LatencySummary latency = SampleRecords.latency(b.samples(), p99 / 6, p99 / 8, p99 / 3, p99, p99 * 2.5);
        PhaseResult main = SampleRecords.phase(Phase.MAIN, mainMillis, rps, b.failures(), latency);
        if (shape.open()) {
            // Late requests were sent (late); unstarted ones never were: scheduled = sent + unstarted.
            long scheduled = Math.round(main.sent() / (1 - shape.unstartedShare()));
            main = withSchedule(
                    main, Math.round(scheduled * shape.lateShare()), Math.round(scheduled * shape.unstartedShare()));
        }
        PhaseResult warmup = SampleRecords.phase(Phase.WARMUP, 10_000, rps * 0.7, Map.of(), latency);
        List<WindowResult> windowResults = new ArrayList<>();
        if (windows) {
            for (int w = 0; w < 6; w++) {
                double okPerSecond = b.rps() * (1 - 0.5 * Math.exp(-w)) * noise(0.02);
                windowResults.add(new WindowResult(
                        w, w * 15_000.0, 15_000, Math.round(okPerSecond * 15), 0, okPerSecond, LatencySummary.EMPTY));
            }
        }
        List<SecondResult> seconds = new ArrayList<>();
        double mainEndMillis = 15_000 + mainMillis;
        for (int second = 0; second * 1000.0 < mainEndMillis; second++) {
            Phase phase = second < 10 ? Phase.WARMUP : second < 15 ? Phase.GAP : Phase.MAIN;
            // The last second of main may be partial: it holds only the responses of its part.
            double covered = Math.min(1, (mainEndMillis - second * 1000.0) / 1000);
            long ok = phase == Phase.GAP
                    ? 0
                    : Math.round(rps
                            // ±2% a second: a steady target's spread at 1 s resolution, not so wide that the
                            // classifier reads a level change into noise.
                            * noise(0.02)
                            * shape.settle(name).share(phase, second, Math.floor(mainMillis / 1000))
                            * covered);
            double secondP99 = phase == Phase.MAIN ? p99 * Math.pow(1 + shape.p99GrowthPerSecond(), second - 15) : p99;
            seconds.add(new SecondResult(second, phase, ok, 0, secondP99 / 8, secondP99, secondP99 * 3));
        }
        LoadResult load = SampleRecords.load(
                settings,
                warmup,
                main,
                windowResults,
                seconds,
                // Two event loops, each 40% busy: a clean generator (the bottleneck rule asks it under 70%).
                SampleRecords.withLoops(
                        SampleRecords.engine(0.4, 2, 20_000, main.ok() + main.failed()),
                        2,
                        0.4,
                        List.of(0.4, 0.4),
                        List.of()),
                startedAt.plusSeconds(5).toString(),
                startedAt.plusSeconds(40).toString());
        long peakRss = Math.round((300L << 20) * noise(0.02));
        double postgresCores = 0.4 * noise(0.1);
        Map<String, Map<Phase, dev.duel.record.Resources>> services = new LinkedHashMap<>();
        services.put("postgres", SampleRecords.inMain(SampleRecords.resources(20, postgresCores, 0, -1, 64L << 20)));
        // CPU per request is 0.99 cores over the requests/s: recorded exactly so, as the seeded reports expect.
        dev.duel.record.Resources target =
                SampleRecords.resources(20, 0.99, Math.round(rps * 20), b.throttled(), peakRss);
        target = new dev.duel.record.Resources(
                target.seconds(),
                target.cpuMillis(),
                target.cores(),
                0.99e6 / rps,
                target.periods(),
                target.throttledPeriods(),
                target.throttledMillis(),
                target.throttledShare(),
                target.memoryBytes(),
                target.peakMemoryBytes(),
                target.runQueueWaitMillis());
        return new RunRecord.ScenarioResult(
                name,
                windows ? ScenarioKind.WARMUP_CURVE : ScenarioKind.LOAD,
                load,
                SampleRecords.inMain(target),
                services,
                List.of(peakRss / 2, peakRss),
                peakRss,
                // Anonymous memory: the group's use without its page cache, derived (no extra draw of the seed).
                List.of(peakRss * 3 / 10, peakRss * 6 / 10),
                peakRss * 6 / 10,
                runtime.timeline(b.target(), name, index, seconds),
                null);
    }

    private static PhaseResult withSchedule(PhaseResult m, long late, long unstarted) {
        return new PhaseResult(
                m.phase(),
                m.durationMillis(),
                m.sent(),
                m.ok(),
                m.failed(),
                m.connectFailures(),
                m.interrupted(),
                late,
                unstarted,
                m.reconnects(),
                m.failures(),
                m.errorRate(),
                m.requestsPerSecond(),
                m.okPerSecond(),
                m.requestBytes(),
                m.responseBytes(),
                m.meanRequestBytes(),
                m.meanResponseBytes(),
                m.latency(),
                m.uncorrectedLatency(),
                m.scheduleLag(),
                m.lateDelay(),
                m.turnaroundLag());
    }

    private double noise(double relative) {
        return 1 + relative * (random.nextDouble() * 2 - 1);
    }

    /** Changes a written record as a JSON tree and writes it back: a record duel would not write, or a changed copy. */
    public static void edit(
            Path file, java.util.function.Consumer<com.fasterxml.jackson.databind.node.ObjectNode> change)
            throws IOException {
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
        com.fasterxml.jackson.databind.node.ObjectNode record =
                (com.fasterxml.jackson.databind.node.ObjectNode) json.readTree(file.toFile());
        change.accept(record);
        json.writerWithDefaultPrettyPrinter().writeValue(file.toFile(), record);
    }

    /** {@code each} ok runs of a and of b in turn, one minute apart, all in environment "e". */
    public void interleaved(Behaviour a, Behaviour b, int each, List<String> scenarios) throws IOException {
        for (int i = 0; i < each; i++) {
            run(a, "ok", "", 1, i * 2, "e", scenarios, false);
            run(b, "ok", "", 1, i * 2 + 1, "e", scenarios, false);
        }
    }
}
