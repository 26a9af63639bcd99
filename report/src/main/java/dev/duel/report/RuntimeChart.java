package dev.duel.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.knowm.xchart.AnnotationLine;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.AxesChartStyler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * One target's runtime chart ({@link Charts.Kind#TIMELINE}): the run its {@link Report.RuntimeRun} names, requests/s
 * per second in a top panel and, under it on the same x axis (seconds since the load began), its C1 and C2 compiler
 * threads' CPU, its GC and VM threads' CPU and, with JFR, its GC pause time, all in milliseconds per second (1,000
 * is a whole core, or a whole second of pauses); a vertical line in both panels where its steady state began.
 * Stateless.
 */
final class RuntimeChart {
    /** The series named so is the steady-state marker: a vertical line at its x, drawn in both panels. */
    static final String STEADY = "steady state from second ";

    static final String LOWER_TITLE = "milliseconds per second";

    private static final int WIDTH = 900;
    private static final int PANEL_HEIGHT = 360;

    private RuntimeChart() {}

    /**
     * The first series is requests/s (top panel); a series whose name starts with {@link #STEADY} marks the steady
     * start; every other series belongs to the lower panel.
     */
    static Charts.Spec spec(Report.ScenarioReport scenario, Report.RuntimeRun run, String slug) {
        List<Charts.Series> series = new ArrayList<>();
        double[] seconds =
                run.seconds().stream().mapToDouble(Integer::doubleValue).toArray();
        double[] rps = run.requestsPerSecond().stream()
                .mapToDouble(Double::doubleValue)
                .toArray();
        series.add(new Charts.Series("requests/s", seconds, rps));
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
        series.add(new Charts.Series("C1 CPU", windows, array(run.c1CpuMillisPerSecond())));
        series.add(new Charts.Series("C2 CPU", windows, array(run.c2CpuMillisPerSecond())));
        series.add(new Charts.Series("GC+VM thread CPU", windows, array(run.gcCpuMillisPerSecond())));
        if (!run.jfrStartSeconds().isEmpty()) {
            series.add(new Charts.Series(
                    "GC pauses (JFR)", array(run.jfrStartSeconds()), array(run.gcPauseMillisPerSecond())));
        }
        return new Charts.Spec(
                "runtime-" + slug + "-" + Charts.slug(run.target()) + ".png",
                scenario.name(),
                Charts.Kind.TIMELINE,
                scenario.name() + ": " + run.target() + " run " + run.run() + " (" + run.chosen()
                        + "): requests/s, JIT and GC",
                "seconds since the load began",
                "requests/s",
                List.of(),
                series);
    }

    private static double[] array(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** Both panels, one above the other, into one picture of 900 x 720. */
    static BufferedImage image(Charts.Spec spec) {
        double from = Double.POSITIVE_INFINITY;
        double to = Double.NEGATIVE_INFINITY;
        for (Charts.Series s : spec.series()) {
            for (double x : s.x()) {
                from = Math.min(from, x);
                to = Math.max(to, x);
            }
        }
        XYChart top = panel(spec.title(), null, spec.yTitle(), from, to);
        XYChart bottom = panel(null, spec.xTitle(), LOWER_TITLE, from, to);
        int color = 0;
        for (Charts.Series s : spec.series()) {
            if (s.name().startsWith(STEADY)) {
                for (XYChart chart : List.of(top, bottom)) {
                    chart.addAnnotation(new AnnotationLine(s.x()[0], true, false));
                }
                continue;
            }
            boolean upper = s == spec.series().get(0);
            XYSeries series = (upper ? top : bottom).addSeries(s.name(), s.x(), s.y());
            Color c = Charts.COLORS[Math.floorMod(color++, Charts.COLORS.length)];
            series.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
            series.setLineColor(c);
            series.setMarkerColor(c);
            series.setMarker(upper ? SeriesMarkers.CIRCLE : SeriesMarkers.NONE);
            series.setLineStyle(new BasicStroke(upper ? 1f : 2f));
        }
        BufferedImage image = new BufferedImage(WIDTH, 2 * PANEL_HEIGHT, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            g.drawImage(BitmapEncoder.getBufferedImage(top), 0, 0, null);
            g.drawImage(BitmapEncoder.getBufferedImage(bottom), 0, PANEL_HEIGHT, null);
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
        chart.getStyler().setYAxisMin(0.0);
        chart.getStyler().setAnnotationLineColor(Color.BLACK);
        chart.getStyler()
                .setAnnotationLineStroke(new BasicStroke(
                        1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {6f, 4f}, 0f));
        // Labels of one width in both panels keep their plot areas, and so their x axes, one above the other.
        chart.getStyler().setYAxisLabelAlignment(AxesChartStyler.TextAlignment.Right);
        chart.getStyler().setYAxisTickLabelsFormattingFunction(RuntimeChart::tickLabel);
        return chart;
    }

    /** "12,500" padded with figure spaces (as wide as a digit) to eight characters. */
    static String tickLabel(double value) {
        String text = String.format(Locale.ROOT, Math.rint(value) == value ? "%,.0f" : "%,.1f", value);
        return "\u2007".repeat(Math.max(0, 8 - text.length())) + text;
    }
}
