package dev.duel.reference.minimal;

import dev.duel.reference.logic.AppConfig;
import dev.duel.reference.logic.ReferenceApp;
import io.javalin.Javalin;
import java.sql.SQLException;
import java.time.Instant;

/**
 * The reference API as minimal lambda routes on Javalin 7 (Jetty 12). Configured by environment
 * (see {@link AppConfig}); prints {@code listening on <port>} once it accepts connections.
 * Exit codes: 2 bad configuration, 3 database unusable, 4 port unavailable.
 */
public final class MinimalApp {
    public static final String NAME = "minimal";

    private MinimalApp() {}

    public static void main(String[] args) {
        Instant startedAt = Instant.now();
        if (System.getProperty("org.slf4j.simpleLogger.defaultLogLevel") == null) {
            System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn");
        }
        AppConfig config;
        try {
            config = AppConfig.fromEnvironment(System.getenv());
        } catch (IllegalArgumentException e) {
            fail(2, e.getMessage());
            return;
        }
        ReferenceApp app;
        try {
            app = ReferenceApp.start(NAME, config, startedAt);
        } catch (SQLException e) {
            fail(3, "the database is not usable: " + e.getMessage());
            return;
        }
        Javalin server = Routes.create(app);
        try {
            server.start(config.host(), config.port());
        } catch (RuntimeException e) {
            app.close();
            fail(
                    4,
                    "cannot listen on " + config.host() + ":" + config.port() + " (" + e.getMessage()
                            + "): is the port in use? set PORT to another port, or 0 for any free one");
            return;
        }
        Runtime.getRuntime()
                .addShutdownHook(new Thread(
                        () -> {
                            server.stop();
                            app.close();
                        },
                        "minimal-stop"));
        ReferenceApp.announce(server.port());
    }

    private static void fail(int code, String message) {
        System.err.println(NAME + ": " + message);
        System.exit(code);
    }

    /** Starts the app in this JVM (benchmarks, tests); the caller stops the returned server. */
    public static Javalin startInProcess(ReferenceApp app, int port) {
        return Routes.create(app).start("127.0.0.1", port);
    }
}
