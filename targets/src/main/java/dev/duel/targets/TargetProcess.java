package dev.duel.targets;

import java.nio.file.Path;
import java.util.List;

/**
 * A started, ready target as a suite runner sees it: who it is, how fast it became ready, how its
 * limits were enforced, what it uses, and how to stop it. {@link RunningTarget} is the real process;
 * tests give fakes. Implementations are thread-safe for readings.
 */
public interface TargetProcess {
    TargetSpec spec();

    long pid();

    /** The IP address it listens on and duel connects to: 127.0.0.1 unless its spec says otherwise. */
    default String host() {
        return spec().listen();
    }

    /**
     * The name of the load agent whose machine runs it ({@code host:} in a suite), or null when it runs on duel's
     * machine: then its pid, its /proc and its JVM are duel's to read; otherwise they are that machine's.
     */
    default String agent() {
        return null;
    }

    /**
     * The machine it runs on when that is neither duel's nor a load agent's (a Kubernetes node's name), for the
     * record's {@code TargetInfo.host}; null otherwise.
     */
    default String machine() {
        return null;
    }

    /** The port it listens on, at {@link #host()}. */
    int port();

    /** Spawn to the first response that passed the ready check, milliseconds. */
    long readyMillis();

    /** Spawn to the first accepted connection, milliseconds. */
    long firstAcceptMillis();

    /** The command line as started (limits wrapper included). */
    List<String> command();

    /** How its limits are enforced. */
    LimitedGroup group();

    boolean alive();

    /** Its exit code, or null while it runs. */
    Integer exitCode();

    /** Its usage so far (CPU, throttling, memory). */
    ResourceReading read();

    /** The last {@code count} lines of its log, for a record of why it failed. */
    List<String> lastLogLines(int count);

    /**
     * Where its flight recording is written when it exits ({@code profile: jfr}), or null when it records none.
     * The file exists only once the target has stopped gracefully.
     */
    default Path recording() {
        return null;
    }

    /**
     * Moves it, every thread of it, to {@code cpus} ("1") while it runs: its group's cpuset first (the kernel moves its
     * threads), then every thread's affinity ({@link Affinity#pinThreads}). What the JVM chose from its CPUs at start
     * (its processor count, its GC) stays as it was: only where it runs changes.
     *
     * @throws java.io.IOException it could not be moved; the message says why
     */
    default void moveTo(String cpus) throws java.io.IOException, InterruptedException {
        group().moveTo(cpus);
        Affinity.pinThreads(pid(), cpus);
    }

    /** Ends it (politely first) and removes its group; returns the exit code. Idempotent. */
    int stop();

    /**
     * As {@link #stop()}, waiting up to {@code grace} after the polite signal before killing it: for a JVM that has
     * work to finish as it exits (writing an AOT cache). Fakes may ignore the grace.
     */
    default int stop(java.time.Duration grace) {
        return stop();
    }
}
