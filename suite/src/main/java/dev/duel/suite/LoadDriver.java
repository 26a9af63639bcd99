package dev.duel.suite;

import dev.duel.load.LoadPlan;
import dev.duel.load.ProgressListener;
import dev.duel.load.TargetUnreachableException;
import dev.duel.record.load.LoadResult;

/** Runs one load plan to its end; the real one is duel's {@link dev.duel.load.LoadEngine}, tests give fakes. */
@FunctionalInterface
public interface LoadDriver {
    /**
     * @throws TargetUnreachableException no connection to the target could be opened; nothing was sent
     */
    LoadResult run(LoadPlan plan, ProgressListener listener) throws TargetUnreachableException;

    /** Ends the current run early (the suite is aborted); what was measured is still returned. Any thread. */
    default void stop() {}
}
