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
     * index does not depend on how many repetitions follow. Random: as alternate, each group's order of targets drawn
     * afresh in every repetition from the suite's seed ({@link #drawnOrder}). Sequential: all runs of the first target,
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
                if (suite.order() == Suite.Order.RANDOM) {
                    order = drawnOrder(targets, suite.seed(), repetition, groups.indexOf(group));
                } else if (repetition % 2 == 0) {
                    java.util.Collections.reverse(order);
                }
                for (String target : order) {
                    plans.add(new RunPlan(plans.size() + 1, repetition, target, group));
                }
            }
        }
        return plans;
    }

    /**
     * The order of {@code targets} in one repetition's run of one scenario group under {@code order: random}: a
     * permutation drawn with {@link java.util.Random} (whose sequence the Java specification fixes, so every JDK
     * draws the same) seeded from the suite's seed, the repetition and the group alone. So the plan of a repetition
     * never depends on how many follow, and a resumed suite, or {@code --dry-run}, draws the order the runs have.
     */
    static List<String> drawnOrder(List<String> targets, long seed, int repetition, int group) {
        List<String> order = new ArrayList<>(targets);
        // A splitmix64 step spreads neighbouring (seed, repetition, group) over unrelated Random seeds.
        long mixed = seed * 0x9E3779B97F4A7C15L + repetition * 0xBF58476D1CE4E5B9L + group * 0x94D049BB133111EBL;
        mixed = (mixed ^ (mixed >>> 30)) * 0xBF58476D1CE4E5B9L;
        mixed = (mixed ^ (mixed >>> 27)) * 0x94D049BB133111EBL;
        java.util.Collections.shuffle(order, new java.util.Random(mixed ^ (mixed >>> 31)));
        return order;
    }
}
