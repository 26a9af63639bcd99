package dev.duel.report.model;

import java.util.List;

/**
 * The runtime answer of a load scenario, from the timelines of its runs ({@code RunRecord.ScenarioResult.runtime}):
 * what the JIT cost until each run settled and what the JIT and the GC took once it had ({@code build.RuntimeAnswer}
 * says which seconds and runs count).
 *
 * @param rows        the runtime measures, one cell per target over its runs, a row only where some cell has a value
 * @param comparisons those rows against the baseline
 * @param largest     per target compared with the baseline, one sentence naming the largest runtime difference at
 *                    steady state, or why there is none ({@code build.RuntimeDifference})
 * @param runs        per target with a timeline, the run its chart shows
 */
public record RuntimeSection(
        List<Report.Row> rows, List<Report.Comparison> comparisons, List<String> largest, List<RuntimeRun> runs) {
    public RuntimeSection {
        rows = List.copyOf(rows);
        comparisons = List.copyOf(comparisons);
        largest = List.copyOf(largest);
        runs = List.copyOf(runs);
    }
}
