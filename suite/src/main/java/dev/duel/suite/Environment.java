package dev.duel.suite;

import java.util.List;

/**
 * The machine and software a suite ran on, captured at its start ({@code env.json}): what a reader
 * needs to judge whether two results are comparable, and warnings about what makes them less
 * trustworthy. Immutable.
 *
 * @param fingerprint   a short hash of what must match for runs to be compared (CPU, cores, kernel, cgroup version)
 * @param x86Level      x86-64 micro-architecture level from the CPU flags: v1 to v4, or "" on other CPUs
 * @param governor      the CPU frequency governor, or "unknown (no cpufreq)"
 * @param busyProcesses processes above 1% CPU when the suite started: "pid name cpu%"
 */
public record Environment(String fingerprint, String capturedAt, String cpuModel, int logicalCores, String onlineCpus,
        String x86Level, List<String> cpuFlags, long memoryBytes, String os, String kernel, String governor, String cgroup,
        List<JdkInfo> jdks, List<String> busyProcesses, String duelVersion, String duelCommit, List<String> warnings) {

    /**
     * A target's JDK and what its JVM picks by default on this machine.
     *
     * @param defaultGc          the collector the JVM chooses without options
     * @param defaultMaxHeapBytes the heap it chooses without options
     */
    public record JdkInfo(String target, int feature, String version, String vendor, String home, String defaultGc,
            long defaultMaxHeapBytes) {
    }
}
