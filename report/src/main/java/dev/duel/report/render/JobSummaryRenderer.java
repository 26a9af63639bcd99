package dev.duel.report.render;

import dev.duel.report.model.Report;
import dev.duel.report.model.SectionKind;

/**
 * A CI job's summary (GitHub's {@code GITHUB_STEP_SUMMARY}, appended to): the headline, the warnings, each load
 * scenario's comparison tables with their sentences and what limited each target, and the thresholds, in the same
 * Markdown as {@code report.md}'s sections, so that the two never disagree. Charts, the warm-up and runtime sections and the environment stay in the
 * report itself, which the summary points to. Stateless.
 */
public final class JobSummaryRenderer {
    /** Where the summary points for the rest of the report. */
    static final String WHOLE_REPORT =
            "The whole report (charts, warm-up, runtime, environment): `report.html` and `report.md` beside"
                    + " `summary.json`.\n\n";

    public String render(Report report) {
        return render(report, report.scenarios(), WHOLE_REPORT);
    }

    /**
     * The summary of {@code scenarios} only (of the report's, in its order), ending on {@code closing}: a pull
     * request's comment leaves scenarios out to stay under its size limit ({@link PullRequestCommentRenderer}).
     */
    static String render(Report report, java.util.List<Report.ScenarioReport> scenarios, String closing) {
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
        PastRenderer.markdownSection(md, report.past(), "###");
        for (Report.ScenarioReport scenario : scenarios) {
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
            if (!scenario.limitedBy().isEmpty()) {
                // The bottleneck: whether a difference is the target's own or something it waited on.
                md.append("Limited by: ");
                md.append(String.join(
                        "; ",
                        scenario.limitedBy().entrySet().stream()
                                .map(e -> MarkdownRenderer.escape(e.getKey()) + ": "
                                        + MarkdownRenderer.escape(e.getValue()))
                                .toList()));
                md.append("\n\n");
            }
        }
        StringBuilder thresholds = new StringBuilder();
        MarkdownRenderer.thresholds(thresholds, report);
        md.append(thresholds.toString().replaceFirst("^## ", "### "));
        md.append(closing);
        return md.toString();
    }
}
