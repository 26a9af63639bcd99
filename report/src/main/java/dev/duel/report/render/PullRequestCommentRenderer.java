package dev.duel.report.render;

import dev.duel.report.model.Report;
import java.util.List;

/**
 * A pull request's comment: the job summary's verdicts (the headline, the warnings, each scenario's comparison table
 * with its sentences and each target's bottleneck, the thresholds) under a first line that marks it as this suite's
 * duel comment, so that a workflow finds its earlier comment and edits it instead of adding one per push. It ends on
 * the whole report: a link when the CI gives one (an artifact's or a page's), else where the job keeps it. GitHub
 * refuses a comment body over {@link #GITHUB_LIMIT} characters: a report that would not fit leaves out its last
 * scenarios' tables and says how many (their verdicts stay in the headline). Stateless.
 */
public final class PullRequestCommentRenderer {
    /** The most characters GitHub takes in a comment's body. */
    public static final int GITHUB_LIMIT = 65_536;

    /**
     * The first line of every comment of suite {@code suite}: what a workflow searches the pull request's comments
     * for. An HTML comment: GitHub shows nothing of it.
     */
    public static String marker(String suite) {
        return "<!-- duel pull-request comment: " + suite.replace("--", "- -") + " -->";
    }

    /**
     * @param reportUrl where the whole report can be opened (the job's artifact, a page), or null
     * @param limit     the most characters the body may have ({@link #GITHUB_LIMIT})
     */
    public String render(Report report, String reportUrl, int limit) {
        String closing = reportUrl == null
                ? "The whole report (charts, warm-up, runtime, environment): `report.html` in this job's artifacts.\n"
                : "The whole report (charts, warm-up, runtime, environment): [report.html]("
                        + reportUrl.replace(")", "%29").replace(" ", "%20") + ").\n";
        String head = marker(report.title()) + "\n";
        List<Report.ScenarioReport> scenarios = report.scenarios();
        for (int kept = scenarios.size(); kept >= 0; kept--) {
            String left = kept == scenarios.size()
                    ? ""
                    : "_" + (scenarios.size() - kept) + " more scenario(s) left out here to stay under GitHub's "
                            + limit + " characters: their verdicts are in the headline above and in the report._\n\n";
            String body = head + JobSummaryRenderer.render(report, scenarios.subList(0, kept), left + closing);
            if (body.length() <= limit) {
                return body;
            }
        }
        // Not even the headline fits: the marker, how many characters it would take, and the link.
        return head + "## duel: " + MarkdownRenderer.escape(report.title()) + "\n\nThe verdicts do not fit in a comment"
                + " (over " + limit + " characters).\n\n" + closing;
    }
}
