package dev.duel.suite;

import dev.duel.load.ProgressListener;
import dev.duel.record.Phase;
import dev.duel.record.RunRecord;
import dev.duel.record.load.SecondResult;

/** Told what a running suite does, for a progress display. Called from the runner's thread only. */
public interface SuiteListener {
    default void suiteStarted(Suite suite, int totalRuns, int alreadyDone) {}

    default void message(String text) {}

    /** A run (or its repeat after a noisy attempt) begins. */
    default void runStarted(RunPlan plan, int attempt) {}

    /** What the run is doing now: "waiting for a quiet machine", "starting jdk25"... */
    default void stage(RunPlan plan, String what) {}

    /**
     * A scenario's phase begins (warm-up, gap, main). The engine reports the last second of the
     * previous phase after this call.
     */
    default void phase(RunPlan plan, String scenario, Phase phase) {
        stage(plan, scenario + ": " + phase.label());
    }

    default void second(RunPlan plan, String scenario, SecondResult second, ProgressListener.RunStatus status) {}

    /** What the environment's capture warned of before the first run ("CPU frequency scaling is not visible..."). */
    default void environmentWarned(java.util.List<String> warnings) {
        warnings.forEach(warning -> message("warning: " + warning));
    }

    /**
     * The repetitions' rule looked after a repetition: one decision per scenario it reads, the suite's stop in each
     * but where a scenario's own answer is met (it is then left out of later repetitions). Said as one line each unless
     * a listener says otherwise; a scenario settled at an earlier look, whose decision is that look's, is not said
     * again.
     */
    default void repetitionsDecided(java.util.List<dev.duel.record.RepetitionDecision> decisions) {
        int look = decisions.stream()
                .mapToInt(dev.duel.record.RepetitionDecision::repetitions)
                .max()
                .orElse(0);
        decisions.stream()
                .filter(decision -> decision.repetitions() == look)
                .forEach(decision -> message(decision.describe()));
    }

    /** @param last false for an attempt discarded for noise that will be repeated */
    default void runEnded(RunPlan plan, RunRecord record, boolean last) {}

    default void suiteEnded(SuiteOutcome outcome) {}

    SuiteListener NONE = new SuiteListener() {};
}
