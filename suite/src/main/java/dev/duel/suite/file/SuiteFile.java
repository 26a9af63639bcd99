package dev.duel.suite.file;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Map;

/**
 * A suite file exactly as written in YAML, before any checking beyond types: unknown keys and
 * wrong types are rejected by the parser with their line and column. {@link dev.duel.suite.file.SuiteLoader}
 * turns it into a {@link dev.duel.suite.Suite}. Every part is immutable.
 */
public record SuiteFile(
        String name,
        List<TargetEntry> targets,
        Map<String, ServiceEntry> services,
        List<ScenarioEntry> scenarios,
        List<String> together,
        RepetitionsEntry repetitions,
        String order,
        Long seed,
        String cooldown,
        LoadgenEntry loadgen,
        GatesEntry gates,
        List<String> thresholds,
        String sameWithin,
        KubernetesEntry kubernetes,
        InterleaveEntry interleave) {

    /**
     * {@code interleave: {slice: 2s, warmup: together, compilers: as-is}} (or {@code warmup: 5s}: turns of 5 s;
     * {@code compilers: raised}, the default, raises the JIT compiler threads of a warm-up on shared CPUs; {@code stable:
     * 5s}, the steady stretch each side's auto warm-up ends on).
     */
    public record InterleaveEntry(String slice, String warmup, String compilers, String stable) {}

    /** One target: a jar on a JDK, or a command. */
    public record TargetEntry(
            String name,
            String java,
            String jar,
            List<String> command,
            List<String> jvmArgs,
            Map<String, String> env,
            String port,
            ReadyEntry ready,
            List<String> identity,
            LimitsEntry limits,
            String profile,
            AotCacheEntry aotCache,
            String listen,
            String host) {}

    /** {@code aotCache: {train: SCENARIO, for: 30s}}: train an AOT cache once, then measure with it (JDK 25+). */
    public record AotCacheEntry(
            String train, @JsonProperty("for") String forDuration) {}

    public record ReadyEntry(String path, Integer status, String timeout) {}

    public record LimitsEntry(Double cpus, String cpuset, String memory) {}

    /** A scenario: what to send, what to check, how to load, and for how long. */
    public record ScenarioEntry(
            String name,
            String kind,
            RequestEntry request,
            List<String> checks,
            ModelEntry model,
            PhasesEntry phases,
            WindowsEntry windows,
            Integer starts,
            String timeout,
            String maxErrorRate,
            String micro) {}

    public record RequestEntry(
            String method, String path, List<String> headers, String body, Map<String, String> vars) {}

    public record ModelEntry(Integer vus, String rate, String arrival, Integer maxConnections, Long seed) {}

    public record PhasesEntry(String warmup, String minWarmup, String maxWarmup, String gap, String duration) {}

    public record WindowsEntry(Integer count, String length, String awaitFirst) {}

    /**
     * Where and how the load generator runs: its CPUs, its event loops, and its own warm-up; or the load agents that
     * share its work, with the file of the token they expect.
     */
    public record LoadgenEntry(
            String cpuset, Integer threads, String warmup, List<AgentEntry> agents, String tokenFile) {}

    /** A load agent ({@code duel agent}) by the name the suite gives it and the {@code host:port} it listens on. */
    public record AgentEntry(String name, String address) {}

    public record GatesEntry(QuietEntry quiet, LoadgenGateEntry loadgen) {}

    public record QuietEntry(
            Double maxCores, @JsonProperty("for") String forDuration, String maxWait, Integer retries) {}

    public record LoadgenGateEntry(Double maxUtilization, String maxLagP99) {}

    /**
     * {@code kubernetes:}: what {@code duel run --kubernetes} needs beyond the local suite: duel's image (the load
     * agents), each target's image, the agents' number and limits (docs/kubernetes.md).
     */
    public record KubernetesEntry(
            String image,
            Integer agents,
            LimitsEntry agentLimits,
            Map<String, String> images,
            String postgresImage,
            String readyTimeout) {}
}
