package dev.duel.suite.agents;

import dev.duel.agent.AgentClient;
import dev.duel.agent.AgentException;
import dev.duel.suite.Suite;
import dev.duel.suite.gate.QuietGate;
import dev.duel.targets.IdentityMismatchException;
import dev.duel.targets.Spawned;
import dev.duel.targets.TargetFailedException;
import dev.duel.targets.TargetProcess;
import dev.duel.targets.TargetSpec;
import dev.duel.targets.TargetStarter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Starts each target where the suite puts it: a target with {@code host: <agent>} on that load agent's machine, under
 * its limits with the agent's own {@code targets} code ({@code POST /v1/targets}), the others with {@code local}. A
 * hosted target holds the agent's lease from its start to its stop: the lease is taken before the start, renewed every
 * {@link #RENEW_EVERY} by a status call (the agent lets an idle lease lapse after 30 s, stopping its targets, and no
 * load poll reaches the host: it sends no load while it hosts), and given back once the target stopped. The agent's
 * pid is never told to {@code spawned}: it names a process on another machine, which duel's ledger of leftovers must
 * not end here; a killed duel's hosted target ends when its lease lapses. Thread-safe.
 */
public final class HostedTargetStarter implements TargetStarter {
    /** A third of the agent's idle lease (30 s): two renewals may fail before it lapses. */
    public static final Duration RENEW_EVERY = Duration.ofSeconds(10);
    /**
     * How long to wait for another controller's lease to lapse (the agent's 30 s, and some): a duel killed with its
     * target hosted leaves the agent leased to it, and the resume waits that out as the coordinator does.
     */
    static final Duration LEASE_WAIT = Duration.ofSeconds(35);

    private static final Duration LEASE_RETRY = Duration.ofSeconds(1);

    /** Runs a task every period until the returned handle is run. */
    @FunctionalInterface
    interface Ticker {
        Runnable every(Duration period, Runnable task);
    }

    private final TargetStarter local;
    private final Map<String, String> targetHosts;
    private final AgentHosts hosts;
    private final Ticker ticker;
    private final Duration renewEvery;
    private final QuietGate.Sleeper sleeper;

    /**
     * @param targetHosts by target name, the agent that hosts it ({@link Suite.Loadgen#targetHosts})
     * @param ticker      renews hosted targets' leases
     * @param sleeper     waits between tries for a lease another controller holds
     */
    public HostedTargetStarter(
            TargetStarter local,
            Map<String, String> targetHosts,
            AgentHosts hosts,
            Ticker ticker,
            Duration renewEvery,
            QuietGate.Sleeper sleeper) {
        this.local = local;
        this.targetHosts = Map.copyOf(targetHosts);
        this.hosts = hosts;
        this.ticker = ticker;
        this.renewEvery = renewEvery;
        this.sleeper = sleeper;
    }

    /** Renewals on one daemon thread. */
    public static Ticker daemonTicker() {
        ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "duel-hosted-target-lease");
            thread.setDaemon(true);
            return thread;
        });
        return (period, task) -> {
            ScheduledFuture<?> future =
                    scheduler.scheduleWithFixedDelay(task, period.toNanos(), period.toNanos(), TimeUnit.NANOSECONDS);
            return () -> future.cancel(false);
        };
    }

    @Override
    public TargetProcess start(TargetSpec spec, Map<String, String> extraEnv, Path log, Spawned spawned)
            throws IOException, TargetFailedException, IdentityMismatchException, InterruptedException {
        String name = targetHosts.get(spec.name());
        if (name == null) {
            return local.start(spec, extraEnv, log, spawned);
        }
        TargetHostAgent agent = hosts.agent(name);
        lease(agent, spec);
        hosts.hosting(name, true);
        AgentClient.HostedTarget hosted;
        try {
            hosted = agent.startTarget(spec, extraEnv);
        } catch (AgentException e) {
            giveBack(agent, hosts);
            if (Thread.currentThread().isInterrupted()) {
                throw new InterruptedException(e.getMessage());
            }
            if (e.status() == 422) {
                // It ran, or tried to, and did not become ready there: the agent's message says why.
                throw new TargetFailedException(e.getMessage(), null, List.of());
            }
            throw new IOException(e.getMessage(), e);
        }
        Files.createDirectories(log.toAbsolutePath().getParent());
        Files.writeString(
                log,
                "target " + spec.name() + " runs on load agent " + name + " (" + agent.address() + ") as its target "
                        + hosted.id() + ", pid " + hosted.pid() + " there, listening on " + spec.listen() + ":"
                        + hosted.port() + "; its output is in that agent's log folder\n",
                StandardCharsets.UTF_8);
        return new HostedTargetProcess(spec, agent, hosted, hosts, ticker, renewEvery);
    }

    /** Leases {@code agent}, waiting up to {@link #LEASE_WAIT} while another controller holds it (409). */
    private void lease(TargetHostAgent agent, TargetSpec spec) throws IOException, InterruptedException {
        Duration waited = Duration.ZERO;
        while (true) {
            try {
                agent.lease(hosts.controller());
                return;
            } catch (AgentException e) {
                if (e.status() != 409 || waited.compareTo(LEASE_WAIT) >= 0) {
                    throw new IOException(
                            "load agent " + agent.name() + " (" + agent.address() + ") could not be leased to start "
                                    + spec.name() + ": " + e.getMessage()
                                    + (e.status() == 409
                                            ? " (still held after " + LEASE_WAIT.toSeconds()
                                                    + " s: stop the other duel driving it)"
                                            : ""),
                            e);
                }
                sleeper.sleep(LEASE_RETRY);
                waited = waited.plus(LEASE_RETRY);
            }
        }
    }

    /** Gives {@code agent}'s lease back (its targets stop) and lets it send load again. Never throws. */
    static void giveBack(TargetHostAgent agent, AgentHosts hosts) {
        try {
            agent.release();
        } catch (AgentException e) {
            // an agent that cannot be told lets the lease lapse on its own, stopping what it runs for us
        }
        hosts.hosting(agent.name(), false);
    }
}
