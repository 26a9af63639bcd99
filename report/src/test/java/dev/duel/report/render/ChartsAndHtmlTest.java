package dev.duel.report.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.report.ReportBuilder;
import dev.duel.report.ReportOptions;
import dev.duel.report.SeededResults;
import dev.duel.report.model.Report;
import dev.duel.report.model.WarmupRun;
import dev.duel.report.read.ResultsReader;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChartsAndHtmlTest {
    private static final String EVIL = "<script>alert(1)</script>";

    @TempDir
    Path temp;

    private Report report(String second) throws Exception {
        SeededResults results = new SeededResults(temp, 5, Instant.parse("2026-11-30T06:00:00Z"));
        results.environment("e", List.of("a warning with <b>markup</b> & \"quotes\""));
        SeededResults.Behaviour a = new SeededResults.Behaviour("jdk17", "17", 1000, 10_000, 20_000, 0);
        SeededResults.Behaviour b = new SeededResults.Behaviour(second, "25", 1200, 9_000, 20_000, 0);
        results.interleaved(a, b, 4, List.of("json", "curve"));
        return new ReportBuilder(new ResultsReader().read(List.of(temp)), ReportOptions.DEFAULT).build();
    }

    @Test
    void everyChartIsARealPictureWithSeveralColours() throws Exception {
        List<Charts.Spec> specs = Charts.specs(report("jdk25"));
        assertEquals(
                List.of(
                        "rps-json.png",
                        "warmup-json-jdk17.png",
                        "warmup-json-jdk25.png",
                        "rps-curve.png",
                        "warmup-curve-jdk17.png",
                        "warmup-curve-jdk25.png",
                        "cpu-per-request.png"),
                specs.stream().map(Charts.Spec::file).toList(),
                "seeded records hold no histograms, so no latency charts; one warm-up chart per target and scenario");
        for (Charts.Spec spec : specs) {
            BufferedImage image = ImageIO.read(new ByteArrayInputStream(Charts.png(spec)));
            assertEquals(900, image.getWidth(), spec.file());
            assertEquals(480, image.getHeight(), spec.file());
            Set<Integer> colours = new HashSet<>();
            for (int y = 0; y < image.getHeight(); y += 3) {
                for (int x = 0; x < image.getWidth(); x += 3) {
                    colours.add(image.getRGB(x, y));
                }
            }
            assertTrue(colours.size() > 10, spec.file() + " has " + colours.size() + " colours: is anything drawn?");
        }
    }

    /** Per target, each run's series then its segments as a step line whose jumps are the changepoints. */
    @Test
    void theWarmupChartHoldsEveryRunsSeriesAndItsSegments() throws Exception {
        Report report = report("jdk25");
        Charts.Spec spec = Charts.specs(report).stream()
                .filter(s -> s.file().equals("warmup-json-jdk17.png"))
                .findFirst()
                .orElseThrow();
        assertEquals(Charts.Kind.SERIES, spec.kind());
        List<WarmupRun> runs = report.scenarios().get(0).warmup().runs().stream()
                .filter(r -> r.target().equals("jdk17"))
                .toList();
        assertEquals(runs.size() * 2, spec.series().size());
        for (int i = 0; i < runs.size(); i++) {
            WarmupRun run = runs.get(i);
            Charts.Series points = spec.series().get(2 * i);
            Charts.Series steps = spec.series().get(2 * i + 1);
            assertEquals(run.run() + " (warm-up)", points.name());
            assertEquals(run.seconds().size(), points.x().length);
            assertEquals(0, points.x()[0], "seconds count from the first correct answer");
            assertEquals(run.run() + " segments", steps.name());
            // Warm-up 0-10 s, gap, main 15-35 s: two segments, the jump at main's start.
            assertEquals(
                    List.of(0.0, 10.0, 15.0, 35.0),
                    java.util.Arrays.stream(steps.x()).boxed().toList());
            assertEquals(steps.y()[0], steps.y()[1]);
            assertEquals(run.steadyRequestsPerSecond(), steps.y()[2], 1e-9);
        }
    }

    @Test
    void aTargetNamedLikeAScriptIsShownAsText() throws Exception {
        Report report = report(EVIL);
        String html = new HtmlRenderer(Charts::png).render(report);
        // The page's own three script elements (the data, uPlot, its drawing) and none from a record: in the data the
        // name's markup is written \u003c..., which JSON.parse reads back and the HTML parser never sees as a tag.
        assertEquals(3, html.split("<script", -1).length - 1, "no script element may come from a record");
        assertTrue(
                html.contains("\\u003cscript\\u003ealert(1)\\u003c/script\\u003e"),
                "the data holds the name, its markup escaped");
        assertFalse(html.contains("<b>markup</b>"));
        assertTrue(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
        assertTrue(html.contains("a warning with &lt;b&gt;markup&lt;/b&gt; &amp; &quot;quotes&quot;"));
        // uPlot's licence comment names its home page; nothing else in the page names an address.
        String page = html.replace(HtmlRenderer.Library.uplot().script(), "");
        assertFalse(page.contains("http://") || page.contains("https://"), "the page needs no network");
        assertTrue(html.contains("src=\"data:image/png;base64,iVBORw0KGgo"), "charts are inline PNGs");
        String markdown = new MarkdownRenderer().render(report);
        assertFalse(markdown.contains("<script>"), "GitHub renders raw HTML in Markdown");
    }

    @Test
    void twoFoldersWithTheSameRunNumbersStillGetEveryChart() throws Exception {
        // A suite's folder and its re-run's: each has runs 001 to 006, so the warm-up chart names each run twice.
        for (String folder : List.of("first", "again")) {
            SeededResults results = new SeededResults(
                    temp.resolve(folder),
                    5, // the same runs, an hour apart: each folder's run 001 is jdk17's, warming up alike
                    Instant.parse(folder.equals("first") ? "2026-11-30T06:00:00Z" : "2026-11-30T07:00:00Z"));
            results.environment("e", List.of());
            results.interleaved(
                    new SeededResults.Behaviour("jdk17", "17", 1000, 10_000, 20_000, 0),
                    new SeededResults.Behaviour("jdk25", "25", 1200, 9_000, 20_000, 0),
                    3,
                    List.of("json"));
        }
        Report report = new ReportBuilder(
                        new ResultsReader().read(List.of(temp.resolve("first"), temp.resolve("again"))),
                        ReportOptions.DEFAULT)
                .build();
        List<Charts.Spec> specs = Charts.specs(report);
        assertTrue(
                specs.stream()
                        .anyMatch(spec -> spec.series().stream()
                                        .map(Charts.Series::name)
                                        .distinct()
                                        .count()
                                < spec.series().size()),
                "some chart names a run twice: the case under test");
        for (Charts.Spec spec : specs) {
            assertTrue(Charts.png(spec).length > 1_000, spec.file());
        }
        java.util.Set<String> used = new java.util.HashSet<>();
        assertEquals(
                List.of("001 (warm-up)", "001 (warm-up) (2)", "001 (warm-up) (3)"),
                List.of(
                        Charts.unique(used, "001 (warm-up)"),
                        Charts.unique(used, "001 (warm-up)"),
                        Charts.unique(used, "001 (warm-up)")));
    }

    @Test
    void percentileAxisLabelsReadAsPercentiles() {
        assertEquals("0%", Charts.percentileLabel(1));
        assertEquals("90%", Charts.percentileLabel(10));
        assertEquals("99%", Charts.percentileLabel(100));
        assertEquals("99.9%", Charts.percentileLabel(1000));
        assertEquals("99.99%", Charts.percentileLabel(10000));
        assertEquals("", Charts.percentileLabel(50));
    }

    @Test
    void scenariosWhoseNamesLookAlikeKeepTheirOwnCharts() throws Exception {
        SeededResults results = new SeededResults(temp, 8, Instant.parse("2026-11-30T06:00:00Z"));
        results.environment("e", List.of());
        SeededResults.Behaviour a = new SeededResults.Behaviour("a", "17", 1000, 10_000, 20_000, 0);
        for (int i = 0; i < 2; i++) {
            results.run(a, "ok", "", 1, i, "e", List.of("json", "db-json", "DB JSON"), false);
        }
        Report report = new ReportBuilder(new ResultsReader().read(List.of(temp)), ReportOptions.DEFAULT).build();
        List<Charts.Spec> specs = Charts.specs(report);
        assertEquals(
                List.of(
                        "rps-json.png",
                        "warmup-json-a.png",
                        "rps-db-json.png",
                        "warmup-db-json-a.png",
                        "rps-db-json-2.png",
                        "warmup-db-json-2-a.png",
                        "cpu-per-request.png"),
                specs.stream().map(Charts.Spec::file).toList());
        assertEquals("DB JSON", specs.get(4).scenario());
        String html =
                new HtmlRenderer(spec -> spec.file().getBytes(java.nio.charset.StandardCharsets.UTF_8)).render(report);
        int jsonSection = html.indexOf("<h2>json</h2>");
        int dbSection = html.indexOf("<h2>db-json</h2>");
        String jsonPart = html.substring(jsonSection, dbSection);
        assertEquals(2, jsonPart.split("<figure>", -1).length - 1, "the json section holds only its own charts");
        for (String file : List.of("rps-json.png", "warmup-json-a.png")) {
            assertTrue(
                    jsonPart.contains(java.util.Base64.getEncoder()
                            .encodeToString(file.getBytes(java.nio.charset.StandardCharsets.UTF_8))),
                    file + " belongs in the json section");
        }
    }

    @Test
    void markdownKeepsEveryRecordStringOnOneTableRow() {
        assertEquals(
                "exited  Caused by \\~\\~x\\~\\~ \\| \\<b\\>",
                MarkdownRenderer.escape("exited\r\nCaused by ~~x~~ | <b>"));
    }
}
