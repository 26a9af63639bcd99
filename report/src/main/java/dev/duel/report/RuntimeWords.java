package dev.duel.report;

import java.util.ArrayList;
import java.util.List;

/** The runtime answer's words, shared by every renderer so that they say the same thing. Stateless. */
final class RuntimeWords {
    private RuntimeWords() {}

    /** What the runtime rows are made from, said once under their heading. */
    static final String INTRO = "from each run's timeline of its target's threads (and its JFR recording where the "
            + "target ran with profile: jfr), on the load's time axis and read against the run's own steady state. JIT "
            + "CPU until steady state is the C1 and C2 compiler threads' CPU from the start of the load to the steady "
            + "start. The rows at steady state are over the steady seconds (those of its steady requests/s, the gap "
            + "left out), a window counting by the part of it inside them: JIT CPU share and GC+VM thread CPU share "
            + "are of all of the target's CPU (with Serial GC the VM thread does the collecting), GC pause share is "
            + "pause time over wall time, allocation per request is bytes allocated over correct responses. A run "
            + "whose timeline covers less than 90% of those seconds, or that never reached steady state, gives none "
            + "of them. The largest difference is the steady-state row with the largest ratio of medians among those "
            + "with values on both sides and above a floor (shares 0.5% of time or CPU, JIT share 1%, allocation "
            + "1 KiB per request, deoptimizations 1 per second), named as a difference only when its row has a verdict";

    /** The runtime rows x targets, header row first. */
    static List<List<String>> table(Report.ScenarioReport scenario) {
        return Words.measureTable(scenario.targets(), scenario.runtime().rows());
    }

    /** The largest difference per comparison, then each row's comparison sentence. */
    static List<String> sentences(Report.Runtime runtime) {
        List<String> lines = new ArrayList<>(runtime.largest());
        runtime.comparisons().forEach(c -> lines.add(c.sentence()));
        return lines;
    }

    /** "jdk17: run 005, the median by steady requests/s of 6 steady runs with a timeline": which run a chart shows. */
    static String chartRun(Report.RuntimeRun run) {
        return run.target() + ": run " + run.run() + ", " + run.chosen()
                + (run.steadyStartSecond() >= 0 ? ", steady from second " + run.steadyStartSecond() : "");
    }
}
