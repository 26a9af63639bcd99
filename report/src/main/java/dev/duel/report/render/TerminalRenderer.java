package dev.duel.report.render;

import dev.duel.report.model.Report;
import dev.duel.report.model.SectionKind;
import dev.duel.report.model.WarmupSection;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** The report as plain aligned text for a terminal or a CI log. Stateless. */
public final class TerminalRenderer {
    public String render(Report report) {
        StringBuilder out = new StringBuilder();
        out.append("duel report: ")
                .append(report.title())
                .append("   (baseline ")
                .append(report.baseline())
                .append(", duel ")
                .append(report.duelVersion())
                .append(")\n");
        report.headline().forEach(line -> out.append("  ").append(line).append('\n'));
        report.warnings().forEach(w -> out.append("  ! ").append(w).append('\n'));
        PastRenderer.terminalSection(out, report.past());
        out.append("\ntargets\n");
        List<List<String>> targets = new ArrayList<>();
        for (Report.TargetRow t : report.targets()) {
            targets.add(List.of(t.name(), t.jdk(), t.app(), t.jvmArgs(), t.limits(), t.jvm(), t.runs()));
        }
        aligned(out, "  ", targets);
        for (Report.ScenarioReport scenario : report.scenarios()) {
            out.append('\n').append(scenario.name());
            if (scenario.kind() != SectionKind.LOAD) {
                out.append(" (").append(scenario.kind().label()).append(')');
            }
            if (!scenario.load().isEmpty()) {
                out.append(": ").append(scenario.load());
            }
            out.append('\n');
            scenario.notes().forEach(n -> out.append("  note: ").append(n).append('\n'));
            List<List<String>> rows = new ArrayList<>(Words.measureTable(scenario));
            List<String> header = new ArrayList<>(rows.get(0));
            header.set(0, "");
            rows.set(0, header);
            aligned(out, "  ", rows);
            if (scenario.curve() != null) {
                curve(out, scenario.curve());
            }
            Set<String> others = new LinkedHashSet<>();
            scenario.comparisons().forEach(c -> others.add(c.other()));
            for (String other : others) {
                pair(out, report, scenario, other, Report.Comparison.class::isInstance);
            }
            if (scenario.warmup() != null) {
                warmup(out, scenario);
            }
            if (scenario.runtime() != null) {
                runtime(out, scenario);
            }
        }
        MicroRenderer.terminalSection(out, report.micro());
        if (!report.excluded().isEmpty()) {
            out.append("\nruns left out\n");
            aligned(
                    out,
                    "  ",
                    report.excluded().stream()
                            .map(e -> List.of(e.run(), e.target(), e.status(), e.reason()))
                            .toList());
        }
        if (!report.thresholds().isEmpty()) {
            out.append("\nthresholds\n");
            for (Report.ThresholdResult t : report.thresholds()) {
                out.append("  ")
                        .append(t.passed() ? "pass " : "FAIL ")
                        .append(t.expression())
                        .append("  ->  ")
                        .append(t.detail())
                        .append('\n');
            }
        }
        // The explanation is report.md's ("How to read this", with the verdict words): said once, pointed to here.
        out.append('\n')
                .append(
                        "How to read these numbers and verdict words: report.md beside this report, \"How to read this\".")
                .append('\n');
        report.environment().forEach(line -> out.append(line).append('\n'));
        return out.toString();
    }

    /** One pair's comparisons: the runs behind them, the reasons they share once, then a line per measure. */
    private static void pair(
            StringBuilder out,
            Report report,
            Report.ScenarioReport scenario,
            String other,
            java.util.function.Predicate<Report.Comparison> shown) {
        List<Report.Comparison> pair = scenario.comparisons().stream()
                .filter(c -> c.other().equals(other))
                .filter(shown)
                .toList();
        if (pair.isEmpty()) {
            return;
        }
        out.append("  ")
                .append(other)
                .append(" against ")
                .append(report.baseline())
                .append(":\n");
        List<String> reasons = Words.pairReasons(pair);
        if (!reasons.isEmpty()) {
            out.append("    not comparable: ")
                    .append(Words.pairReasonsText(pair, reasons))
                    .append('\n');
        }
        Set<String> shownWarnings = new LinkedHashSet<>();
        // The measures that rest on the same runs under one "runs used" line, in the order each set first appears:
        // a line per change of runs said the same set again for every measure between two others (issue 32: "said
        // three times"), and the demo's brief has a screen to fit in.
        Map<String, List<Report.Comparison>> byRuns = new LinkedHashMap<>();
        for (Report.Comparison c : pair) {
            byRuns.computeIfAbsent(c.runs(), r -> new ArrayList<>()).add(c);
        }
        for (Map.Entry<String, List<Report.Comparison>> group : byRuns.entrySet()) {
            out.append("    runs used of planned: ").append(group.getKey()).append('\n');
            for (Report.Comparison c : group.getValue()) {
                out.append("    ")
                        .append(marker(c.verdict()))
                        .append(' ')
                        .append(Words.sentence(c, reasons))
                        .append('\n');
                for (String warning : c.warnings()) {
                    if (shownWarnings.add(warning)) {
                        out.append("        ! ").append(warning).append('\n');
                    }
                }
            }
        }
    }

    /**
     * The report in brief, for the end of a suite or demo: the headline, the warnings, and per scenario its notes and
     * the verdicts of its main measures (requests/s, p50, p99, CPU per request, errors), the pair's shared reasons
     * once. The full tables are in report.md, report.html and summary.json.
     */
    public String brief(Report report) {
        StringBuilder out = new StringBuilder();
        out.append("duel report: ")
                .append(report.title())
                .append("   (baseline ")
                .append(report.baseline())
                .append(")\n");
        report.headline().forEach(line -> out.append("  ").append(line).append('\n'));
        report.warnings().forEach(w -> out.append("  ! ").append(w).append('\n'));
        Set<String> brief = Set.of("rps", "p50", "p99", "cpu", "errors");
        for (Report.ScenarioReport scenario : report.scenarios()) {
            if (scenario.comparisons().stream().noneMatch(c -> brief.contains(c.measure()))) {
                continue;
            }
            out.append('\n').append(scenario.name());
            if (!scenario.load().isEmpty()) {
                out.append(": ").append(scenario.load());
            }
            out.append('\n');
            scenario.notes().stream()
                    .filter(n -> !n.startsWith("steady state: "))
                    .forEach(n -> out.append("  note: ").append(n).append('\n'));
            Set<String> others = new LinkedHashSet<>();
            scenario.comparisons().forEach(c -> others.add(c.other()));
            for (String other : others) {
                pair(out, report, scenario, other, c -> brief.contains(c.measure()));
            }
        }
        long failed = report.thresholds().stream().filter(t -> !t.passed()).count();
        if (!report.thresholds().isEmpty()) {
            out.append("\nthresholds: ")
                    .append(report.thresholds().size() - failed)
                    .append(" passed, ")
                    .append(failed)
                    .append(" failed")
                    .append(failed == 0 ? "" : " (report.md lists them)")
                    .append('\n');
        }
        if (!report.excluded().isEmpty()) {
            out.append(report.excluded().size()).append(" run(s) left out: report.md says why\n");
        }
        return out.toString();
    }

    private static void warmup(StringBuilder out, Report.ScenarioReport scenario) {
        WarmupSection warmup = scenario.warmup();
        out.append("  warm-up: ").append(Words.WARMUP_INTRO).append('\n');
        aligned(out, "    ", Words.warmupRuns(warmup));
        Words.warmupNotes(warmup).forEach(r -> out.append("    ").append(r).append('\n'));
        List<List<String>> rows = new ArrayList<>(Words.warmupTable(scenario));
        List<String> header = new ArrayList<>(rows.get(0));
        header.set(0, "");
        rows.set(0, header);
        aligned(out, "    ", rows);
        List<String> reasons = Words.pairReasons(warmup.comparisons());
        if (!reasons.isEmpty()) {
            out.append("    not comparable: ")
                    .append(Words.pairReasonsText(warmup.comparisons(), reasons))
                    .append('\n');
        }
        for (Report.Comparison c : warmup.comparisons()) {
            out.append("    ")
                    .append(marker(c.verdict()))
                    .append(' ')
                    .append(Words.sentence(c, reasons))
                    .append('\n');
        }
    }

    private static void runtime(StringBuilder out, Report.ScenarioReport scenario) {
        out.append("  runtime: ").append(RuntimeWords.INTRO).append('\n');
        List<List<String>> rows = new ArrayList<>(RuntimeWords.table(scenario));
        List<String> header = new ArrayList<>(rows.get(0));
        header.set(0, "");
        rows.set(0, header);
        aligned(out, "    ", rows);
        scenario.runtime()
                .largest()
                .forEach(line -> out.append("    ").append(line).append('\n'));
        List<String> reasons = Words.pairReasons(scenario.runtime().comparisons());
        if (!reasons.isEmpty()) {
            out.append("    not comparable: ")
                    .append(Words.pairReasonsText(scenario.runtime().comparisons(), reasons))
                    .append('\n');
        }
        for (Report.Comparison c : scenario.runtime().comparisons()) {
            out.append("    ")
                    .append(marker(c.verdict()))
                    .append(' ')
                    .append(Words.sentence(c, reasons))
                    .append('\n');
        }
    }

    private static String marker(Report.Verdict verdict) {
        return switch (verdict) {
            case BETTER -> "+";
            case WORSE -> "-";
            case REFUSED -> "!";
            default -> "=";
        };
    }

    private static void curve(StringBuilder out, Report.Curve curve) {
        out.append(String.format(
                Locale.ROOT,
                "  warm-up curve: requests/s per %.0f s window, median (min to max)%n",
                curve.windowSeconds()));
        aligned(out, "    ", Words.curveTable(curve));
        curve.windows()
                .keySet()
                .forEach(t -> out.append("    ").append(Words.steady(curve, t)).append('\n'));
    }

    static void aligned(StringBuilder out, String indent, List<List<String>> rows) {
        int columns = rows.stream().mapToInt(List::size).max().orElse(0);
        int[] widths = new int[columns];
        for (List<String> row : rows) {
            for (int i = 0; i < row.size(); i++) {
                widths[i] = Math.max(widths[i], row.get(i).length());
            }
        }
        for (List<String> row : rows) {
            StringBuilder line = new StringBuilder(indent);
            for (int i = 0; i < row.size(); i++) {
                line.append(row.get(i));
                if (i < row.size() - 1) {
                    line.append(" ".repeat(widths[i] - row.get(i).length() + 2));
                }
            }
            out.append(line.toString().stripTrailing()).append('\n');
        }
    }
}
