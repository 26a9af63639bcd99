package dev.duel.report.render;

import dev.duel.report.model.Format;
import dev.duel.report.model.Metric;
import dev.duel.report.model.Report;
import dev.duel.report.model.Summary;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Shared wording of renderers, so that every format says the same thing. Stateless. */
final class Words {
    private Words() {}

    /** The measure a comparison row names: its row's label, or its key when the scenario's rows have none. */
    static String label(Report.ScenarioReport scenario, Report.Comparison c) {
        Report.Row row = scenario.row(c);
        return row == null ? c.measure() : row.measure().label();
    }

    static String steady(Report.Curve curve, String target) {
        int window = curve.steadyWindow().getOrDefault(target, 0);
        if (window == 0) {
            return target + " did not settle within 5% of its last two windows";
        }
        return String.format(
                Locale.ROOT,
                "%s steady from window %d (after %.0f s)",
                target,
                window,
                (window - 1) * curve.windowSeconds());
    }

    static String howToRead(Report report) {
        return "Each cell is the median over valid runs, then (min to max, spread = (max - min) / median); the errors "
                + "measures count failed runs too. Requests/s counts correct responses only. Latency percentiles of runs "
                + "whose main phase held fewer than 1,000 correct responses are left out. Comparisons are the ratio of medians against the "
                + "baseline " + report.baseline() + " (shares: the difference in points), with a 95% interval: "
                + report.method()
                + ". \"Within noise\" means the interval contains no change. Each row says how many runs each side's value "
                + "came from, of how many planned, and which were lost and why. A row gives no better or worse when a side "
                + "lost runs that would have moved it (failed runs; thin-sample runs for percentiles, which leave only the "
                + "faster runs), when a side has runs that never reached steady state, the target was throttled above the "
                + "bound or its limits were not enforced: it says \"not comparable\" and every reason. Requests/s is "
                + "each run's steady-state mean; latency and CPU per request come only from runs steady through all of "
                + "main.";
    }

    /** A scenario's measures x targets, header row first. */
    static List<List<String>> measureTable(Report.ScenarioReport scenario) {
        return measureTable(scenario.targets(), scenario.rows());
    }

    static List<List<String>> measureTable(List<String> targets, List<Report.Row> measures) {
        List<List<String>> rows = new ArrayList<>();
        List<String> header = new ArrayList<>();
        header.add("measure");
        header.addAll(targets);
        rows.add(header);
        for (Report.Row row : measures) {
            List<String> cells = new ArrayList<>();
            cells.add(row.measure().label());
            row.cells().forEach(c -> cells.add(Format.cell(row, c)));
            rows.add(cells);
        }
        return rows;
    }

    /** What the warm-up answer is made from, said once under its heading. */
    static final String WARMUP_INTRO = "each run's requests/s and p99 per second over warm-up and main (the gap's "
            + "seconds and any second a phase edge cuts left out), from the second of the first correct answer, "
            + "classified as flat, warm-up, slowdown or no steady state; time to steady state runs from that second "
            + "to the start of the final segment (gap included when it starts in main); warm-up cost is the requests "
            + "the run would have served before it at its steady rate, minus those it served";

    /** The warm-up answer's runs, header row first. */
    static List<List<String>> warmupRuns(Report.Warmup warmup) {
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of(
                "run",
                "target",
                "classification",
                "time to steady state",
                "warm-up cost (requests)",
                "steady requests/s",
                "steady through main"));
        for (Report.WarmupRun run : warmup.runs()) {
            boolean steady = run.secondsToSteady() >= 0;
            rows.add(List.of(
                    run.run(),
                    run.target(),
                    classification(run.classification()),
                    steady ? String.format(Locale.ROOT, "%.0f s", run.secondsToSteady()) : "-",
                    steady ? Format.value(run.warmupCostRequests(), Metric.Unit.COUNT) : "-",
                    steady ? Format.value(run.steadyRequestsPerSecond(), Metric.Unit.RATE) : "-",
                    steady ? (run.steadyThroughMain() ? "yes" : "no: latency and CPU left out") : "-"));
        }
        return rows;
    }

    /** Why each run that never reached steady state did not: "003 jdk25: requests/s reached no steady state (...)". */
    static List<String> unsteadyReasons(Report.Warmup warmup) {
        return warmup.runs().stream()
                .filter(r -> r.secondsToSteady() < 0)
                .map(r -> r.run() + " " + r.target() + ": " + r.why())
                .toList();
    }

    static String classification(dev.duel.analysis.SteadyState.Classification classification) {
        return switch (classification) {
            case FLAT -> "flat";
            case WARMUP -> "warm-up";
            case SLOWDOWN -> "slowdown";
            case NO_STEADY_STATE -> "no steady state";
        };
    }

    /** The warm-up answer's per-target rows (time to steady state, warm-up cost), header row first. */
    static List<List<String>> warmupTable(Report.ScenarioReport scenario) {
        return measureTable(scenario.targets(), scenario.warmup().rows());
    }

    /** A warm-up curve's windows x targets (median, then range), header row first. */
    static List<List<String>> curveTable(Report.Curve curve) {
        List<List<String>> rows = new ArrayList<>();
        List<String> header = new ArrayList<>();
        header.add("window");
        header.addAll(curve.windows().keySet());
        rows.add(header);
        int count = curve.windows().values().stream().mapToInt(List::size).max().orElse(0);
        for (int w = 0; w < count; w++) {
            List<String> cells = new ArrayList<>();
            cells.add(String.format(
                    Locale.ROOT,
                    "%d (%.0f-%.0f s)",
                    w + 1,
                    w * curve.windowSeconds(),
                    (w + 1) * curve.windowSeconds()));
            for (List<Summary> windows : curve.windows().values()) {
                cells.add(
                        w < windows.size()
                                ? Format.value(windows.get(w).median(), Metric.Unit.RATE) + " ("
                                        + Format.value(windows.get(w).min(), Metric.Unit.RATE) + " to "
                                        + Format.value(windows.get(w).max(), Metric.Unit.RATE) + ")"
                                : "-");
            }
            rows.add(cells);
        }
        return rows;
    }

    /** Distinct warnings of a group of comparisons, in order: rows refer to them by number. */
    static List<String> distinctWarnings(List<Report.Comparison> comparisons) {
        List<String> distinct = new ArrayList<>();
        comparisons.forEach(
                c -> c.warnings().stream().filter(w -> !distinct.contains(w)).forEach(distinct::add));
        return distinct;
    }

    /** "[1] [2]": the row's warnings as numbers into {@link #distinctWarnings}. */
    static String warningRefs(Report.Comparison comparison, List<String> distinct) {
        return String.join(
                " ",
                comparison.warnings().stream()
                        .map(w -> "[" + (distinct.indexOf(w) + 1) + "]")
                        .toList());
    }
}
