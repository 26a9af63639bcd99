package dev.duel.agent;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.duel.load.Clock;
import dev.duel.load.LoadEngine;
import dev.duel.load.LoadPlan;
import dev.duel.load.ProgressListener;
import dev.duel.load.TargetUnreachableException;
import dev.duel.load.WarmupJudge;
import dev.duel.record.Histograms;
import dev.duel.record.Phase;
import dev.duel.record.load.LoadResult;
import dev.duel.record.load.SecondResult;
import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import org.HdrHistogram.Histogram;

/**
 * One run on the agent: waits for the agreed start instant on this machine's wall clock, runs the load engine on its
 * segment of the plan, and turns what the engine tells it into {@link EventLog} events (phases, each second with its
 * latency histogram, warm-up checks, then the result or why it failed). Runs on its own thread; {@link #stop} and
 * {@link #judgement} may be called from any thread.
 */
final class AgentRun {
    private final String id;
    private final LoadPlan plan;
    private final long startAtWallNanos;
    private final WallClock wall;
    private final Consumer<String> log;
    private final EventLog events = new EventLog();
    private final LoadEngine engine;
    private final RemoteJudge judge;
    private final Thread thread;
    private volatile boolean stopped;

    AgentRun(
            String id,
            LoadPlan plan,
            long startAtWallNanos,
            WallClock wall,
            Duration judgementWait,
            Consumer<String> log) {
        this.id = id;
        this.plan = plan;
        this.startAtWallNanos = startAtWallNanos;
        this.wall = wall;
        this.log = log;
        this.judge = new RemoteJudge(events, judgementWait, this::stop);
        this.engine = new LoadEngine(Clock.system(), judge);
        this.thread = new Thread(this::execute, "duel-agent-run-" + id);
        this.thread.setDaemon(true);
    }

    String id() {
        return id;
    }

    EventLog events() {
        return events;
    }

    void start() {
        thread.start();
    }

    boolean active() {
        return !events.finished();
    }

    void judgement(int checkSecond, WarmupJudge.Decision decision) {
        judge.judgement(checkSecond, decision);
    }

    /** Ends the run now (or before it starts); what was measured is still sent as its result. */
    void stop() {
        stopped = true;
        engine.stop();
        LockSupport.unpark(thread);
    }

    /** Waits for the run's thread to end, at most {@code wait}. */
    void await(Duration wait) throws InterruptedException {
        thread.join(Math.max(1, wait.toMillis()));
    }

    private void execute() {
        try {
            if (startAtWallNanos != 0 && startAtWallNanos <= wall.epochNanos()) {
                // Too late to start with the others: its seconds would not line up with theirs.
                failed("the start instant had passed when the run reached this agent: the coordinator's start delay"
                        + " is shorter than its calls took");
                return;
            }
            log.accept("run " + id + " starting at the agreed instant (segment "
                    + (plan.segment().index() + 1) + " of " + plan.segment().count() + ")");
            // The engine gets ready (the target reached, its event loops up), then parks until the agreed instant, so
            // that getting ready does not shift this agent's seconds beside the others'; a stop wakes it early.
            boolean[] stoppedBeforeStart = {false};
            LoadResult result = engine.run(plan, new Listener(), () -> {
                long leftNanos;
                while (!stopped && startAtWallNanos != 0 && (leftNanos = startAtWallNanos - wall.epochNanos()) > 0) {
                    LockSupport.parkNanos(leftNanos);
                }
                stoppedBeforeStart[0] = stopped;
            });
            if (stoppedBeforeStart[0]) {
                failed("stopped before the start instant (by the controller, or its lease lapsed)");
                return;
            }
            if (judge.failure() != null) {
                failed(judge.failure());
            } else {
                events.append(AgentJson.object().put("type", "result").set("result", AgentJson.tree(result)));
            }
            log.accept("run " + id + " ended");
        } catch (TargetUnreachableException | RuntimeException e) {
            failed(e.getMessage() == null ? e.toString() : e.getMessage());
        } finally {
            events.finish();
        }
    }

    private void failed(String message) {
        log.accept("run " + id + " failed: " + message);
        events.append(AgentJson.object().put("type", "failed").put("message", message));
    }

    private final class Listener implements ProgressListener {
        @Override
        public void onSecond(SecondResult second, Histogram latency, RunStatus status) {
            ObjectNode event = AgentJson.object().put("type", "second");
            event.set("second", AgentJson.tree(second));
            event.put("histogram", Histograms.encode(latency)); // encoded now: the histogram is valid in this call only
            events.append(event);
        }

        @Override
        public void onPhase(Phase phase) {
            events.append(AgentJson.object().put("type", "phase").put("phase", phase.label()));
        }
    }
}
