package dev.duel.cli;

import dev.duel.record.Phase;
import dev.duel.record.Resources;
import dev.duel.record.RunRecord;
import dev.duel.record.Status;
import dev.duel.record.load.PhaseResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One line per run for the progress display: status, startup, and per scenario the main phase's
 * rate, p99 (only with 1,000 samples or more), the target's CPU per request, cores and throttling,
 * and each service's cores. A run that did not end ok shows why instead of numbers.
 */
final class RunHeadline {
    /** Below this many samples a p99 is one of the slowest ten responses: not worth printing. */
    static final long MIN_SAMPLES_FOR_P99 = 1_000;

    private RunHeadline() {}

    static String of(RunRecord record) {
        List<String> parts = lead(record);
        for (RunRecord.ScenarioResult result : record.results()) {
            if (result.load() != null) {
                parts.add(scenario(result));
            }
        }
        return String.join(" | ", parts);
    }

    /**
     * The line's first words for one side of an interleaved pair, said with its partner on one line: status (and why,
     * when not ok), start-up, and each scenario's requests/s in main with its failures; the rest is the report's.
     */
    static String brief(RunRecord record) {
        List<String> parts = lead(record);
        for (RunRecord.ScenarioResult result : record.results()) {
            if (result.load() != null) {
                PhaseResult main = result.load().main();
                long failures = main.failed() + main.connectFailures();
                parts.add(String.format(Locale.ROOT, "%s %,.0f req/s", result.scenario(), main.okPerSecond())
                        + (failures > 0 ? String.format(Locale.ROOT, " %,d failed", failures) : ""));
            }
        }
        return String.join(", ", parts);
    }

    /** Status (and why, when not ok) and start-up: "ok", "ready in 4.07 s", or each start of a start-up scenario. */
    private static List<String> lead(RunRecord record) {
        List<String> parts = new ArrayList<>();
        parts.add(record.status().label());
        if (record.status() != Status.OK) {
            parts.add(record.reason());
        }
        RunRecord.Startup startup = record.startup();
        if (startup != null && startup.readyMillis() >= 0) {
            parts.add(
                    startup.startsMillis().size() > 1
                            ? "starts "
                                    + startup.startsMillis().stream()
                                            .map(ms -> seconds(ms))
                                            .toList()
                            : "ready in " + seconds(startup.readyMillis()));
        }
        return parts;
    }

    private static String scenario(RunRecord.ScenarioResult result) {
        PhaseResult main = result.load().main();
        StringBuilder line = new StringBuilder(result.scenario()).append(' ');
        line.append(String.format(Locale.ROOT, "%,.0f req/s", main.okPerSecond()));
        if (main.latency().count() >= MIN_SAMPLES_FOR_P99) {
            line.append(" p99 ").append(SummaryFormatter.millis(main.latency().p99Micros()));
        }
        long failures = main.failed() + main.connectFailures();
        if (failures > 0) {
            line.append(String.format(Locale.ROOT, " %,d failed", failures));
        }
        Resources target = result.targetMain();
        if (target != null) {
            if (target.cpuMicrosPerRequest() >= 0) {
                line.append(String.format(Locale.ROOT, ", %.0f µs CPU/req", target.cpuMicrosPerRequest()));
            }
            if (target.cores() >= 0) {
                line.append(String.format(Locale.ROOT, ", %.2f cores", target.cores()));
            }
            if (target.throttledShare() >= 0) {
                line.append(String.format(Locale.ROOT, ", throttled %.0f%%", target.throttledShare() * 100));
            }
        }
        for (Map.Entry<String, Map<Phase, Resources>> service :
                result.services().entrySet()) {
            Resources serviceMain = service.getValue().get(Phase.MAIN);
            if (serviceMain != null && serviceMain.cores() >= 0) {
                line.append(String.format(Locale.ROOT, ", %s %.2f cores", service.getKey(), serviceMain.cores()));
            }
        }
        return line.toString();
    }

    static String seconds(long millis) {
        return String.format(Locale.ROOT, "%.2f s", millis / 1000.0);
    }
}
