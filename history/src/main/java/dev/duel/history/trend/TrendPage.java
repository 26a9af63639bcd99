package dev.duel.history.trend;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.duel.history.HistoryChanges;
import dev.duel.history.HistoryEntry;
import dev.duel.report.model.Format;
import dev.duel.report.model.Metric;
import dev.duel.report.render.HtmlRenderer;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * {@code duel history report}: one self-contained HTML page of a history's measures over commits. Per suite, scenario,
 * measure and machine, a chart with a line per target (the entries in commit order, each point its entry's central value
 * with the 95% interval of its runs' geometric mean), each change {@code duel history changes} finds marked at the
 * entry where it begins with its commit, and the reference's band (the range of its entries' values) when one is
 * given; under each chart, the same as a table for a reader without script. The page inlines uPlot and its own script:
 * it makes no request. Stateless; thread-safe.
 */
public final class TrendPage {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final DateTimeFormatter WHEN =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm", Locale.ROOT).withZone(ZoneOffset.UTC);

    /** The page's own script: draws each {@code .duel-trend} from {@code #duel-trend-data} with uPlot. */
    private static final String SCRIPT = HtmlRenderer.read("dev/duel/history/trend/trend.js");

    private TrendPage() {}

    /**
     * One chart's line: a target's values, entry by entry.
     *
     * @param target the target
     * @param points its entries' values, in the history's order
     */
    record Line(String target, List<Point> points) {}

    /**
     * One entry's value of one series.
     *
     * @param entryId the entry
     * @param commit  its commit, or null
     * @param at      when its commit was made, else when its runs ended
     * @param value   the central value its report read
     * @param low     the 95% interval's lower end (NaN with fewer than 2 runs)
     * @param high    its upper end
     * @param runs    runs behind it
     */
    record Point(String entryId, String commit, Instant at, double value, double low, double high, int runs) {}

    /**
     * One chart: a measure of a scenario of a suite on one machine.
     *
     * @param band the reference's range (lowest and highest of its entries' values) per target, or empty
     */
    record Chart(
            String suite,
            String scenario,
            String measure,
            String label,
            String unit,
            boolean higherIsBetter,
            String fingerprint,
            List<String> entries,
            List<Line> lines,
            List<HistoryChanges.SeriesChange> changes,
            Map<String, double[]> band) {}

    /**
     * The page.
     *
     * @param shown     where the history is, for the page's heading
     * @param entries   the entries to draw, per suite, each list in the history's order
     * @param changes   the changes found over them
     * @param measures  the measure keys to draw ("rps", "p99", "cpu")
     * @param reference the reference whose band each chart shows, and its entries; null for none
     * @param library   uPlot's script and style (a stand-in in golden tests)
     */
    public static String render(
            String shown,
            Map<String, List<HistoryEntry>> entries,
            List<HistoryChanges.SeriesChange> changes,
            Set<String> measures,
            Reference reference,
            HtmlRenderer.Library library) {
        List<Chart> charts = new ArrayList<>();
        entries.forEach(
                (suite, suiteEntries) -> charts.addAll(charts(suite, suiteEntries, changes, measures, reference)));
        StringBuilder html = new StringBuilder();
        String title = "duel history: " + String.join(", ", entries.keySet());
        html.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>")
                .append(HtmlRenderer.escape(title))
                .append("</title>\n<style>\n")
                .append(STYLE)
                .append("</style>\n<style>\n")
                .append(library.style())
                .append("\n</style>\n</head>\n<body>\n<h1>")
                .append(HtmlRenderer.escape(title))
                .append("</h1>\n<p class=\"meta\">history ")
                .append(HtmlRenderer.escape(shown))
                .append(" &middot; ")
                .append(entries.values().stream().mapToInt(List::size).sum())
                .append(" entries &middot; points in commit order (by when the runs ended where an entry has no commit"
                        + " time), each with the 95% interval of its runs' geometric mean")
                .append(
                        reference == null
                                ? ""
                                : " &middot; band: " + HtmlRenderer.escape(reference.name())
                                        + "'s entries, lowest to highest")
                .append("</p>\n");
        long open = changes.stream().filter(c -> !c.acknowledged()).count();
        html.append("<p class=\"changes\">")
                .append(open == 0 ? "No change found that is not acknowledged." : open + " change(s) found:")
                .append("</p>\n");
        if (open > 0) {
            html.append("<ul>\n");
            changes.stream()
                    .filter(c -> !c.acknowledged())
                    .forEach(c -> html.append("<li>")
                            .append(HtmlRenderer.escape(changeLine(c)))
                            .append("</li>\n"));
            html.append("</ul>\n");
        }
        if (charts.isEmpty()) {
            html.append("<p>Nothing to draw: no entry has a value of ")
                    .append(HtmlRenderer.escape(String.join(", ", measures)))
                    .append(".</p>\n");
        }
        for (int i = 0; i < charts.size(); i++) {
            chart(html, charts.get(i), i);
        }
        html.append("<script type=\"application/json\" id=\"duel-trend-data\">")
                .append(json(charts))
                .append("</script>\n<script>\n")
                .append(library.script())
                .append("\n</script>\n<script>\n")
                .append(SCRIPT)
                .append("\n</script>\n</body>\n</html>\n");
        return html.toString();
    }

    /**
     * A reference's entries, whose values make each chart's band.
     *
     * @param name    the reference as given ("main")
     * @param entries its entries
     */
    public record Reference(String name, List<HistoryEntry> entries) {
        public Reference {
            entries = List.copyOf(entries);
        }
    }

    private static List<Chart> charts(
            String suite,
            List<HistoryEntry> entries,
            List<HistoryChanges.SeriesChange> changes,
            Set<String> measures,
            Reference reference) {
        // Chart key: scenario, measure, fingerprint; then the targets' lines in it.
        Map<List<String>, Map<String, List<Point>>> byChart = new LinkedHashMap<>();
        Map<List<String>, HistoryEntry.Measurement> sample = new LinkedHashMap<>();
        Map<List<String>, List<String>> chartEntries = new LinkedHashMap<>();
        for (HistoryEntry entry : entries) {
            for (HistoryEntry.Measurement m : entry.measurements()) {
                if (!measures.contains(m.measure()) || Double.isNaN(m.central())) {
                    continue;
                }
                List<String> key = java.util.Arrays.asList(m.scenario(), m.measure(), entry.fingerprint());
                sample.putIfAbsent(key, m);
                List<String> ids = chartEntries.computeIfAbsent(key, k -> new ArrayList<>());
                if (!ids.contains(entry.id())) {
                    ids.add(entry.id());
                }
                double[] interval = interval(m.values());
                byChart.computeIfAbsent(key, k -> new LinkedHashMap<>())
                        .computeIfAbsent(m.target(), k -> new ArrayList<>())
                        .add(new Point(
                                entry.id(),
                                entry.provenance().commit(),
                                entry.provenance().committedAt() != null
                                        ? entry.provenance().committedAt()
                                        : entry.recordedAt(),
                                m.central(),
                                interval[0],
                                interval[1],
                                m.runs()));
            }
        }
        List<Chart> charts = new ArrayList<>();
        byChart.forEach((key, lines) -> {
            HistoryEntry.Measurement m = sample.get(key);
            List<HistoryChanges.SeriesChange> mine = changes.stream()
                    .filter(c -> c.series().suite().equals(suite)
                            && c.series().scenario().equals(key.get(0))
                            && c.series().measure().equals(key.get(1))
                            && Objects.equals(c.series().fingerprint(), key.get(2)))
                    .toList();
            Map<String, double[]> band = new LinkedHashMap<>();
            if (reference != null) {
                for (String target : lines.keySet()) {
                    double low = Double.POSITIVE_INFINITY;
                    double high = Double.NEGATIVE_INFINITY;
                    for (HistoryEntry e : reference.entries()) {
                        if (!Objects.equals(e.fingerprint(), key.get(2))) {
                            continue;
                        }
                        for (HistoryEntry.Measurement r : e.measurements()) {
                            if (r.scenario().equals(key.get(0))
                                    && r.measure().equals(key.get(1))
                                    && r.target().equals(target)
                                    && !Double.isNaN(r.central())) {
                                low = Math.min(low, r.central());
                                high = Math.max(high, r.central());
                            }
                        }
                    }
                    if (low <= high) {
                        band.put(target, new double[] {low, high});
                    }
                }
            }
            List<Line> chartLines = new ArrayList<>();
            lines.forEach((target, points) -> chartLines.add(new Line(target, points)));
            charts.add(new Chart(
                    suite,
                    key.get(0),
                    key.get(1),
                    m.label(),
                    m.unit(),
                    m.higherIsBetter(),
                    key.get(2),
                    chartEntries.get(key),
                    chartLines,
                    mine,
                    band));
        });
        return charts;
    }

    /** The 95% interval of the geometric mean of {@code values} (t on logs); NaN ends with fewer than 2. */
    static double[] interval(List<Double> values) {
        double[] logs = values.stream()
                .filter(v -> v != null && v > 0 && Double.isFinite(v))
                .mapToDouble(Math::log)
                .toArray();
        if (logs.length < 2) {
            return new double[] {Double.NaN, Double.NaN};
        }
        double mean = java.util.Arrays.stream(logs).average().orElseThrow();
        double squares = 0;
        for (double l : logs) {
            squares += (l - mean) * (l - mean);
        }
        double half = TDistribution.of(logs.length - 1).inverseSurvivalProbability(0.025)
                * Math.sqrt(squares / (logs.length - 1) / logs.length);
        return new double[] {Math.exp(mean - half), Math.exp(mean + half)};
    }

    private static void chart(StringBuilder html, Chart chart, int index) {
        Metric.Unit unit = unit(chart.unit());
        html.append("<section class=\"trend\"><h2>")
                .append(HtmlRenderer.escape(chart.suite() + " / " + chart.scenario() + " / " + chart.label() + " ("
                        + (chart.higherIsBetter() ? "higher" : "lower") + " is better)"))
                .append("</h2>\n<p class=\"meta\">")
                .append(chart.fingerprint() == null ? "machine unknown" : "machine " + chart.fingerprint())
                .append(" &middot; ")
                .append(chart.entries().size())
                .append(" entries</p>\n");
        html.append("<div class=\"duel-trend\" data-chart=\"").append(index).append("\"></div>\n");
        List<String> header = new ArrayList<>(List.of("entry", "commit", "when (UTC)"));
        chart.lines().forEach(l -> header.add(l.target()));
        List<List<String>> rows = new ArrayList<>();
        for (String id : chart.entries()) {
            Point any = null;
            List<String> cells = new ArrayList<>();
            for (Line line : chart.lines()) {
                Point p = line.points().stream()
                        .filter(q -> q.entryId().equals(id))
                        .findFirst()
                        .orElse(null);
                if (p != null && any == null) {
                    any = p;
                }
                cells.add(p == null ? "-" : cell(p, unit));
            }
            String marks = chart.changes().stream()
                    .filter(c -> c.first().entryId().equals(id))
                    .map(c -> (c.acknowledged() ? "acknowledged change: " : "change: ")
                            + c.series().target() + " "
                            + Format.change(c.change().ratio()))
                    .reduce((a, b) -> a + "; " + b)
                    .map(s -> " (" + s + ")")
                    .orElse("");
            List<String> row = new ArrayList<>(List.of(
                    id + marks,
                    any == null || any.commit() == null ? "-" : HistoryEntry.Provenance.abbreviated(any.commit()),
                    any == null ? "-" : WHEN.format(any.at())));
            row.addAll(cells);
            rows.add(row);
        }
        HtmlRenderer.table(html, header, rows);
        if (!chart.band().isEmpty()) {
            html.append("<p class=\"note\">band: ");
            List<String> bands = new ArrayList<>();
            chart.band()
                    .forEach((target, range) -> bands.add(
                            target + " " + Format.value(range[0], unit) + " to " + Format.value(range[1], unit)));
            html.append(HtmlRenderer.escape(String.join("; ", bands))).append("</p>\n");
        }
        html.append("</section>\n");
    }

    /** "11,400 requests/s (95% CI 11,100 to 11,700), 3 runs". */
    private static String cell(Point p, Metric.Unit unit) {
        return Format.value(p.value(), unit)
                + (Double.isNaN(p.low())
                        ? ""
                        : " (" + Format.value(p.low(), unit) + " to " + Format.value(p.high(), unit) + ")")
                + ", " + p.runs() + (p.runs() == 1 ? " run" : " runs");
    }

    private static Metric.Unit unit(String name) {
        try {
            return Metric.Unit.valueOf(name);
        } catch (IllegalArgumentException e) {
            return Metric.Unit.COUNT;
        }
    }

    /** " (µs)": the unit of a chart's raw values, for its axis; empty for a count or a share. */
    static String axisUnit(Metric.Unit unit) {
        return switch (unit) {
            case RATE -> " (req/s)";
            case MICROS -> " (\u00b5s)";
            case MILLIS -> " (ms)";
            case SECONDS -> " (s)";
            case CORES -> " (cores)";
            case BYTES -> " (bytes)";
            case COUNT, SHARE, CHANGE -> "";
        };
    }

    /** The change as {@code duel history changes} would word it, shorter. */
    private static String changeLine(HistoryChanges.SeriesChange c) {
        String interval = c.change().low() > 0 && Double.isFinite(c.change().high())
                ? " (95% CI " + Format.change(c.change().low()) + " to "
                        + Format.change(c.change().high()) + ")"
                : "";
        return c.series().name() + ": from " + c.first().entryId()
                + (c.first().commit() == null
                        ? ""
                        : " (commit "
                                + HistoryEntry.Provenance.abbreviated(c.first().commit()) + ")")
                + " on, "
                + Format.change(c.change().ratio()) + interval;
    }

    /** The charts' numbers for the page's script; nothing in it can end its {@code <script>} element. */
    static String json(List<Chart> charts) {
        ArrayNode all = MAPPER.createArrayNode();
        for (Chart chart : charts) {
            ObjectNode one = all.addObject();
            one.put("title", chart.scenario() + " / " + chart.label());
            // The axis: the measure and the unit its raw values are in (the table formats them; the axis cannot).
            one.put("unit", chart.label() + axisUnit(unit(chart.unit())));
            one.put("higherIsBetter", chart.higherIsBetter());
            ArrayNode labels = one.putArray("entries");
            for (String id : chart.entries()) {
                ObjectNode e = labels.addObject();
                e.put("id", id);
                Point any = chart.lines().stream()
                        .flatMap(l -> l.points().stream())
                        .filter(p -> p.entryId().equals(id))
                        .findFirst()
                        .orElseThrow();
                e.put("commit", any.commit() == null ? null : HistoryEntry.Provenance.abbreviated(any.commit()));
                e.put("when", WHEN.format(any.at()));
            }
            ArrayNode lines = one.putArray("lines");
            for (Line line : chart.lines()) {
                ObjectNode l = lines.addObject();
                l.put("target", line.target());
                ArrayNode values = l.putArray("values");
                ArrayNode lows = l.putArray("low");
                ArrayNode highs = l.putArray("high");
                for (String id : chart.entries()) {
                    Point p = line.points().stream()
                            .filter(q -> q.entryId().equals(id))
                            .findFirst()
                            .orElse(null);
                    number(values, p == null ? Double.NaN : p.value());
                    number(lows, p == null ? Double.NaN : p.low());
                    number(highs, p == null ? Double.NaN : p.high());
                }
                double[] band = chart.band().get(line.target());
                if (band != null) {
                    l.putArray("band").add(round(band[0])).add(round(band[1]));
                }
            }
            ArrayNode changes = one.putArray("changes");
            for (HistoryChanges.SeriesChange c : chart.changes()) {
                ObjectNode change = changes.addObject();
                change.put("target", c.series().target());
                change.put("index", chart.entries().indexOf(c.first().entryId()));
                change.put(
                        "commit",
                        c.first().commit() == null
                                ? c.first().entryId()
                                : HistoryEntry.Provenance.abbreviated(c.first().commit()));
                change.put("change", Format.change(c.change().ratio()));
                change.put("acknowledged", c.acknowledged());
            }
        }
        try {
            return MAPPER.writeValueAsString(all).replace("</", "<\\/");
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void number(ArrayNode into, double value) {
        if (Double.isFinite(value)) {
            into.add(round(value));
        } else {
            into.addNull();
        }
    }

    private static double round(double value) {
        return Math.round(value * 1000) / 1000.0;
    }

    static final String STYLE = """
            body { font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; margin: 2em auto; max-width: 1200px; padding: 0 1em; color: #222; }
            h1 { font-size: 1.6em; } h2 { margin-top: 2em; border-bottom: 1px solid #ddd; font-size: 1.2em; }
            .meta { color: #555; } .note { font-style: italic; color: #555; }
            .changes { font-weight: bold; }
            table { border-collapse: collapse; margin: .5em 0 1em; font-size: .85em; }
            th, td { border: 1px solid #ddd; padding: .3em .6em; text-align: left; vertical-align: top; }
            th { background: #f5f5f5; }
            .duel-trend { position: relative; margin: 1em 0; }
            """;
}
