package dev.duel.cli;

import dev.duel.report.model.Report;
import dev.duel.report.render.Charts;
import dev.duel.report.render.HtmlRenderer;
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

/** Writes a report's files into a folder, each atomically: report.md, report.html, summary.json, charts/*.png. */
final class ReportFiles {
    private ReportFiles() {}

    /** @return the Markdown, as written */
    static String write(Report report, Path folder, PrintStream err) throws IOException {
        Files.createDirectories(folder);
        String markdown = new MarkdownRenderer().render(report);
        AtomicJson.writeBytes(folder.resolve("report.md"), markdown.getBytes(StandardCharsets.UTF_8));
        AtomicJson.writeBytes(
                folder.resolve("summary.json"),
                new SummaryJsonRenderer().render(report).getBytes(StandardCharsets.UTF_8));
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
        return markdown;
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
