package dev.duel.report.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.report.ReportBuilder;
import dev.duel.report.ReportOptions;
import dev.duel.report.model.Report;
import dev.duel.report.read.ResultsReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Records written before the record schema was versioned still render exactly as they did. The
 * records in {@code src/test/resources/records/schema-1-demo} were written by a real {@code ./duel
 * demo} (two JDKs, three alternating repetitions) at commit cfc3810, before the record module
 * existed; the files in {@code src/test/resources/golden/schema-1/} are what that commit's report
 * code rendered from them (Locale.GERMANY, charts as their file names, the folder as TEMP), changed
 * since only where the report's wording or measures were changed on purpose (the folder's git log
 * says which): {@code -Dgolden.update=true} rewrites them, and the diff must show only that.
 */
class SchemaOneRecordsTest {
    private static final Path RECORDS = Path.of("src/test/resources/records/schema-1-demo");
    private static final Path GOLDEN = Path.of("src/test/resources/golden/schema-1");

    @TempDir
    Path temp;

    @Test
    void aDemoRecordedBeforeVersioningRendersAsItDidThen() throws Exception {
        Path folder = temp.resolve("schema-1-demo");
        GoldenReportTest.copyTree(RECORDS, folder);
        assertTrue(
                Files.readString(folder.resolve("runs/001-jdk17-json+product.json"))
                                .indexOf("schemaVersion")
                        < 0,
                "these records predate the schemaVersion field");
        Locale previous = Locale.getDefault();
        Locale.setDefault(Locale.GERMANY);
        try {
            Report report = new ReportBuilder(new ResultsReader().read(List.of(folder)), ReportOptions.DEFAULT).build();
            assertSame("report.md", new MarkdownRenderer().render(report));
            assertSame("report.txt", new TerminalRenderer().render(report));
            assertSame("summary.json", new SummaryJsonRenderer().render(report));
            assertSame(
                    "report.html",
                    new HtmlRenderer(spec -> spec.file().getBytes(StandardCharsets.UTF_8), GoldenReportTest.STAND_IN)
                            .render(report));
            assertSame("charts.txt", GoldenReportTest.chartData(report));
        } finally {
            Locale.setDefault(previous);
        }
    }

    private void assertSame(String name, String rendered) throws Exception {
        if (Boolean.getBoolean("golden.update")) {
            Files.writeString(GOLDEN.resolve(name), rendered.replace(temp.toString(), "TEMP"));
        }
        assertEquals(
                Files.readString(GOLDEN.resolve(name)),
                rendered.replace(temp.toString(), "TEMP"),
                name + ": records of schema 1 no longer render as the golden file says");
    }
}
