package dev.duel.suite.run;

import dev.duel.load.ProgressListener;
import dev.duel.load.TargetUnreachableException;
import dev.duel.load.sink.SinkServer;
import dev.duel.suite.LoadDriver;
import dev.duel.suite.Suite;
import dev.duel.suite.SuiteException;
import dev.duel.suite.SuiteListener;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Readies duel's own process as a load generator before the first run: pins it to the suite's
 * {@code loadgen.cpuset} (taskset on every thread), then warms the engine's JIT against an
 * in-process sink, because the engine is a JVM too and its warm-up must not show in a target's
 * numbers. Every process duel starts after this inherits the pin, so targets and services are started
 * with their own explicit mask ({@code dev.duel.targets.Affinity}), and each run records the affinity
 * every process ended up with. Thread-safe.
 */
public final class LoadgenPreparation {
    private final LoadDriver engine;

    public LoadgenPreparation(LoadDriver engine) {
        this.engine = engine;
    }

    /** Pins, then warms: the real parts' {@code RunnerParts.LoadgenSetup}. */
    public void prepare(Suite.Loadgen loadgen, SuiteListener listener) throws SuiteException, InterruptedException {
        pin(loadgen.cpuset(), listener);
        warm(loadgen, listener);
    }

    private static void pin(String cpuset, SuiteListener listener) throws SuiteException, InterruptedException {
        if (cpuset == null) {
            return;
        }
        try {
            Process taskset = new ProcessBuilder(
                            "taskset",
                            "-a",
                            "-cp",
                            cpuset,
                            String.valueOf(ProcessHandle.current().pid()))
                    .redirectErrorStream(true)
                    .start();
            String output = new String(taskset.getInputStream().readAllBytes()).trim();
            if (!taskset.waitFor(10, TimeUnit.SECONDS) || taskset.exitValue() != 0) {
                throw new SuiteException("loadgen.cpuset " + cpuset + ": taskset failed (" + output + ")");
            }
            listener.message("load generator pinned to CPU " + cpuset);
        } catch (IOException e) {
            throw new SuiteException("loadgen.cpuset needs taskset (apt-get install util-linux): " + e.getMessage(), e);
        }
    }

    private void warm(Suite.Loadgen loadgen, SuiteListener listener) throws SuiteException, InterruptedException {
        Duration warmup = loadgen.warmup();
        if (warmup.isZero()) {
            return;
        }
        listener.message("warming the load generator for "
                + java.math.BigDecimal.valueOf(warmup.toMillis(), 3)
                        .stripTrailingZeros()
                        .toPlainString()
                + " s against an in-process sink");
        try (SinkServer sink = SinkServer.start()) {
            for (var plan : sink.warmupPlans(warmup, loadgen.threads())) {
                engine.run(plan, ProgressListener.NONE);
            }
        } catch (TargetUnreachableException e) {
            throw new SuiteException("the load generator's warm-up sink did not answer: " + e.getMessage(), e);
        }
    }
}
