package dev.duel.suite.agents;

import dev.duel.agent.AgentClient;
import dev.duel.agent.AgentException;
import dev.duel.targets.TargetSpec;
import java.util.Map;

/**
 * The calls a target hosted on a load agent needs ({@code host:} in a suite): the agent's lease, and its target
 * calls. {@link #of(AgentClient)} in real runs; tests give fakes. Implementations are thread-safe.
 */
interface TargetHostAgent {
    /** The agent as the suite names it. */
    String name();

    /** Its {@code host:port}. */
    String address();

    /** Takes its lease for {@code controller}; the calls below carry it and renew it. */
    void lease(String controller) throws AgentException;

    /** Gives the lease back: the agent stops every target it runs for it. */
    void release() throws AgentException;

    AgentClient.HostedTarget startTarget(TargetSpec spec, Map<String, String> extraEnv) throws AgentException;

    AgentClient.TargetStatus target(String id) throws AgentException;

    int stopTarget(String id) throws AgentException;

    /** The agent behind {@code client}. */
    static TargetHostAgent of(AgentClient client) {
        return new TargetHostAgent() {
            @Override
            public String name() {
                return client.name();
            }

            @Override
            public String address() {
                return client.address();
            }

            @Override
            public void lease(String controller) throws AgentException {
                client.lease(controller);
            }

            @Override
            public void release() throws AgentException {
                client.release();
            }

            @Override
            public AgentClient.HostedTarget startTarget(TargetSpec spec, Map<String, String> extraEnv)
                    throws AgentException {
                return client.startTarget(spec, extraEnv);
            }

            @Override
            public AgentClient.TargetStatus target(String id) throws AgentException {
                return client.target(id);
            }

            @Override
            public int stopTarget(String id) throws AgentException {
                return client.stopTarget(id);
            }
        };
    }
}
