package dev.duel.suite;

import dev.duel.targets.TargetProcess;
import dev.duel.targets.runtime.CompilerPriority;
import dev.duel.targets.runtime.JfrEvents;
import dev.duel.targets.runtime.JfrRecording;
import dev.duel.targets.runtime.ProcThreads;
import dev.duel.targets.runtime.ThreadCpuSource;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * How duel looks inside a JVM target for its runtime timeline: its threads, its flight recording, and the
 * clock that paces the thread samples. {@link #onThisMachine()} is the real one; tests give fakes.
 * Implementations are thread-safe.
 */
public interface RuntimeReaders {
    /** The threads of the JVM among {@code target}'s processes. @throws IOException there is none, or it ended */
    ThreadCpuSource threads(TargetProcess target) throws IOException;

    /** The events of a recording. @throws IOException missing, cut short, or not a recording */
    JfrEvents recording(Path file) throws IOException;

    /** Runs {@code task} every second from one second on, until the returned handle is closed. */
    AutoCloseable everySecond(Runnable task);

    /**
     * What raises the JIT compiler threads of the JVM among {@code target}'s processes for a warm-up on shared CPUs.
     *
     * @throws IOException there is no JVM, or its compilers cannot be raised here (the message says why)
     */
    default CompilerPriority compilers(TargetProcess target) throws IOException {
        throw new IOException("no compiler threads to raise here");
    }

    /** The wall clock, whose time a flight recording's events carry. */
    default Instant wallClock() {
        return Instant.now();
    }

    /** /proc, {@code jdk.jfr.consumer}, a daemon thread on the wall clock. */
    static RuntimeReaders onThisMachine() {
        return new RuntimeReaders() {
            @Override
            public ThreadCpuSource threads(TargetProcess target) throws IOException {
                return ProcThreads.ofTree(target.pid());
            }

            @Override
            public CompilerPriority compilers(TargetProcess target) throws IOException {
                return CompilerPriority.ofTree(target.pid());
            }

            @Override
            public JfrEvents recording(Path file) throws IOException {
                return JfrRecording.read(file);
            }

            @Override
            public AutoCloseable everySecond(Runnable task) {
                ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor(r -> {
                    Thread thread = new Thread(r, "duel-thread-sampler");
                    thread.setDaemon(true);
                    return thread;
                });
                executor.scheduleAtFixedRate(task, 1, 1, TimeUnit.SECONDS);
                return executor::shutdownNow;
            }
        };
    }
}
