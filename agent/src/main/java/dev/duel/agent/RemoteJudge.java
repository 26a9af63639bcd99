package dev.duel.agent;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.duel.load.WarmupJudge;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

/**
 * The agent's {@link WarmupJudge}: an auto warm-up's check asks the coordinator, which judges the MERGED correct
 * responses per second of every agent with the usual {@link dev.duel.load.SteadyStateJudge}, so that every agent ends
 * its warm-up on the same second. The check is posted as a {@code judge} event carrying this agent's own series (the
 * engine asks before it reports the check's last second, so the coordinator could not merge that second otherwise);
 * the answer comes back through {@link #judgement}. If none comes within {@code wait}, the judge says not steady and
 * records why, and the run fails with that message ({@link #failure()}). Thread-safe.
 */
final class RemoteJudge implements WarmupJudge {
    private final EventLog events;
    private final long waitNanos;
    private final Runnable stopRun;
    private final Map<Integer, Decision> decisions = new HashMap<>();
    private String failure;

    /** @param stopRun ends the run when a judgement does not come */
    RemoteJudge(EventLog events, Duration wait, Runnable stopRun) {
        this.events = events;
        this.waitNanos = wait.toNanos();
        this.stopRun = stopRun;
    }

    @Override
    public Decision judge(double[] okPerSecond) {
        int checkSecond = okPerSecond.length;
        ObjectNode event = AgentJson.object().put("type", "judge").put("checkSecond", checkSecond);
        ArrayNode ok = event.putArray("okPerSecond");
        for (double count : okPerSecond) {
            ok.add((long) count);
        }
        events.append(event);
        Decision decision;
        synchronized (this) {
            long deadline = System.nanoTime() + waitNanos;
            try {
                while (!decisions.containsKey(checkSecond) && failure == null) {
                    long leftNanos = deadline - System.nanoTime();
                    if (leftNanos <= 0) {
                        failure = "the coordinator sent no judgement of the warm-up check at second " + checkSecond
                                + " within " + waitNanos / 1_000_000 + " ms: the agents could not end warm-up"
                                + " together";
                        break;
                    }
                    wait(Math.max(1, leftNanos / 1_000_000));
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                failure = "interrupted while waiting for the judgement of the warm-up check at second " + checkSecond;
            }
            decision = decisions.remove(checkSecond);
        }
        if (decision == null) {
            stopRun.run();
            return Decision.notYet(null, failure());
        }
        return decision;
    }

    /** The coordinator's judgement of the check at {@code checkSecond} (it may come before the agent asks). */
    synchronized void judgement(int checkSecond, Decision decision) {
        decisions.put(checkSecond, decision);
        notifyAll();
    }

    /** Why the run must fail (a judgement never came), or null. */
    synchronized String failure() {
        return failure;
    }
}
