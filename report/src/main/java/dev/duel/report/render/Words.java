package dev.duel.report.render;

import dev.duel.analysis.RunSteadyState;
import dev.duel.report.model.Format;
import dev.duel.report.model.Metric;
import dev.duel.report.model.Report;
import dev.duel.report.model.Summary;
import dev.duel.report.model.WarmupRun;
import dev.duel.report.model.WarmupSection;
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
        return "Each cell is the geometric mean over the runs of a target (the median for counts and shares), the value "
                + "its verdict compares, then (min to max, spread = (max - min) / median), "
                + "and the runs counted with a mark in brackets. Every run counts: a run that never settled gives main's "
                + "mean, one with thin samples its percentiles, an invalid or failed one its values, each marked; a row "
                + "shows the clean runs' result beside its verdict and gives none when the two disagree in direction, "
                + "a marked run lies outside what its side's clean runs predict for one more run (a 95% prediction "
                + "interval on logs), or fewer than 3 runs (paired: repetitions) are clean to check the marked ones "
                + "against. Requests/s counts correct responses only. "
                + "Comparisons are the ratio of geometric means against the baseline " + report.baseline()
                + " (shares: the difference in points): " + report.method() + ". A row gives no verdict where a "
                + "reason undermines it (runs lost, the target throttled above the bound, limits not enforced, the "
                + "host's speed drifted); the pair's shared reasons are said once. Requests/s is each run's mean over "
                + "its steady seconds; latency and CPU per request are main's.";
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
    static List<List<String>> warmupRuns(WarmupSection warmup) {
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of(
                "run",
                "target",
                "classification",
                "time to steady state",
                "warm-up cost (requests)",
                "steady requests/s",
                "steady through main"));
        for (WarmupRun run : warmup.runs()) {
            boolean steady = run.secondsToSteady() >= 0;
            rows.add(List.of(
                    run.run(),
                    run.target(),
                    classification(run.classification()),
                    steady ? String.format(Locale.ROOT, "%.0f s", run.secondsToSteady()) : "-",
                    steady ? Format.value(run.warmupCostRequests(), Metric.Unit.COUNT) : "-",
                    steady ? Format.value(run.steadyRequestsPerSecond(), Metric.Unit.RATE) : "-",
                    steady ? (run.steadyThroughMain() ? "yes" : "no: latency and CPU marked") : "-"));
        }
        return rows;
    }

    /**
     * In run order, why each run that never reached steady state did not ("003 jdk25: requests/s reached no steady
     * state (...)"), and the levels of each run whose requests/s alternated between two ("004 jdk17: requests/s
     * alternated between two levels: ...").
     */
    static List<String> warmupNotes(WarmupSection warmup) {
        List<String> notes = new ArrayList<>();
        for (WarmupRun run : warmup.runs()) {
            String name = run.run() + " " + run.target() + ": ";
            if (run.secondsToSteady() < 0) {
                notes.add(name + run.why());
            }
            if (run.levels() != null) {
                notes.add(name + RunSteadyState.levelsSentence(run.levels(), run.mainInterval()));
            }
        }
        return notes;
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

    /**
     * The pair's shared reasons as the header says them: throttling, which takes only the latency rows' verdicts when
     * both sides ran under one CPU quota, names the rows it takes.
     */
    static String pairReasonsText(List<Report.Comparison> comparisons, List<String> reasons) {
        List<String> text = new ArrayList<>();
        for (String reason : reasons) {
            List<String> rows = comparisons.stream()
                    .filter(c -> c.reasons().contains(reason))
                    .map(Report.Comparison::measure)
                    .toList();
            boolean some = comparisons.stream()
                    .anyMatch(c -> !c.reasons().contains(reason) && c.measure().equals("rps"));
            text.add(
                    some && reason.contains(" throttled above ")
                            ? reason + " (the latency rows: " + String.join(", ", rows) + ")"
                            : reason);
        }
        return String.join("; ", text);
    }

    /**
     * The reasons a pair's rows share (throttling, limits not enforced, host drift, runs lost): said once for the pair,
     * not on every row. A reason counts when two or more of the pair's rows carry it.
     */
    static List<String> pairReasons(List<Report.Comparison> comparisons) {
        List<String> shared = new ArrayList<>();
        for (Report.Comparison c : comparisons) {
            for (String reason : c.reasons()) {
                if (!shared.contains(reason)
                        && comparisons.stream()
                                        .filter(x -> x.reasons().contains(reason))
                                        .count()
                                >= 2) {
                    shared.add(reason);
                }
            }
        }
        return shared;
    }

    /** The runs every row of a pair rests on, when they are the same for all (said once above the table); else null. */
    static String sharedRuns(List<Report.Comparison> comparisons) {
        List<String> runs =
                comparisons.stream().map(Report.Comparison::runs).distinct().toList();
        return comparisons.size() > 1 && runs.size() == 1 && !runs.get(0).isEmpty() ? runs.get(0) : null;
    }

    /**
     * Whether a row's table cells already say its sentence: a change with its 95% interval (better, worse, different)
     * and nothing beside it (no reason, no clean runs' result). "The same" keeps its sentence (its 90% interval is not
     * the table's), as do "cannot tell" (what these runs could detect) and every row without a verdict (why).
     */
    static boolean saidByTheTable(Report.Comparison c, List<String> pairReasons) {
        return switch (c.verdict()) {
            case BETTER, WORSE, DIFFERENT -> sentence(c, pairReasons).equals(c.sentence());
            default -> false;
        };
    }

    /**
     * A row's sentence with the reasons it has beyond the pair's ({@link #pairReasons}), and the clean runs' result
     * when some runs were counted with a mark.
     */
    static String sentence(Report.Comparison c, List<String> pairReasons) {
        StringBuilder text = new StringBuilder(c.sentence());
        List<String> own =
                c.reasons().stream().filter(r -> !pairReasons.contains(r)).toList();
        if (!own.isEmpty()) {
            text.append(": ").append(String.join("; ", own));
        } else if (!c.reasons().isEmpty()) {
            text.append(": the reasons above");
        }
        String clean = clean(c);
        if (clean != null) {
            text.append("; ").append(clean);
        }
        return text.toString();
    }

    /**
     * "clean runs only (2 v 3): -19%, CI -30% to -6%", "clean repetitions only (1): -0.5%, no interval", or null when
     * every run was clean.
     */
    static String clean(Report.Comparison c) {
        Report.CleanResult clean = c.steadyOnly();
        if (clean == null || c.verdict() == Report.Verdict.NOT_COMPARABLE && Double.isNaN(clean.ratio())) {
            return null;
        }
        if (Double.isNaN(clean.ratio())) {
            return clean.label() + ": no ratio";
        }
        return String.format(
                Locale.ROOT,
                "%s: %s%s",
                clean.label(),
                Format.change(clean.ratio()),
                clean.low() > 0 && Double.isFinite(clean.high())
                        ? ", CI " + Format.change(clean.low()) + " to " + Format.change(clean.high())
                        : ", no interval");
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
