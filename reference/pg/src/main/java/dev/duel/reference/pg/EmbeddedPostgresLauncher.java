package dev.duel.reference.pg;

import java.io.IOException;
import java.util.concurrent.CountDownLatch;

/**
 * {@code java -jar embedded-postgres-launcher.jar [--port N]}: starts one PostgreSQL, prints its JDBC
 * URL as the first line of standard output, and runs until it is stopped (SIGTERM or Ctrl-C), then
 * stops PostgreSQL and removes its data. Exit codes: 0 after a clean stop, 2 for bad arguments,
 * 3 when PostgreSQL could not start.
 */
public final class EmbeddedPostgresLauncher {
    private EmbeddedPostgresLauncher() {}

    public static void main(String[] args) throws InterruptedException {
        if (System.getProperty("org.slf4j.simpleLogger.defaultLogLevel") == null) {
            System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn");
        }
        int port;
        try {
            port = parsePort(args);
        } catch (IllegalArgumentException e) {
            System.err.println("embedded-postgres: " + e.getMessage());
            System.err.println(
                    "usage: java -jar embedded-postgres-launcher.jar [--port N]   (N = 0 or omitted: any free port)");
            System.exit(2);
            return;
        }
        EmbeddedDatabase database;
        try {
            database = EmbeddedDatabase.start(port);
        } catch (IOException e) {
            System.err.println("embedded-postgres: " + e.getMessage());
            System.exit(3);
            return;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime()
                .addShutdownHook(new Thread(
                        () -> {
                            try {
                                database.close();
                            } catch (IOException e) {
                                System.err.println("embedded-postgres: stopping failed: " + e.getMessage());
                            } finally {
                                stopped.countDown();
                            }
                        },
                        "embedded-postgres-stop"));
        System.out.println(database.jdbcUrl());
        System.out.flush();
        stopped.await();
    }

    static int parsePort(String[] args) {
        if (args.length == 0) {
            return 0;
        }
        if (args.length == 2 && args[0].equals("--port")) {
            try {
                int port = Integer.parseInt(args[1]);
                if (port >= 0 && port <= 65_535) {
                    return port;
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            throw new IllegalArgumentException("--port takes 0 to 65535, got '" + args[1] + "'");
        }
        throw new IllegalArgumentException("unknown arguments: " + String.join(" ", args));
    }
}
