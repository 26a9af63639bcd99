package dev.duel.cli;

import dev.duel.suite.SuiteException;
import dev.duel.suite.SuiteOutcome;
import dev.duel.suite.SuiteRunner;

/**
 * Runs a prepared suite so that Ctrl-C or SIGTERM stops the target and services duel started (by
 * PID); the run cut short writes no record and a resume redoes it.
 */
final class StoppableRun {
    private StoppableRun() {}

    /** @throws SuiteException the suite stopped early (wrong identity, a service would not start) */
    static SuiteOutcome run(SuiteRunner runner) throws SuiteException, InterruptedException {
        Thread abort = new Thread(runner::abort, "duel-abort");
        Runtime.getRuntime().addShutdownHook(abort);
        try {
            return runner.run();
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(abort);
            } catch (IllegalStateException shuttingDown) {
                // the hook is running: it stops what is left
            }
        }
    }
}
