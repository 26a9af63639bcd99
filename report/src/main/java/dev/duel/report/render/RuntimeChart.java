package dev.duel.report.render;

import dev.duel.report.model.Report;
import dev.duel.report.model.RuntimeRun;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.knowm.xchart.AnnotationLine;
import org.knowm.xchart.AnnotationText;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * One target's runtime chart ({@link Charts.Kind#TIMELINE}): the run its {@link RuntimeRun} names, in three
 * panels on one x axis (seconds since the load began): requests/s per second on top; under it its C1 and C2 compiler
 * threads' CPU; under that its GC and VM threads' CPU and, with JFR, its GC pause time. The lower two are in
 * milliseconds per second (1,000 is a whole core, or a whole second of pauses), each panel on its own scale so that
 * GC, a few milliseconds a second, is not flattened under the compilers' hundreds. A dashed vertical line in every
 * panel marks where the run's steady state began. Stateless.
 */
final class RuntimeChart {
    /** The series named so is the steady-state marker: a vertical line at its x, drawn in every panel. */
    static final String STEADY = "steady state from second ";

    static final String REQUESTS = "requests/s";
    static final String C1 = "C1 CPU";
    static final String C2 = "C2 CPU";
    static final String GC_CPU = "GC+VM thread CPU";
    static final String GC_PAUSES = "GC pauses (JFR)";

    /** Each panel's series by name, top to bottom, and its y axis title. */
    private static final List<List<String>> PANELS =
            List.of(List.of(REQUESTS), List.of(C1, C2), List.of(GC_CPU, GC_PAUSES));

    private static final List<String> Y_TITLES = List.of("requests/s", "JIT CPU, ms per s", "GC, ms per s");

    private static final int WIDTH = 900;
    private static final int PANEL_HEIGHT = 300;

    private RuntimeChart() {}

    /** The series, each named for its panel ({@link #PANELS}), and the steady start's marker ({@link #STEADY}). */
    static Charts.Spec spec(Report.ScenarioReport scenario, RuntimeRun run, String slug) {
        List<Charts.Series> series = new ArrayList<>();
        double[] seconds =
                run.seconds().stream().mapToDouble(Integer::doubleValue).toArray();
        double[] rps = run.requestsPerSecond().stream()
                .mapToDouble(Double::doubleValue)
                .toArray();
        series.add(new Charts.Series(REQUESTS, seconds, rps));
        if (run.steadyStartSecond() >= 0) {
            double top = Arrays.stream(rps).max().orElse(0);
            series.add(new Charts.Series(
                    STEADY + run.steadyStartSecond(),
                    new double[] {run.steadyStartSecond(), run.steadyStartSecond()},
                    new double[] {0, top}));
        }
        double[] windows = run.windowStartSeconds().stream()
                .mapToDouble(Double::doubleValue)
                .toArray();
        series.add(new Charts.Series(C1, windows, array(run.c1CpuMillisPerSecond())));
        series.add(new Charts.Series(C2, windows, array(run.c2CpuMillisPerSecond())));
        series.add(new Charts.Series(GC_CPU, windows, array(run.gcCpuMillisPerSecond())));
        if (!run.jfrStartSeconds().isEmpty()) {
            series.add(new Charts.Series(GC_PAUSES, array(run.jfrStartSeconds()), array(run.gcPauseMillisPerSecond())));
        }
        return new Charts.Spec(
                "runtime-" + slug + "-" + Charts.slug(run.target()) + ".png",
                scenario.name(),
                Charts.Kind.TIMELINE,
                scenario.name() + ": " + run.target() + " run " + run.run() + " (" + run.chosen() + ")",
                "seconds since the load began"
                        + (run.steadyStartSecond() >= 0
                                ? " (dashed line: steady state from second " + run.steadyStartSecond() + ")"
                                : " (no steady state)"),
                "requests/s",
                List.of(),
                series);
    }

    private static double[] array(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** The panels, one above the other, into one picture of 900 x 900. */
    static BufferedImage image(Charts.Spec spec) {
        double from = Double.POSITIVE_INFINITY;
        double to = Double.NEGATIVE_INFINITY;
        for (Charts.Series s : spec.series()) {
            for (double x : s.x()) {
                from = Math.min(from, x);
                to = Math.max(to, x);
            }
        }
        List<XYChart> panels = new ArrayList<>();
        for (int p = 0; p < PANELS.size(); p++) {
            panels.add(panel(
                    p == 0 ? spec.title() : null,
                    p == PANELS.size() - 1 ? spec.xTitle() : null,
                    Y_TITLES.get(p),
                    from,
                    to));
        }
        int color = 0;
        double[] highest = new double[PANELS.size()];
        for (Charts.Series s : spec.series()) {
            if (s.name().startsWith(STEADY)) {
                panels.forEach(chart -> chart.addAnnotation(new AnnotationLine(s.x()[0], true, false)));
                continue;
            }
            int panel = panelOf(s.name());
            XYSeries series = panels.get(panel).addSeries(s.name(), s.x(), s.y());
            Color c = Charts.COLORS[Math.floorMod(color++, Charts.COLORS.length)];
            series.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
            series.setLineColor(c);
            series.setMarkerColor(c);
            series.setMarker(panel == 0 ? SeriesMarkers.CIRCLE : SeriesMarkers.NONE);
            series.setLineStyle(new BasicStroke(panel == 0 ? 1f : 2f));
            for (double y : s.y()) {
                highest[panel] = Math.max(highest[panel], y);
            }
        }
        for (int p = 0; p < panels.size(); p++) {
            scale(panels.get(p), highest[p], from, to);
        }
        BufferedImage image = new BufferedImage(WIDTH, PANELS.size() * PANEL_HEIGHT, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            for (int p = 0; p < panels.size(); p++) {
                g.drawImage(BitmapEncoder.getBufferedImage(panels.get(p)), 0, p * PANEL_HEIGHT, null);
            }
        } finally {
            g.dispose();
        }
        return image;
    }

    private static XYChart panel(String title, String xTitle, String yTitle, double from, double to) {
        XYChart chart = new XYChartBuilder()
                .width(WIDTH)
                .height(PANEL_HEIGHT)
                .title(title == null ? "" : title)
                .xAxisTitle(xTitle == null ? "" : xTitle)
                .yAxisTitle(yTitle)
                .build();
        Charts.style(chart.getStyler());
        chart.getStyler().setChartTitleVisible(title != null);
        chart.getStyler().setXAxisTitleVisible(xTitle != null);
        chart.getStyler().setXAxisMin(from);
        chart.getStyler().setXAxisMax(to);
        chart.getStyler().setXAxisTickMarkSpacingHint(80);
        chart.getStyler().setYAxisMin(0.0);
        chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNE);
        chart.getStyler().setAnnotationLineColor(Color.BLACK);
        chart.getStyler()
                .setAnnotationLineStroke(new BasicStroke(
                        1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {6f, 4f}, 0f));
        // The axis' own tick labels would make each panel's plot area as narrow as its widest label, and the panels'
        // x axes would no longer lie one above the other: the values are written inside the plot instead.
        chart.getStyler().setYAxisTicksVisible(false);
        chart.getStyler().setAnnotationTextFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
        chart.getStyler().setAnnotationTextFontColor(Color.DARK_GRAY);
        return chart;
    }

    private static int panelOf(String series) {
        for (int p = 0; p < PANELS.size(); p++) {
            if (PANELS.get(p).contains(series)) {
                return p;
            }
        }
        return PANELS.size() - 1;
    }

    /** A round top for the panel's y axis, and its values at each quarter of it written at the plot's left edge. */
    private static void scale(XYChart chart, double highest, double from, double to) {
        double top = roundUp(highest * 1.05);
        chart.getStyler().setYAxisMax(top);
        double x = from + 0.025 * (to - from);
        for (int quarter = 1; quarter <= 4; quarter++) {
            chart.addAnnotation(new AnnotationText(tickLabel(top * quarter / 4), x, top * quarter / 4, false));
        }
    }

    /**
     * The smallest of 1, 2, 4 or 8 times a power of ten at or above {@code value} (1 for nothing to show): its
     * quarters are round too.
     */
    static double roundUp(double value) {
        if (!(value > 0)) {
            return 1;
        }
        double power = Math.pow(10, Math.floor(Math.log10(value)));
        for (double step : new double[] {1, 2, 4, 8, 10}) {
            if (step * power >= value * (1 - 1e-12)) {
                return step * power;
            }
        }
        return 10 * power;
    }

    /** "12,500", "2.5", "0.25": a value as its axis shows it. */
    static String tickLabel(double value) {
        return Math.rint(value) == value
                ? String.format(Locale.ROOT, "%,.0f", value)
                : new java.math.BigDecimal(value)
                        .round(new java.math.MathContext(3))
                        .stripTrailingZeros()
                        .toPlainString();
    }
}
