package dev.duel.report.render;

import dev.duel.report.model.Report;
import dev.duel.report.model.RuntimeSection;
import java.util.ArrayList;
import java.util.List;

/** The runtime answer's words, shared by every renderer so that they say the same thing. Stateless. */
final class RuntimeWords {
    private RuntimeWords() {}

    /** What the runtime rows are made from, said once under their heading. */
    static final String INTRO = "from each run's CPU by thread kind (and its JFR recording, with profile: jfr), on the "
            + "load's time axis. JIT CPU until steady state: the C1 and C2 compiler threads' CPU from the start of the "
            + "load to the run's steady start. At steady state: over the run's steady seconds (the gap left out), each "
            + "window counted by its overlap with them; CPU shares are of all of the target's CPU (Serial GC collects "
            + "in the VM thread), GC pause share is pause time over wall time, allocation per request is bytes "
            + "allocated over correct responses. A run that never reached steady state, or whose timeline covers "
            + "under 90% of those seconds, gives none. The largest difference is the steady-state row with the "
            + "largest ratio of medians, among rows with values on both sides above a floor, named as a difference "
            + "only when its row has a verdict";

    /** The runtime rows x targets, header row first. */
    static List<List<String>> table(Report.ScenarioReport scenario) {
        return Words.measureTable(scenario.targets(), scenario.runtime().rows());
    }

    /** The largest difference per comparison, the rows' shared reasons once, then each row's comparison sentence. */
    static List<String> sentences(RuntimeSection runtime) {
        List<String> lines = new ArrayList<>(runtime.largest());
        List<String> reasons = Words.pairReasons(runtime.comparisons());
        if (!reasons.isEmpty()) {
            lines.add("not comparable: " + String.join("; ", reasons));
        }
        runtime.comparisons().forEach(c -> lines.add(Words.sentence(c, reasons)));
        return lines;
    }
}
