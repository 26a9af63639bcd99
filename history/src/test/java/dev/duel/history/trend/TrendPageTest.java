package dev.duel.history.trend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.duel.history.HistoryChanges;
import dev.duel.history.HistoryEntry;
import dev.duel.history.HistoryPoint;
import dev.duel.history.SampleEntries;
import dev.duel.history.changes.ChangePoints;
import dev.duel.report.render.HtmlRenderer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The trend page of twelve entries whose requests/s fall 10% at the eighth commit: pinned down as a golden file (with
 * a stand-in for uPlot), the change found and marked at its commit in the table and in the script's data, the band of
 * a reference, and no network address in the page with the real uPlot.
 */
class TrendPageTest {
    private static final Path GOLDEN = Path.of("src/test/resources/golden");
    private static final HtmlRenderer.Library STAND_IN = new HtmlRenderer.Library("/* uPlot */", "/* uPlot's style */");

    /** Twelve commits a day apart; from the eighth (c0000007) on, requests/s 10% lower. */
    static List<HistoryEntry> entries() {
        List<HistoryEntry> entries = new ArrayList<>();
        Instant day = Instant.parse("2026-12-01T06:00:00Z");
        for (int i = 0; i < 12; i++) {
            double rps = (i < 7 ? 20_000 : 18_000) * (1 + 0.004 * ((i * 7) % 5 - 2));
            HistoryEntry plain = SampleEntries.entry(
                    String.format("h-%012d", i),
                    "nightly",
                    String.format("c%07d", i),
                    day.plusSeconds(86_400L * i),
                    rps,
                    3_400 * (1 + 0.01 * (i % 3)));
            entries.add(new HistoryEntry(
                    plain.id(),
                    plain.suite(),
                    plain.suiteSha256(),
                    plain.fingerprint(),
                    plain.duelVersion(),
                    plain.provenance().committedAt(day.plusSeconds(86_400L * i - 3_600)),
                    plain.recordedAt(),
                    plain.source(),
                    plain.baseline(),
                    plain.measurements(),
                    plain.comparisons()));
        }
        return entries;
    }

    private static List<HistoryPoint> points(List<HistoryEntry> entries) {
        List<HistoryPoint> points = new ArrayList<>();
        for (String measure : List.of("p99", "rps")) {
            for (HistoryEntry e : entries) {
                for (HistoryEntry.Measurement m : e.measurements()) {
                    if (m.measure().equals(measure)) {
                        points.add(new HistoryPoint(
                                new HistoryPoint.Series(
                                        e.suite(),
                                        m.scenario(),
                                        m.target(),
                                        m.measure(),
                                        e.fingerprint(),
                                        m.label(),
                                        m.unit(),
                                        m.higherIsBetter()),
                                e.id(),
                                e.provenance().commit(),
                                e.provenance().committedAt(),
                                e.recordedAt(),
                                m.central(),
                                m.runs()));
                    }
                }
            }
        }
        return points;
    }

    private static String page(HtmlRenderer.Library library) {
        List<HistoryEntry> entries = entries();
        HistoryChanges.Found found = HistoryChanges.of(points(entries), Map.of(), ChangePoints.Settings.DEFAULT);
        Map<String, List<HistoryEntry>> bySuite = new LinkedHashMap<>();
        bySuite.put("nightly", entries);
        return TrendPage.render(
                "/data/history.db",
                bySuite,
                found.changes(),
                Set.of("rps", "p99"),
                new TrendPage.Reference("main", entries.subList(2, 7)),
                library);
    }

    @Test
    void thePageIsItsGoldenFileInAForeignLocale() throws Exception {
        Locale previous = Locale.getDefault();
        Locale.setDefault(Locale.GERMANY);
        try {
            String page = page(STAND_IN);
            Path file = GOLDEN.resolve("trend.html");
            if (Boolean.getBoolean("golden.update")) {
                Files.createDirectories(GOLDEN);
                Files.writeString(file, page);
            }
            assertTrue(Files.exists(file), file + " is missing: run with -Dgolden.update=true and review it");
            assertEquals(Files.readString(file), page, "trend.html differs from its golden file");
        } finally {
            Locale.setDefault(previous);
        }
    }

    @Test
    void theChangeIsMarkedAtItsCommitInTheTableAndInTheData() throws Exception {
        String page = page(STAND_IN);
        assertTrue(page.contains("<td>h-000000000007 (change: jdk25 -9.9%)</td><td>c0000007</td>"), page);
        assertTrue(page.contains("1 change(s) found:"), page);
        Matcher data = Pattern.compile(
                        "<script type=\"application/json\" id=\"duel-trend-data\">(.*?)</script>", Pattern.DOTALL)
                .matcher(page);
        assertTrue(data.find());
        JsonNode charts = new ObjectMapper().readTree(data.group(1));
        assertEquals(2, charts.size(), "json / p99 and json / requests/s");
        JsonNode rps = null;
        for (JsonNode chart : charts) {
            if (chart.get("title").asText().endsWith("requests/s")) {
                rps = chart;
            }
            assertEquals(12, chart.get("entries").size());
            assertEquals(12, chart.get("lines").get(0).get("values").size());
            assertEquals(page.split("class=\"duel-trend\"", -1).length - 1, charts.size(), "a container per chart");
        }
        assertTrue(rps != null);
        assertEquals(1, rps.get("changes").size());
        assertEquals(7, rps.get("changes").get(0).get("index").asInt());
        assertEquals("c0000007", rps.get("changes").get(0).get("commit").asText());
        JsonNode line = rps.get("lines").get(0);
        assertEquals(2, line.get("band").size(), "main's band");
        for (int i = 0; i < 12; i++) {
            double value = line.get("values").get(i).asDouble();
            assertTrue(line.get("low").get(i).asDouble() < value
                    && value < line.get("high").get(i).asDouble());
        }
    }

    @Test
    void withUplotThePageNamesNoNetworkAddress() {
        String page = page(HtmlRenderer.Library.uplot());
        Matcher remote = Pattern.compile("(?i)\\b(src|href)\\s*=\\s*[\"']?\\s*(https?:|//|ftp:)")
                .matcher(page);
        assertFalse(remote.find());
        assertEquals(page.split("<script", -1).length, page.split("</script>", -1).length);
    }

    @Test
    void theIntervalOfAnEntryIsItsRunsGeometricMeansAndNoneWithOneRun() {
        double[] interval = TrendPage.interval(List.of(100.0, 110.0, 121.0));
        assertEquals(110.0, Math.sqrt(interval[0] * interval[1]), 1e-9, "symmetric on logs around the geometric mean");
        assertTrue(interval[0] < 100 && interval[1] > 121, java.util.Arrays.toString(interval));
        assertTrue(Double.isNaN(TrendPage.interval(List.of(100.0))[0]));
    }
}
