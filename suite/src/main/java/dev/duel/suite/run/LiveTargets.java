package dev.duel.suite.run;

import dev.duel.targets.TargetProcess;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The targets duel runs now: one for a run made alone or an AOT cache training, two for a duet. An abort from another
 * thread stops them, and the gates leave their CPU out of the noise. Thread-safe: the runner adds and removes, any
 * thread reads.
 */
public final class LiveTargets {
    private final List<TargetProcess> live = new CopyOnWriteArrayList<>();

    /** A target started: from now on its CPU is duel's, not noise. */
    public void add(TargetProcess target) {
        live.add(target);
    }

    /** A target about to be stopped, or stopped. */
    public void remove(TargetProcess target) {
        live.remove(target);
    }

    /** The targets running now, in the order they started. */
    public List<TargetProcess> all() {
        return List.copyOf(live);
    }

    /**
     * CPU the running targets on this machine used since they started, nanoseconds; 0 while none runs. A target on a
     * load agent's machine uses none of this machine's CPU, which the gates read.
     */
    public long cpuNanosHere() {
        long sum = 0;
        for (TargetProcess target : live) {
            if (target.agent() == null) {
                sum += Math.max(0, target.read().cpuNanos());
            }
        }
        return sum;
    }
}
