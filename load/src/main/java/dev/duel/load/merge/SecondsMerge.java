package dev.duel.load.merge;

import dev.duel.load.engine.Results;
import dev.duel.record.Histograms;
import dev.duel.record.Phase;
import dev.duel.record.load.SecondResult;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * Adds the per-second series of several load agents that run one plan together, second by second: a second is
 * complete once every agent still taking part has reported it (or a later second), and is then handed out once, in
 * order, with its counts summed and its percentiles read from the added histograms (never averaged). An agent that
 * is lost, or has finished, is no longer waited for. Each agent reports its seconds in increasing order (it may
 * skip one, which then holds nothing of it).
 *
 * <p>Not thread-safe: one per run, used by the thread that reads the agents' events.
 */
public final class SecondsMerge {
    /**
     * One merged second.
     *
     * @param second  the agents' counts summed, p50/p99/max read from {@code latency}
     * @param latency the added histogram of the second's correct responses (ns), owned by the caller from now on
     */
    public record MergedSecond(SecondResult second, Histogram latency) {}

    private static final int NOTHING_YET = -1;

    private final int agents;
    /** Per agent: the last second it reported, {@link #NOTHING_YET} before its first. */
    private final int[] lastReported;
    /** Per agent: no longer waited for (lost, or finished). */
    private final boolean[] done;

    private final TreeMap<Integer, Pending> pending = new TreeMap<>();
    /** Every second below this one has been handed out. */
    private int nextSecond;

    private static final class Pending {
        Phase phase;
        long ok;
        long failures;
        final Histogram latency = Histograms.newLatencyHistogram();
    }

    /** @param agents how many agents share the plan, at least 1 */
    public SecondsMerge(int agents) {
        if (agents < 1) {
            throw new IllegalArgumentException("at least one agent, got " + agents);
        }
        this.agents = agents;
        this.lastReported = new int[agents];
        Arrays.fill(lastReported, NOTHING_YET);
        this.done = new boolean[agents];
    }

    /**
     * Agent {@code agent} reports one of its seconds. Reports of an agent already lost or finished are ignored.
     *
     * @param latency that second's latencies of correct responses (ns); read during this call only
     * @return the seconds that became complete, in order (often none)
     * @throws IllegalArgumentException the agent reported a second not after its previous one
     */
    public List<MergedSecond> add(int agent, SecondResult second, Histogram latency) {
        check(agent);
        if (done[agent]) {
            return List.of();
        }
        if (second.second() <= lastReported[agent]) {
            throw new IllegalArgumentException(
                    "agent " + agent + " reported second " + second.second() + " after second " + lastReported[agent]);
        }
        lastReported[agent] = second.second();
        if (second.second() >= nextSecond) {
            Pending into = pending.computeIfAbsent(second.second(), s -> new Pending());
            if (into.phase == null) {
                into.phase = second.phase();
            }
            into.ok += second.ok();
            into.failures += second.failures();
            into.latency.add(latency);
        }
        return complete();
    }

    /** How many seconds are held now, waiting for some agent: each holds a whole latency histogram (~192 KiB). */
    public int pendingSeconds() {
        return pending.size();
    }

    /** Stops waiting for a lost agent: what it reported stays in; returns the seconds that became complete. */
    public List<MergedSecond> lose(int agent) {
        return finish(agent);
    }

    /**
     * Agent {@code agent} sent its last second (its run ended and its result arrived): it is no longer waited for.
     *
     * @return the seconds that became complete, in order
     */
    public List<MergedSecond> finish(int agent) {
        check(agent);
        done[agent] = true;
        return complete();
    }

    private List<MergedSecond> complete() {
        int completeThrough = Integer.MAX_VALUE;
        for (int agent = 0; agent < agents; agent++) {
            if (!done[agent]) {
                completeThrough = Math.min(completeThrough, lastReported[agent]);
            }
        }
        List<MergedSecond> out = new ArrayList<>();
        while (!pending.isEmpty() && pending.firstKey() <= completeThrough) {
            var entry = pending.pollFirstEntry();
            Pending merged = entry.getValue();
            out.add(new MergedSecond(
                    Results.second(entry.getKey(), merged.phase, merged.ok, merged.failures, merged.latency),
                    merged.latency));
            nextSecond = entry.getKey() + 1;
        }
        if (completeThrough != Integer.MAX_VALUE) {
            nextSecond = Math.max(nextSecond, completeThrough + 1);
        }
        return out;
    }

    private void check(int agent) {
        if (agent < 0 || agent >= agents) {
            throw new IllegalArgumentException("agent " + agent + " of " + agents + " does not exist");
        }
    }
}
