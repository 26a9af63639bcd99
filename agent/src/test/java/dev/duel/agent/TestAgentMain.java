package dev.duel.agent;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;

/** An agent process for the real-process tests: {@code TestAgentMain <name> <token file>}, on 127.0.0.1, any port. */
public final class TestAgentMain {
    private TestAgentMain() {}

    public static void main(String[] args) throws Exception {
        AgentProcess.serve(
                args[0],
                new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                AgentProcess.readToken(Path.of(args[1])),
                System.out,
                System.err);
    }
}
