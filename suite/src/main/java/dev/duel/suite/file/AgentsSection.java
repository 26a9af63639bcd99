package dev.duel.suite.file;

import dev.duel.agent.AgentAddress;
import dev.duel.load.InvalidSettingException;
import dev.duel.load.split.PlanSplit;
import dev.duel.record.runtime.Profile;
import dev.duel.suite.Scenario;
import dev.duel.suite.Suite;
import dev.duel.targets.TargetSpec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The load agents of {@code loadgen.agents} with their {@code loadgen.tokenFile}, the targets they host
 * ({@code targets[i].host}), and what agents on other machines need of the targets they reach and the plans they
 * share. Stateless, so thread-safe.
 */
final class AgentsSection {
    private AgentsSection() {}

    /** The load agents, each with a unique name and a {@code host:port}; none when the suite names none. */
    static List<Suite.Agent> agents(List<SuiteFile.AgentEntry> entries) {
        if (entries == null) {
            return List.of();
        }
        if (entries.isEmpty()) {
            throw new Problem("loadgen.agents", "is empty: name at least one agent, or leave the key out");
        }
        List<Suite.Agent> agents = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (int i = 0; i < entries.size(); i++) {
            String at = "loadgen.agents[" + i + "]";
            SuiteFile.AgentEntry entry = entries.get(i);
            if (entry == null || entry.name() == null || entry.name().isBlank()) {
                throw new Problem(at + ".name", "is missing: give each agent a name");
            }
            if (!names.add(entry.name())) {
                throw new Problem(at + ".name", "'" + entry.name() + "' is used twice");
            }
            agents.add(agentAddress(at + ".address", entry.name(), entry.address()));
        }
        return agents;
    }

    /** "host:port" or "[v6]:port" as an agent; the message names the form it wants. */
    private static Suite.Agent agentAddress(String at, String name, String text) {
        if (text == null || text.isBlank()) {
            throw new Problem(at, "is missing: write the agent's address as " + AgentAddress.FORM);
        }
        try {
            AgentAddress address = AgentAddress.parse(text);
            return new Suite.Agent(name, address.host(), address.port(), address.pin());
        } catch (IllegalArgumentException e) {
            throw new Problem(at, e.getMessage().replace("write host:port", "write the agent's address as host:port"));
        }
    }

    /** The agents' token file, needed with agents (resolved against the suite's folder) and refused without them. */
    static Path tokenFile(SuiteFile.LoadgenEntry loadgen, Path folder) {
        boolean agents = loadgen.agents() != null && !loadgen.agents().isEmpty();
        if (loadgen.tokenFile() == null || loadgen.tokenFile().isBlank()) {
            if (agents) {
                throw new Problem(
                        "loadgen.tokenFile",
                        "is missing: load agents answer only requests that carry their token; "
                                + "name the file that holds it (the one each agent was started with --token-file)");
            }
            return null;
        }
        if (!agents) {
            throw new Problem("loadgen.tokenFile", "is set but no loadgen.agents are named: add them or remove it");
        }
        return folder.resolve(loadgen.tokenFile()).normalize();
    }

    /**
     * {@code loadgen} with the targets its agents host, then, with agents, every target checked as one they can
     * reach. Hosts first: a hosted target's listen: is checked against its agent's machine, not this one.
     */
    static Suite.Loadgen hosting(Suite.Loadgen loadgen, List<SuiteFile.TargetEntry> entries, List<TargetSpec> targets) {
        Map<String, String> targetHosts = targetHosts(entries, targets, loadgen.agents());
        if (!targetHosts.isEmpty()) {
            loadgen = new Suite.Loadgen(
                    loadgen.cpuset(),
                    loadgen.threads(),
                    loadgen.warmup(),
                    loadgen.agents(),
                    loadgen.tokenFile(),
                    targetHosts);
        }
        if (loadgen.distributed()) {
            for (int i = 0; i < targets.size(); i++) {
                reachableByAgents("targets[" + i + "]", targets.get(i), loadgen);
            }
        }
        return loadgen;
    }

    /**
     * {@code targets[i].host}: by target name, the load agent that starts it on its machine. The agent must be one of
     * {@code loadgen.agents} and not the only one (an agent that hosts a target sends no load in its runs: the target's
     * CPU and the generator's would share that machine, as they would on duel's own); the target must listen on an
     * address of that machine that the other agents reach, not loopback; what duel reads only on its own machine (an
     * AOT cache it trains and keeps, a JVM profile from /proc or a flight recording) is refused.
     */
    private static Map<String, String> targetHosts(
            List<SuiteFile.TargetEntry> entries, List<TargetSpec> targets, List<Suite.Agent> agents) {
        Map<String, String> hosts = new LinkedHashMap<>();
        List<String> names = agents.stream().map(Suite.Agent::name).toList();
        for (int i = 0; i < entries.size(); i++) {
            String host = entries.get(i).host();
            if (host == null) {
                continue;
            }
            String at = "targets[" + i + "]";
            TargetSpec target = targets.get(i);
            if (agents.isEmpty()) {
                throw new Problem(
                        at + ".host",
                        "names agent '" + host + "' but loadgen.agents names none: add it there (name and address),"
                                + " or remove host to start the target on this machine");
            }
            if (!names.contains(host)) {
                throw new Problem(at + ".host", "no load agent is named '" + host + "'; loadgen.agents are " + names);
            }
            if (agents.size() == 1) {
                throw new Problem(
                        at + ".host",
                        "'" + host + "' is the only load agent: an agent that hosts a target sends no load in its"
                                + " runs, so none would be left; add another agent to loadgen.agents");
            }
            if (isLoopback(target.listen())) {
                throw new Problem(
                        entries.get(i).listen() == null ? at + ".host" : at + ".listen",
                        "a target on agent '" + host + "' must listen on an address of that agent's machine that the"
                                + " other agents reach (listen: 10.0.0.5, say); " + target.listen()
                                + " reaches only that machine");
            }
            if (entries.get(i).aotCache() != null) {
                throw new Problem(
                        at + ".aotCache",
                        "cannot go with host: duel trains and keeps the cache on its own machine; remove one of them");
            }
            if (target.profile() != null && target.profile() != Profile.NONE) {
                throw new Problem(
                        at + ".profile",
                        "'" + entries.get(i).profile() + "' reads the target's JVM on duel's machine, and this target"
                                + " runs on agent '" + host + "': write profile: none, or leave it out");
            }
            hosts.put(target.name(), host);
        }
        return hosts;
    }

    private static boolean isLoopback(String address) {
        return address.startsWith("127.") || address.equals("::1") || address.equals("0:0:0:0:0:0:0:1");
    }

    /**
     * A target that load agents on other machines must reach cannot listen on the loopback address (each agent would
     * send to its own machine), and a wildcard is no address to connect to.
     */
    private static void reachableByAgents(String at, TargetSpec target, Suite.Loadgen loadgen) {
        String listen = target.listen();
        if (listen.equals("0.0.0.0") || listen.matches("[0:]+")) {
            throw new Problem(
                    at + ".listen",
                    "'" + listen + "' is every address, not one to connect to: give the address of this machine that"
                            + " duel and the load agents reach");
        }
        boolean loopback = listen.startsWith("127.") || listen.equals("::1");
        boolean remoteAgents = loadgen.agents().stream()
                .anyMatch(agent -> !agent.host().startsWith("127.")
                        && !agent.host().equals("::1")
                        && !agent.host().equals("localhost"));
        if (loopback && remoteAgents) {
            throw new Problem(
                    at + ".listen",
                    "the target listens on " + listen + ", which the load agents of loadgen.agents cannot reach from"
                            + " their machines: set listen: to this machine's address they reach (and pass ${host} to"
                            + " the target, e.g. env: {HOST: '${host}'})");
        }
    }

    /**
     * A scenario's plan split between the suite's agents as every run will split it, so that a plan the agents cannot
     * share (fewer users, or seq:/list: values, than agents) is refused here at its key, not hours into a suite.
     */
    static void splitsBetweenAgents(
            String scenarioKey, Scenario scenario, Suite.Loadgen loadgen, List<TargetSpec> targets) {
        int generators = mostGenerators(targets, loadgen);
        try {
            PlanSplit.split(scenario.plan(1, loadgen.threads()), generators);
        } catch (InvalidSettingException e) {
            Problem problem = Problem.of(scenarioKey, e, null, null);
            throw new Problem(
                    problem.located,
                    problem.located,
                    e.problem() + " (split between the " + generators + " load agents of loadgen.agents"
                            + (generators < loadgen.agents().size() ? " that are not hosting the run's target" : "")
                            + ")",
                    e);
        }
    }

    /**
     * The most agents any run splits its load between (more agents are the stricter split: fewer users or values than
     * agents cannot be shared): all of them, or one fewer when every target runs on an agent, which sends none.
     */
    private static int mostGenerators(List<TargetSpec> targets, Suite.Loadgen loadgen) {
        return loadgen.agents().size() - (loadgen.targetHosts().size() == targets.size() ? 1 : 0);
    }
}
