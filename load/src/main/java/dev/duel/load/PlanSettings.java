package dev.duel.load;

import java.util.List;
import java.util.Map;

/**
 * Every setting that shaped a run, resolved (defaults filled in), in plain values for records
 * and reports. Durations are milliseconds; 0 where a setting does not apply.
 */
public record PlanSettings(
        String method,
        String url,
        List<String> headers,
        int bodyBytes,
        Map<String, String> variables,
        List<String> checks,
        String model,
        int virtualUsers,
        double ratePerSecond,
        String arrival,
        int maxConnections,
        long seed,
        double warmupMillis,
        double gapMillis,
        double durationMillis,
        int windows,
        double windowLengthMillis,
        double awaitFirstMillis,
        double timeoutMillis,
        int threads,
        String transport) {
}
