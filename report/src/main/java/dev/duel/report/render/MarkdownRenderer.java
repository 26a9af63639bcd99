package dev.duel.report.render;

import dev.duel.report.model.Format;
import dev.duel.report.model.Report;
import dev.duel.report.model.SectionKind;
import java.util.List;
import java.util.Locale;

/** {@code report.md}: GitHub-flavoured Markdown, tables plus verdict sentences. Stateless. */
public final class MarkdownRenderer {
    public String render(Report report) {
        StringBuilder md = new StringBuilder();
        md.append("# duel report: ").append(escape(report.title())).append("\n\n");
        md.append("duel ")
                .append(escape(report.duelVersion()))
                .append(" · results: ")
                .append(escape(String.join(", ", report.sources())))
                .append(" · baseline: **")
                .append(escape(report.baseline()))
                .append("**\n\n");
        if (!report.headline().isEmpty()) {
            report.headline()
                    .forEach(line -> md.append("**").append(escape(line)).append("**\n\n"));
        }
        if (!report.warnings().isEmpty()) {
            md.append("> **Warnings**\n");
            report.warnings().forEach(w -> md.append("> - ").append(escape(w)).append('\n'));
            md.append('\n');
        }
        PastRenderer.markdownSection(md, report.past(), "##");
        md.append("## Targets\n\n");
        table(
                md,
                List.of("target", "JDK", "app", "JVM flags", "limits", "JVM (as it reported)", "runs"),
                report.targets().stream()
                        .map(t -> List.of(t.name(), t.jdk(), t.app(), t.jvmArgs(), t.limits(), t.jvm(), t.runs()))
                        .toList());
        for (Report.ScenarioReport scenario : report.scenarios()) {
            scenario(md, scenario);
        }
        MicroRenderer.markdownSection(md, report.micro());
        if (!report.excluded().isEmpty()) {
            md.append("## Runs left out\n\n");
            table(
                    md,
                    List.of("run", "target", "status", "reason"),
                    report.excluded().stream()
                            .map(e -> List.of(e.run(), e.target(), e.status(), e.reason()))
                            .toList());
        }
        thresholds(md, report);
        md.append("## How to read this\n\n")
                .append(escape(Words.howToRead(report)))
                .append("\n\nVerdict words:\n\n");
        table(md, List.of("word", "meaning"), Report.Verdict.glossary());
        if (!report.environment().isEmpty()) {
            md.append("## Environment\n\n");
            report.environment()
                    .forEach(line -> md.append("- ").append(escape(line)).append('\n'));
        }
        return md.toString();
    }

    /** The thresholds' section, each with pass or FAIL and its numbers; nothing when the report has none. */
    static void thresholds(StringBuilder md, Report report) {
        if (report.thresholds().isEmpty()) {
            return;
        }
        md.append("## Thresholds\n\n");
        for (Report.ThresholdResult t : report.thresholds()) {
            md.append("- ")
                    .append(t.passed() ? "pass" : "**FAIL**")
                    .append(" `")
                    .append(t.expression().replace("`", "'"))
                    .append("`: ")
                    .append(escape(t.detail()))
                    .append('\n');
        }
        md.append('\n');
    }

    private static void scenario(StringBuilder md, Report.ScenarioReport scenario) {
        md.append("## ")
                .append(escape(scenario.name()))
                .append(
                        scenario.kind() == SectionKind.LOAD
                                ? ""
                                : " (" + escape(scenario.kind().label()) + ")")
                .append("\n\n");
        if (!scenario.load().isEmpty()) {
            md.append(escape(scenario.load())).append("\n\n");
        }
        scenario.notes().forEach(n -> md.append("*").append(escape(n)).append("*\n\n"));
        List<List<String>> measures = Words.measureTable(scenario);
        table(md, measures.get(0), measures.subList(1, measures.size()));
        if (scenario.curve() != null) {
            curve(md, scenario);
        }
        comparisons(md, scenario);
        if (scenario.warmup() != null) {
            warmup(md, scenario);
        }
        if (scenario.runtime() != null) {
            runtime(md, scenario);
        }
    }

    /** Each target against the baseline in a scenario: a table of measures, its notes and each row's sentence. */
    static void comparisons(StringBuilder md, Report.ScenarioReport scenario) {
        List<String> others = scenario.comparisons().stream()
                .map(Report.Comparison::other)
                .distinct()
                .toList();
        for (String other : others) {
            List<Report.Comparison> comparisons = scenario.comparisons().stream()
                    .filter(c -> c.other().equals(other))
                    .toList();
            String baseline = comparisons.get(0).baseline();
            md.append("**")
                    .append(escape(other))
                    .append(" against ")
                    .append(escape(baseline))
                    .append("**\n\n");
            List<String> warnings = Words.distinctWarnings(comparisons);
            // The runs behind the rows, said once when every row rests on the same ones.
            String sharedRuns = Words.sharedRuns(comparisons);
            if (sharedRuns != null) {
                md.append("Runs used of planned: ").append(escape(sharedRuns)).append("\n\n");
            }
            List<String> header = new java.util.ArrayList<>(List.of(
                    "measure", other + " vs " + baseline, "95% CI", "verdict", "runs used of planned", "warnings"));
            if (sharedRuns != null) {
                header.remove("runs used of planned");
            }
            List<Report.Comparison> tabled = comparisons.stream()
                    .filter(c -> !Double.isNaN(c.ratio())
                            || c.shift() != null
                            || c.verdict() == Report.Verdict.REFUSED
                            || !c.reasons().isEmpty())
                    .toList();
            table(
                    md,
                    header,
                    tabled.stream()
                            .map(c -> {
                                List<String> cells = new java.util.ArrayList<>(List.of(
                                        Words.label(scenario, c),
                                        Format.ratio(c),
                                        Format.interval(c),
                                        Format.verdict(c),
                                        c.runs(),
                                        Words.warningRefs(c, warnings)));
                                if (sharedRuns != null) {
                                    cells.remove(4);
                                }
                                return cells;
                            })
                            .toList());
            for (int i = 0; i < warnings.size(); i++) {
                md.append("> [")
                        .append(i + 1)
                        .append("] ")
                        .append(escape(warnings.get(i)))
                        .append("\n>\n");
            }
            if (!warnings.isEmpty()) {
                md.setLength(md.length() - 2);
                md.append('\n');
            }
            List<String> reasons = Words.pairReasons(comparisons);
            if (!reasons.isEmpty()) {
                md.append("Not comparable: ")
                        .append(escape(Words.pairReasonsText(comparisons, reasons)))
                        .append("\n\n");
            }
            for (Report.Comparison c : comparisons) {
                if (tabled.contains(c) && Words.saidByTheTable(c, reasons)) {
                    continue; // a change with its interval and nothing beside: the table's row says it all
                }
                md.append("- ").append(escape(Words.sentence(c, reasons))).append('\n');
            }
            md.append('\n');
        }
    }

    private static void runtime(StringBuilder md, Report.ScenarioReport scenario) {
        md.append("### ").append(escape(scenario.name())).append(": runtime\n\n");
        md.append(escape(RuntimeWords.INTRO)).append(".\n\n");
        List<List<String>> rows = RuntimeWords.table(scenario);
        table(md, rows.get(0), rows.subList(1, rows.size()));
        RuntimeWords.sentences(scenario.runtime())
                .forEach(line -> md.append("- ").append(escape(line)).append('\n'));
        md.append('\n');
    }

    private static void warmup(StringBuilder md, Report.ScenarioReport scenario) {
        md.append("### ").append(escape(scenario.name())).append(": warm-up\n\n");
        md.append(escape(Words.WARMUP_INTRO)).append(".\n\n");
        List<List<String>> runs = Words.warmupRuns(scenario.warmup());
        table(md, runs.get(0), runs.subList(1, runs.size()));
        Words.warmupNotes(scenario.warmup())
                .forEach(r -> md.append("- ").append(escape(r)).append('\n'));
        if (!Words.warmupNotes(scenario.warmup()).isEmpty()) {
            md.append('\n');
        }
        List<List<String>> rows = Words.warmupTable(scenario);
        table(md, rows.get(0), rows.subList(1, rows.size()));
        List<String> reasons = Words.pairReasons(scenario.warmup().comparisons());
        if (!reasons.isEmpty()) {
            md.append("Not comparable: ")
                    .append(escape(String.join("; ", reasons)))
                    .append("\n\n");
        }
        for (Report.Comparison c : scenario.warmup().comparisons()) {
            md.append("- ").append(escape(Words.sentence(c, reasons))).append('\n');
        }
        if (!scenario.warmup().comparisons().isEmpty()) {
            md.append('\n');
        }
    }

    private static void curve(StringBuilder md, Report.ScenarioReport scenario) {
        Report.Curve curve = scenario.curve();
        md.append(String.format(
                Locale.ROOT,
                "Warm-up curve: requests/s per %.0f s window from the first correct answer, median (min to max) over runs\n\n",
                curve.windowSeconds()));
        List<List<String>> windows = Words.curveTable(curve);
        table(md, windows.get(0), windows.subList(1, windows.size()));
        curve.windows()
                .keySet()
                .forEach(t ->
                        md.append("- ").append(escape(Words.steady(curve, t))).append('\n'));
        md.append('\n');
    }

    static void table(StringBuilder md, List<String> header, List<List<String>> rows) {
        md.append('|');
        header.forEach(h -> md.append(' ').append(escape(h)).append(" |"));
        md.append("\n|");
        header.forEach(h -> md.append("---|"));
        md.append('\n');
        for (List<String> row : rows) {
            md.append('|');
            row.forEach(c -> md.append(' ').append(escape(c)).append(" |"));
            md.append('\n');
        }
        md.append('\n');
    }

    /** Markdown would read these as markup (or as HTML, on GitHub). */
    static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (char c : text.toCharArray()) {
            switch (c) {
                case '|', '*', '_', '`', '[', ']', '<', '>', '#', '~', '\\' ->
                    out.append('\\').append(c);
                default -> out.append(Character.isISOControl(c) ? ' ' : c);
            }
        }
        return out.toString();
    }
}
