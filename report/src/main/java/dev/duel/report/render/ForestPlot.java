package dev.duel.report.render;

import dev.duel.report.model.Format;
import dev.duel.report.model.Report;
import java.util.List;
import java.util.Locale;

/**
 * One target against the baseline as a forest plot, in inline SVG: a row per measure with a ratio (the point) and its
 * 95% interval (the line), on a log axis around the line of no change (1), over the band of "the same within ±m%". SVG,
 * so that it draws without script and without fonts on the machine that made it; each row's {@code <title>} is its
 * sentence, which a browser shows on hover. Inline in HTML, so without an xmlns: the page names no address. Rows without a ratio (shares compared in points, no runs) are left out:
 * their sentences stand in the table above. Stateless.
 */
final class ForestPlot {
    private static final int WIDTH = 720;
    private static final int ROW = 22;
    private static final int LABEL = 170;
    private static final int TOP = 26;
    private static final int RIGHT = 20;

    private ForestPlot() {}

    /**
     * The SVG of {@code comparisons} (one pair: the same baseline and other), or "" when none has a ratio with a finite
     * interval to draw.
     */
    static String svg(Report.ScenarioReport scenario, List<Report.Comparison> comparisons) {
        List<Report.Comparison> drawn = comparisons.stream()
                .filter(c -> c.shift() == null && Double.isFinite(c.ratio()) && c.ratio() > 0)
                .toList();
        if (drawn.isEmpty()) {
            return "";
        }
        double lowest = 1;
        double highest = 1;
        for (Report.Comparison c : drawn) {
            lowest = Math.min(lowest, Math.min(c.ratio(), bounded(c.low(), c.ratio())));
            highest = Math.max(highest, Math.max(c.ratio(), bounded(c.high(), c.ratio())));
            if (Double.isFinite(c.sameWithin()) && c.sameWithin() > 0 && c.sameWithin() < 1) {
                lowest = Math.min(lowest, 1 - c.sameWithin());
                highest = Math.max(highest, 1 + c.sameWithin());
            }
        }
        double from = Math.log(lowest) - 0.05 * (Math.log(highest) - Math.log(lowest)) - 0.01;
        double to = Math.log(highest) + 0.05 * (Math.log(highest) - Math.log(lowest)) + 0.01;
        int height = TOP + ROW * drawn.size() + 24;
        String other = drawn.get(0).other();
        String baseline = drawn.get(0).baseline();
        StringBuilder svg = new StringBuilder();
        svg.append("<figure class=\"forest\"><svg role=\"img\" viewBox=\"0 0 ")
                .append(WIDTH)
                .append(' ')
                .append(height)
                .append("\" width=\"")
                .append(WIDTH)
                .append("\" height=\"")
                .append(height)
                .append("\" data-rows=\"")
                .append(drawn.size())
                .append("\">\n<title>")
                .append(HtmlRenderer.escape(other + " against " + baseline + ": ratio and 95% interval per measure"))
                .append("</title>\n");
        double sameWithin = drawn.stream()
                .mapToDouble(Report.Comparison::sameWithin)
                .filter(m -> Double.isFinite(m) && m > 0 && m < 1)
                .findFirst()
                .orElse(Double.NaN);
        int bottom = TOP + ROW * drawn.size();
        if (Double.isFinite(sameWithin)) {
            double left = x(Math.log(1 - sameWithin), from, to);
            double right = x(Math.log(1 + sameWithin), from, to);
            svg.append("<rect class=\"same\" x=\"")
                    .append(number(left))
                    .append("\" y=\"")
                    .append(TOP - 6)
                    .append("\" width=\"")
                    .append(number(right - left))
                    .append("\" height=\"")
                    .append(bottom - TOP + 6)
                    .append("\" fill=\"#e8f4e8\"><title>")
                    .append(HtmlRenderer.escape(
                            String.format(Locale.ROOT, "the same within ±%.0f%%", sameWithin * 100)))
                    .append("</title></rect>\n");
        }
        double one = x(0, from, to);
        svg.append("<line class=\"no-change\" x1=\"")
                .append(number(one))
                .append("\" x2=\"")
                .append(number(one))
                .append("\" y1=\"")
                .append(TOP - 10)
                .append("\" y2=\"")
                .append(bottom)
                .append("\" stroke=\"#555\" stroke-dasharray=\"3 3\"/>\n");
        svg.append("<text x=\"")
                .append(number(one))
                .append("\" y=\"")
                .append(TOP - 13)
                .append("\" text-anchor=\"middle\" font-size=\"11\">no change</text>\n");
        for (int i = 0; i < drawn.size(); i++) {
            Report.Comparison c = drawn.get(i);
            double y = TOP + ROW * i + ROW / 2.0;
            double low = x(Math.log(bounded(c.low(), c.ratio())), from, to);
            double high = x(Math.log(bounded(c.high(), c.ratio())), from, to);
            double point = x(Math.log(c.ratio()), from, to);
            String colour = switch (c.verdict()) {
                case BETTER -> "#1a7f37";
                case WORSE -> "#cf222e";
                case DIFFERENT -> "#9a6700";
                case SAME -> "#0969da";
                default -> "#6e7781";
            };
            svg.append("<g class=\"row ")
                    .append(c.verdict().name().toLowerCase(Locale.ROOT).replace('_', '-'))
                    .append("\"><title>")
                    .append(HtmlRenderer.escape(Words.label(scenario, c) + ": " + c.sentence()))
                    .append("</title>\n");
            svg.append("<text x=\"")
                    .append(LABEL - 8)
                    .append("\" y=\"")
                    .append(number(y + 4))
                    .append("\" text-anchor=\"end\" font-size=\"12\">")
                    .append(HtmlRenderer.escape(Words.label(scenario, c)))
                    .append("</text>\n");
            svg.append("<line x1=\"")
                    .append(number(low))
                    .append("\" x2=\"")
                    .append(number(high))
                    .append("\" y1=\"")
                    .append(number(y))
                    .append("\" y2=\"")
                    .append(number(y))
                    .append("\" stroke=\"")
                    .append(colour)
                    .append("\" stroke-width=\"2\"/>\n");
            svg.append("<circle cx=\"")
                    .append(number(point))
                    .append("\" cy=\"")
                    .append(number(y))
                    .append("\" r=\"4\" fill=\"")
                    .append(colour)
                    .append("\"/>\n");
            svg.append("<text x=\"")
                    .append(WIDTH - RIGHT + 16)
                    .append("\" y=\"")
                    .append(number(y + 4))
                    .append("\" text-anchor=\"end\" font-size=\"11\" fill=\"")
                    .append(colour)
                    .append("\">")
                    .append(HtmlRenderer.escape(Format.ratio(c)))
                    .append("</text>\n</g>\n");
        }
        // The axis: a tick at 1 and at the outermost round percentages that fit.
        svg.append("<line x1=\"")
                .append(LABEL)
                .append("\" x2=\"")
                .append(WIDTH - RIGHT - 40)
                .append("\" y1=\"")
                .append(bottom + 4)
                .append("\" y2=\"")
                .append(bottom + 4)
                .append("\" stroke=\"#999\"/>\n");
        // Ticks outward from 1, each at least 36 px from the one drawn before it on its side, so labels never overlap.
        double[][] sides = {{0.95, 0.9, 0.8, 0.67, 0.5, 0.33, 0.25}, {1.05, 1.1, 1.25, 1.5, 2, 3, 4}};
        for (double[] ticks : sides) {
            double last = one;
            for (double tick : ticks) {
                double at = Math.log(tick);
                double position = x(at, from, to);
                if (at <= from || at >= to || Math.abs(position - last) < 36) {
                    continue;
                }
                last = position;
                svg.append("<text x=\"")
                        .append(number(position))
                        .append("\" y=\"")
                        .append(bottom + 18)
                        .append("\" text-anchor=\"middle\" font-size=\"10\" fill=\"#555\">")
                        .append(String.format(Locale.ROOT, "%+.0f%%", (tick - 1) * 100))
                        .append("</text>\n");
            }
        }
        return svg.append("</svg><figcaption>")
                .append(HtmlRenderer.escape(other + " / " + baseline
                        + ": each measure's ratio (dot) and 95% interval (line), log scale; the band is \"the same"
                        + " within\" the margin; hover a row for its sentence"))
                .append("</figcaption></figure>\n")
                .toString();
    }

    /** An interval bound drawn: 0 and infinity (unbounded) are drawn at a third of the way out, marked by the ratio. */
    private static double bounded(double bound, double ratio) {
        if (Double.isNaN(bound)) {
            return ratio; // no interval: the point alone
        }
        if (bound <= 0) {
            return ratio / 3;
        }
        if (!Double.isFinite(bound)) {
            return ratio * 3;
        }
        return bound;
    }

    private static double x(double logRatio, double from, double to) {
        double span = WIDTH - RIGHT - 40 - LABEL;
        return LABEL + span * (logRatio - from) / (to - from);
    }

    private static String number(double value) {
        return String.format(Locale.ROOT, "%.1f", value);
    }
}
