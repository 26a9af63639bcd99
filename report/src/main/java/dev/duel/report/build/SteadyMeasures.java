package dev.duel.report.build;

import dev.duel.analysis.RunSteadyState;
import dev.duel.analysis.SteadyValues;
import dev.duel.record.RunRecord;
import dev.duel.record.load.WarmupEnd;
import dev.duel.record.load.WarmupMode;
import dev.duel.report.read.RunData;
import java.util.List;
import java.util.Locale;

/**
 * What the report says about steady-state values: which runs give a clean one is {@link SteadyValues}' rule (shared
 * with the suite's repetitions rule); here are the words for a scenario whose runs did not all settle, and what the user
 * can change. Stateless.
 */
final class SteadyMeasures {
    private SteadyMeasures() {}

    static final String NOTE =
            "steady state: requests/s is each run's mean over its steady seconds (outliers left out);"
                    + " latency, mean latency and CPU per request are main's. Every run counts: a run that never settled gives"
                    + " main's mean, one steady only inside main or whose p99 moved gives main's latency, and each is counted"
                    + " with its mark; a row shows the clean runs' result beside, and gives no verdict when the two disagree"
                    + " or a marked run lies outside its side's clean range. The other rows are main's";

    /** What a side whose runs never settled can change, from how its warm-ups were run. */
    enum Advice {
        /** Fixed warm-ups: wait for steady state instead, or warm up longer. */
        FIXED_WARMUP("use warmup: auto, or lengthen the warm-up"),
        /** Auto warm-ups that ran to their cap: the cap was too short for this target. */
        AUTO_CAPPED("raise maxWarmup: the warm-up ran to its cap"),
        /** Auto warm-ups that ended steady, yet the whole run did not settle: main moved on. */
        AUTO_STEADY("main moved after a warm-up that ended steady: lengthen main, or set a minWarmup past the change");

        final String words;

        Advice(String words) {
            this.words = words;
        }
    }

    /**
     * What a side whose runs never settled can change: its runs' warm-ups say whether they were fixed, ran to their
     * cap, or ended steady (records before schema 3, and windowed runs, count as fixed).
     */
    static Advice advice(List<RunData> runs, String scenario) {
        boolean capped = false;
        boolean auto = false;
        for (RunData run : runs) {
            RunRecord.ScenarioResult result = run.record().result(scenario);
            WarmupEnd end = result == null || result.load() == null
                    ? null
                    : result.load().warmupEnd();
            if (end != null && end.mode() == WarmupMode.AUTO) {
                auto = true;
                capped |= end.reason() == WarmupEnd.Reason.CAP;
            }
        }
        return capped ? Advice.AUTO_CAPPED : auto ? Advice.AUTO_STEADY : Advice.FIXED_WARMUP;
    }

    /**
     * "jdk25: 1 of 3 runs never reached steady state (the warm-up table says why for each): counted with main's mean,
     * marked; raise maxWarmup: the warm-up ran to its cap", said once for the scenario; null when every run settled.
     */
    static String unsettled(String target, List<RunSteadyState> steady, Advice advice) {
        long never = steady.stream().filter(r -> !r.steady()).count();
        if (never == 0) {
            return null;
        }
        return String.format(
                Locale.ROOT,
                "%s: %d of %d runs never reached steady state (the warm-up table says why for each): counted with"
                        + " main's values, marked; %s",
                target,
                never,
                steady.size(),
                advice.words);
    }

    static String neverSteady(String target, long never, int runs) {
        return String.format(Locale.ROOT, "%d of %d %s runs never reached steady state", never, runs, target);
    }
}
