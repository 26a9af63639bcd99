package dev.duel.agent;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;

/**
 * An agent process for the real-process tests: {@code TestAgentMain <name> <token file> [<warm-up ms>]}, on 127.0.0.1,
 * any port; no engine warm-up unless asked.
 */
public final class TestAgentMain {
    private TestAgentMain() {}

    public static void main(String[] args) throws Exception {
        AgentProcess.serve(
                args[0],
                new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                AgentProcess.readToken(Path.of(args[1])),
                java.time.Duration.ofMillis(args.length > 2 ? Long.parseLong(args[2]) : 0),
                true,
                // "tls": a certificate made at start, as duel agent --tls does
                args.length > 3 && args[3].equals("tls")
                        ? AgentTls.generate(Path.of(System.getProperty("java.home")))
                        : null,
                System.out,
                System.err);
    }
}
