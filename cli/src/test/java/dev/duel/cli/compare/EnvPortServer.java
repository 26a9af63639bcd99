package dev.duel.cli.compare;

import dev.duel.targets.fixtures.FixtureServer;

/**
 * The fixture server as an application that reads its port from an environment variable ({@code SERVER_PORT}, as a
 * Spring Boot app does), so {@code duel compare} can start it as it starts a user's jar.
 */
public final class EnvPortServer {
    private EnvPortServer() {}

    public static void main(String[] args) throws Exception {
        String port = System.getenv("SERVER_PORT");
        if (port == null) {
            System.err.println("SERVER_PORT is not set");
            System.exit(2);
        }
        FixtureServer.main(new String[] {"ok", "env-port", port});
    }
}
