package dev.duel.targets;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A target process started by duel: its PID, port, start-up timings and log, its resource
 * readings, and a stop that ends it (SIGTERM, then SIGKILL after 10 s) and removes its group.
 * Thread-safe for readings.
 *
 * @see TargetLauncher
 */
public final class RunningTarget implements TargetProcess, AutoCloseable {
    /** How long a stop waits after SIGTERM before SIGKILL. */
    private static final java.time.Duration STOP_GRACE = java.time.Duration.ofSeconds(10);
    /** How often a stopping target's new children are looked for, milliseconds. */
    private static final long STOP_POLL_MILLIS = 100;

    private final TargetSpec spec;
    private final Process process;
    private final LimitedGroup group;
    private final int port;
    private final Path log;
    private final List<String> command;
    private final Path recording;
    private volatile long firstAcceptMillis = -1;
    private volatile long readyMillis = -1;
    private volatile String readyBody = "";

    RunningTarget(
            TargetSpec spec,
            Process process,
            LimitedGroup group,
            int port,
            Path log,
            List<String> command,
            Path recording) {
        this.recording = recording;
        this.spec = spec;
        this.process = process;
        this.group = group;
        this.port = port;
        this.log = log;
        this.command = List.copyOf(command);
    }

    void markReady(long firstAcceptMillis, long readyMillis, String readyBody) {
        this.firstAcceptMillis = firstAcceptMillis;
        this.readyMillis = readyMillis;
        this.readyBody = readyBody;
    }

    public TargetSpec spec() {
        return spec;
    }

    public long pid() {
        return process.pid();
    }

    public int port() {
        return port;
    }

    public String url(String path) {
        String host = host();
        return "http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + port + path;
    }

    /** Milliseconds from spawn to the first response that passed the ready check. */
    public long readyMillis() {
        return readyMillis;
    }

    /** Milliseconds from spawn to the first accepted TCP connection. */
    public long firstAcceptMillis() {
        return firstAcceptMillis;
    }

    public String readyBody() {
        return readyBody;
    }

    public Path log() {
        return log;
    }

    /** The command as run, wrapper included. */
    public List<String> command() {
        return command;
    }

    @Override
    public Path recording() {
        return recording;
    }

    public LimitedGroup group() {
        return group;
    }

    public boolean alive() {
        return process.isAlive();
    }

    /** The exit code if the process has ended, else null. */
    public Integer exitCode() {
        return process.isAlive() ? null : process.exitValue();
    }

    public ResourceReading read() {
        return group.read(process.pid());
    }

    /** The last lines of the target's output. */
    public List<String> lastLogLines(int count) {
        try {
            return LogTail.lastLines(log, count);
        } catch (IOException e) {
            return List.of("(log unreadable: " + e.getMessage() + ")");
        }
    }

    /**
     * Stops the target: SIGTERM to it and its descendants, SIGKILL after 10 s, then removes its
     * group. Returns the exit code.
     */
    public int stop() {
        return stop(STOP_GRACE);
    }

    /** SIGTERM, then SIGKILL after {@code grace}. */
    @Override
    public int stop(java.time.Duration grace) {
        java.util.Set<ProcessHandle> descendants =
                new java.util.LinkedHashSet<>(process.descendants().toList());
        process.destroy();
        descendants.forEach(ProcessHandle::destroy);
        try {
            // A process may start children while it stops (a JDK 25 JVM trained with -XX:AOTCacheOutput starts one
            // that writes the cache): they are noted while it lives, so that none outlives a forced stop. They are
            // not signalled here: the stopping process waits for them.
            long deadlineNanos = System.nanoTime() + grace.toNanos();
            while (process.isAlive() && System.nanoTime() < deadlineNanos) {
                process.waitFor(STOP_POLL_MILLIS, TimeUnit.MILLISECONDS);
                process.descendants().forEach(descendants::add);
            }
            if (process.isAlive()) {
                process.descendants().forEach(descendants::add);
                process.destroyForcibly();
                process.waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.descendants().forEach(descendants::add);
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        descendants.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
        group.close();
        return process.isAlive() ? -1 : process.exitValue();
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            stop();
        } else {
            group.close();
        }
    }
}
