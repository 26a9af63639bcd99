package dev.duel.report;

import java.util.Locale;

/** Numbers as people read them, with their unit; fixed to Locale.ROOT so reports are the same everywhere. Stateless. */
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
        return String.format(Locale.ROOT, micros >= 100 ? "%.0f us" : "%.1f us", micros);
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

    /** "31,298 (29,870-32,100, spread 7.3%)"; a single run shows its value alone. */
    public static String summary(Summary summary, Metric.Unit unit) {
        if (summary.runs() == 1) {
            return value(summary.median(), unit) + " (1 run)";
        }
        String spread = Double.isNaN(summary.spread()) ? "-" : percent(summary.spread());
        return value(summary.median(), unit) + " (" + value(summary.min(), unit) + " to " + value(summary.max(), unit)
                + ", spread " + spread + ")";
    }
}
