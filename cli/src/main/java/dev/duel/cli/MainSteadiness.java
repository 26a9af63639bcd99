package dev.duel.cli;

import dev.duel.analysis.MeanInterval;
import dev.duel.analysis.RunSteadyState;
import dev.duel.analysis.SteadyState;
import dev.duel.record.load.LoadResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Whether a phased {@code duel load} run was steady through main, in the summary's words: {@link RunSteadyState}, the
 * judge the report and the engine's auto warm-up ask, on the whole run (warm-up, then main). An auto warm-up that
 * looked steady cannot foresee a change later on (a target that speeds up after 20 s), so main is judged too, and a
 * main that moved says where, between which levels, and that main's numbers mix them; requests/s that alternated
 * between two levels say so, with how long each lasted and how well main's mean is known with them. Pure and
 * stateless.
 *
 * @param lines        for the summary: requests/s, then the levels they moved between when they did, then p99 when
 *                     it moved over main; empty for windowed runs and runs stopped before main
 * @param warnings     what the result's {@code warnings} gain for {@code --out}: the lines that say main was not
 *                     steady, or not at one level
 * @param mainInterval main's mean correct responses per second with its interval ({@link RunSteadyState#mainInterval}),
 *                     for the summary's main line; null for windowed runs, runs stopped before main and a main with
 *                     no whole second
 */
record MainSteadiness(List<String> lines, List<String> warnings, MeanInterval.Interval mainInterval) {
    MainSteadiness {
        lines = List.copyOf(lines);
        warnings = List.copyOf(warnings);
    }

    static MainSteadiness of(LoadResult result) {
        if (result.settings().windows() > 0 || result.main().durationMillis() <= 0) {
            return new MainSteadiness(List.of(), List.of(), null);
        }
        RunSteadyState run = RunSteadyState.of(result);
        List<String> lines = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        int least = SteadyState.Settings.DEFAULT.minSteadySeconds();
        int[] seconds = run.seconds();
        if (seconds.length < least) {
            lines.add(String.format(
                    Locale.ROOT,
                    "not judged: %d s of load with correct answers, fewer than the %d s a steady state needs",
                    seconds.length,
                    least));
            return new MainSteadiness(lines, warnings, run.mainInterval());
        }
        int mainStart = run.mainStartSecond();
        List<RunSteadyState.SegmentSpan> spans = run.segments();
        RunSteadyState.SegmentSpan last = spans.get(spans.size() - 1);
        if (run.steady() && run.steadyThroughMain()) {
            lines.add(
                    run.secondsToSteady() == 0
                            ? "steady through main, from the first correct response"
                            : String.format(
                                    Locale.ROOT,
                                    "steady through main, from second %d (%s after the first correct response)",
                                    run.steadyStartSecond(),
                                    wholeSeconds(run.secondsToSteady())));
        } else if (run.steady()) {
            int at = run.steadyStartSecond();
            String moved = String.format(
                    Locale.ROOT,
                    "main moved %s second %d (%d s into main): requests/s from %s to %s, steady from there (%s after"
                            + " the first correct response); the summary's numbers mix both levels",
                    changesInMain(spans, mainStart, at) == 1 ? "at" : "until",
                    at,
                    at - mainStart,
                    SummaryFormatter.number(levelAt(spans, mainStart)),
                    SummaryFormatter.number(run.steadyRequestsPerSecond()),
                    wholeSeconds(run.secondsToSteady()));
            lines.add(moved);
            warnings.add(moved);
        } else if (mainStart >= 0 && last.fromSecond() > mainStart) {
            int at = last.fromSecond();
            String from = SummaryFormatter.number(levelAt(spans, mainStart));
            String moved = changesInMain(spans, mainStart, at) == 1
                    ? String.format(
                            Locale.ROOT,
                            "no steady state: main moved at second %d (%d s into main): requests/s from %s to %s, not"
                                    + " steady by main's end; the summary's numbers mix both levels",
                            at,
                            at - mainStart,
                            from,
                            SummaryFormatter.number(last.mean()))
                    : String.format(
                            Locale.ROOT,
                            "no steady state: requests/s kept moving in main, from %s at its start to %s from second"
                                    + " %d (%d s into main); the summary's numbers mix these levels",
                            from,
                            SummaryFormatter.number(last.mean()),
                            at,
                            at - mainStart);
            lines.add(moved);
            warnings.add(moved);
        } else {
            String never = String.format(
                    Locale.ROOT,
                    "no steady state: requests/s did not settle by main's end (main's mean %s requests/s)",
                    SummaryFormatter.number(run.mainRequestsPerSecond()));
            lines.add(never);
            warnings.add(never);
        }
        String levels = run.levelsSentence();
        if (levels != null) {
            lines.add(levels);
            warnings.add(levels);
        }
        if (run.latencyMoving()) {
            String p99 = String.format(
                    Locale.ROOT,
                    "p99 moved %+.0f%% over main: main's latency percentiles are not a steady state's",
                    run.latencyChange() * 100);
            lines.add(p99);
            warnings.add(p99);
        }
        return new MainSteadiness(lines, warnings, run.mainInterval());
    }

    /** The mean requests/s of the segment that holds run second {@code second}. */
    private static double levelAt(List<RunSteadyState.SegmentSpan> spans, int second) {
        double level = Double.NaN;
        for (RunSteadyState.SegmentSpan span : spans) {
            if (span.fromSecond() <= second) {
                level = span.mean();
            }
        }
        return level;
    }

    /** How many segments began inside main, after its first second, up to run second {@code until}: 1 for a step. */
    private static int changesInMain(List<RunSteadyState.SegmentSpan> spans, int mainStart, int until) {
        int changes = 0;
        for (RunSteadyState.SegmentSpan span : spans) {
            if (span.fromSecond() > mainStart && span.fromSecond() <= until) {
                changes++;
            }
        }
        return changes;
    }

    private static String wholeSeconds(double seconds) {
        return String.format(Locale.ROOT, "%.0f s", seconds);
    }

    /** The result with {@link #warnings} added to its own, as {@code --out} writes it. */
    LoadResult warned(LoadResult result) {
        if (warnings.isEmpty()) {
            return result;
        }
        List<String> all = new ArrayList<>(result.warnings());
        all.addAll(warnings);
        return result.withWarnings(all);
    }
}
