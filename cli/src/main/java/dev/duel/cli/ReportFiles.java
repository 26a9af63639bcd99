package dev.duel.cli;

import dev.duel.report.model.Report;
import dev.duel.report.render.Charts;
import dev.duel.report.render.HtmlRenderer;
import dev.duel.report.render.JobSummaryRenderer;
import dev.duel.report.render.JunitXmlRenderer;
import dev.duel.report.render.MarkdownRenderer;
import dev.duel.report.render.SummaryJsonRenderer;
import dev.duel.suite.store.AtomicJson;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Writes a report's files into a folder, each atomically: report.md, report.html, summary.json, report-junit.xml,
 * charts/*.png; and, in a GitHub Actions job ({@value #GITHUB_STEP_SUMMARY} set), appends the job summary to the file
 * it names.
 */
final class ReportFiles {
    /** The environment variable naming the file GitHub Actions shows as a job's summary. */
    static final String GITHUB_STEP_SUMMARY = "GITHUB_STEP_SUMMARY";
    /** The JUnit XML beside summary.json. */
    static final String JUNIT_FILE = "report-junit.xml";

    private ReportFiles() {}

    /** As below, with this process's environment. */
    static String write(Report report, Path folder, PrintStream err) throws IOException {
        return write(report, folder, err, System.getenv());
    }

    /**
     * @param environment where {@value #GITHUB_STEP_SUMMARY} is looked up; a summary that cannot be appended is said
     *                    on {@code err} and does not fail the report (the files are written)
     * @return the Markdown, as written
     */
    static String write(Report report, Path folder, PrintStream err, Map<String, String> environment)
            throws IOException {
        Files.createDirectories(folder);
        String markdown = new MarkdownRenderer().render(report);
        AtomicJson.writeBytes(folder.resolve("report.md"), markdown.getBytes(StandardCharsets.UTF_8));
        AtomicJson.writeBytes(
                folder.resolve("summary.json"),
                new SummaryJsonRenderer().render(report).getBytes(StandardCharsets.UTF_8));
        AtomicJson.writeBytes(
                folder.resolve(JUNIT_FILE),
                new JunitXmlRenderer().render(report).getBytes(StandardCharsets.UTF_8));
        Map<String, byte[]> pictures = new LinkedHashMap<>();
        try {
            for (Charts.Spec spec : Charts.specs(report)) {
                pictures.put(spec.file(), Charts.png(spec));
            }
        } catch (RuntimeException | Error e) {
            // AWT without fontconfig or fonts cannot draw text; the numbers do not depend on pictures.
            pictures.clear();
            err.println("duel: charts left out (" + e + "); install fontconfig and fonts-dejavu-core to get them");
        }
        Path charts = folder.resolve("charts");
        if (Files.isDirectory(charts)) {
            // Pictures of an earlier report would sit beside numbers they do not show.
            try (Stream<Path> old = Files.list(charts)) {
                for (Path png : old.filter(f -> f.getFileName().toString().endsWith(".png"))
                        .toList()) {
                    Files.delete(png);
                }
            }
        }
        if (!pictures.isEmpty()) {
            Files.createDirectories(charts);
            for (Map.Entry<String, byte[]> picture : pictures.entrySet()) {
                AtomicJson.writeBytes(charts.resolve(picture.getKey()), picture.getValue());
            }
        }
        String html = new HtmlRenderer(spec -> pictures.get(spec.file())).render(report);
        AtomicJson.writeBytes(folder.resolve("report.html"), html.getBytes(StandardCharsets.UTF_8));
        // Last: the summary points to the files above, which now exist.
        appendJobSummary(report, err, environment);
        return markdown;
    }

    /** GitHub shows at most 1 MiB of a step's summary: a larger one is cut at a line, saying where the rest is. */
    static final int JOB_SUMMARY_MAX_BYTES = 1 << 20;

    private static void appendJobSummary(Report report, PrintStream err, Map<String, String> environment) {
        String summary = environment.get(GITHUB_STEP_SUMMARY);
        if (summary != null && !summary.isBlank()) {
            try {
                String text = new JobSummaryRenderer().render(report);
                if (text.getBytes(StandardCharsets.UTF_8).length > JOB_SUMMARY_MAX_BYTES - 4096) {
                    text = text.substring(0, text.lastIndexOf('\n', (JOB_SUMMARY_MAX_BYTES - 4096) / 4) + 1)
                            + "\n(cut to fit GitHub's 1 MiB: the whole answer is in report.md and report.html)\n";
                }
                // Appended, never replaced: the job's other steps write there too.
                Files.writeString(
                        Path.of(summary),
                        text,
                        StandardCharsets.UTF_8,
                        java.nio.file.StandardOpenOption.CREATE,
                        java.nio.file.StandardOpenOption.APPEND);
            } catch (IOException | RuntimeException e) {
                err.println("duel: the job summary could not be appended to " + GITHUB_STEP_SUMMARY + " (" + summary
                        + ": " + e.getMessage() + "); the report's files are written");
            }
        }
    }

    /** A {@code duel micro} report's files (report.md, report.html, summary.json); returns the terminal text. */
    static String writeMicro(dev.duel.report.model.MicroReport report, Path folder) throws IOException {
        dev.duel.report.render.MicroRenderer renderer = new dev.duel.report.render.MicroRenderer();
        Files.createDirectories(folder);
        AtomicJson.writeBytes(
                folder.resolve("report.md"), renderer.markdown(report).getBytes(StandardCharsets.UTF_8));
        AtomicJson.writeBytes(
                folder.resolve("summary.json"), renderer.json(report).getBytes(StandardCharsets.UTF_8));
        AtomicJson.writeBytes(
                folder.resolve("report.html"), renderer.html(report).getBytes(StandardCharsets.UTF_8));
        return renderer.terminal(report);
    }
}
