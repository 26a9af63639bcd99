package dev.duel.agent;

import dev.duel.record.DuelVersion;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Map;

/**
 * Who an agent is, as {@code GET /v1/hello} tells it. Immutable.
 *
 * @param name  the agent's name ({@code --name}, by default its host name)
 * @param host  the machine's host name; on Kubernetes the node's name ({@value #NODE_NAME_VARIABLE}), since a Pod's
 *              own host name is its Pod's name and says nothing of the machine
 * @param cores the processors this JVM may use
 */
public record AgentIdentity(String name, String host, int cores) {
    /** Set in an agent's Pod from the downward API ({@code spec.nodeName}): the node it runs on. */
    public static final String NODE_NAME_VARIABLE = "NODE_NAME";

    /** This machine, named {@code name} (null: its host name). */
    public static AgentIdentity local(String name) {
        return local(name, System.getenv());
    }

    /** As {@link #local(String)}, the host being {@code environment}'s {@value #NODE_NAME_VARIABLE} when set. */
    static AgentIdentity local(String name, Map<String, String> environment) {
        String machine = hostName();
        String node = environment.get(NODE_NAME_VARIABLE);
        return new AgentIdentity(
                name == null || name.isBlank() ? machine : name,
                node == null || node.isBlank() ? machine : node,
                Runtime.getRuntime().availableProcessors());
    }

    public static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            String env = System.getenv("HOSTNAME");
            return env == null || env.isBlank() ? "localhost" : env;
        }
    }

    String duelVersion() {
        return DuelVersion.current();
    }
}
