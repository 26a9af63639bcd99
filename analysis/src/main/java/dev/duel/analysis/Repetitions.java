package dev.duel.analysis;

import dev.duel.record.RunRecord;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Whether a suite session's runs can be paired by repetition: the report and the suite's repetitions rule ask the same
 * question of the same records, so that they pair (or not) alike ({@link RatioVerdict.Side#pairs}). Stateless,
 * thread-safe.
 */
public final class Repetitions {
    private Repetitions() {}

    /**
     * True when every repetition's runs hold consecutive places in the plan: an alternating order (AB, BA, ...), where
     * the runs of one repetition ran one after another and what the machine did then touched them all. A sequential
     * order (every run of A, then every run of B) holds one repetition's runs far apart. Runs of one session only; an
     * attempt repeated after a disturbance keeps its place.
     */
    public static boolean backToBack(List<RunRecord> session) {
        return backToBack(
                session.stream().mapToInt(RunRecord::index).toArray(),
                session.stream().mapToInt(RunRecord::repetition).toArray());
    }

    /**
     * {@link #backToBack(List)} on each run's place in the plan ({@code indices[i]}, from 1) and repetition
     * ({@code repetitions[i]}).
     */
    static boolean backToBack(int[] indices, int[] repetitions) {
        // Read in the plan's order, each repetition is one block: none comes back once another has begun. A run whose
        // record is missing leaves a gap, not another repetition, between its neighbours.
        Integer[] order = new Integer[indices.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        java.util.Arrays.sort(order, java.util.Comparator.comparingInt(i -> indices[i]));
        Set<Integer> ended = new HashSet<>();
        Integer current = null;
        for (int i : order) {
            int repetition = repetitions[i];
            if (current == null || repetition != current) {
                if (current != null) {
                    ended.add(current);
                }
                if (ended.contains(repetition)) {
                    return false;
                }
                current = repetition;
            }
        }
        return true;
    }
}
