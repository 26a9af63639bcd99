package dev.duel.report;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * What a report needs from one run record, read back from its JSON. Immutable.
 *
 * @param status          "ok", "failed", "discarded" or "invalid"; only "ok" runs feed statistics
 * @param startupMillis   spawn to the first answer that passed the ready check, or -1
 * @param environment     fingerprint of the machine the run was taken on (see env.json)
 * @param limitsMechanism "cgroup v2", "cgroup v1", "not enforced (why)" or "none"
 */
public record RunData(
        String source,
        String suite,
        int index,
        int repetition,
        int attempt,
        String target,
        String status,
        String reason,
        Instant startedAt,
        Instant endedAt,
        String environment,
        String duelVersion,
        TargetSettings settings,
        double startupMillis,
        List<ScenarioData> scenarios) {

    public RunData {
        scenarios = List.copyOf(scenarios);
    }

    public boolean ok() {
        return status.equals("ok");
    }

    public ScenarioData scenario(String name) {
        return scenarios.stream().filter(s -> s.scenario().equals(name)).findFirst().orElse(null);
    }

    /**
     * How a target was run: everything that shaped its numbers.
     *
     * @param jvm the target's own report: GC in use, max heap, active processors
     */
    public record TargetSettings(String jdkVersion, String jdkVendor, String app, List<String> jvmArgs, String limits,
            String limitsMechanism, boolean limitsEnforced, String gc, long maxHeapBytes, int activeProcessors) {
        public TargetSettings {
            jvmArgs = List.copyOf(jvmArgs);
        }
    }

    /**
     * One scenario measured in a run (main phase only, except the windows).
     *
     * @param samples              correct responses in main: the latency histogram's count
     * @param okPerSecond          correct responses per second of main: a target that fails fast serves nothing
     * @param latencyMicros        main-phase latency percentiles by name ("p50", "p90", "p99", "p99.9"), microseconds
     * @param failuresByKind       failed requests in main by kind (connect, timeout, status, check...)
     * @param cpuMicrosPerRequest  target CPU over main / requests completed in main, or -1
     * @param throttledShare       share of CFS periods in main in which the target was throttled, or -1
     * @param serviceCores         cores each companion (e.g. postgres) used during main
     * @param windowRps            warm-up curve: requests/s per window, empty for phases
     * @param loadgenUtilization   the engine's CPU over main / its cores
     * @param load                 what drove it, in words ("32 users, warm-up 10 s, gap 5 s, main 20 s")
     * @param latencyHistogram     main-phase latency, HdrHistogram compressed and Base64-encoded (may be empty)
     * @param mainTrend            requests/s of main's last third / its first third - 1 (0.5 = rose by half while
     *                             measured: not at steady state), or NaN when main is shorter than 6 s
     */
    public record ScenarioData(String scenario, String kind, String load, double durationSeconds, long samples,
            double okPerSecond, double meanLatencyMicros, Map<String, Double> latencyMicros, long failed,
            Map<String, Long> failuresByKind, double cpuMicrosPerRequest, double cores, double throttledShare,
            long peakRssBytes, Map<String, Double> serviceCores, List<Double> windowRps, double windowSeconds,
            double loadgenUtilization, List<Double> startsMillis, String latencyHistogram, double mainTrend) {
        public ScenarioData {
            latencyMicros = Map.copyOf(latencyMicros);
            failuresByKind = Map.copyOf(failuresByKind);
            serviceCores = Map.copyOf(serviceCores);
            windowRps = List.copyOf(windowRps);
            startsMillis = List.copyOf(startsMillis);
        }
    }
}
