package dev.duel.report.render;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.duel.report.model.Format;
import dev.duel.report.model.MicroReport;
import dev.duel.report.model.MicroSection;
import dev.duel.report.model.Summary;
import java.util.ArrayList;
import java.util.List;

/**
 * Lays out a {@link MicroReport} as terminal text, Markdown, HTML and JSON, alone (a {@code duel micro} folder) or as
 * a section of a suite's report with the in-process result beside each scenario's HTTP result ({@link MicroSection}).
 * Every format shows the same table and sentences. Stateless.
 */
public final class MicroRenderer {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /** The table: benchmark, mode, then each JDK's score and bytes/op (median, range, spread, forks). */
    static List<List<String>> table(MicroReport report) {
        List<List<String>> rows = new ArrayList<>();
        List<String> header = new ArrayList<>(List.of("benchmark", "mode"));
        report.jdks().forEach(j -> header.add(j.name()));
        report.jdks().forEach(j -> header.add(j.name() + " bytes/op"));
        rows.add(header);
        for (MicroReport.Row row : report.rows()) {
            List<String> cells = new ArrayList<>(List.of(row.label(), mode(row)));
            row.sides().forEach(s -> cells.add(side(s, s.score(), row.unit())));
            row.sides().forEach(s -> cells.add(side(s, s.allocBytesPerOp(), null)));
            rows.add(cells);
        }
        return rows;
    }

    private static String mode(MicroReport.Row row) {
        if (row.mode() == null) {
            return "-";
        }
        return switch (row.mode()) {
            case THROUGHPUT -> "throughput (higher is faster)";
            case AVERAGE_TIME -> "average time (lower is faster)";
            case SAMPLE_TIME -> "sampled time (lower is faster)";
            case SINGLE_SHOT -> "single shot (lower is faster)";
        };
    }

    /** "41.0 us/op (40.1 to 42.3, spread 5.4%, 3 forks)"; with {@code unit} null, bytes. */
    private static String side(MicroReport.Side side, Summary summary, String unit) {
        if (summary == null) {
            return side.failedForks() > 0 ? "no score (" + side.failedForks() + " fork(s) failed)" : "-";
        }
        String median =
                unit == null ? Format.bytesPerOperation(summary.median()) : Format.score(summary.median(), unit);
        String text = summary.runs() == 1
                ? median + " (1 fork)"
                : median + " ("
                        + (unit == null
                                ? Format.bytesPerOperation(summary.min())
                                : Format.score(summary.min(), unit).split(" ")[0])
                        + " to "
                        + (unit == null
                                ? Format.bytesPerOperation(summary.max())
                                : Format.score(summary.max(), unit).split(" ")[0])
                        + ", spread " + (Double.isNaN(summary.spread()) ? "-" : Format.percent(summary.spread()))
                        + ", " + summary.runs() + " forks)";
        return side.failedForks() > 0 ? text + " [" + side.failedForks() + " failed]" : text;
    }

    /** Each comparison's sentence, then its bytes/op, per row. */
    static List<String> sentences(MicroReport report) {
        List<String> lines = new ArrayList<>();
        for (MicroReport.Row row : report.rows()) {
            for (MicroReport.Comparison c : row.comparisons()) {
                lines.add(c.sentence() + "; " + c.allocSentence());
            }
        }
        return lines;
    }

    static final String HOW_TO_READ = "Each JMH fork (one JVM) gives one score, the mean of its measurement "
            + "iterations; a cell is the median over a JDK's forks, then (min to max, spread = (max - min) / median). "
            + "Forks alternate between the JDKs, one fork of each on every benchmark per round. A comparison is the "
            + "ratio of medians with a 95% interval over forks: ";

    private static List<List<String>> jdkTable(MicroReport report) {
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("JDK", "version", "vendor", "build", "x86-64 level", "UseAVX", "forks with a score"));
        report.jdks()
                .forEach(j -> rows.add(
                        List.of(j.name(), j.version(), j.vendor(), j.build(), j.x86Level(), j.useAvx(), j.forks())));
        return rows;
    }

    public String terminal(MicroReport report) {
        StringBuilder out = new StringBuilder();
        out.append("duel report: ")
                .append(report.title())
                .append("   (baseline ")
                .append(report.baseline())
                .append(", duel ")
                .append(report.duelVersion())
                .append(")\n\n");
        terminalBody(out, report, "");
        out.append('\n').append(HOW_TO_READ).append(report.method()).append('\n');
        report.environment().forEach(line -> out.append(line).append('\n'));
        return out.toString();
    }

    private static void terminalBody(StringBuilder out, MicroReport report, String indent) {
        TerminalRenderer.aligned(out, indent + "  ", jdkTable(report));
        out.append('\n');
        TerminalRenderer.aligned(out, indent + "  ", table(report));
        out.append('\n');
        sentences(report).forEach(s -> out.append(indent).append("  ").append(s).append('\n'));
        if (!report.failed().isEmpty()) {
            out.append(indent).append("forks without a score\n");
            report.failed()
                    .forEach(f -> out.append(indent).append("  ").append(f).append('\n'));
        }
    }

    public String markdown(MicroReport report) {
        StringBuilder md = new StringBuilder();
        md.append("# duel report: ")
                .append(MarkdownRenderer.escape(report.title()))
                .append("\n\n");
        md.append("duel ")
                .append(MarkdownRenderer.escape(report.duelVersion()))
                .append(" · results: ")
                .append(MarkdownRenderer.escape(String.join(", ", report.sources())))
                .append(" · baseline: **")
                .append(MarkdownRenderer.escape(report.baseline()))
                .append("**\n\n");
        markdownBody(md, report, "##");
        md.append("## How to read this\n\n")
                .append(MarkdownRenderer.escape(HOW_TO_READ + report.method()))
                .append("\n\n## Environment\n\n");
        report.environment()
                .forEach(line ->
                        md.append("- ").append(MarkdownRenderer.escape(line)).append('\n'));
        return md.toString();
    }

    private static void markdownBody(StringBuilder md, MicroReport report, String heading) {
        md.append(heading).append(" JDKs\n\n");
        List<List<String>> jdks = jdkTable(report);
        MarkdownRenderer.table(md, jdks.get(0), jdks.subList(1, jdks.size()));
        md.append(heading).append(" Benchmarks\n\n");
        List<List<String>> rows = table(report);
        MarkdownRenderer.table(md, rows.get(0), rows.subList(1, rows.size()));
        sentences(report)
                .forEach(s -> md.append("- ").append(MarkdownRenderer.escape(s)).append('\n'));
        md.append('\n');
        if (!report.failed().isEmpty()) {
            md.append(heading).append(" Forks without a score\n\n");
            report.failed()
                    .forEach(f ->
                            md.append("- ").append(MarkdownRenderer.escape(f)).append('\n'));
            md.append('\n');
        }
    }

    public String html(MicroReport report) {
        StringBuilder html = new StringBuilder();
        html.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>duel report: ")
                .append(HtmlRenderer.escape(report.title()))
                .append("</title>\n<style>\n")
                .append(HtmlRenderer.STYLE)
                .append("</style>\n</head>\n<body>\n");
        html.append("<h1>duel report: ")
                .append(HtmlRenderer.escape(report.title()))
                .append("</h1>\n");
        html.append("<p class=\"meta\">duel ")
                .append(HtmlRenderer.escape(report.duelVersion()))
                .append(" &middot; results: ")
                .append(HtmlRenderer.escape(String.join(", ", report.sources())))
                .append(" &middot; baseline: <b>")
                .append(HtmlRenderer.escape(report.baseline()))
                .append("</b></p>\n");
        htmlBody(html, report, "h2");
        html.append("<h2>How to read this</h2>\n<p>")
                .append(HtmlRenderer.escape(HOW_TO_READ + report.method()))
                .append("</p>\n<h2>Environment</h2>\n<ul>\n");
        report.environment()
                .forEach(line ->
                        html.append("<li>").append(HtmlRenderer.escape(line)).append("</li>\n"));
        return html.append("</ul>\n</body>\n</html>\n").toString();
    }

    private static void htmlBody(StringBuilder html, MicroReport report, String heading) {
        html.append('<').append(heading).append(">JDKs</").append(heading).append(">\n");
        List<List<String>> jdks = jdkTable(report);
        HtmlRenderer.table(html, jdks.get(0), jdks.subList(1, jdks.size()));
        html.append('<').append(heading).append(">Benchmarks</").append(heading).append(">\n");
        List<List<String>> rows = table(report);
        HtmlRenderer.table(html, rows.get(0), rows.subList(1, rows.size()));
        html.append("<ul>\n");
        sentences(report)
                .forEach(s -> html.append("<li>").append(HtmlRenderer.escape(s)).append("</li>\n"));
        html.append("</ul>\n");
        if (!report.failed().isEmpty()) {
            html.append('<')
                    .append(heading)
                    .append(">Forks without a score</")
                    .append(heading)
                    .append(">\n<ul>\n");
            report.failed()
                    .forEach(f ->
                            html.append("<li>").append(HtmlRenderer.escape(f)).append("</li>\n"));
            html.append("</ul>\n");
        }
    }

    /** {@code summary.json} of a micro folder: every number the other formats show, and each side's fork values. */
    public String json(MicroReport report) {
        try {
            return JSON.writeValueAsString(report) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a report always serializes", e);
        }
    }

    /** The suite report's section: the chain lines, then the micro table and sentences. */
    static void terminalSection(StringBuilder out, MicroSection section) {
        if (section == null) {
            return;
        }
        out.append("\nin-process (JMH) beside HTTP\n");
        section.chain().forEach(line -> out.append("  ").append(line).append('\n'));
        if (section.report() == null) {
            return;
        }
        out.append("\nmicrobenchmarks (")
                .append(section.report().sources().get(0))
                .append(")\n");
        terminalBody(out, section.report(), "");
    }

    static void markdownSection(StringBuilder md, MicroSection section) {
        if (section == null) {
            return;
        }
        md.append("## In-process (JMH) beside HTTP\n\n");
        section.chain()
                .forEach(line ->
                        md.append("- ").append(MarkdownRenderer.escape(line)).append('\n'));
        md.append('\n');
        if (section.report() != null) {
            markdownBody(md, section.report(), "###");
        }
    }

    static void htmlSection(StringBuilder html, MicroSection section) {
        if (section == null) {
            return;
        }
        html.append("<h2>In-process (JMH) beside HTTP</h2>\n<ul>\n");
        section.chain()
                .forEach(line ->
                        html.append("<li>").append(HtmlRenderer.escape(line)).append("</li>\n"));
        html.append("</ul>\n");
        if (section.report() != null) {
            htmlBody(html, section.report(), "h3");
        }
    }
}
