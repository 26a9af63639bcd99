package dev.duel.agent;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.duel.targets.IdentityMismatchException;
import dev.duel.targets.TargetFailedException;
import dev.duel.targets.TargetProcess;
import dev.duel.targets.TargetSpec;
import dev.duel.targets.TargetStarter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * The targets an agent started for its controller ({@code host: <agent>} in a suite), on this machine under their
 * limits with the same {@code targets} code as a local run ({@link dev.duel.targets.TargetLauncher}, cgroups). They
 * live until the controller stops them, or its lease ends (released or lapsed), or the agent shuts down. Thread-safe.
 */
final class AgentTargets {
    /** A target that could not be started: the launcher's message (it was stopped, if it ever ran). */
    static final class StartFailed extends Exception {
        private static final long serialVersionUID = 1L;

        StartFailed(String message, Throwable cause) {
            super(message, cause);
        }
    }

    private final TargetStarter starter;
    private final Path logDirectory;
    private final dev.duel.targets.LeftoverProcesses ledger;
    private final Consumer<String> log;
    private final Map<String, TargetProcess> running = new LinkedHashMap<>();
    private final AtomicLong numbers = new AtomicLong();
    /** Counts {@link #stopAll} calls: a start that began before one ends its target instead of keeping it. */
    private long stopAlls;

    /**
     * @param logDirectory where each target's output goes ({@code <id>-<name>.log})
     * @param ledger       where each started target is noted until it is stopped, so that an agent started again
     *                     after a SIGKILL ends what this one left running ({@link AgentProcess#serve}); null to note
     *                     nothing (fake targets)
     */
    AgentTargets(
            TargetStarter starter, Path logDirectory, dev.duel.targets.LeftoverProcesses ledger, Consumer<String> log) {
        this.starter = starter;
        this.logDirectory = logDirectory;
        this.ledger = ledger;
        this.log = log;
    }

    private void forget(long pid) {
        if (ledger != null) {
            try {
                ledger.remove(pid);
            } catch (IOException e) {
                log.accept("could not update the ledger for pid " + pid + ": " + e.getMessage());
            }
        }
    }

    /** Starts {@code spec} with {@code extraEnv} and waits until it is ready, identity checked. */
    ObjectNode start(TargetSpec spec, Map<String, String> extraEnv) throws StartFailed, InterruptedException {
        String id = Long.toString(numbers.incrementAndGet());
        long stopAllsBefore;
        synchronized (this) {
            stopAllsBefore = stopAlls;
        }
        TargetProcess target;
        try {
            target = starter.start(
                    spec,
                    extraEnv,
                    logDirectory.resolve(id + "-" + spec.name() + ".log"),
                    ledger == null ? pid -> {} : ledger.noting("target " + spec.name(), log));
        } catch (IOException | TargetFailedException | IdentityMismatchException e) {
            log.accept("target " + spec.name() + " did not start: " + e.getMessage());
            throw new StartFailed("target " + spec.name() + " did not start on this agent: " + e.getMessage(), e);
        }
        boolean ended;
        synchronized (this) {
            ended = stopAlls != stopAllsBefore;
            if (!ended) {
                running.put(id, target);
            }
        }
        if (ended) {
            // The lease ended (released, lapsed) or the agent is shutting down while this target started: it was not
            // among those stopped, and kept it would outlive every lease.
            int exit = target.stop();
            forget(target.pid());
            log.accept("target " + spec.name() + " (" + id + ") stopped as it became ready, exit code " + exit
                    + ": its lease ended while it started");
            throw new StartFailed(
                    "target " + spec.name() + " was stopped as it became ready: the lease ended while it started",
                    null);
        }
        log.accept("target " + spec.name() + " started as " + id + " (pid " + target.pid() + ", port " + target.port()
                + ", limits " + target.group().mechanism() + ")");
        ObjectNode json = AgentJson.object()
                .put("target", id)
                .put("port", target.port())
                .put("pid", target.pid())
                .put("readyMillis", target.readyMillis())
                .put("firstAcceptMillis", target.firstAcceptMillis())
                .put("limitsMechanism", target.group().mechanism());
        ArrayNode command = json.putArray("command");
        target.command().forEach(command::add);
        return json;
    }

    /** Its resources now, and whether it still runs; null when there is no such target. */
    ObjectNode status(String id) {
        TargetProcess target;
        synchronized (this) {
            target = running.get(id);
        }
        if (target == null) {
            return null;
        }
        ObjectNode json = AgentJson.object().put("alive", target.alive()).put("exitCode", target.exitCode());
        json.set("reading", AgentJson.MAPPER.valueToTree(target.read()));
        return json;
    }

    /** Stops it (SIGTERM, then SIGKILL after a grace) and forgets it: its exit code; null when there is none. */
    Integer stop(String id) {
        TargetProcess target;
        synchronized (this) {
            target = running.remove(id);
        }
        if (target == null) {
            return null;
        }
        int exit = target.stop();
        forget(target.pid());
        log.accept("target " + target.spec().name() + " (" + id + ") stopped, exit code " + exit);
        return exit;
    }

    /** Stops every target: the lease ended, or the agent shuts down. */
    void stopAll() {
        List<String> ids;
        synchronized (this) {
            stopAlls++;
            ids = new ArrayList<>(running.keySet());
        }
        ids.forEach(this::stop);
    }
}
