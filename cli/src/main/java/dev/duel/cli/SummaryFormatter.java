package dev.duel.cli;

import dev.duel.analysis.MeanInterval;
import dev.duel.analysis.RunSteadyState;
import dev.duel.record.load.AgentShare;
import dev.duel.record.load.EngineUsage;
import dev.duel.record.load.FailureExample;
import dev.duel.record.load.LatencySummary;
import dev.duel.record.load.LoadResult;
import dev.duel.record.load.PhaseResult;
import dev.duel.record.load.PlanSettings;
import dev.duel.record.load.WarmupEnd;
import dev.duel.record.load.WarmupMode;
import dev.duel.record.load.WindowResult;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** The human summary of a load run, as plain text. Pure: same result in, same text out. */
final class SummaryFormatter {

    String format(LoadResult result, double maxErrorRate) {
        StringBuilder out = new StringBuilder();
        PlanSettings s = result.settings();
        out.append(String.format(
                Locale.ROOT, "%nduel %s  %s %s  (%s)%n", result.duelVersion(), s.method(), s.url(), result.target()));
        String model = s.model() == PlanSettings.Model.CLOSED
                ? String.format(Locale.ROOT, "closed model, %d virtual users", s.virtualUsers())
                : String.format(
                        Locale.ROOT,
                        "open model, %s req/s %s, up to %d connections",
                        number(s.ratePerSecond()),
                        s.arrival() == null ? "" : s.arrival().label(),
                        s.maxConnections());
        String timing = s.windows() > 0
                ? String.format(
                        Locale.ROOT,
                        "%d windows of %s from the first correct response",
                        s.windows(),
                        seconds(s.windowLengthMillis()))
                : String.format(
                        Locale.ROOT,
                        "warm-up %s, gap %s, main %s",
                        s.warmupMode() == WarmupMode.AUTO
                                ? "auto " + seconds(s.warmupMillis()) + " of at most " + seconds(s.maxWarmupMillis())
                                        + (s.minWarmupMillis() == null || s.minWarmupMillis() == 0
                                                ? ""
                                                : " (at least " + seconds(s.minWarmupMillis()) + ")")
                                : seconds(s.warmupMillis()),
                        seconds(s.gapMillis()),
                        seconds(s.durationMillis()));
        out.append(String.format(
                Locale.ROOT, "%s; %s; %s, %d event loop(s)%n", model, timing, s.transport(), s.threads()));
        out.append("checks: ").append(String.join("; ", s.checks())).append('\n');
        if (result.warmup() != null) {
            PhaseResult w = result.warmup();
            out.append(String.format(
                    Locale.ROOT,
                    "%nwarm-up  %s  %,d ok, %,d failed, %,d interrupted%s%n",
                    seconds(w.durationMillis()),
                    w.ok(),
                    w.failed() + w.connectFailures(),
                    w.interrupted(),
                    autoWarmupEnd(result.warmupEnd())));
        }
        MainSteadiness steadiness = MainSteadiness.of(result);
        phase(out, result.main(), maxErrorRate, steadiness.mainInterval());
        engine(out, result.engine());
        steadiness(out, steadiness);
        if (result.agents() != null) {
            agents(out, result.agents());
        }
        if (!result.windows().isEmpty()) {
            windows(out, result);
        }
        if (!result.failureExamples().isEmpty()) {
            out.append("\nfirst failures:\n");
            for (FailureExample example : result.failureExamples()) {
                out.append(String.format(
                        Locale.ROOT,
                        "  [%s at %.3f s] %s%n",
                        example.kind().label(),
                        example.offsetMillis() / 1000.0,
                        example.detail()));
                if (!example.request().isEmpty()) {
                    out.append("      request: ").append(example.request()).append('\n');
                }
                if (!example.bodyPrefix().isEmpty()) {
                    out.append("      body: ")
                            .append(oneLine(example.bodyPrefix()))
                            .append('\n');
                }
            }
        }
        if (!result.warnings().isEmpty() || result.engine().limited()) {
            out.append('\n');
            for (String finding : result.engine().findings()) {
                out.append("WARNING: ").append(finding).append('\n');
            }
            for (String warning : result.warnings()) {
                out.append("WARNING: ").append(warning).append('\n');
            }
        }
        return out.toString();
    }

    /**
     * Main's counts and latency; its rate with the interval of main's mean correct responses per second ({@code
     * interval}, null or NaN for none), which allows for the wander of its seconds (a target that alternates between
     * levels, seconds that move together).
     */
    private void phase(StringBuilder out, PhaseResult main, double maxErrorRate, MeanInterval.Interval interval) {
        out.append(String.format(
                Locale.ROOT,
                "%nmain     %s  %,d requests  %s req/s",
                seconds(main.durationMillis()),
                main.ok() + main.failed(),
                number(main.requestsPerSecond())));
        boolean spread = interval != null && Double.isFinite(interval.relativeHalfWidth());
        String plusMinus = spread ? RunSteadyState.plusMinus(interval.relativeHalfWidth()) : "";
        String confidence = spread ? String.format(Locale.ROOT, "%.0f%% CI", interval.confidence() * 100) : "";
        if (main.failed() > 0) {
            out.append(String.format(Locale.ROOT, "  (%s ok/s", number(main.okPerSecond())))
                    .append(spread ? " " + plusMinus + ", " + confidence : "")
                    .append(')');
        } else if (spread) {
            out.append(' ').append(plusMinus).append(" (").append(confidence).append(')');
        }
        out.append('\n');
        if (main.ok() > 0) {
            out.append("  latency      ").append(latency(main.latency())).append('\n');
            if (main.scheduleLag().count() > 0 || main.lateDelay().count() > 0) {
                out.append("  uncorrected  ")
                        .append(latency(main.uncorrectedLatency()))
                        .append("   (from the actual send)\n");
            }
        }
        String failures = main.failures().entrySet().stream()
                .filter(e -> e.getValue() > 0)
                .map(e -> e.getKey().label() + " " + String.format(Locale.ROOT, "%,d", e.getValue()))
                .collect(Collectors.joining(", "));
        if (failures.isEmpty()) {
            out.append("  failures     none\n");
        } else {
            String verdict = main.errorRate() > maxErrorRate
                    ? String.format(Locale.ROOT, "above --max-error-rate %s", percent(maxErrorRate))
                    : "within --max-error-rate";
            out.append(String.format(
                    Locale.ROOT,
                    "  failures     %s of requests (%s): %s%n",
                    percent(main.errorRate()),
                    verdict,
                    failures));
        }
        out.append(String.format(
                Locale.ROOT,
                "  accounting   sent %,d = ok %,d + failed %,d + interrupted %,d",
                main.sent(),
                main.ok(),
                main.failed(),
                main.interrupted()));
        if (main.late() > 0 || main.unstarted() > 0) {
            out.append(String.format(Locale.ROOT, "; late %,d, unstarted %,d", main.late(), main.unstarted()));
        }
        if (main.reconnects() > 0) {
            out.append(String.format(Locale.ROOT, "; reconnects %,d", main.reconnects()));
        }
        out.append('\n');
        if (main.scheduleLag().count() > 0) {
            out.append(String.format(
                    Locale.ROOT,
                    "  send lag     p50 %s  p99 %s  max %s (engine's own delay behind schedule)%n",
                    millis(main.scheduleLag().p50Micros()),
                    millis(main.scheduleLag().p99Micros()),
                    millis(main.scheduleLag().maxMicros())));
        }
        if (main.turnaroundLag() != null && main.turnaroundLag().count() > 0) {
            out.append(String.format(
                    Locale.ROOT,
                    "  turnaround   p50 %s  p99 %s  max %s (engine's own delay from a response to the next request)%n",
                    millis(main.turnaroundLag().p50Micros()),
                    millis(main.turnaroundLag().p99Micros()),
                    millis(main.turnaroundLag().maxMicros())));
        }
        out.append(String.format(
                Locale.ROOT,
                "  bytes        %.1f per request, %.1f per response%n",
                main.meanRequestBytes(),
                main.meanResponseBytes()));
    }

    /** Whether the run was steady through main: its first line under a label, a moved p99 under it. */
    private static void steadiness(StringBuilder out, MainSteadiness steadiness) {
        String label = "  steady state ";
        for (String line : steadiness.lines()) {
            out.append(label).append(line).append('\n');
            label = " ".repeat(label.length());
        }
    }

    private void windows(StringBuilder out, LoadResult result) {
        out.append(String.format(
                Locale.ROOT,
                "%nwarm-up curve (first correct response %s after start)%n",
                millis(result.firstCorrectResponseMillis() * 1_000)));
        out.append("  window      req/s        p50        p99        max   failures\n");
        for (WindowResult w : result.windows()) {
            out.append(String.format(
                    Locale.ROOT,
                    "  %6s %10s %10s %10s %10s %10d%n",
                    seconds(w.startMillis()),
                    number(w.okPerSecond()),
                    w.ok() == 0 ? "-" : millis(w.latency().p50Micros()),
                    w.ok() == 0 ? "-" : millis(w.latency().p99Micros()),
                    w.ok() == 0 ? "-" : millis(w.latency().maxMicros()),
                    w.failures()));
        }
    }

    /** Each agent's share of main: the merged counts above are exactly their sum. */
    private void agents(StringBuilder out, List<AgentShare> shares) {
        out.append("\nagents (main: the merge above adds their histograms and sums their counts)\n");
        for (AgentShare share : shares) {
            String clock = share.clockOffsetMillis() == null
                    ? "clock offset not measured"
                    : String.format(
                            Locale.ROOT,
                            "clock %+.3f ms ±%.3f",
                            share.clockOffsetMillis(),
                            share.clockUncertaintyMillis());
            if (share.result() == null) {
                out.append(String.format(Locale.ROOT, "  %-22s %s  LOST: %s%n", share.name(), clock, share.lost()));
                continue;
            }
            PhaseResult main = share.result().main();
            EngineUsage engine = share.result().engine();
            out.append(String.format(
                    Locale.ROOT,
                    "  %-22s %,12d ok %,8d failed  p99 %s  %.2f µs/request (%.0f%% of %d core(s))  on %s, %s%s%s%n",
                    share.name(),
                    main.ok(),
                    main.failed() + main.connectFailures(),
                    millis(main.latency().p99Micros()),
                    engine.cpuMicrosPerRequest(),
                    engine.utilization() * 100,
                    engine.coresAvailable(),
                    share.host().isEmpty() ? "?" : share.host(),
                    clock,
                    share.startLateMillis() == null
                            ? ""
                            : String.format(
                                    Locale.ROOT, ", started %.1f ms after the agreed instant", share.startLateMillis()),
                    share.lost() == null ? "" : "  LOST: " + share.lost()));
        }
    }

    private void engine(StringBuilder out, EngineUsage engine) {
        if (engine.wallMillis() <= 0) {
            return;
        }
        String loops = engine.loopBusy().stream()
                .map(b -> String.format(Locale.ROOT, "%.0f%%", b * 100))
                .collect(Collectors.joining(" "));
        out.append(String.format(
                Locale.ROOT,
                "  engine       CPU %.2f s over %s (%.0f%% of %d core(s); loops busy %s), %.2f µs/request, peak RSS %s%n",
                engine.cpuMillis() / 1000,
                seconds(engine.wallMillis()),
                engine.utilization() * 100,
                engine.coresAvailable(),
                loops,
                engine.cpuMicrosPerRequest(),
                engine.peakRssBytes() < 0 ? "?" : (engine.peakRssBytes() >> 20) + " MiB"));
        if (engine.gcPauseMillis() != null) {
            out.append(String.format(
                    Locale.ROOT,
                    "               GC paused %.0f ms in %d pauses (%.2f%% of main)%n",
                    engine.gcPauseMillis(),
                    engine.gcPauses(),
                    engine.gcPauseShare() * 100));
        }
    }

    static String latency(LatencySummary l) {
        return String.format(
                Locale.ROOT,
                "p50 %s  p90 %s  p99 %s  p99.9 %s  max %s  mean %s",
                millis(l.p50Micros()),
                millis(l.p90Micros()),
                millis(l.p99Micros()),
                millis(l.p999Micros()),
                millis(l.maxMicros()),
                millis(l.meanMicros()));
    }

    /**
     * Microseconds shown as milliseconds with 3 significant digits, or microseconds below 1 ms, written as the report
     * writes them ("4.00 ms", "850 µs"), so that a progress line and the report beside it use one notation.
     */
    static String millis(double micros) {
        return dev.duel.report.model.Format.micros(micros);
    }

    /** Why an auto warm-up ended, after the warm-up's counts; "" for a fixed one. */
    private static String autoWarmupEnd(WarmupEnd end) {
        if (end == null || end.mode() != WarmupMode.AUTO) {
            return "";
        }
        String spread = end.relativeHalfWidth() == null
                ? ""
                : String.format(Locale.ROOT, " (requests/s ±%.1f%%)", end.relativeHalfWidth() * 100);
        return switch (end.reason()) {
            case STEADY -> "; steady since " + seconds(end.steadySinceMillis()) + spread;
            case CAP -> "; no steady state within " + seconds(end.endedAtMillis()) + spread;
            case STOPPED -> "; stopped before a steady state" + spread;
            case FIXED_LENGTH -> "";
        };
    }

    static String seconds(double millis) {
        return millis < 0 ? "-" : String.format(Locale.ROOT, "%.1f s", millis / 1000);
    }

    static String number(double value) {
        return value >= 100 ? String.format(Locale.ROOT, "%,.0f", value) : String.format(Locale.ROOT, "%.1f", value);
    }

    /** A share as a percentage, with enough digits that a small non-zero share never reads as 0. */
    static String percent(double fraction) {
        double percent = fraction * 100;
        if (percent == 0 || percent >= 0.01) {
            return String.format(Locale.ROOT, "%.2f%%", percent);
        }
        return String.format(Locale.ROOT, "%.2g%%", percent);
    }

    private static String oneLine(String text) {
        String flat = text.replace('\n', ' ').replace('\r', ' ');
        return flat.length() > 120 ? flat.substring(0, 120) + "..." : flat;
    }
}
