package dev.duel.report.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.duel.report.ReportBuilder;
import dev.duel.report.ReportOptions;
import dev.duel.report.model.Report;
import dev.duel.report.read.ResultsReader;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * report.html with the real uPlot inlined, from the committed seeded records: one file that needs no network, whose
 * data holds every valid run's series, with a chart container per scenario and target and a forest plot per pair.
 * Whether the page draws in a browser is bench/report-in-chromium.sh's to check.
 */
class InteractiveHtmlTest {
    @TempDir
    static Path temp;

    private static Report report;
    private static String html;

    @BeforeAll
    static void render() throws Exception {
        Path results = temp.resolve("results");
        GoldenReportTest.copyTree(GoldenReportTest.SEEDED_RECORDS, results);
        report = new ReportBuilder(new ResultsReader().read(List.of(results)), ReportOptions.DEFAULT).build();
        html = new HtmlRenderer(spec -> new byte[] {1, 2, 3}).render(report);
    }

    @Test
    void thePageInlinesUplotAndNamesNoNetworkAddress() {
        assertTrue(html.contains(HtmlRenderer.Library.uplot().script()), "uPlot's script is inline");
        assertTrue(HtmlRenderer.Library.uplot().script().length() > 20_000, "the real library, not a stand-in");
        Matcher remote = Pattern.compile("(?i)\\b(src|href)\\s*=\\s*[\"']?\\s*(https?:|//|ftp:)")
                .matcher(html);
        assertFalse(remote.find(), () -> "a network address: " + html.substring(remote.start(), remote.end() + 40));
        assertTrue(html.length() < 3_000_000, html.length() + " characters");
        // Every <script> element is closed where it should be: none of the inlined text ends one early.
        assertEquals(count(html, "<script"), count(html, "</script>"));
        assertEquals(3, count(html, "<script"));
    }

    @Test
    void theDataHoldsEveryValidRunsSeriesAndEachChartHasItsContainer() throws Exception {
        Matcher data = Pattern.compile(
                        "<script type=\"application/json\" id=\"duel-data\">(.*?)</script>", Pattern.DOTALL)
                .matcher(html);
        assertTrue(data.find());
        JsonNode json = new ObjectMapper().readTree(data.group(1));
        int runs = 0;
        int containers = 0;
        for (JsonNode scenario : json.get("scenarios")) {
            Report.ScenarioReport model = report.scenarios().stream()
                    .filter(s -> s.name().equals(scenario.get("name").asText()))
                    .findFirst()
                    .orElseThrow();
            for (JsonNode side : scenario.get("targets")) {
                for (String measure : List.of("rps", "p99")) {
                    containers++;
                    assertTrue(html.contains("<div class=\"duel-series\" data-scenario=\"" + model.name()
                            + "\" data-target=\"" + side.get("target").asText() + "\" data-measure=\"" + measure
                            + "\"></div>"));
                }
                for (JsonNode run : side.get("runs")) {
                    runs++;
                    assertEquals(
                            run.get("seconds").size(),
                            run.get("requestsPerSecond").size());
                    assertEquals(run.get("seconds").size(), run.get("p99Millis").size());
                    assertTrue(run.get("mainStartSecond").asInt() >= 0, "every seeded run has a main phase");
                }
            }
            int scenarioRuns = 0;
            for (JsonNode side : scenario.get("targets")) {
                scenarioRuns += side.get("runs").size();
            }
            assertEquals(model.warmup().runs().size(), scenarioRuns);
            // The runtime timelines: one per target whose runtime chart shows a run, each with its container.
            int timelines = model.runtime() == null ? 0 : model.runtime().runs().size();
            assertEquals(timelines, scenario.get("timelines").size());
            for (JsonNode timeline : scenario.get("timelines")) {
                assertTrue(html.contains("<div class=\"duel-timeline\" data-scenario=\"" + model.name()
                        + "\" data-target=\"" + timeline.get("target").asText() + "\" data-run=\""
                        + timeline.get("run").asText() + "\"></div>"));
                assertEquals(
                        timeline.get("windowStartSeconds").size(),
                        timeline.get("c2").size());
            }
        }
        assertEquals(
                report.scenarios().stream()
                        .filter(s -> s.warmup() != null)
                        .mapToInt(s -> s.warmup().runs().size())
                        .sum(),
                runs);
        assertEquals(containers, count(html, "<div class=\"duel-series\""));
    }

    @Test
    void eachPairHasAForestPlotWithARowPerMeasureWithARatio() {
        int pairs = 0;
        int rows = 0;
        for (Report.ScenarioReport scenario : report.scenarios()) {
            for (String other : scenario.comparisons().stream()
                    .map(Report.Comparison::other)
                    .distinct()
                    .toList()) {
                long drawn = scenario.comparisons().stream()
                        .filter(c -> c.other().equals(other) && c.shift() == null && Double.isFinite(c.ratio()))
                        .count();
                if (drawn > 0) {
                    pairs++;
                    rows += (int) drawn;
                }
            }
        }
        assertTrue(pairs > 0);
        assertEquals(pairs, count(html, "<figure class=\"forest\">"));
        assertEquals(rows, count(html, "<g class=\"row "));
    }

    private static int count(String text, String part) {
        int count = 0;
        for (int at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + part.length())) {
            count++;
        }
        return count;
    }
}
