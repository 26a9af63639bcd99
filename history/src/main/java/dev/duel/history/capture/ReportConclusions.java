package dev.duel.history.capture;

import dev.duel.history.HistoryEntry;
import dev.duel.report.model.Measure;
import dev.duel.report.model.Metric;
import dev.duel.report.model.Report;
import dev.duel.report.model.WarmupSection;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A report's conclusions as history rows: each scenario's table (main's measures, then the warm-up answer's) cell by
 * cell, with the centre the verdicts read ({@link Measure#central}), and each comparison. Cells without a value are
 * left out: the history keeps values, and the report keeps why a cell has none. Rows come sorted by scenario, target
 * and measure (comparisons by scenario, measure and targets), the order the store reads them back in. Stateless.
 */
public final class ReportConclusions {
    private ReportConclusions() {}

    /** Each scenario's cells with a value. */
    public static List<HistoryEntry.Measurement> measurements(Report report) {
        List<HistoryEntry.Measurement> measurements = new ArrayList<>();
        for (Report.ScenarioReport scenario : report.scenarios()) {
            List<Report.Row> rows = new ArrayList<>(scenario.rows());
            WarmupSection warmup = scenario.warmup();
            if (warmup != null) {
                rows.addAll(warmup.rows());
            }
            for (Report.Row row : rows) {
                for (int i = 0; i < row.cells().size() && i < scenario.targets().size(); i++) {
                    Report.Cell cell = row.cells().get(i);
                    if (cell.summary() == null) {
                        continue;
                    }
                    Measure measure = row.measure();
                    measurements.add(new HistoryEntry.Measurement(
                            scenario.name(),
                            scenario.targets().get(i),
                            measure.key(),
                            measure.label(),
                            measure.unit().name(),
                            measure.direction() == Metric.Direction.HIGHER,
                            measure.centralName(cell.summary()),
                            measure.central(cell.summary()),
                            cell.summary().median(),
                            cell.summary().min(),
                            cell.summary().max(),
                            cell.runs(),
                            cell.marked().size(),
                            Arrays.stream(cell.summary().values()).boxed().toList()));
                }
            }
        }
        measurements.sort(Comparator.comparing(HistoryEntry.Measurement::scenario)
                .thenComparing(HistoryEntry.Measurement::target)
                .thenComparing(HistoryEntry.Measurement::measure));
        return firstOfEach(measurements, m -> List.of(m.scenario(), m.target(), m.measure()));
    }

    /** Each comparison the report made, main's and the warm-up answer's. */
    public static List<HistoryEntry.Comparison> comparisons(Report report) {
        List<HistoryEntry.Comparison> comparisons = new ArrayList<>();
        for (Report.ScenarioReport scenario : report.scenarios()) {
            List<Report.Comparison> all = new ArrayList<>(scenario.comparisons());
            if (scenario.warmup() != null) {
                all.addAll(scenario.warmup().comparisons());
            }
            for (Report.Comparison c : all) {
                comparisons.add(new HistoryEntry.Comparison(
                        scenario.name(),
                        c.measure(),
                        c.baseline(),
                        c.other(),
                        c.ratio(),
                        c.low(),
                        c.high(),
                        c.verdict(),
                        c.sameWithin()));
            }
        }
        comparisons.sort(Comparator.comparing(HistoryEntry.Comparison::scenario)
                .thenComparing(HistoryEntry.Comparison::measure)
                .thenComparing(HistoryEntry.Comparison::baseline)
                .thenComparing(HistoryEntry.Comparison::other));
        return firstOfEach(comparisons, c -> List.of(c.scenario(), c.measure(), c.baseline(), c.other()));
    }

    /** One row per key, the first in order where a report repeats one (the store's key allows one). */
    private static <T> List<T> firstOfEach(List<T> sorted, Function<T, List<String>> key) {
        Map<List<String>, T> first = new LinkedHashMap<>();
        sorted.forEach(row -> first.putIfAbsent(key.apply(row), row));
        return new ArrayList<>(first.values());
    }
}
