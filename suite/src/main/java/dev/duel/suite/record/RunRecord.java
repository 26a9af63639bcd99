package dev.duel.suite.record;

import dev.duel.load.LoadResult;
import dev.duel.targets.JvmFacts;
import java.util.List;
import java.util.Map;

/**
 * Everything about one run, complete on its own: what was run and how (settings, JDK, limits and
 * whether they were enforced), when, on which environment, what the load engine measured, what
 * the target and services used per phase, what the gates saw, and the verdict. A report built a
 * year later from records alone must say the same thing.
 *
 * @param status  "ok", "failed" (the target did not start, crashed, or was not what it claimed),
 *                "discarded" (the machine was noisy: repeated) or "invalid" (the load generator
 *                was the limit)
 * @param attempt 1 for the first try of this run, more for repeats after discarded ones
 */
public record RunRecord(
        String duelVersion,
        String suite,
        int index,
        int repetition,
        int attempt,
        String target,
        List<String> scenarios,
        String status,
        String reason,
        String startedAt,
        String endedAt,
        TargetInfo targetInfo,
        Startup startup,
        List<ScenarioResult> results,
        GateReadings gates,
        String environment,
        String log,
        List<String> lastLogLines) {

    /**
     * @param limits          the limits asked for, in words
     * @param limitsMechanism how they were enforced: "cgroup v2", "cgroup v1", "not enforced (why)" or "none"
     */
    public record TargetInfo(String name, String java, String jdkVersion, String jdkVendor, String jar, List<String> command,
            List<String> jvmArgs, String limits, Double cpus, String cpuset, Long memoryBytes, String limitsMechanism,
            boolean limitsEnforced, JvmFacts jvm) {
    }

    /**
     * @param firstAcceptMillis spawn to the first accepted connection
     * @param readyMillis       spawn to the first response that passed the ready check
     * @param startsMillis      startup scenarios: ready time of each fresh start
     */
    public record Startup(long pid, long firstAcceptMillis, long readyMillis, List<Long> startsMillis) {
    }

    /**
     * One scenario measured in the run.
     *
     * @param target   the target's resources per phase ("warmup", "gap", "main")
     * @param services each service's resources per phase
     * @param rssBytes the target's memory, sampled every second through the scenario
     */
    public record ScenarioResult(String scenario, String kind, LoadResult load, Map<String, Resources> target,
            Map<String, Map<String, Resources>> services, List<Long> rssBytes, long peakRssBytes) {
    }

    /**
     * @param quietBeforeCores    outside CPU (cores) when the run was allowed to start
     * @param quietMet            true if the machine was quiet for long enough before the run
     * @param quietWaitSeconds    how long the run waited for a quiet machine
     * @param outsideDuringCores  outside CPU (cores) during the main phases
     * @param loadgenUtilization  the engine's CPU / its cores, highest over the scenarios
     */
    public record GateReadings(double quietBeforeCores, boolean quietMet, double quietWaitSeconds, double outsideDuringCores,
            double loadgenUtilization) {
    }
}
