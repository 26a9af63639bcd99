package dev.duel.report.render;

import dev.duel.report.model.Report;
import dev.duel.report.model.SectionKind;

/**
 * A CI job's summary (GitHub's {@code GITHUB_STEP_SUMMARY}, appended to): the headline, the warnings, each load
 * scenario's comparison tables with their sentences, and the thresholds, in the same Markdown as {@code report.md}'s
 * sections, so that the two never disagree. Charts, the warm-up and runtime sections and the environment stay in the
 * report itself, which the summary points to. Stateless.
 */
public final class JobSummaryRenderer {
    public String render(Report report) {
        StringBuilder md = new StringBuilder();
        md.append("## duel: ").append(MarkdownRenderer.escape(report.title())).append("\n\n");
        md.append("baseline: **")
                .append(MarkdownRenderer.escape(report.baseline()))
                .append("**");
        long failed = report.thresholds().stream().filter(t -> !t.passed()).count();
        if (!report.thresholds().isEmpty()) {
            md.append(" · thresholds: ")
                    .append(
                            failed == 0
                                    ? "all " + report.thresholds().size() + " passed"
                                    : "**" + failed + " of "
                                            + report.thresholds().size() + " failed**");
        }
        md.append("\n\n");
        report.headline()
                .forEach(line ->
                        md.append("**").append(MarkdownRenderer.escape(line)).append("**\n\n"));
        if (!report.warnings().isEmpty()) {
            md.append("> **Warnings**\n");
            report.warnings()
                    .forEach(w ->
                            md.append("> - ").append(MarkdownRenderer.escape(w)).append('\n'));
            md.append('\n');
        }
        for (Report.ScenarioReport scenario : report.scenarios()) {
            if (scenario.comparisons().isEmpty()) {
                continue;
            }
            md.append("### ")
                    .append(MarkdownRenderer.escape(scenario.name()))
                    .append(
                            scenario.kind() == SectionKind.LOAD
                                    ? ""
                                    : " (" + scenario.kind().label() + ")")
                    .append("\n\n");
            MarkdownRenderer.comparisons(md, scenario);
        }
        StringBuilder thresholds = new StringBuilder();
        MarkdownRenderer.thresholds(thresholds, report);
        md.append(thresholds.toString().replaceFirst("^## ", "### "));
        md.append("The whole report (charts, warm-up, runtime, environment): `report.html` and `report.md` beside"
                + " `summary.json`.\n\n");
        return md.toString();
    }
}
