package dev.duel.report.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.report.ReportBuilder;
import dev.duel.report.ReportOptions;
import dev.duel.report.SeededResults;
import dev.duel.report.model.Report;
import dev.duel.report.read.ResultsReader;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The runtime chart: one per target with a timeline, three panels on one time axis, the steady start marked. */
class RuntimeChartTest {
    @TempDir
    Path temp;

    private Report report() throws Exception {
        SeededResults results = new SeededResults(temp, 5, Instant.parse("2026-11-30T06:00:00Z"));
        results.environment("e", List.of());
        results.runtime(GoldenReportTest::runtime);
        SeededResults.Behaviour a = new SeededResults.Behaviour("jdk17", "17", 1000, 10_000, 20_000, 0);
        SeededResults.Behaviour b = new SeededResults.Behaviour("jdk25", "25", 1200, 9_000, 20_000, 0);
        results.interleaved(a, b, 3, List.of("json", "product"));
        return new ReportBuilder(new ResultsReader().read(List.of(temp)), ReportOptions.DEFAULT).build();
    }

    @Test
    void eachTargetWithATimelineHasAThreePanelChart() throws Exception {
        Report report = report();
        List<Charts.Spec> specs = Charts.specs(report).stream()
                .filter(s -> s.kind() == Charts.Kind.TIMELINE)
                .toList();
        assertEquals(
                List.of(
                        "runtime-json-jdk17.png",
                        "runtime-json-jdk25.png",
                        "runtime-product-jdk17.png",
                        "runtime-product-jdk25.png"),
                specs.stream().map(Charts.Spec::file).toList());
        Charts.Spec json = specs.get(0);
        assertEquals(
                List.of(
                        "requests/s",
                        "steady state from second 15",
                        "C1 CPU",
                        "C2 CPU",
                        "GC+VM thread CPU",
                        "GC pauses (JFR)"),
                json.series().stream().map(Charts.Series::name).toList());
        Charts.Spec product = specs.get(2);
        assertTrue(
                product.series().stream().noneMatch(s -> s.name().contains("JFR")),
                "a threads-only timeline has no pause series");
        Charts.Series c2 = json.series().get(3);
        assertTrue(c2.y()[2] > 10 * c2.y()[c2.y().length - 1], "C2 busy at the load's start, quiet at its end");
        for (Charts.Spec spec : specs) {
            byte[] png = Charts.png(spec);
            BufferedImage image = ImageIO.read(new ByteArrayInputStream(png));
            assertEquals(900, image.getWidth());
            assertEquals(900, image.getHeight(), "three panels of 300");
            Set<Integer> colours = new HashSet<>();
            for (int y = 0; y < image.getHeight(); y += 3) {
                for (int x = 0; x < image.getWidth(); x += 3) {
                    colours.add(image.getRGB(x, y));
                }
            }
            assertTrue(colours.size() > 10, spec.file() + " has " + colours.size() + " colours");
            if (Boolean.getBoolean("runtime.chart.keep")) {
                Files.createDirectories(Path.of("target"));
                Files.write(Path.of("target").resolve(spec.file()), png);
            }
        }
    }

    @Test
    void theHtmlShowsTheChartsInTheRuntimeSection() throws Exception {
        Report report = report();
        String html =
                new HtmlRenderer(spec -> spec.file().getBytes(java.nio.charset.StandardCharsets.UTF_8)).render(report);
        int runtime = html.indexOf("<h3>json: runtime</h3>");
        int next = html.indexOf("<h2>product</h2>");
        assertTrue(runtime > 0 && next > runtime, "a runtime section under json");
        String section = html.substring(runtime, next);
        for (String file : List.of("runtime-json-jdk17.png", "runtime-json-jdk25.png")) {
            assertTrue(
                    section.contains(java.util.Base64.getEncoder()
                            .encodeToString(file.getBytes(java.nio.charset.StandardCharsets.UTF_8))),
                    file + " belongs in json's runtime section");
        }
        assertEquals(2, section.split("<figure>", -1).length - 1, "only the runtime charts there");
    }

    @Test
    void eachPanelTopsOutAtARoundNumber() {
        assertEquals(20_000, RuntimeChart.roundUp(15_513 * 1.05));
        assertEquals(800, RuntimeChart.roundUp(700));
        assertEquals(40, RuntimeChart.roundUp(25));
        assertEquals(10, RuntimeChart.roundUp(8.5));
        assertEquals(1, RuntimeChart.roundUp(0), "an empty panel still has an axis");
        assertEquals("12,500", RuntimeChart.tickLabel(12_500));
        assertEquals("2.5", RuntimeChart.tickLabel(2.5));
        assertEquals("0.25", RuntimeChart.tickLabel(0.25));
    }
}
