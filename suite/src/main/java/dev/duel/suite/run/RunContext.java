package dev.duel.suite.run;

import dev.duel.suite.CpuMeter;
import dev.duel.suite.RunnerParts;
import dev.duel.suite.Suite;
import dev.duel.suite.SuiteListener;
import dev.duel.suite.gate.QuietGate;
import dev.duel.suite.store.ResultStore;

/**
 * What every run of one suite works with, made once by the suite's runner after its services started and before the
 * first target does: the AOT cache trainings and every measured run take the same one. Immutable; {@code live} is
 * the one shared, mutable part (see below), and the parts are thread-safe as {@link RunnerParts} says.
 *
 * @param suite    the suite being run
 * @param parts    what the runner drives (targets, load, CPU meter, ...)
 * @param store    the results folder
 * @param listener told of every stage and message
 * @param services the suite's started companion services
 * @param ledger   notes every process started, so that a killed duel's leftovers are ended on the next run
 * @param live     the targets being measured (or trained) now, so that an abort from another thread can stop them and
 *                 the gates can leave their CPU out of the noise
 * @param machine  the CPU meter of the quiet and noise gates, which also gives the monotonic time of its readings
 * @param hostSpeed the host's speed on the suite's CPUs, watched from before the first run to the suite's end
 */
public record RunContext(
        Suite suite,
        RunnerParts parts,
        ResultStore store,
        SuiteListener listener,
        Services services,
        ProcessLedger ledger,
        LiveTargets live,
        CpuMeter machine,
        dev.duel.suite.HostSpeedSource.Watch hostSpeed) {
    /** Log lines kept in the record of a failed run, and of a failed AOT cache training. */
    public static final int LOG_LINES_KEPT = 50;

    /** The quiet gate on this context's meter, waiting with the parts' sleeper. */
    QuietGate quietGate() {
        return new QuietGate(machine, parts.sleeper());
    }

    /** How a scenario is measured on a running target, with the parts' load and runtime readers. */
    ScenarioMeasurement measurement() {
        return new ScenarioMeasurement(
                parts.load(), machine, services, listener, suite.loadgen().threads(), parts.runtime(), hostSpeed);
    }

    /** Monotonic nanoseconds, read from the CPU meter so that every time of a run is on the gates' clock. */
    public long nanos() {
        return machine.read().atNanos();
    }
}
