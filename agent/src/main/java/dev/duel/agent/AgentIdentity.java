package dev.duel.agent;

import dev.duel.record.DuelVersion;
import java.net.InetAddress;
import java.net.UnknownHostException;

/**
 * Who an agent is, as {@code GET /v1/hello} tells it. Immutable.
 *
 * @param name  the agent's name ({@code --name}, by default its host name)
 * @param host  the machine's host name
 * @param cores the processors this JVM may use
 */
public record AgentIdentity(String name, String host, int cores) {
    /** This machine, named {@code name} (null: its host name). */
    public static AgentIdentity local(String name) {
        String host = hostName();
        return new AgentIdentity(
                name == null || name.isBlank() ? host : name,
                host,
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
