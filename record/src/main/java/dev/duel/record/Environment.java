package dev.duel.record;

import java.util.List;

/**
 * The machine and software a suite ran on, captured at its start ({@code env.json}): what a reader
 * needs to judge whether two results are comparable, and warnings about what makes them less
 * trustworthy. Immutable.
 *
 * @param schemaVersion the record schema this file follows (see {@link RecordJson#SCHEMA_VERSION})
 * @param fingerprint   a short hash of what must match for runs to be compared (CPU, cores, kernel, cgroup version)
 * @param capturedAt    ISO-8601 instant (UTC)
 * @param onlineCpus    the kernel's list of online CPUs ("0-1")
 * @param x86Level      x86-64 micro-architecture level from the CPU flags: v1 to v4, or "" on other CPUs
 * @param memoryBytes   physical memory
 * @param governor      the CPU frequency governor, or "unknown (no cpufreq)"
 * @param cgroup        "v1", "v2", "v1 and v2 (hybrid)", or "none" when no hierarchy is writable
 * @param busyProcesses processes above 1% CPU when the suite started: "pid name cpu%"
 * @param duelCommit    the git commit duel was built from, or "unknown"
 */
public record Environment(
        int schemaVersion,
        String fingerprint,
        String capturedAt,
        String cpuModel,
        int logicalCores,
        String onlineCpus,
        String x86Level,
        List<String> cpuFlags,
        long memoryBytes,
        String os,
        String kernel,
        String governor,
        String cgroup,
        List<JdkInfo> jdks,
        List<String> busyProcesses,
        String duelVersion,
        String duelCommit,
        List<String> warnings) {

    public Environment {
        cpuFlags = List.copyOf(cpuFlags);
        jdks = List.copyOf(jdks);
        busyProcesses = List.copyOf(busyProcesses);
        warnings = List.copyOf(warnings);
    }

    /**
     * A target's JDK and what its JVM picks by default on this machine.
     *
     * @param defaultGc           the collector the JVM chooses without options
     * @param defaultMaxHeapBytes the heap it chooses without options
     */
    public record JdkInfo(
            String target,
            int feature,
            String version,
            String vendor,
            String home,
            String defaultGc,
            long defaultMaxHeapBytes) {}
}
