package dev.duel.kubernetes;

import dev.duel.agent.AgentProcess;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;

/**
 * An agent Pod's container for {@link LocalKubelet}: {@code LocalAgentMain <name> <address> <token file>}, serving on
 * {@code address}:9400 as {@code duel agent --bind <address> --port 9400 --name <name>} does (its node from
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
                System.out,
                System.err);
    }
}
