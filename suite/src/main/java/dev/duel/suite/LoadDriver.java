package dev.duel.suite;

import dev.duel.load.LoadPlan;
import dev.duel.load.ProgressListener;
import dev.duel.load.StartGate;
import dev.duel.load.TargetUnreachableException;
import dev.duel.load.WarmupJudge;
import dev.duel.record.load.LoadResult;

/** Runs one load plan to its end; the real one is duel's {@link dev.duel.load.LoadEngine}, tests give fakes. */
@FunctionalInterface
public interface LoadDriver {
    /**
     * @throws TargetUnreachableException no connection to the target could be opened; nothing was sent
     */
    LoadResult run(LoadPlan plan, ProgressListener listener) throws TargetUnreachableException;

    /**
     * Runs the plan as one side of a duet: its time line begins when {@code gate} lets it (at the partner's instant),
     * and an auto warm-up ends when {@code judge} says steady (when both sides are). A driver that cannot honour both
     * refuses: a duet whose sides began apart would compare different seconds.
     *
     * @throws TargetUnreachableException no connection to the target could be opened; nothing was sent
     */
    default LoadResult run(LoadPlan plan, ProgressListener listener, StartGate gate, WarmupJudge judge)
            throws TargetUnreachableException {
        throw new UnsupportedOperationException("this load driver cannot run one side of a duet");
    }

    /**
     * As above, sending only in this side's {@code turns} (one side of an interleaved pair, whose partner another
     * driver call runs on the same time line). A driver that cannot refuses.
     *
     * @throws TargetUnreachableException no connection to the target could be opened; nothing was sent
     */
    default LoadResult run(
            LoadPlan plan, ProgressListener listener, StartGate gate, WarmupJudge judge, dev.duel.load.Turns turns)
            throws TargetUnreachableException {
        if (turns.interleaved()) {
            throw new UnsupportedOperationException("this load driver cannot run one side of an interleaved pair");
        }
        return run(plan, listener, gate, judge);
    }

    /** Ends the current run early (the suite is aborted); what was measured is still returned. Any thread. */
    default void stop() {}
}
