package dev.duel.report.render;

import dev.duel.report.model.Format;
import dev.duel.report.model.Report;
import dev.duel.report.model.SectionKind;
import dev.duel.report.model.WarmupRun;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * {@code report.html}: one self-contained page that needs no network (styles, script and data inline, charts as
 * data: URLs), the same tables and sentences as the Markdown. Without script it shows every table, the PNG charts and
 * each pair's forest plot (inline SVG); with script it adds each scenario's per-run series to explore (uPlot, inlined
 * from its package: zoom, toggled runs, a hover that names run, second and value). Every string from records is
 * escaped. Stateless.
 */
public final class HtmlRenderer {
    private final Function<Charts.Spec, byte[]> images;
    private final Library library;

    /**
     * The chart library's script and style, inlined into the page.
     *
     * @param script JavaScript that defines {@code uPlot}
     * @param style  its CSS
     */
    public record Library(String script, String style) {
        /** The uPlot version of the package the report module depends on (its pom). */
        public static final String UPLOT_VERSION = "1.6.30";

        /** uPlot from its package on the class path, read once. */
        public static Library uplot() {
            return Uplot.LIBRARY;
        }

        private static final class Uplot {
            static final Library LIBRARY = new Library(
                    read("META-INF/resources/webjars/uplot/" + UPLOT_VERSION + "/dist/uPlot.iife.min.js"),
                    read("META-INF/resources/webjars/uplot/" + UPLOT_VERSION + "/dist/uPlot.min.css"));
        }
    }

    /** @param images draws a chart as PNG bytes ({@link Charts#png} in real use), or null when it cannot */
    public HtmlRenderer(Function<Charts.Spec, byte[]> images) {
        this(images, Library.uplot());
    }

    /** As above, with this chart library inlined (tests give a stand-in, so that golden files do not hold uPlot). */
    public HtmlRenderer(Function<Charts.Spec, byte[]> images, Library library) {
        this.images = images;
        this.library = library;
    }

    /** A text resource of the class path, whole, made safe to inline in a {@code <script>} or {@code <style>}. */
    public static String read(String resource) {
        try (java.io.InputStream in = HtmlRenderer.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException(resource + " is not on the class path: the report module's package of"
                        + " it is missing from this build");
            }
            // Inside a <script> or <style> element: nothing in it may end the element early.
            return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8)
                    .replace("</script", "<\\/script")
                    .replace("</style", "<\\/style");
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    public String render(Report report) {
        StringBuilder html = new StringBuilder();
        html.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>duel report: ")
                .append(escape(report.title()))
                .append("</title>\n<style>\n")
                .append(STYLE)
                .append("</style>\n<style>\n")
                .append(library.style())
                .append("\n</style>\n</head>\n<body>\n");
        html.append("<h1>duel report: ").append(escape(report.title())).append("</h1>\n");
        html.append("<p class=\"meta\">duel ")
                .append(escape(report.duelVersion()))
                .append(" &middot; results: ")
                .append(escape(String.join(", ", report.sources())))
                .append(" &middot; baseline: <b>")
                .append(escape(report.baseline()))
                .append("</b></p>\n");
        if (!report.headline().isEmpty()) {
            html.append("<div class=\"headline\">\n");
            report.headline()
                    .forEach(line -> html.append("<p>").append(escape(line)).append("</p>\n"));
            html.append("</div>\n");
        }
        if (!report.warnings().isEmpty()) {
            html.append("<div class=\"warnings\"><b>Warnings</b><ul>\n");
            report.warnings().forEach(w -> html.append("<li>").append(escape(w)).append("</li>\n"));
            html.append("</ul></div>\n");
        }
        PastRenderer.htmlSection(html, report.past());
        html.append("<h2>Targets</h2>\n<table>\n<tr>");
        List.of("target", "JDK", "app", "JVM flags", "limits", "JVM (as it reported)", "runs")
                .forEach(h -> html.append("<th>").append(escape(h)).append("</th>"));
        html.append("</tr>\n");
        for (Report.TargetRow t : report.targets()) {
            html.append("<tr>");
            for (String cell : List.of(t.name(), t.jdk(), t.app())) {
                html.append("<td>").append(escape(cell)).append("</td>");
            }
            // A browser breaks a line after a hyphen: each flag kept whole ("-XX:MaxRAMPercentage=75", not "-" over
            // "XX:..."), the lines breaking between flags.
            html.append("<td>");
            String[] flags = t.jvmArgs().split(" ");
            for (int i = 0; i < flags.length; i++) {
                html.append(i == 0 ? "" : " ")
                        .append("<span class=\"flag\">")
                        .append(escape(flags[i]))
                        .append("</span>");
            }
            html.append("</td>");
            for (String cell : List.of(t.limits(), t.jvm(), t.runs())) {
                html.append("<td>").append(escape(cell)).append("</td>");
            }
            html.append("</tr>\n");
        }
        html.append("</table>\n");
        List<Charts.Spec> specs = Charts.specs(report);
        for (Report.ScenarioReport scenario : report.scenarios()) {
            scenario(html, scenario, specs);
        }
        specs.stream().filter(s -> s.kind() == Charts.Kind.BARS).forEach(s -> chart(html, s));
        MicroRenderer.htmlSection(html, report.micro());
        if (!report.excluded().isEmpty()) {
            html.append("<h2>Runs left out</h2>\n");
            table(
                    html,
                    List.of("run", "target", "status", "reason"),
                    report.excluded().stream()
                            .map(e -> List.of(e.run(), e.target(), e.status(), e.reason()))
                            .toList());
        }
        if (!report.thresholds().isEmpty()) {
            html.append("<h2>Thresholds</h2>\n<ul>\n");
            for (Report.ThresholdResult t : report.thresholds()) {
                html.append("<li class=\"")
                        .append(t.passed() ? "pass" : "fail")
                        .append("\"><b>")
                        .append(t.passed() ? "pass" : "FAIL")
                        .append("</b> <code>")
                        .append(escape(t.expression()))
                        .append("</code>: ")
                        .append(escape(t.detail()))
                        .append("</li>\n");
            }
            html.append("</ul>\n");
        }
        html.append("<h2>How to read this</h2>\n<p>")
                .append(escape(Words.howToRead(report)))
                .append("</p>\n<p>Verdict words:</p>\n");
        table(html, List.of("word", "meaning"), Report.Verdict.glossary());
        if (!report.environment().isEmpty()) {
            html.append("<h2>Environment</h2>\n<ul>\n");
            report.environment()
                    .forEach(line -> html.append("<li>").append(escape(line)).append("</li>\n"));
            html.append("</ul>\n");
        }
        html.append("<script type=\"application/json\" id=\"duel-data\">")
                .append(InteractiveData.json(report))
                .append("</script>\n<script>\n")
                .append(library.script())
                .append("\n</script>\n<script>\n")
                .append(SCRIPT)
                .append("</script>\n");
        return html.append("</body>\n</html>\n").toString();
    }

    private void scenario(StringBuilder html, Report.ScenarioReport scenario, List<Charts.Spec> specs) {
        html.append("<h2>")
                .append(escape(scenario.name()))
                .append(
                        scenario.kind() == SectionKind.LOAD
                                ? ""
                                : " <small>(" + escape(scenario.kind().label()) + ")</small>")
                .append("</h2>\n");
        if (!scenario.load().isEmpty()) {
            html.append("<p>").append(escape(scenario.load())).append("</p>\n");
        }
        scenario.notes()
                .forEach(
                        n -> html.append("<p class=\"note\">").append(escape(n)).append("</p>\n"));
        List<List<String>> measures = Words.measureTable(scenario);
        table(html, measures.get(0), measures.subList(1, measures.size()));
        if (scenario.curve() != null) {
            Report.Curve curve = scenario.curve();
            html.append("<h3>Warm-up curve</h3>\n<p>")
                    .append(escape(String.format(
                            Locale.ROOT,
                            "requests/s per %.0f s window from the first correct answer, median (min to max) over runs",
                            curve.windowSeconds())))
                    .append("</p>\n");
            List<List<String>> windows = Words.curveTable(curve);
            table(html, windows.get(0), windows.subList(1, windows.size()));
            html.append("<ul>\n");
            curve.windows()
                    .keySet()
                    .forEach(t -> html.append("<li>")
                            .append(escape(Words.steady(curve, t)))
                            .append("</li>\n"));
            html.append("</ul>\n");
        }
        List<String> others = scenario.comparisons().stream()
                .map(Report.Comparison::other)
                .distinct()
                .toList();
        for (String other : others) {
            List<Report.Comparison> comparisons = scenario.comparisons().stream()
                    .filter(c -> c.other().equals(other))
                    .toList();
            String baseline = comparisons.get(0).baseline();
            List<String> warnings = Words.distinctWarnings(comparisons);
            List<String> reasons = Words.pairReasons(comparisons);
            html.append("<h3>")
                    .append(escape(other))
                    .append(" against ")
                    .append(escape(baseline))
                    .append("</h3>\n");
            if (!reasons.isEmpty()) {
                html.append("<p class=\"note\">Not comparable: ")
                        .append(escape(Words.pairReasonsText(comparisons, reasons)))
                        .append("</p>\n");
            }
            String sharedRuns = Words.sharedRuns(comparisons);
            if (sharedRuns != null) {
                html.append("<p class=\"note\">Runs used of planned: ")
                        .append(escape(sharedRuns))
                        .append("</p>\n");
            }
            html.append("<table>\n<tr>");
            for (String h : List.of(
                    "measure",
                    other + " vs " + baseline,
                    "95% CI",
                    "verdict",
                    "in words",
                    "runs used of planned",
                    "warnings")) {
                if (sharedRuns != null && h.equals("runs used of planned")) {
                    continue;
                }
                html.append("<th>").append(escape(h)).append("</th>");
            }
            html.append("</tr>\n");
            for (Report.Comparison c : comparisons) {
                html.append("<tr class=\"")
                        .append(c.verdict().name().toLowerCase(Locale.ROOT).replace('_', '-'))
                        .append("\">");
                List<String> cells = new java.util.ArrayList<>(List.of(
                        Words.label(scenario, c),
                        Format.ratio(c),
                        Format.interval(c),
                        Format.verdict(c),
                        Words.sentence(c, reasons),
                        c.runs(),
                        Words.warningRefs(c, warnings)));
                if (sharedRuns != null) {
                    cells.remove(5);
                }
                for (String cell : cells) {
                    html.append("<td>").append(escape(cell)).append("</td>");
                }
                html.append("</tr>\n");
            }
            html.append("</table>\n");
            html.append(ForestPlot.svg(scenario, comparisons));
            if (!warnings.isEmpty()) {
                html.append("<ol class=\"warnings\">\n");
                warnings.forEach(w -> html.append("<li>").append(escape(w)).append("</li>\n"));
                html.append("</ol>\n");
            }
        }
        specs.stream()
                .filter(s -> scenario.name().equals(s.scenario())
                        && s.kind() != Charts.Kind.SERIES
                        && s.kind() != Charts.Kind.TIMELINE)
                .forEach(s -> chart(html, s));
        if (scenario.warmup() != null) {
            warmup(html, scenario, specs);
        }
        if (scenario.runtime() != null) {
            runtime(html, scenario, specs);
        }
    }

    private void runtime(StringBuilder html, Report.ScenarioReport scenario, List<Charts.Spec> specs) {
        html.append("<h3>")
                .append(escape(scenario.name()))
                .append(": runtime</h3>\n<p class=\"note\">")
                .append(escape(RuntimeWords.INTRO))
                .append("</p>\n");
        List<List<String>> rows = RuntimeWords.table(scenario);
        table(html, rows.get(0), rows.subList(1, rows.size()));
        html.append("<ul>\n");
        RuntimeWords.sentences(scenario.runtime())
                .forEach(line -> html.append("<li>").append(escape(line)).append("</li>\n"));
        html.append("</ul>\n");
        // With script: each target's timeline to explore; its picture follows for a page without.
        scenario.runtime()
                .runs()
                .forEach(run -> html.append("<div class=\"duel-timeline\" data-scenario=\"")
                        .append(escape(scenario.name()))
                        .append("\" data-target=\"")
                        .append(escape(run.target()))
                        .append("\" data-run=\"")
                        .append(escape(run.run()))
                        .append("\"></div>\n"));
        specs.stream()
                .filter(s -> scenario.name().equals(s.scenario()) && s.kind() == Charts.Kind.TIMELINE)
                .forEach(s -> chart(html, s));
    }

    private void warmup(StringBuilder html, Report.ScenarioReport scenario, List<Charts.Spec> specs) {
        html.append("<h3>")
                .append(escape(scenario.name()))
                .append(": warm-up</h3>\n<p class=\"note\">")
                .append(escape(Words.WARMUP_INTRO))
                .append("</p>\n");
        List<List<String>> runs = Words.warmupRuns(scenario.warmup());
        table(html, runs.get(0), runs.subList(1, runs.size()));
        List<String> reasons = Words.warmupNotes(scenario.warmup());
        if (!reasons.isEmpty()) {
            html.append("<ul>\n");
            reasons.forEach(r -> html.append("<li>").append(escape(r)).append("</li>\n"));
            html.append("</ul>\n");
        }
        List<List<String>> rows = Words.warmupTable(scenario);
        table(html, rows.get(0), rows.subList(1, rows.size()));
        if (!scenario.warmup().comparisons().isEmpty()) {
            List<String> shared = Words.pairReasons(scenario.warmup().comparisons());
            html.append("<ul>\n");
            scenario.warmup()
                    .comparisons()
                    .forEach(c -> html.append("<li>")
                            .append(escape(Words.sentence(c, shared)))
                            .append("</li>\n"));
            html.append("</ul>\n");
        }
        // With script: every run's series of each target to explore; the PNGs below show them without.
        scenario.warmup().runs().stream().map(WarmupRun::target).distinct().forEach(target -> {
            for (String measure : List.of("rps", "p99")) {
                html.append("<div class=\"duel-series\" data-scenario=\"")
                        .append(escape(scenario.name()))
                        .append("\" data-target=\"")
                        .append(escape(target))
                        .append("\" data-measure=\"")
                        .append(measure)
                        .append("\"></div>\n");
            }
        });
        specs.stream()
                .filter(s -> scenario.name().equals(s.scenario()) && s.kind() == Charts.Kind.SERIES)
                .forEach(s -> chart(html, s));
    }

    private void chart(StringBuilder html, Charts.Spec spec) {
        byte[] png = images.apply(spec);
        if (png == null) {
            html.append("<p class=\"note\">chart left out: ")
                    .append(escape(spec.title()))
                    .append(" (it could not be drawn here)</p>\n");
            return;
        }
        html.append("<figure><img alt=\"")
                .append(escape(spec.title()))
                .append("\" src=\"data:image/png;base64,")
                .append(Base64.getEncoder().encodeToString(png))
                .append("\"><figcaption>")
                .append(escape(spec.title()))
                .append("</figcaption></figure>\n");
    }

    /** A plain table: a header row, then the rows, every cell escaped. */
    public static void table(StringBuilder html, List<String> header, List<List<String>> rows) {
        html.append("<table>\n<tr>");
        header.forEach(h -> html.append("<th>").append(escape(h)).append("</th>"));
        html.append("</tr>\n");
        for (List<String> row : rows) {
            html.append("<tr>");
            row.forEach(c -> html.append("<td>").append(escape(c)).append("</td>"));
            html.append("</tr>\n");
        }
        html.append("</table>\n");
    }

    /** Text into HTML element content or a quoted attribute: nothing in a record can become markup. */
    public static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length() + 16);
        for (char c : text.toCharArray()) {
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }

    static final String STYLE = """
            body { font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; margin: 2em auto; max-width: 1200px; padding: 0 1em; color: #222; }
            h1 { font-size: 1.6em; } h2 { margin-top: 2em; border-bottom: 1px solid #ddd; } h3 { font-size: 1.05em; }
            .meta { color: #555; }
            .headline p { font-size: 1.1em; font-weight: bold; margin: .3em 0; }
            .warnings { background: #fff4e5; border-left: 4px solid #e69500; padding: .5em 1em .5em 2.5em; }
            div.warnings { padding-left: 1em; }
            table { border-collapse: collapse; margin: .5em 0 1em; font-size: .9em; }
            th, td { border: 1px solid #ddd; padding: .3em .6em; text-align: left; vertical-align: top; }
            th { background: #f5f5f5; }
            tr.better td:nth-child(4) { color: #1a7f37; font-weight: bold; }
            tr.worse td:nth-child(4) { color: #cf222e; font-weight: bold; }
            tr.refused td { background: #ffebe9; }
            li.fail { color: #cf222e; }
            .note { font-style: italic; color: #555; }
            figure { margin: 1em 0; } img { max-width: 100%; height: auto; border: 1px solid #eee; }
            figcaption { color: #555; font-size: .85em; }
            .flag { white-space: nowrap; }
            .forest svg { max-width: 100%; height: auto; } .forest g.row:hover { opacity: .7; }
            .duel-series { position: relative; margin: 1em 0; }
            .duel-tooltip { position: absolute; z-index: 10; pointer-events: none; background: #fff; border: 1px solid #999; padding: 2px 6px; font-size: .8em; white-space: nowrap; }
            """;

    /** The page's own script: draws {@code .duel-series} from {@code #duel-data} with uPlot. */
    static final String SCRIPT = read("dev/duel/report/render/interactive.js");
}
