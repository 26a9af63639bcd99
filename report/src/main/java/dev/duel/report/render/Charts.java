package dev.duel.report.render;

import dev.duel.report.model.Measure;
import dev.duel.report.model.Metric;
import dev.duel.report.model.Report;
import dev.duel.report.model.RuntimeRun;
import dev.duel.report.model.Summary;
import dev.duel.report.model.WarmupRun;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The report's charts: first as plain data ({@link Spec}, what golden files pin down), then drawn
 * as PNG by XChart. Requests/s of each run per target as dots with the median marked, warm-up
 * curves, latency percentile curves on a log scale, CPU per request bars, and per target every run's per-second
 * requests/s with the segments found in it (the warm-up answer), and per target with a runtime timeline one run's
 * requests/s over its JIT and GC activity ({@link RuntimeChart}). Stateless; drawing needs
 * AWT in headless mode, which {@link #png} sets.
 */
public final class Charts {
    /** The name's end of a runs chart's series that draws a target's central value as a bar. */
    private static final String CENTRAL_BAR = " geometric mean";

    static final Color[] COLORS = {
        new Color(0x1f77b4),
        new Color(0xd62728),
        new Color(0x2ca02c),
        new Color(0x9467bd),
        new Color(0xff7f0e),
        new Color(0x8c564b),
        new Color(0xe377c2),
        new Color(0x7f7f7f)
    };

    public enum Kind {
        RUNS,
        CURVE,
        PERCENTILES,
        BARS,
        /** Each run's requests/s per second with its segments as a step line (the changepoints are its jumps). */
        SERIES,
        /** One run's requests/s over its JIT and GC activity, panels on one time axis ({@link RuntimeChart}). */
        TIMELINE
    }

    /** One series: x and y values (for BARS, x is the category index). */
    public record Series(String name, double[] x, double[] y) {
        public Series {
            x = x.clone();
            y = y.clone();
        }
    }

    /**
     * A chart as data. {@code categories} name the x positions of RUNS and BARS charts.
     *
     * @param file     the PNG's file name, e.g. "rps-json.png", unique within a report
     * @param scenario the scenario it belongs to, or null for charts across scenarios
     */
    public record Spec(
            String file,
            String scenario,
            Kind kind,
            String title,
            String xTitle,
            String yTitle,
            List<String> categories,
            List<Series> series) {
        public Spec {
            categories = List.copyOf(categories);
            series = List.copyOf(series);
        }
    }

    private Charts() {}

    public static List<Spec> specs(Report report) {
        List<Spec> specs = new ArrayList<>();
        List<String> barCategories = new ArrayList<>();
        Set<String> slugs = new HashSet<>();
        for (Report.ScenarioReport scenario : report.scenarios()) {
            // Two scenario names may reduce to one slug ("GET /a", "get-a"): each keeps its own files.
            String slug = slug(scenario.name());
            for (int n = 2; !slugs.add(slug); n++) {
                slug = slug(scenario.name()) + "-" + n;
            }
            Report.Row rps = scenario.row(Metric.RPS);
            if (rps != null && rps.cells().stream().anyMatch(c -> c.summary() != null)) {
                specs.add(runs(scenario, rps, slug));
            }
            if (scenario.curve() != null && !scenario.curve().windows().isEmpty()) {
                specs.add(curve(scenario, slug));
            }
            if (scenario.warmup() != null) {
                for (String target : scenario.targets()) {
                    List<WarmupRun> runs = scenario.warmup().runs().stream()
                            .filter(r ->
                                    r.target().equals(target) && !r.seconds().isEmpty())
                            .toList();
                    if (!runs.isEmpty()) {
                        specs.add(series(scenario, target, runs, slug));
                    }
                    if (runs.stream().anyMatch(r -> !r.hostSpeed().isEmpty())) {
                        specs.add(hostSpeed(scenario, target, runs, slug));
                    }
                }
            }
            if (!scenario.duet().isEmpty()) {
                specs.add(duet(scenario, report.baseline(), slug));
            }
            if (scenario.runtime() != null) {
                for (RuntimeRun run : scenario.runtime().runs()) {
                    specs.add(RuntimeChart.spec(scenario, run, slug));
                }
            }
            if (scenario.latency().values().stream().anyMatch(points -> !points.isEmpty())) {
                specs.add(percentiles(scenario, slug));
            }
            Report.Row cpu = scenario.row(Metric.CPU_PER_REQUEST);
            if (cpu != null && cpu.cells().stream().anyMatch(c -> c.summary() != null)) {
                barCategories.add(scenario.name());
            }
        }
        if (!barCategories.isEmpty()) {
            specs.add(cpuBars(report, barCategories));
        }
        return specs;
    }

    /**
     * Each run as a dot at its target's position (spread sideways in run order), the geometric mean the table shows as a
     * short bar.
     */
    private static Spec runs(Report.ScenarioReport scenario, Report.Row rps, String slug) {
        List<Series> series = new ArrayList<>();
        for (int t = 0; t < scenario.targets().size(); t++) {
            Summary summary = rps.cells().get(t).summary();
            if (summary == null) {
                continue;
            }
            double[] values = summary.values();
            double[] x = new double[values.length];
            for (int i = 0; i < values.length; i++) {
                x[i] = t + 1 + (values.length == 1 ? 0 : -0.15 + 0.3 * i / (values.length - 1));
            }
            series.add(new Series(scenario.targets().get(t), x, values));
            double central = rps.measure().central(summary);
            series.add(
                    new Series(scenario.targets().get(t) + CENTRAL_BAR, new double[] {t + 0.7, t + 1.3}, new double[] {
                        central, central
                    }));
        }
        return new Spec(
                "rps-" + slug + ".png",
                scenario.name(),
                Kind.RUNS,
                scenario.name() + ": requests/s of each run (bar: geometric mean)",
                "target",
                "requests/s",
                scenario.targets(),
                series);
    }

    private static Spec curve(Report.ScenarioReport scenario, String slug) {
        Report.Curve curve = scenario.curve();
        List<Series> series = new ArrayList<>();
        curve.windows().forEach((target, windows) -> {
            double[] x = new double[windows.size()];
            double[] y = new double[windows.size()];
            for (int w = 0; w < windows.size(); w++) {
                x[w] = (w + 1) * curve.windowSeconds();
                y[w] = windows.get(w).median();
            }
            series.add(new Series(target, x, y));
        });
        return new Spec(
                "curve-" + slug + ".png",
                scenario.name(),
                Kind.CURVE,
                scenario.name() + ": warm-up curve (median over runs)",
                "seconds since the first correct answer (window end)",
                "requests/s",
                List.of(),
                series);
    }

    /**
     * One target's runs: each run's requests/s per second (x: seconds from the second of its first correct answer;
     * the gap's seconds are missing), then its segments as a step line named "RUN segments" whose jumps are the
     * changepoints, ending where the final (steady) segment ends.
     */
    private static Spec series(Report.ScenarioReport scenario, String target, List<WarmupRun> runs, String slug) {
        List<Series> series = new ArrayList<>();
        for (WarmupRun run : runs) {
            double[] x =
                    run.seconds().stream().mapToDouble(Integer::doubleValue).toArray();
            double[] y = run.requestsPerSecond().stream()
                    .mapToDouble(Double::doubleValue)
                    .toArray();
            series.add(new Series(run.run() + " (" + Words.classification(run.classification()) + ")", x, y));
            double[] sx = new double[run.segments().size() * 2];
            double[] sy = new double[sx.length];
            for (int i = 0; i < run.segments().size(); i++) {
                Report.Segment segment = run.segments().get(i);
                sx[2 * i] = segment.fromSecond();
                sx[2 * i + 1] = segment.toSecond();
                sy[2 * i] = segment.meanRequestsPerSecond();
                sy[2 * i + 1] = segment.meanRequestsPerSecond();
            }
            series.add(new Series(run.run() + " segments", sx, sy));
        }
        return new Spec(
                "warmup-" + slug + "-" + slug(target) + ".png",
                scenario.name(),
                Kind.SERIES,
                scenario.name() + ": " + target + " requests/s per second of each run (lines: segments)",
                "seconds since the first correct answer (gap left out)",
                "requests/s",
                List.of(),
                series);
    }

    /**
     * The host's speed under one target's runs, on the same seconds as their requests/s: each run's speed on its
     * target's CPUs over that series' fast level, so that a flip shows as a step to about 0.7 at the second it came.
     */
    private static Spec hostSpeed(Report.ScenarioReport scenario, String target, List<WarmupRun> runs, String slug) {
        List<Series> series = new ArrayList<>();
        for (WarmupRun run : runs) {
            if (run.hostSpeed().isEmpty()) {
                continue;
            }
            List<Double> x = new ArrayList<>();
            List<Double> y = new ArrayList<>();
            for (int i = 0; i < run.seconds().size(); i++) {
                double value = run.hostSpeed().get(i);
                if (Double.isFinite(value)) {
                    x.add(run.seconds().get(i).doubleValue());
                    y.add(value);
                }
            }
            series.add(new Series(
                    run.run(),
                    x.stream().mapToDouble(Double::doubleValue).toArray(),
                    y.stream().mapToDouble(Double::doubleValue).toArray()));
        }
        return new Spec(
                "host-" + slug + "-" + slug(target) + ".png",
                scenario.name(),
                Kind.SERIES,
                scenario.name() + ": " + target + " runs: the host's speed on the target's CPUs per second (1 = fast)",
                "seconds since the first correct answer (gap left out)",
                "host speed",
                List.of(),
                series);
    }

    /**
     * A duet's repetitions second by second: each target's requests/s over the baseline's in every second of main both
     * measured, one line per repetition, and the line of no change at 1.
     */
    private static Spec duet(Report.ScenarioReport scenario, String baseline, String slug) {
        List<Series> series = new ArrayList<>();
        double first = Double.POSITIVE_INFINITY;
        double last = Double.NEGATIVE_INFINITY;
        for (Report.DuetSeries repetition : scenario.duet()) {
            double[] x = repetition.seconds().stream()
                    .mapToDouble(Integer::doubleValue)
                    .toArray();
            double[] y = repetition.ratios().stream()
                    .mapToDouble(Double::doubleValue)
                    .toArray();
            series.add(new Series(repetition.label(), x, y));
            first = Math.min(first, x[0]);
            last = Math.max(last, x[x.length - 1]);
        }
        series.add(new Series("no change", new double[] {first, last}, new double[] {1, 1}));
        return new Spec(
                "duet-" + slug + ".png",
                scenario.name(),
                Kind.SERIES,
                scenario.name() + ": requests/s over " + baseline + "'s in the same second (duet, each repetition)",
                "second of the load (main)",
                "ratio to " + baseline,
                List.of(),
                series);
    }

    /** x = 1 / (1 - p): 90% at 10, 99% at 100, 99.9% at 1,000, as HdrHistogram plots it. */
    private static Spec percentiles(Report.ScenarioReport scenario, String slug) {
        List<Series> series = new ArrayList<>();
        scenario.latency().forEach((target, points) -> {
            if (points.isEmpty()) {
                return;
            }
            double[] x = new double[points.size()];
            double[] y = new double[points.size()];
            for (int i = 0; i < points.size(); i++) {
                x[i] = 1 / (1 - points.get(i).percentile() / 100);
                y[i] = points.get(i).micros() / 1000;
            }
            series.add(new Series(target, x, y));
        });
        return new Spec(
                "latency-" + slug + ".png",
                scenario.name(),
                Kind.PERCENTILES,
                scenario.name() + ": latency by percentile (all valid runs merged)",
                "percentile",
                "latency (ms)",
                List.of(),
                series);
    }

    private static Spec cpuBars(Report report, List<String> scenarios) {
        List<String> targets = new ArrayList<>();
        report.scenarios()
                .forEach(s -> s.targets().forEach(t -> {
                    if (!targets.contains(t)) {
                        targets.add(t);
                    }
                }));
        List<Series> series = new ArrayList<>();
        for (String target : targets) {
            double[] x = new double[scenarios.size()];
            double[] y = new double[scenarios.size()];
            for (int i = 0; i < scenarios.size(); i++) {
                String name = scenarios.get(i);
                Report.ScenarioReport scenario = report.scenarios().stream()
                        .filter(s -> s.name().equals(name))
                        .findFirst()
                        .orElseThrow();
                int column = scenario.targets().indexOf(target);
                Summary summary = column < 0
                        ? null
                        : scenario.row(Metric.CPU_PER_REQUEST)
                                .cells()
                                .get(column)
                                .summary();
                x[i] = i;
                y[i] = summary == null ? 0 : Measure.of(Metric.CPU_PER_REQUEST).central(summary);
            }
            series.add(new Series(target, x, y));
        }
        return new Spec(
                "cpu-per-request.png",
                null,
                Kind.BARS,
                "target CPU per request (geometric mean over runs)",
                "scenario",
                "CPU microseconds per request",
                scenarios,
                series);
    }

    /** Draws a chart; the same spec always gives the same picture on the same JDK and fonts. */
    public static byte[] png(Spec spec) {
        System.setProperty("java.awt.headless", "true");
        java.io.ByteArrayOutputStream png = new java.io.ByteArrayOutputStream();
        try {
            javax.imageio.ImageIO.write(
                    spec.kind() == Kind.TIMELINE
                            ? RuntimeChart.image(spec)
                            : BitmapEncoder.getBufferedImage(spec.kind() == Kind.BARS ? bars(spec) : xy(spec)),
                    "png",
                    png);
            return png.toByteArray();
        } catch (IOException e) {
            throw new IllegalStateException("PNG encoding into memory failed", e);
        }
    }

    private static XYChart xy(Spec spec) {
        XYChart chart = new XYChartBuilder()
                .width(900)
                .height(480)
                .title(spec.title())
                .xAxisTitle(spec.xTitle())
                .yAxisTitle(spec.yTitle())
                .build();
        style(chart.getStyler());
        chart.getStyler().setYAxisMin(0.0);
        chart.getStyler().setYAxisDecimalPattern("#,##0.###");
        int color = 0;
        java.util.Set<String> names = new java.util.HashSet<>();
        for (Series s : spec.series()) {
            XYSeries series = chart.addSeries(unique(names, s.name()), s.x(), s.y());
            boolean median = spec.kind() == Kind.RUNS && s.name().endsWith(CENTRAL_BAR);
            boolean segments = spec.kind() == Kind.SERIES && s.name().endsWith(" segments");
            Color c = COLORS[Math.floorMod(median || segments ? color - 1 : color, COLORS.length)];
            series.setLineColor(c);
            series.setMarkerColor(c);
            if (spec.kind() == Kind.SERIES) {
                series.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
                if (segments) {
                    series.setMarker(SeriesMarkers.NONE);
                    series.setLineStyle(new BasicStroke(3f));
                    series.setShowInLegend(false);
                } else {
                    series.setMarker(SeriesMarkers.CIRCLE);
                    series.setLineStyle(new BasicStroke(0.5f));
                    color++;
                }
            } else if (spec.kind() == Kind.RUNS) {
                if (median) {
                    series.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
                    series.setMarker(SeriesMarkers.NONE);
                    series.setLineStyle(new BasicStroke(3f));
                    series.setShowInLegend(false);
                } else {
                    series.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
                    series.setMarker(SeriesMarkers.CIRCLE);
                    color++;
                }
            } else {
                series.setMarker(SeriesMarkers.CIRCLE);
                color++;
            }
        }
        if (spec.kind() == Kind.RUNS) {
            chart.getStyler().setXAxisMin(0.5);
            chart.getStyler().setXAxisMax(spec.categories().size() + 0.5);
            chart.getStyler().setXAxisTickLabelsFormattingFunction(x -> {
                double rounded = Math.rint(x);
                int index = (int) rounded - 1;
                return Math.abs(x - rounded) < 1e-9
                                && index >= 0
                                && index < spec.categories().size()
                        ? spec.categories().get(index)
                        : "";
            });
        }
        if (spec.kind() == Kind.PERCENTILES) {
            chart.getStyler().setXAxisLogarithmic(true);
            chart.getStyler().setXAxisTickLabelsFormattingFunction(x -> percentileLabel(x));
        }
        return chart;
    }

    private static CategoryChart bars(Spec spec) {
        CategoryChart chart = new CategoryChartBuilder()
                .width(900)
                .height(480)
                .title(spec.title())
                .xAxisTitle(spec.xTitle())
                .yAxisTitle(spec.yTitle())
                .build();
        style(chart.getStyler());
        chart.getStyler().setYAxisDecimalPattern("#,##0.#");
        java.util.Set<String> names = new java.util.HashSet<>();
        for (Series s : spec.series()) {
            List<Double> y = new ArrayList<>();
            for (double v : s.y()) {
                y.add(v);
            }
            chart.addSeries(unique(names, s.name()), spec.categories(), y);
        }
        return chart;
    }

    /**
     * {@code name}, or "name (2)", "name (3)"... when {@code used} holds it: XChart refuses a series name twice, and
     * two results folders given to one report each have a run 001 (seen: `duel report` of a suite's folder and of
     * its re-run lost every chart).
     */
    static String unique(java.util.Set<String> used, String name) {
        String candidate = name;
        for (int n = 2; !used.add(candidate); n++) {
            candidate = name + " (" + n + ")";
        }
        return candidate;
    }

    static void style(Styler styler) {
        styler.setChartBackgroundColor(Color.WHITE);
        styler.setSeriesColors(COLORS);
        styler.setLegendPosition(Styler.LegendPosition.OutsideS);
        styler.setLegendLayout(Styler.LegendLayout.Horizontal);
        styler.setChartTitleFont(new Font(Font.SANS_SERIF, Font.BOLD, 15));
        styler.setLocale(Locale.ROOT);
        styler.setAntiAlias(true);
    }

    /** 1 -> "0%", 10 -> "90%", 100 -> "99%", 1000 -> "99.9%"; other ticks are left blank. */
    static String percentileLabel(double x) {
        double decades = Math.log10(x);
        if (Math.abs(decades - Math.rint(decades)) > 1e-6) {
            return "";
        }
        int n = (int) Math.rint(decades);
        if (n == 0) {
            return "0%";
        }
        return n == 1 ? "90%" : n == 2 ? "99%" : "99." + "9".repeat(n - 2) + "%";
    }

    static String slug(String name) {
        String slug =
                name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-|-$", "");
        return slug.isEmpty() ? "scenario" : slug;
    }
}
