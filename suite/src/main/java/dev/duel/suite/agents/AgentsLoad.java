package dev.duel.suite.agents;

import dev.duel.agent.AgentClient;
import dev.duel.agent.AgentCoordinator;
import dev.duel.agent.AgentException;
import dev.duel.agent.AgentProcess;
import dev.duel.load.LoadPlan;
import dev.duel.load.ProgressListener;
import dev.duel.record.load.LoadResult;
import dev.duel.suite.LoadDriver;
import dev.duel.suite.RunnerParts;
import dev.duel.suite.Suite;
import dev.duel.suite.SuiteException;
import dev.duel.suite.SuiteListener;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The load of every run of a suite whose {@code loadgen.agents} share it: each run's plan is split between the agents
 * and their results merged exactly ({@link AgentCoordinator}); the record's {@code load.agents} keeps each share. An
 * agent that hosts the run's target ({@code host:}, {@link HostedTargetStarter}) sends none of its load: the split goes
 * to the others, and the coordinator never leases or releases the host, whose lease the target holds (releasing it
 * would stop the target). One run at a time; {@link #stop()} and the hosting calls may come from any thread. The
 * agents are the suite's {@code loadgen.agents}, or those given to {@link #over}.
 */
public final class AgentsLoad implements LoadDriver, RunnerParts.LoadgenSetup, AgentHosts {
    /** Longest a single call to an agent may take beyond a long poll's own wait. */
    private static final Duration CALL_TIMEOUT = Duration.ofSeconds(10);

    /** The agents and their token when given ({@link #over}); null: the suite's {@code loadgen}. */
    private final List<Suite.Agent> givenAgents;

    private final String givenToken;
    private volatile List<AgentClient> clients = List.of();
    /** The agents hosting a target now, by name. */
    private final Set<String> hosting = ConcurrentHashMap.newKeySet();
    /** A coordinator for each set of generating agents met so far (all of them, or all but a host). */
    private final Map<List<String>, AgentCoordinator> coordinators = new HashMap<>();

    private volatile AgentCoordinator coordinator;

    /** Over the suite's {@code loadgen.agents}, with the token of {@code loadgen.tokenFile}. */
    public AgentsLoad() {
        this(null, null);
    }

    private AgentsLoad(List<Suite.Agent> agents, String token) {
        this.givenAgents = agents == null ? null : List.copyOf(agents);
        this.givenToken = token;
    }

    /**
     * Over {@code agents} holding {@code token}, whatever the suite's {@code loadgen} names: agents that someone else
     * started for this suite (a Kubernetes session's Job), whose token is known and in no file.
     */
    public static AgentsLoad over(List<Suite.Agent> agents, String token) {
        if (agents.isEmpty() || token == null || token.isEmpty()) {
            throw new IllegalArgumentException("load agents need at least one agent and a token");
        }
        return new AgentsLoad(agents, token);
    }

    /**
     * Before the first run: reads the token of {@code loadgen.tokenFile} and asks every agent who it is, so that an
     * agent that is down, or holds another token, stops the suite at once with its name instead of at its first run.
     * Agents warm their own engines as they start ({@code duel agent --warmup}): duel's process, which sends nothing,
     * is neither pinned nor warmed.
     *
     * @throws SuiteException the token file is missing or empty, or an agent did not answer as one: the message names
     *                        it, its address and the fix
     */
    @Override
    public void prepare(Suite.Loadgen loadgen, SuiteListener listener) throws SuiteException {
        String token = givenToken;
        if (token == null) {
            try {
                token = AgentProcess.readToken(loadgen.tokenFile());
            } catch (IllegalArgumentException e) {
                throw new SuiteException("loadgen.tokenFile: " + e.getMessage());
            }
        }
        String shared = token;
        List<Suite.Agent> agents = givenAgents != null ? givenAgents : loadgen.agents();
        List<AgentClient> made = agents.stream()
                .map(agent -> new AgentClient(agent.name(), agent.agentAddress().toString(), shared, CALL_TIMEOUT))
                .toList();
        for (Suite.Agent agent : agents) {
            String plain = agent.agentAddress().plainWarning();
            if (plain != null) {
                listener.message("warning: load agent " + agent.name() + ": " + plain);
            }
        }
        for (AgentClient client : made) {
            try {
                AgentClient.Hello hello = client.hello();
                listener.message("load agent " + client.name() + " at " + client.address() + ": " + hello.host() + ", "
                        + hello.cores() + " core(s), duel " + hello.duelVersion());
            } catch (AgentException e) {
                throw unavailable(client, e);
            }
        }
        clients = made;
    }

    @Override
    public TargetHostAgent agent(String name) {
        return TargetHostAgent.of(clients.stream()
                .filter(client -> client.name().equals(name))
                .findFirst()
                .orElseThrow(
                        () -> new IllegalStateException("the load agents were not prepared before the first run")));
    }

    @Override
    public void hosting(String name, boolean hosts) {
        if (hosts) {
            hosting.add(name);
        } else {
            hosting.remove(name);
        }
    }

    /** The agents that send load while {@code hosting} host targets: every other one, in the suite's order. */
    static List<AgentClient> generators(List<AgentClient> all, Set<String> hosting) {
        return all.stream().filter(client -> !hosting.contains(client.name())).toList();
    }

    @Override
    public LoadResult run(LoadPlan plan, ProgressListener listener) {
        List<AgentClient> generators = generators(clients, hosting);
        if (clients.isEmpty()) {
            throw new IllegalStateException("the load agents were not prepared before the first run");
        }
        if (generators.isEmpty()) {
            // The loader refuses a suite whose only agent hosts a target: here only if two targets ran at once.
            throw new IllegalStateException("every load agent hosts a target: none is left to send the load");
        }
        AgentCoordinator coordinator;
        synchronized (coordinators) {
            coordinator = coordinators.computeIfAbsent(
                    generators.stream().map(AgentClient::name).toList(),
                    names -> new AgentCoordinator(generators, controller()));
        }
        this.coordinator = coordinator;
        try {
            return coordinator.run(plan, listener);
        } catch (AgentException e) {
            // The client's message names the agent and its address.
            throw new LoadAgentsUnavailableException(
                    "the load agents could not start the run: " + e.getMessage()
                            + "; start that agent again (duel agent --token-file ...) and run the same command to"
                            + " resume",
                    e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            coordinator.stop();
            throw new LoadAgentsUnavailableException("interrupted while the load agents ran", e);
        }
    }

    @Override
    public void stop() {
        AgentCoordinator coordinator = this.coordinator;
        if (coordinator != null) {
            coordinator.stop();
        }
    }

    private SuiteException unavailable(AgentClient client, AgentException e) {
        String fix = givenAgents != null
                ? "it was started for this suite (see its log) and must answer with the token it was given"
                : e.status() == 401
                        ? "it holds another token: give it the file of loadgen.tokenFile (duel agent --token-file)"
                        : "start it there (duel agent --token-file ... --bind ADDRESS) or fix loadgen.agents";
        return new SuiteException("load agent " + client.name() + " at " + client.address()
                + " did not answer as an agent (" + e.getMessage() + "): " + fix);
    }

    /** Who holds the agents' leases: this duel, on this machine. */
    @Override
    public String controller() {
        String host;
        try {
            host = InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            host = "unknown-host";
        }
        return "duel pid " + ProcessHandle.current().pid() + " on " + host;
    }

    /** The agents could not run a run at all (not a lost agent mid-run, which the run's record says): the suite stops. */
    public static final class LoadAgentsUnavailableException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        LoadAgentsUnavailableException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
