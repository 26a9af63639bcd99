package dev.duel.suite.run;

import dev.duel.load.Clock;
import dev.duel.load.LoadEngine;
import dev.duel.load.LoadPlan;
import dev.duel.load.ProgressListener;
import dev.duel.load.StartGate;
import dev.duel.load.TargetUnreachableException;
import dev.duel.load.Turns;
import dev.duel.load.WarmupJudge;
import dev.duel.record.load.LoadResult;
import dev.duel.suite.LoadDriver;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The real {@link LoadDriver}: a fresh {@link LoadEngine} for every run (two at once for a duet, each with its own
 * connections and event loops, in duel's one pinned process). {@link #stop()} ends every run under way. Thread-safe.
 */
public final class EngineLoad implements LoadDriver {
    private final Set<LoadEngine> running = ConcurrentHashMap.newKeySet();

    @Override
    public LoadResult run(LoadPlan plan, ProgressListener listener) throws TargetUnreachableException {
        return run(new LoadEngine(), plan, listener, StartGate.NOW);
    }

    @Override
    public LoadResult run(LoadPlan plan, ProgressListener listener, StartGate gate, WarmupJudge judge)
            throws TargetUnreachableException {
        return run(new LoadEngine(Clock.system(), judge), plan, listener, gate);
    }

    @Override
    public LoadResult run(LoadPlan plan, ProgressListener listener, StartGate gate, WarmupJudge judge, Turns turns)
            throws TargetUnreachableException {
        return run(new LoadEngine(Clock.system(), judge), plan, listener, gate, turns);
    }

    private LoadResult run(LoadEngine engine, LoadPlan plan, ProgressListener listener, StartGate gate)
            throws TargetUnreachableException {
        return run(engine, plan, listener, gate, Turns.ALWAYS);
    }

    private LoadResult run(LoadEngine engine, LoadPlan plan, ProgressListener listener, StartGate gate, Turns turns)
            throws TargetUnreachableException {
        running.add(engine);
        try {
            return engine.run(plan, listener, gate, turns);
        } finally {
            running.remove(engine);
        }
    }

    @Override
    public void stop() {
        running.forEach(LoadEngine::stop);
    }
}
