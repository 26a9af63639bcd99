package dev.duel.record;

import dev.duel.record.load.Arrival;
import dev.duel.record.load.EngineUsage;
import dev.duel.record.load.FailureKind;
import dev.duel.record.load.LatencySummary;
import dev.duel.record.load.LoadResult;
import dev.duel.record.load.PhaseResult;
import dev.duel.record.load.PlanSettings;
import dev.duel.record.load.SecondResult;
import dev.duel.record.load.WarmupEnd;
import dev.duel.record.load.WarmupMode;
import dev.duel.record.load.WindowResult;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Complete, typed record parts for tests, with plausible values everywhere a test does not care:
 * records built from these serialise into exactly what {@code duel run} writes, field for field.
 * Stateless.
 */
public final class SampleRecords {
    private SampleRecords() {}

    /** A latency summary shaped around its p99 (microseconds), over {@code count} samples, without a histogram. */
    public static LatencySummary latency(
            long count, double meanMicros, double p50Micros, double p90Micros, double p99Micros, double p999Micros) {
        if (count == 0) {
            return LatencySummary.EMPTY;
        }
        return new LatencySummary(
                count,
                p50Micros / 4,
                meanMicros,
                meanMicros / 2,
                p50Micros,
                p90Micros,
                (p90Micros + p99Micros) / 2,
                p99Micros,
                p999Micros,
                p999Micros * 1.2,
                p999Micros * 1.5,
                "");
    }

    /** Every failure kind, with the counts given and 0 for the rest, in the engine's order. */
    public static Map<FailureKind, Long> failures(Map<FailureKind, Long> counts) {
        Map<FailureKind, Long> all = new LinkedHashMap<>();
        for (FailureKind kind : FailureKind.values()) {
            all.put(kind, counts.getOrDefault(kind, 0L));
        }
        return all;
    }

    /**
     * A phase in which {@code okPerSecond} correct answers came each second for {@code durationMillis},
     * {@code failed} requests failed as {@code failures} says, and nothing was late or cut off.
     */
    public static PhaseResult phase(
            Phase phase,
            double durationMillis,
            double okPerSecond,
            Map<FailureKind, Long> failures,
            LatencySummary latency) {
        long ok = Math.round(okPerSecond * durationMillis / 1000);
        long connect = failures.getOrDefault(FailureKind.CONNECT, 0L);
        long failed = failures.values().stream().mapToLong(Long::longValue).sum() - connect;
        long sent = ok + failed;
        double seconds = durationMillis / 1000;
        return new PhaseResult(
                phase,
                durationMillis,
                sent,
                ok,
                failed,
                connect,
                0,
                0,
                0,
                0,
                failures(failures),
                sent + connect == 0 ? 0 : (failed + connect) / (double) (sent + connect),
                seconds <= 0 ? 0 : (ok + failed) / seconds,
                okPerSecond,
                sent * 60,
                ok * 180,
                sent == 0 ? 0 : 60,
                ok == 0 ? 0 : 180,
                latency,
                latency,
                LatencySummary.EMPTY,
                LatencySummary.EMPTY,
                null);
    }

    /** Closed-model settings: {@code users} on {@code url}, phases (or windows when {@code windows} > 0). */
    public static PlanSettings closedSettings(
            String url,
            int users,
            double warmupMillis,
            double gapMillis,
            double durationMillis,
            int windows,
            double windowLengthMillis) {
        return new PlanSettings(
                "GET",
                url,
                List.of(),
                0,
                Map.of(),
                List.of("status in 2xx (default)"),
                PlanSettings.Model.CLOSED,
                users,
                0,
                null,
                users,
                1,
                warmupMillis,
                gapMillis,
                durationMillis,
                windows,
                windowLengthMillis,
                windows > 0 ? 120_000 : 0,
                10_000,
                1,
                "epoll",
                windows > 0 ? null : WarmupMode.FIXED,
                0,
                null,
                null);
    }

    /** Open-model settings at {@code ratePerSecond} with up to {@code maxConnections}, phases. */
    public static PlanSettings openSettings(
            String url,
            double ratePerSecond,
            Arrival arrival,
            int maxConnections,
            double warmupMillis,
            double gapMillis,
            double durationMillis) {
        return new PlanSettings(
                "GET",
                url,
                List.of(),
                0,
                Map.of(),
                List.of("status in 2xx (default)"),
                PlanSettings.Model.OPEN,
                0,
                ratePerSecond,
                arrival,
                maxConnections,
                1,
                warmupMillis,
                gapMillis,
                durationMillis,
                0,
                0,
                0,
                10_000,
                1,
                "epoll",
                WarmupMode.FIXED,
                0,
                null,
                null);
    }

    /** The load generator's use of its {@code cores} over main at {@code utilization}; its run-queue wait not measured. */
    public static EngineUsage engine(double utilization, int cores, double mainMillis, long requests) {
        return engine(utilization, cores, mainMillis, requests, null);
    }

    /** As {@link #engine(double, int, double, long)}, its loops having waited {@code runQueueWaitMillis} for a CPU. */
    public static EngineUsage engine(
            double utilization, int cores, double mainMillis, long requests, Double runQueueWaitMillis) {
        double cpuMillis = utilization * cores * mainMillis;
        return new EngineUsage(
                cpuMillis,
                mainMillis,
                cores,
                utilization,
                List.of(utilization * cores),
                requests == 0 ? 0 : cpuMillis * 1000 / requests,
                90L << 20,
                false,
                List.of(),
                0L,
                0.0,
                0.0,
                runQueueWaitMillis);
    }

    /**
     * {@code engine} on {@code cores} cores at {@code utilization}, its event loops each busy as {@code loopBusy} says,
     * limited when there are {@code findings}; its CPU, memory and run-queue wait kept, no GC pause.
     */
    public static EngineUsage withLoops(
            EngineUsage engine, int cores, double utilization, List<Double> loopBusy, List<String> findings) {
        return new EngineUsage(
                engine.cpuMillis(),
                engine.wallMillis(),
                cores,
                utilization,
                loopBusy,
                engine.cpuMicrosPerRequest(),
                engine.peakRssBytes(),
                !findings.isEmpty(),
                findings,
                0L,
                0.0,
                0.0,
                engine.runQueueWaitMillis());
    }

    /** A load result around its main phase. */
    public static LoadResult load(
            PlanSettings settings,
            PhaseResult warmup,
            PhaseResult main,
            List<WindowResult> windows,
            List<SecondResult> seconds,
            EngineUsage engine,
            String startedAt,
            String endedAt) {
        return new LoadResult(
                "0.1.0-test",
                settings,
                startedAt,
                endedAt,
                "127.0.0.1:8080",
                warmup,
                main,
                windows,
                seconds.stream()
                        .filter(s -> s.ok() > 0)
                        .mapToDouble(s -> s.second() * 1000.0)
                        .findFirst()
                        .orElse(-1),
                seconds,
                List.of(),
                engine,
                List.of(),
                fixedWarmupEnd(settings, warmup),
                null,
                null);
    }

    /**
     * A closed-model load result of {@code main} alone (8 users at /json, no warm-up, no seconds) driven by
     * {@code engine}: for the gates that read main and the engine only.
     */
    public static LoadResult mainOnly(PhaseResult main, EngineUsage engine) {
        return load(
                closedSettings("http://127.0.0.1:1/json", 8, 0, 0, main.durationMillis(), 0, 0),
                null,
                main,
                List.of(),
                List.of(),
                engine,
                "",
                "");
    }

    /** {@code load} with another engine, warm-up end and load agents (null: one engine here): the parts tests vary. */
    public static LoadResult with(
            LoadResult load, EngineUsage engine, WarmupEnd warmupEnd, List<dev.duel.record.load.AgentShare> agents) {
        return new LoadResult(
                load.duelVersion(),
                load.settings(),
                load.startedAt(),
                load.endedAt(),
                load.target(),
                load.warmup(),
                load.main(),
                load.windows(),
                load.firstCorrectResponseMillis(),
                load.seconds(),
                load.failureExamples(),
                engine,
                load.warnings(),
                warmupEnd,
                agents,
                null);
    }

    /** The same load result with another account of how its warm-up ended (an auto warm-up's, say). */
    public static LoadResult withWarmupEnd(LoadResult load, WarmupEnd end) {
        return with(load, load.engine(), end, load.agents());
    }

    /** How a phased run's fixed warm-up ended: at its length, or earlier if the run was stopped; null with windows. */
    public static WarmupEnd fixedWarmupEnd(PlanSettings settings, PhaseResult warmup) {
        if (settings.windows() > 0) {
            return null;
        }
        double ranMillis = warmup == null ? 0 : warmup.durationMillis();
        return new WarmupEnd(
                WarmupMode.FIXED,
                ranMillis < settings.warmupMillis() ? WarmupEnd.Reason.STOPPED : WarmupEnd.Reason.FIXED_LENGTH,
                ranMillis,
                null,
                null);
    }

    /**
     * What a target used over {@code seconds} at {@code cores}, serving {@code requests} (0: not a
     * target), throttled in {@code throttledShare} of CFS periods (-1: no quota, so no figures).
     */
    public static Resources resources(
            double seconds, double cores, long requests, double throttledShare, long memoryBytes) {
        return resources(seconds, cores, requests, throttledShare, memoryBytes, null);
    }

    /** As {@link #resources(double, double, long, double, long)}, its threads having waited for a CPU that long. */
    public static Resources resources(
            double seconds,
            double cores,
            long requests,
            double throttledShare,
            long memoryBytes,
            Double runQueueWaitMillis) {
        double cpuMillis = cores * seconds * 1000;
        long periods = throttledShare < 0 ? -1 : Math.round(seconds * 10);
        long throttled = throttledShare < 0 ? -1 : Math.round(periods * throttledShare);
        return new Resources(
                seconds,
                cpuMillis,
                cores,
                requests <= 0 ? -1 : cpuMillis * 1000 / requests,
                periods,
                throttled,
                throttledShare < 0 ? -1 : throttled * 50.0,
                throttledShare,
                memoryBytes,
                memoryBytes,
                runQueueWaitMillis);
    }

    /** Resources in main only, as a record keeps them per phase. */
    public static Map<Phase, Resources> inMain(Resources main) {
        Map<Phase, Resources> phases = new EnumMap<>(Phase.class);
        phases.put(Phase.MAIN, main);
        return phases;
    }

    /** A target started from a jar on a JDK under 1 CPU / 512 MiB with cgroup v1. */
    public static RunRecord.TargetInfo jarTarget(String name, String jdkVersion, String jar) {
        return new RunRecord.TargetInfo(
                name,
                jdkVersion,
                jdkVersion,
                "Test",
                jar,
                List.of("java", "-XX:MaxRAMPercentage=75", "-jar", jar),
                List.of("-XX:MaxRAMPercentage=75"),
                "cpus 1.0, memory 512 MiB",
                1.0,
                null,
                512L << 20,
                "cgroup v1",
                true,
                new JvmFacts(jdkVersion, "Test", "Serial", 384L << 20, 1),
                null,
                null);
    }

    /** An environment of a 2-core test machine. */
    public static Environment environment(String fingerprint, String capturedAt, List<String> warnings) {
        return new Environment(
                RecordJson.SCHEMA_VERSION,
                fingerprint,
                capturedAt,
                "Test CPU @ 3.0GHz",
                2,
                "0-1",
                "v3",
                List.of("avx2"),
                8L << 30,
                "Debian GNU/Linux 12 (bookworm)",
                "6.1.0-test",
                "performance",
                "v1",
                List.of(),
                List.of(),
                "0.1.0-test",
                "0123456789abcdef",
                warnings);
    }

    /**
     * A finished {@code duel micro} fork: {@code iterationScores} in {@code unit}, the fork's score their mean, JIT
     * facts of an x86-64-v3 machine with AVX2.
     */
    public static dev.duel.record.micro.MicroRecord micro(
            String jdk,
            String jdkVersion,
            String benchmark,
            Map<String, String> params,
            int fork,
            String startedAt,
            dev.duel.record.micro.MicroMode mode,
            String unit,
            List<Double> iterationScores,
            Double allocBytesPerOp) {
        double score = iterationScores.stream()
                .mapToDouble(Double::doubleValue)
                .average()
                .orElseThrow();
        return new dev.duel.record.micro.MicroRecord(
                RecordJson.SCHEMA_VERSION,
                "0.1.0-SNAPSHOT",
                "env0000001",
                jdk,
                jdkVersion,
                "/usr/lib/jvm/" + jdk,
                benchmark,
                params,
                fork,
                startedAt,
                java.time.Instant.parse(startedAt).plusSeconds(9).toString(),
                Status.OK,
                "",
                mode,
                unit,
                2,
                1,
                iterationScores.size(),
                1,
                iterationScores,
                score,
                allocBytesPerOp,
                "1.37",
                List.of("-Xms512m", "-Xmx512m"),
                null,
                new dev.duel.record.micro.JitFacts("v3", 2, "Eclipse Adoptium", jdkVersion + "+9-LTS"));
    }
}
