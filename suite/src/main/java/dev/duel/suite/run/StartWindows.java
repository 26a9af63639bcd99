package dev.duel.suite.run;

import dev.duel.record.RunRecord;
import dev.duel.suite.CpuMeter;
import dev.duel.suite.gate.NoiseWindows;
import dev.duel.targets.IdentityMismatchException;
import dev.duel.targets.TargetFailedException;
import dev.duel.targets.TargetProcess;
import java.io.IOException;
import java.util.List;

/**
 * Reads the machine around each start of a run that measures start-up, so that the noise gate judges the starts as it
 * judges main: one window per start, from before its spawn to its ready answer (the target's CPU counts from its
 * spawn). Without a startup scenario starts pass unjudged. Not thread-safe: one attempt's thread adds to {@code
 * windows}.
 */
final class StartWindows {

    /** Starts a target (a fresh process of the run's spec). */
    @FunctionalInterface
    interface Starter {
        TargetProcess start()
                throws IOException, TargetFailedException, IdentityMismatchException, InterruptedException;
    }

    private final CpuMeter machine;
    private final String scenario;
    private final NoiseWindows noise;
    private final List<RunRecord.NoiseWindow> windows;
    private double judgedSeconds;

    /**
     * @param scenario the run's startup scenario, whose windows these are; null when the run measures no start-up
     * @param windows  the attempt's noise windows, which each judged start joins
     */
    StartWindows(CpuMeter machine, String scenario, NoiseWindows noise, List<RunRecord.NoiseWindow> windows) {
        this.machine = machine;
        this.scenario = scenario;
        this.noise = noise;
        this.windows = windows;
    }

    TargetProcess judge(Starter starter)
            throws IOException, TargetFailedException, IdentityMismatchException, InterruptedException {
        if (scenario == null) {
            return starter.start();
        }
        CpuMeter.Reading before = machine.read();
        TargetProcess target = starter.start();
        CpuMeter.Reading ready = machine.read();
        if (ready.atNanos() > before.atNanos()) {
            RunRecord.NoiseWindow window = noise.window(scenario, null, judgedSeconds, before, ready);
            windows.add(window);
            judgedSeconds += window.seconds();
        }
        return target;
    }
}
