package dev.duel.history.export;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.duel.history.HistoryEntry;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A suite's history in the formats a team's existing tools read, so that a dashboard they already have can show it:
 *
 * <ul>
 *   <li>{@link Format#CSV}: one row per entry, oldest first, with {@code time} (ISO-8601), {@code commit}, {@code
 *       branch}, then one column per series ({@code scenario.target.measure}), each the value the report's verdict
 *       read; Apache Otava's CSV input (its {@code time} column, attribute columns, metric columns).
 *   <li>{@link Format#BMF}: Bencher Metric Format of the newest entry: {@code {"scenario/target": {"measure":
 *       {"value", "lower_value", "upper_value"}}}}, the bounds the lowest and highest run.
 *   <li>{@link Format#BENCHMARK_ACTION_BIGGER} and {@link Format#BENCHMARK_ACTION_SMALLER}: github-action-benchmark's
 *       {@code customBiggerIsBetter} and {@code customSmallerIsBetter} JSON of the newest entry: {@code [{"name",
 *       "unit", "value", "range", "extra"}]}, each with the measures of its direction.
 * </ul>
 *
 * Values that are not numbers are left out (an empty CSV cell). Stateless.
 */
public final class Exports {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private Exports() {}

    /** The formats, by the name {@code --format} takes. */
    public enum Format {
        CSV("csv"),
        BMF("bmf"),
        BENCHMARK_ACTION_BIGGER("benchmark-action-bigger"),
        BENCHMARK_ACTION_SMALLER("benchmark-action-smaller");

        private final String option;

        Format(String option) {
            this.option = option;
        }

        /** The name {@code --format} takes. */
        public String option() {
            return option;
        }

        /** The format named {@code option}, or null. */
        public static Format named(String option) {
            for (Format f : values()) {
                if (f.option.equals(option)) {
                    return f;
                }
            }
            return null;
        }
    }

    /** {@code entries} (one suite's, oldest first) in {@code format}. */
    public static String write(Format format, List<HistoryEntry> entries) {
        if (entries.isEmpty()) {
            throw new IllegalArgumentException("no entries to export");
        }
        HistoryEntry newest = entries.get(entries.size() - 1);
        return switch (format) {
            case CSV -> csv(entries);
            case BMF -> bmf(newest);
            case BENCHMARK_ACTION_BIGGER -> benchmarkAction(newest, true);
            case BENCHMARK_ACTION_SMALLER -> benchmarkAction(newest, false);
        };
    }

    static String csv(List<HistoryEntry> entries) {
        java.util.Set<String> columns = new java.util.LinkedHashSet<>();
        entries.forEach(entry -> entry.measurements().forEach(m -> columns.add(column(m))));
        StringBuilder csv = new StringBuilder("time,commit,branch");
        columns.forEach(c -> csv.append(',').append(cell(c)));
        csv.append('\n');
        for (HistoryEntry entry : entries) {
            Map<String, Double> values = new LinkedHashMap<>();
            entry.measurements().forEach(m -> values.put(column(m), m.central()));
            csv.append(entry.recordedAt())
                    .append(',')
                    .append(cell(entry.provenance().commit()))
                    .append(',')
                    .append(cell(entry.provenance().branch()));
            for (String column : columns) {
                Double value = values.get(column);
                csv.append(',');
                if (value != null && Double.isFinite(value)) {
                    csv.append(number(value));
                }
            }
            csv.append('\n');
        }
        return csv.toString();
    }

    /** A series' CSV column: "scenario.target.measure". */
    private static String column(HistoryEntry.Measurement m) {
        return m.scenario() + "." + m.target() + "." + m.measure();
    }

    static String bmf(HistoryEntry newest) {
        ObjectNode root = JSON.createObjectNode();
        for (HistoryEntry.Measurement m : newest.measurements()) {
            if (!Double.isFinite(m.central())) {
                continue;
            }
            ObjectNode benchmark = root.has(m.scenario() + "/" + m.target())
                    ? (ObjectNode) root.get(m.scenario() + "/" + m.target())
                    : root.putObject(m.scenario() + "/" + m.target());
            ObjectNode measure = benchmark.putObject(m.measure());
            measure.put("value", m.central());
            if (Double.isFinite(m.min()) && Double.isFinite(m.max())) {
                measure.put("lower_value", m.min());
                measure.put("upper_value", m.max());
            }
        }
        return text(root);
    }

    static String benchmarkAction(HistoryEntry newest, boolean bigger) {
        ArrayNode array = JSON.createArrayNode();
        for (HistoryEntry.Measurement m : newest.measurements()) {
            if (m.higherIsBetter() != bigger || !Double.isFinite(m.central())) {
                continue;
            }
            ObjectNode item = array.addObject();
            item.put("name", newest.suite() + " / " + m.scenario() + " / " + m.target() + " / " + m.label());
            item.put("unit", unit(m.unit()));
            item.put("value", m.central());
            if (Double.isFinite(m.min()) && Double.isFinite(m.max())) {
                item.put("range", number(m.min()) + " to " + number(m.max()));
            }
            item.put(
                    "extra",
                    m.centralName() + " of " + m.runs() + " run(s)"
                            + (m.marked() > 0 ? ", " + m.marked() + " marked" : "")
                            + (newest.provenance().commit() != null
                                    ? "; commit " + newest.provenance().commit()
                                    : ""));
        }
        return text(array);
    }

    /** The unit in words, as the report writes it. */
    static String unit(String unit) {
        return switch (unit) {
            case "RATE" -> "requests/s";
            case "MICROS" -> "µs";
            case "MILLIS" -> "ms";
            case "SECONDS" -> "s";
            case "CORES" -> "cores";
            case "SHARE" -> "share";
            case "BYTES" -> "bytes";
            case "CHANGE" -> "change";
            default -> "count";
        };
    }

    private static String text(Object node) {
        try {
            return JSON.writeValueAsString(node) + "\n";
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("a tree of numbers and strings always writes", e);
        }
    }

    /** Six significant digits, no trailing zeros, never an exponent: "13765.5", "0.99", "190057000". */
    static String number(double value) {
        return new java.math.BigDecimal(value)
                .round(new java.math.MathContext(6))
                .stripTrailingZeros()
                .toPlainString();
    }

    /** A CSV cell: quoted when it holds a comma, a quote or a line break; empty for null. */
    private static String cell(String text) {
        if (text == null) {
            return "";
        }
        return text.contains(",") || text.contains("\"") || text.contains("\n")
                ? "\"" + text.replace("\"", "\"\"") + "\""
                : text;
    }
}
