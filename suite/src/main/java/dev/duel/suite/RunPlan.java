package dev.duel.suite;

import java.util.ArrayList;
import java.util.List;

/**
 * One planned run: a fresh start of one target that measures one scenario, or several measured
 * together on it. Immutable.
 *
 * @param index      1-based position in the suite, which names the run's files
 * @param repetition 1-based
 */
public record RunPlan(int index, int repetition, String target, List<String> scenarios) {

    /** {@code 007-jdk25-json+products}: the run's file name without extension. */
    public String fileStem() {
        return String.format("%03d-%s-%s", index, target, String.join("+", scenarios));
    }

    /**
     * Every run a suite may make, in order: up to its maximum of repetitions (with a rule, the runs
     * past its minimum are made only while the interval is still too wide; {@link SuiteRunner}).
     */
    public static List<RunPlan> of(Suite suite) {
        return of(suite, suite.repetitions().max());
    }

    /**
     * The runs of the first {@code repetitions} repetitions, in order. Alternate: in each repetition
     * every target measures every scenario group, and the target order flips from one repetition to
     * the next (AB, BA, AB...), so that neither side always runs first, warmest or last; a run's
     * index does not depend on how many repetitions follow. Sequential: all runs of the first target,
     * then all of the second.
     */
    public static List<RunPlan> of(Suite suite, int repetitions) {
        List<List<String>> groups = new ArrayList<>();
        if (!suite.together().isEmpty()) {
            groups.add(suite.together());
        }
        for (Scenario scenario : suite.scenarios()) {
            if (!suite.together().contains(scenario.name())) {
                groups.add(List.of(scenario.name()));
            }
        }
        List<String> targets = suite.targets().stream().map(t -> t.name()).toList();
        List<RunPlan> plans = new ArrayList<>();
        if (suite.order() == Suite.Order.SEQUENTIAL) {
            for (String target : targets) {
                for (int repetition = 1; repetition <= repetitions; repetition++) {
                    for (List<String> group : groups) {
                        plans.add(new RunPlan(plans.size() + 1, repetition, target, group));
                    }
                }
            }
            return plans;
        }
        for (int repetition = 1; repetition <= repetitions; repetition++) {
            for (List<String> group : groups) {
                List<String> order = new ArrayList<>(targets);
                if (repetition % 2 == 0) {
                    java.util.Collections.reverse(order);
                }
                for (String target : order) {
                    plans.add(new RunPlan(plans.size() + 1, repetition, target, group));
                }
            }
        }
        return plans;
    }
}
