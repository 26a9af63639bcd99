package dev.duel.suite.micro;

import java.util.concurrent.atomic.AtomicReference;

/**
 * The child process {@code duel micro} runs now (a JMH host and the fork it started), ended by a shutdown hook when
 * duel itself is stopped (Ctrl-C, SIGTERM) while it runs: a JMH fork otherwise outlives duel by up to its timeout.
 * Only the process duel started and its descendants are ended, by their handles. Thread-safe.
 */
final class MicroChildren {
    private static final AtomicReference<Process> CURRENT = new AtomicReference<>();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(MicroChildren::endCurrent, "duel-micro-children"));
    }

    private MicroChildren() {}

    /** Notes {@code process} as the one running now; returns it. */
    static Process track(Process process) {
        CURRENT.set(process);
        return process;
    }

    /** {@code process} has ended (or been ended): the hook no longer touches it. */
    static void done(Process process) {
        CURRENT.compareAndSet(process, null);
    }

    /** Ends the running child and its descendants (their descendants first), if one runs. */
    static void endCurrent() {
        Process process = CURRENT.getAndSet(null);
        if (process != null && process.isAlive()) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
    }
}
