package dev.duel.report.model;

import java.util.Locale;

/**
 * Numbers as people read them, with their unit, and the cells and comparison columns made of them: shared by the
 * sentences a report is built with and by every renderer, so that they all write a value the same way. Fixed to
 * Locale.ROOT so reports are the same everywhere. Stateless.
 */
public final class Format {
    private Format() {}

    public static String value(double value, Metric.Unit unit) {
        if (Double.isNaN(value)) {
            return "-";
        }
        return switch (unit) {
            case RATE -> String.format(Locale.ROOT, value >= 100 ? "%,.0f" : "%,.1f", value);
            case MICROS -> micros(value);
            case MILLIS ->
                value >= 1000
                        ? String.format(Locale.ROOT, "%.2f s", value / 1000)
                        : String.format(Locale.ROOT, "%.0f ms", value);
            case SECONDS ->
                value == Math.rint(value)
                        ? String.format(Locale.ROOT, "%,.0f s", value)
                        : String.format(Locale.ROOT, "%,.1f s", value);
            case COUNT -> String.format(Locale.ROOT, "%,.0f", value);
            case CORES -> String.format(Locale.ROOT, "%.2f", value);
            case SHARE -> String.format(Locale.ROOT, "%.1f%%", value * 100);
            case BYTES -> bytes(value);
            case CHANGE -> change(1 + value);
        };
    }

    /**
     * A value standing alone in a sentence, with its unit where {@link #value} leaves it to the column's header:
     * "11,853 req/s", "0.42 cores"; the others as {@link #value} writes them.
     */
    public static String valueWithUnit(double value, Metric.Unit unit) {
        String shown = value(value, unit);
        if (Double.isNaN(value)) {
            return shown;
        }
        return switch (unit) {
            case RATE -> shown + " req/s";
            case CORES -> shown + " cores";
            default -> shown;
        };
    }

    public static String micros(double micros) {
        if (micros >= 1_000_000) {
            return String.format(Locale.ROOT, "%.2f s", micros / 1e6);
        }
        if (micros >= 1000) {
            return String.format(
                    Locale.ROOT,
                    micros >= 100_000 ? "%.0f ms" : micros >= 10_000 ? "%.1f ms" : "%.2f ms",
                    micros / 1000);
        }
        // µ, as the terminal's run lines write it (every report format is UTF-8)
        return String.format(Locale.ROOT, micros >= 100 ? "%.0f \u00b5s" : "%.1f \u00b5s", micros);
    }

    public static String bytes(double bytes) {
        if (bytes >= 1L << 30) {
            return String.format(Locale.ROOT, "%.2f GiB", bytes / (1L << 30));
        }
        if (bytes >= 1L << 20) {
            return String.format(Locale.ROOT, "%.0f MiB", bytes / (1L << 20));
        }
        return String.format(Locale.ROOT, "%.0f KiB", bytes / 1024);
    }

    /** A ratio as a signed change: 1.085 -> "+8.5%". */
    public static String change(double ratio) {
        double percent = (ratio - 1) * 100;
        if (!Double.isFinite(percent)) {
            return ratio == 0 ? "-100%" : "unbounded";
        }
        return String.format(Locale.ROOT, Math.abs(percent) >= 10 ? "%+.0f%%" : "%+.1f%%", percent);
    }

    /** "+4.2 points", "-12 points": a difference of shares (0.042 = 4.2 points), signed. */
    public static String points(double points) {
        if (!Double.isFinite(points)) {
            return "unbounded";
        }
        String format = Math.abs(points) >= 10 ? "%+.0f" : Math.abs(points) >= 0.1 || points == 0 ? "%+.1f" : "%+.2f";
        return String.format(Locale.ROOT, format, points) + " points";
    }

    /** "+1.0 to +7.5 points": an interval of a difference of shares. */
    public static String pointsRange(double lowPoints, double highPoints) {
        String low = points(lowPoints);
        return (low.endsWith(" points") ? low.substring(0, low.length() - " points".length()) : low) + " to "
                + points(highPoints);
    }

    public static String percent(double share) {
        return String.format(Locale.ROOT, share * 100 >= 10 ? "%.0f%%" : "%.1f%%", share * 100);
    }

    /**
     * "31,298 (29,870 to 32,100, spread 7.3%)": the measure's central value ({@link Measure#central}), then the range
     * and spread; a single run shows its value alone.
     */
    public static String summary(Summary summary, Measure measure) {
        Metric.Unit unit = measure.unit();
        if (summary.runs() == 1) {
            return value(summary.median(), unit) + " (1 run)";
        }
        String spread = Double.isNaN(summary.spread()) ? "-" : percent(summary.spread());
        return value(measure.central(summary), unit) + " (" + value(summary.min(), unit) + " to "
                + value(summary.max(), unit) + ", spread " + spread + ")";
    }

    /** A table's cell: its summary in the row's unit and the runs counted with a mark, or why it has no value. */
    public static String cell(Report.Row row, Report.Cell cell) {
        if (cell.summary() == null) {
            return cell.missing() + (cell.censoredRuns() > 0 ? " [" + cell.censoredRuns() + " never steady]" : "");
        }
        String text = summary(cell.summary(), row.measure());
        if (!cell.marked().isEmpty()) {
            text += " ["
                    + String.join(
                            "; ",
                            cell.marked().stream()
                                    .map(r -> r.run() + " " + r.why())
                                    .toList())
                    + "]";
        }
        if (cell.censoredRuns() > 0) {
            text += " [" + cell.censoredRuns() + " never steady, no value]";
        }
        return text;
    }

    /** "95%", "99.5%": an interval's confidence. */
    public static String confidence(double confidence) {
        double percent = confidence * 100;
        return Math.abs(percent - Math.rint(percent)) < 1e-9
                ? String.format(Locale.ROOT, "%.0f%%", percent)
                : String.format(Locale.ROOT, "%.1f%%", percent);
    }

    /** "±5%": an equivalence margin or a detectable change (0.05), to the precision it needs. */
    public static String margin(double fraction) {
        if (!Double.isFinite(fraction)) {
            return "±?";
        }
        double percent = fraction * 100;
        return String.format(
                Locale.ROOT, percent >= 10 || percent == Math.rint(percent) ? "±%.0f%%" : "±%.1f%%", percent);
    }

    /** A verdict in a word: "better", "the same", "cannot tell", "-" (no verdict, the sentence says why). */
    public static String verdict(Report.Verdict verdict) {
        return verdict.word();
    }

    /** The verdict column: "not comparable" when the row's own warnings or lost runs undermine a verdict. */
    public static String verdict(Report.Comparison c) {
        return c.verdict() == Report.Verdict.NOT_COMPARABLE && !c.reasons().isEmpty()
                ? "not comparable"
                : verdict(c.verdict());
    }

    /** The change column: "+8.5%" (B / A), "+4.2 points" for a share, "-" without one. */
    public static String ratio(Report.Comparison c) {
        if (c.shift() != null) {
            return points(c.shift().points());
        }
        return Double.isNaN(c.ratio()) ? "-" : change(c.ratio());
    }

    /** The interval column: "+6.1% to +10.9%", "+1.0 to +7.5 points", "unbounded", or "-" without a verdict. */
    public static String interval(Report.Comparison c) {
        if (c.shift() != null) {
            if (c.verdict() == Report.Verdict.REFUSED || c.verdict() == Report.Verdict.NOT_COMPARABLE) {
                return "-";
            }
            return !Double.isFinite(c.shift().lowPoints())
                            || !Double.isFinite(c.shift().highPoints())
                    ? "unbounded"
                    : pointsRange(c.shift().lowPoints(), c.shift().highPoints());
        }
        if (Double.isNaN(c.ratio())
                || c.verdict() == Report.Verdict.REFUSED
                || c.verdict() == Report.Verdict.NOT_COMPARABLE) {
            return "-";
        }
        if (c.low() <= 0 || !Double.isFinite(c.high())) {
            return "unbounded";
        }
        return change(c.low()) + " to " + change(c.high());
    }

    /** "41.0 us/op", "1,234 ops/s": three significant digits or whole units, and JMH's unit. */
    public static String score(double value, String unit) {
        String number = value >= 100
                ? String.format(Locale.ROOT, "%,.0f", value)
                : value >= 10 ? String.format(Locale.ROOT, "%.1f", value) : String.format(Locale.ROOT, "%.3g", value);
        return number + " " + unit;
    }

    /** "512 B", "24.5 KiB", "3.1 MiB": bytes per operation. */
    public static String bytesPerOperation(double bytes) {
        if (bytes < 1024) {
            return String.format(Locale.ROOT, "%.0f B", bytes);
        }
        if (bytes < 1 << 20) {
            return String.format(Locale.ROOT, "%.1f KiB", bytes / 1024);
        }
        return String.format(Locale.ROOT, "%.1f MiB", bytes / (1 << 20));
    }
}
