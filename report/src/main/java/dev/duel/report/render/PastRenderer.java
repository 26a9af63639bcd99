package dev.duel.report.render;

import dev.duel.report.model.Format;
import dev.duel.report.model.PastSection;
import dev.duel.report.model.Report;
import java.util.ArrayList;
import java.util.List;

/**
 * The section of a report's targets against a history's reference ({@link PastSection}), in the terminal's, Markdown's
 * (report.md, the job summary, a pull request's comment) and HTML's forms, from the same rows and sentences. Stateless.
 */
final class PastRenderer {
    private PastRenderer() {}

    /** The section's title: "Against main". */
    static String title(PastSection past) {
        return "Against " + past.reference();
    }

    /** The table's rows, the header first: the same cells in every form. */
    static List<List<String>> table(PastSection past) {
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of(
                "scenario",
                "target",
                "measure",
                "here vs " + past.reference(),
                "95% CI",
                "verdict",
                past.reference() + "'s entries"));
        for (PastSection.Row row : past.rows()) {
            Report.Comparison c = row.comparison();
            rows.add(List.of(
                    row.scenario(),
                    row.target(),
                    label(c.measure()),
                    Format.ratio(c),
                    Format.interval(c),
                    Format.verdict(c),
                    row.spread()));
        }
        return rows;
    }

    /**
     * What each row says in words: the sentence, its warnings and reasons, and, for a change, that the reference's own
     * entries spread over it.
     */
    static List<String> sentences(PastSection past) {
        List<String> sentences = new ArrayList<>();
        for (PastSection.Row row : past.rows()) {
            Report.Comparison c = row.comparison();
            // Scenario and target lead every sentence, as the table's first cells do: a verdict's words name the
            // target only where they have words for it ("jdk25 serves 12% more").
            StringBuilder sentence = new StringBuilder(row.scenario())
                    .append(" / ")
                    .append(row.target())
                    .append(": ")
                    .append(c.sentence());
            c.warnings().forEach(w -> sentence.append("; ").append(w));
            c.reasons().forEach(r -> sentence.append("; ").append(r));
            boolean changed = c.verdict() == Report.Verdict.BETTER
                    || c.verdict() == Report.Verdict.WORSE
                    || c.verdict() == Report.Verdict.DIFFERENT;
            if (row.movedBefore() > 0 && changed) {
                sentence.append("; ")
                        .append(past.reference())
                        .append(" itself moved to this level before these runs: ")
                        .append(
                                row.movedBefore() == 1
                                        ? "its newest entry lies among this run's values and every entry before it beyond them"
                                        : "its newest " + row.movedBefore()
                                                + " entries lie among this run's values and every entry before them beyond them")
                        .append(" (")
                        .append(row.spread())
                        .append("), so the change may be ")
                        .append(past.reference())
                        .append(
                                "'s own, not these runs': compare with its newest entries (an entry id or commit) to judge them");
            } else if (row.withinSpread() && changed) {
                sentence.append("; this run's value lies inside the range of ")
                        .append(past.reference())
                        .append("'s own entries (")
                        .append(row.spread())
                        .append("): sessions on this machine differ by that much");
            }
            sentences.add(sentence.toString());
        }
        return sentences;
    }

    private static String label(String key) {
        return switch (key) {
            case "rps" -> "requests/s";
            case "cpu" -> "CPU per request";
            default -> key;
        };
    }

    static void terminalSection(StringBuilder out, PastSection past) {
        if (past == null) {
            return;
        }
        out.append('\n').append(title(past).toLowerCase(java.util.Locale.ROOT)).append(": ");
        out.append(past.described()).append('\n');
        past.notes().forEach(n -> out.append("  note: ").append(n).append('\n'));
        if (past.rows().isEmpty()) {
            out.append("  nothing to compare: no scenario, target and measure here is in its entries\n");
            return;
        }
        TerminalRenderer.aligned(out, "  ", table(past));
        sentences(past).forEach(s -> out.append("  ").append(s).append('\n'));
    }

    static void markdownSection(StringBuilder md, PastSection past, String heading) {
        if (past == null) {
            return;
        }
        md.append(heading)
                .append(' ')
                .append(MarkdownRenderer.escape(title(past)))
                .append("\n\n")
                .append(MarkdownRenderer.escape(past.described()))
                .append("\n\n");
        past.notes()
                .forEach(n -> md.append("> ").append(MarkdownRenderer.escape(n)).append("\n\n"));
        if (past.rows().isEmpty()) {
            md.append("Nothing to compare: no scenario, target and measure here is in its entries.\n\n");
            return;
        }
        List<List<String>> rows = table(past);
        MarkdownRenderer.table(md, rows.get(0), rows.subList(1, rows.size()));
        sentences(past)
                .forEach(s -> md.append("- ").append(MarkdownRenderer.escape(s)).append('\n'));
        md.append('\n');
    }

    static void htmlSection(StringBuilder html, PastSection past) {
        if (past == null) {
            return;
        }
        html.append("<section id=\"against\"><h2>")
                .append(HtmlRenderer.escape(title(past)))
                .append("</h2>\n<p>")
                .append(HtmlRenderer.escape(past.described()))
                .append("</p>\n");
        past.notes()
                .forEach(n -> html.append("<p class=\"note\">")
                        .append(HtmlRenderer.escape(n))
                        .append("</p>\n"));
        if (past.rows().isEmpty()) {
            html.append("<p>Nothing to compare: no scenario, target and measure here is in its entries.</p>\n");
        } else {
            List<List<String>> rows = table(past);
            HtmlRenderer.table(html, rows.get(0), rows.subList(1, rows.size()));
            html.append("<ul>\n");
            sentences(past)
                    .forEach(s ->
                            html.append("<li>").append(HtmlRenderer.escape(s)).append("</li>\n"));
            html.append("</ul>\n");
        }
        html.append("</section>\n");
    }
}
