package dev.duel.suite.agents;

import dev.duel.agent.AgentClient;
import dev.duel.agent.AgentException;
import dev.duel.targets.LimitedGroup;
import dev.duel.targets.ResourceReading;
import dev.duel.targets.TargetProcess;
import dev.duel.targets.TargetSpec;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A target a load agent runs on its machine ({@code host:}), as the runner sees it: its readings (CPU, memory,
 * throttling) come from the agent ({@code GET /v1/targets/<id>}), its pid is the agent's pid of it, {@link #host()} the
 * address it listens on there, and it stops through the agent, which then gets its lease back. While it lives a
 * ticker renews the agent's lease with a status call. An agent that does not answer is read as a target that no
 * longer runs, its last problem kept as the only "log line" duel has of it (its output stays on the agent's machine).
 * Thread-safe.
 */
final class HostedTargetProcess implements TargetProcess {
    private final TargetSpec spec;
    private final TargetHostAgent agent;
    private final AgentClient.HostedTarget hosted;
    private final AgentHosts hosts;
    private final Runnable stopRenewing;
    private final AtomicBoolean stopped = new AtomicBoolean();
    private volatile Integer exitCode;
    private volatile String problem;

    HostedTargetProcess(
            TargetSpec spec,
            TargetHostAgent agent,
            AgentClient.HostedTarget hosted,
            AgentHosts hosts,
            HostedTargetStarter.Ticker ticker,
            Duration renewEvery) {
        this.spec = spec;
        this.agent = agent;
        this.hosted = hosted;
        this.hosts = hosts;
        this.stopRenewing = ticker.every(renewEvery, this::status);
    }

    @Override
    public TargetSpec spec() {
        return spec;
    }

    @Override
    public String agent() {
        return agent.name();
    }

    @Override
    public long pid() {
        return hosted.pid();
    }

    @Override
    public int port() {
        return hosted.port();
    }

    @Override
    public long readyMillis() {
        return hosted.readyMillis();
    }

    @Override
    public long firstAcceptMillis() {
        return hosted.firstAcceptMillis();
    }

    @Override
    public List<String> command() {
        return hosted.command();
    }

    @Override
    public LimitedGroup group() {
        return new AgentGroup(hosted.limitsMechanism());
    }

    @Override
    public boolean alive() {
        AgentClient.TargetStatus status = status();
        return status != null && status.alive();
    }

    @Override
    public Integer exitCode() {
        if (exitCode != null) {
            return exitCode;
        }
        AgentClient.TargetStatus status = status();
        return status == null ? null : status.exitCode();
    }

    @Override
    public ResourceReading read() {
        AgentClient.TargetStatus status = status();
        return status == null ? ResourceReading.UNKNOWN : status.reading();
    }

    @Override
    public List<String> lastLogLines(int count) {
        String last = problem;
        return last == null || count < 1 ? List.of() : List.of(last);
    }

    @Override
    public int stop() {
        if (!stopped.compareAndSet(false, true)) {
            return exitCode == null ? -1 : exitCode;
        }
        stopRenewing.run();
        try {
            exitCode = agent.stopTarget(hosted.id());
        } catch (AgentException e) {
            problem = e.getMessage();
            exitCode = -1;
        } finally {
            HostedTargetStarter.giveBack(agent, hosts);
        }
        return exitCode;
    }

    /** Its status now (renewing the agent's lease), or null when the agent did not answer or it was stopped. */
    private AgentClient.TargetStatus status() {
        if (stopped.get()) {
            return null;
        }
        try {
            return agent.target(hosted.id());
        } catch (AgentException e) {
            problem = "load agent " + agent.name() + " (" + agent.address() + ") did not report target " + spec.name()
                    + ": " + e.getMessage();
            return null;
        }
    }

    /** The agent's limits as it reported them: read and closed through the target, never on this machine. */
    private final class AgentGroup implements LimitedGroup {
        private final String mechanism;

        AgentGroup(String mechanism) {
            this.mechanism = mechanism;
        }

        @Override
        public String mechanism() {
            return mechanism;
        }

        @Override
        public boolean enforced() {
            // "cgroup v2" enforces; "cgroup v2 (accounting only: ...)", "not enforced (why)" and "none" do not.
            return mechanism.matches("cgroup v[12]");
        }

        @Override
        public List<String> wrap(List<String> command) {
            throw new UnsupportedOperationException("the agent started " + spec.name() + " inside its limits");
        }

        @Override
        public List<String> extraJvmArguments() {
            return List.of();
        }

        @Override
        public ResourceReading read(long rootPid) {
            return HostedTargetProcess.this.read();
        }

        @Override
        public void close() {
            // the agent removes the group as it stops the target
        }
    }
}
