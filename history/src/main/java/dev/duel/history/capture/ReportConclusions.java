package dev.duel.history.capture;

import dev.duel.history.HistoryEntry;
import dev.duel.report.model.Measure;
import dev.duel.report.model.Metric;
import dev.duel.report.model.Report;
import dev.duel.report.model.WarmupSection;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

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
        return dropRepeats(measurements);
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
        List<HistoryEntry.Comparison> unique = new ArrayList<>();
        for (HistoryEntry.Comparison c : comparisons) {
            HistoryEntry.Comparison last = unique.isEmpty() ? null : unique.get(unique.size() - 1);
            if (last == null
                    || !(last.scenario().equals(c.scenario())
                            && last.measure().equals(c.measure())
                            && last.baseline().equals(c.baseline())
                            && last.other().equals(c.other()))) {
                unique.add(c);
            }
        }
        return unique;
    }

    /** One row per scenario, target and measure: the first where a report repeats one. */
    private static List<HistoryEntry.Measurement> dropRepeats(List<HistoryEntry.Measurement> sorted) {
        List<HistoryEntry.Measurement> unique = new ArrayList<>();
        for (HistoryEntry.Measurement m : sorted) {
            HistoryEntry.Measurement last = unique.isEmpty() ? null : unique.get(unique.size() - 1);
            if (last == null
                    || !(last.scenario().equals(m.scenario())
                            && last.target().equals(m.target())
                            && last.measure().equals(m.measure()))) {
                unique.add(m);
            }
        }
        return unique;
    }
}
