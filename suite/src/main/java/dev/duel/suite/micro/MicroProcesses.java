package dev.duel.suite.micro;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * How {@code duel micro} starts its child processes (JMH, {@code java -XX:+PrintFlagsFinal}); the real one starts
 * them, tests give a fake. Implementations are used from one thread.
 */
public interface MicroProcesses {
    /** How long a child whose output is read may run ({@code -lp}, {@code -XX:+PrintFlagsFinal}), seconds. */
    long OUTPUT_TIMEOUT_SECONDS = 120;

    /** Runs {@code command} to its end and returns its stdout and stderr together; throws when it fails to start. */
    String output(List<String> command) throws IOException, InterruptedException;

    /** Runs {@code command} with its output into {@code log}; returns its exit code (killed past {@code timeoutSeconds}: -1). */
    int run(List<String> command, Path log, long timeoutSeconds) throws IOException, InterruptedException;

    /** Real child processes. */
    MicroProcesses REAL = new MicroProcesses() {
        @Override
        public String output(List<String> command) throws IOException, InterruptedException {
            Process process = MicroChildren.track(
                    new ProcessBuilder(command).redirectErrorStream(true).start());
            // A child that hangs (a JVM that never exits) is ended, so that reading its output ends too.
            CompletableFuture.runAsync(
                    () -> {
                        if (process.isAlive()) {
                            process.destroyForcibly();
                        }
                    },
                    CompletableFuture.delayedExecutor(OUTPUT_TIMEOUT_SECONDS, TimeUnit.SECONDS));
            try {
                String text = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                process.waitFor();
                return text;
            } finally {
                MicroChildren.done(process);
            }
        }

        @Override
        public int run(List<String> command, Path log, long timeoutSeconds) throws IOException, InterruptedException {
            Process process = MicroChildren.track(new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile())
                    .start());
            try {
                if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                    process.descendants().forEach(ProcessHandle::destroyForcibly);
                    process.destroyForcibly().waitFor();
                    return -1;
                }
                return process.exitValue();
            } finally {
                if (process.isAlive()) {
                    // interrupted: end the fork JMH started, then JMH itself
                    process.descendants().forEach(ProcessHandle::destroyForcibly);
                    process.destroyForcibly();
                }
                MicroChildren.done(process);
            }
        }
    };
}
