package dev.duel.kubernetes;

import dev.duel.agent.AgentProcess;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;

/**
 * An agent Pod's container for {@link LocalKubelet}: {@code LocalAgentMain <name> <address> <token file> <tls cert>
 * <tls key>}, serving on {@code address}:9400 over TLS as {@code duel agent --bind <address> --port 9400 --tls-cert
 * <cert> --tls-key <key> --name <name>} does (its node from
 * {@code NODE_NAME}, as the downward API sets it), without the engine's warm-up.
 */
public final class LocalAgentMain {
    private LocalAgentMain() {}

    public static void main(String[] args) throws Exception {
        AgentProcess.serve(
                args[0],
                new InetSocketAddress(args[1], SessionNames.AGENT_PORT),
                AgentProcess.readToken(Path.of(args[2])),
                Duration.ZERO,
                false, // Kubernetes targets are Pods, never started by an agent
                dev.duel.agent.AgentTls.read(Path.of(args[3]), Path.of(args[4])),
                System.out,
                System.err);
    }
}
