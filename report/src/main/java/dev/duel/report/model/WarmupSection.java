package dev.duel.report.model;

import java.util.List;

/**
 * The warm-up answer of a load scenario: how each valid run's per-second series behaved (see
 * {@link dev.duel.analysis.RunSteadyState} for which seconds count), and per target the time to steady state and the warm-up cost of
 * the runs that reached one, compared with the baseline.
 *
 * @param runs        every valid run of the scenario, in run order
 * @param rows        "time to steady state" (seconds) and "warm-up cost" (requests), one
 *                    cell per target over its steady runs; runs that never settled are counted in the cell
 * @param comparisons those rows against the baseline
 */
public record WarmupSection(List<WarmupRun> runs, List<Report.Row> rows, List<Report.Comparison> comparisons) {
    public WarmupSection {
        runs = List.copyOf(runs);
        rows = List.copyOf(rows);
        comparisons = List.copyOf(comparisons);
    }
}
