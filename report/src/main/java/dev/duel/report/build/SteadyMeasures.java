package dev.duel.report.build;

import dev.duel.analysis.RunSteadyState;
import dev.duel.analysis.SteadyValues;
import dev.duel.report.model.Report;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What the report says about steady-state values: which runs give one is {@link SteadyValues}' rule (shared with the
 * suite's repetitions rule); here are the words for cells and comparisons that lost runs to it. Stateless.
 */
final class SteadyMeasures {
    private SteadyMeasures() {}

    static final String NOTE = "steady state: requests/s is each run's mean over its steady seconds (the final segment "
            + "of its per-second series, outliers left out); latency, mean latency and CPU per request are main's, "
            + "from runs whose steady state covers all of main; a run that never reached steady state gives none of "
            + "them. The other rows are main's";

    /** A cell's text when every run was left out for its steady state. */
    static String missing(int unsteady, int steadyInsideMain) {
        if (steadyInsideMain == 0) {
            return "no run reached steady state";
        }
        return unsteady == 0
                ? "no run was steady through all of main"
                : "no run was steady through all of main (" + unsteady + " never steady)";
    }

    /**
     * "1 of 6 jdk17 runs reached steady state only inside main": a side's latency or CPU value lost runs whose main
     * phase mixes warm-up in. Runs that never reached one are said by {@link #undermining}, for every row.
     */
    static List<String> lost(String target, Report.Cell cell) {
        // Runs steady only inside main settled later than the rest, not never: they count with the never-steady
        // ones under the majority rule, so that a side is never judged more harshly for a run that did settle.
        if (cell.steadyInsideMainRuns() == 0 || enoughSteady(cell)) {
            return List.of();
        }
        int all = cell.runs() + cell.thinRuns() + cell.unsteadyRuns() + cell.steadyInsideMainRuns();
        return List.of(String.format(
                Locale.ROOT,
                "%d of %d %s runs reached steady state only inside main",
                cell.steadyInsideMainRuns(),
                all,
                target));
    }

    /**
     * A side where half or more of the runs never reached a steady state ({@link #enoughSteady}) has no steady-state
     * verdict on any row: the warning in full, mapped to its reason in a few words ("2 of 3 jdk25 runs never reached
     * steady state"); empty when every run reached one or when most did ({@link #partial} warns then).
     */
    static Map<String, String> undermining(String target, List<RunSteadyState> runs) {
        return undermining(target, runs, Advice.FIXED_WARMUP);
    }

    /** What a side whose runs never settled can change, from how its warm-ups were run. */
    enum Advice {
        /** Fixed warm-ups: wait for steady state instead, or warm up longer. */
        FIXED_WARMUP("use warmup: auto, or lengthen the warm-up"),
        /** Auto warm-ups that ran to their cap: the cap was too short for this target. */
        AUTO_CAPPED("raise maxWarmup: the warm-up ran to its cap"),
        /** Auto warm-ups that ended steady, yet the whole run did not settle: main moved on. */
        AUTO_STEADY("lengthen main, or raise maxWarmup: the warm-up looked steady but the run moved on");

        final String words;

        Advice(String words) {
            this.words = words;
        }
    }

    static Map<String, String> undermining(String target, List<RunSteadyState> runs, Advice advice) {
        long never = runs.stream().filter(r -> !r.steady()).count();
        Map<String, String> warnings = new LinkedHashMap<>();
        if (never > 0 && !enoughSteady(runs.size() - never, runs.size())) {
            warnings.put(
                    String.format(
                            Locale.ROOT,
                            "%s: %d of %d runs never reached steady state (the warm-up table says why for each): no "
                                    + "steady-state verdict; %s",
                            target,
                            never,
                            runs.size(),
                            advice.words),
                    neverSteady(target, never, runs.size()));
        }
        return warnings;
    }

    /** {@link SteadyValues#enoughSteady}: shared with the repetitions rule, which must not stop where no verdict is. */
    static boolean enoughSteady(long steady, int runs) {
        return SteadyValues.enoughSteady(steady, runs);
    }

    /**
     * Whether a cell's value stands on enough of its runs: those it left out for their steady state (never steady, or
     * steady only inside main) count against it, under the one majority rule.
     */
    static boolean enoughSteady(Report.Cell cell) {
        return enoughSteady(cell.runs(), cell.runs() + cell.unsteadyRuns() + cell.steadyInsideMainRuns());
    }

    /**
     * "jdk25: 1 of 3 runs never reached steady state: ..." for a side that still has a verdict ({@link #enoughSteady});
     * empty when every run settled or when the side has none ({@link #undermining} says so then).
     */
    static List<String> partial(String target, List<RunSteadyState> runs, Advice advice) {
        long never = runs.stream().filter(r -> !r.steady()).count();
        if (never == 0 || !enoughSteady(runs.size() - never, runs.size())) {
            return List.of();
        }
        return List.of(String.format(
                Locale.ROOT,
                "%s: %d of %d runs never reached steady state (the warm-up table says why for each): requests/s, "
                        + "latency and CPU per request use the %d that did and count the one(s) left out; the other "
                        + "rows are main's, from every run; %s",
                target,
                never,
                runs.size(),
                runs.size() - never,
                advice.words));
    }

    static String neverSteady(String target, long never, int runs) {
        return String.format(Locale.ROOT, "%d of %d %s runs never reached steady state", never, runs, target);
    }
}
