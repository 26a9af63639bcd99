package dev.duel.suite.agents;

/**
 * The suite's load agents seen as hosts of targets ({@code host:}): each by its name, who leases them, and which host
 * a target now (such an agent sends no load until its target stops). Thread-safe.
 */
interface AgentHosts {
    /**
     * The agent the suite names {@code name}.
     *
     * @throws IllegalStateException the agents were not prepared before the first run
     */
    TargetHostAgent agent(String name);

    /** Who holds the agents' leases: this duel. */
    String controller();

    /** {@code name} hosts a target from now on ({@code true}), or no longer ({@code false}). */
    void hosting(String name, boolean hosting);
}
