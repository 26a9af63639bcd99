package dev.duel.reference.logic;

import java.util.Map;

/**
 * Settings of a reference app, from its environment. Immutable.
 *
 * @param port             TCP port on {@code host}; 0 picks a free one
 * @param databaseUrl      a PostgreSQL JDBC URL, or null when the app runs without a database
 * @param databaseUser     user, or null when it is inside the URL
 * @param databasePassword password, or null when it is inside the URL
 * @param poolSize         most JDBC connections
 * @param datasetSize      records generated at start for {@code /process}
 * @param databaseWaitMillis how long start-up waits for the database to accept a connection before it fails,
 *                         milliseconds: a database started at the same time as the app may need a few seconds
 * @param host             the IP address it listens on: 127.0.0.1 unless load generators elsewhere (agents, network
 *                         namespaces) must reach it
 */
public record AppConfig(
        int port,
        String databaseUrl,
        String databaseUser,
        String databasePassword,
        int poolSize,
        int datasetSize,
        int databaseWaitMillis,
        String host) {
    public static final int DEFAULT_POOL_SIZE = 32;
    public static final int DEFAULT_DATASET_SIZE = 1_000_000;
    public static final int DEFAULT_DATABASE_WAIT_MILLIS = 10_000;

    /** Reads {@code PORT}, {@code DATABASE_URL}, {@code DATABASE_USER}, {@code DATABASE_PASSWORD}, {@code DB_POOL_SIZE}, {@code DATASET_SIZE}, {@code DATABASE_WAIT_MILLIS}, {@code HOST}. */
    public static AppConfig fromEnvironment(Map<String, String> env) {
        String url = blankToNull(env.get("DATABASE_URL"));
        if (url != null && !url.startsWith("jdbc:postgresql:")) {
            throw new IllegalArgumentException(
                    "DATABASE_URL must be a PostgreSQL JDBC URL (jdbc:postgresql://host:port/db), got " + url);
        }
        return new AppConfig(
                integer(env, "PORT", 8080, 0, 65_535),
                url,
                blankToNull(env.get("DATABASE_USER")),
                blankToNull(env.get("DATABASE_PASSWORD")),
                integer(env, "DB_POOL_SIZE", DEFAULT_POOL_SIZE, 1, 1_000),
                integer(env, "DATASET_SIZE", DEFAULT_DATASET_SIZE, 0, 50_000_000),
                integer(env, "DATABASE_WAIT_MILLIS", DEFAULT_DATABASE_WAIT_MILLIS, 0, 600_000),
                host(env));
    }

    /** {@code HOST}: an IP address (no lookup), 127.0.0.1 when unset. */
    private static String host(Map<String, String> env) {
        String host = blankToNull(env.get("HOST"));
        if (host == null) {
            return "127.0.0.1";
        }
        host = host.trim();
        if (!host.matches("[0-9.]+|[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*")) {
            throw new IllegalArgumentException(
                    "HOST must be an IP address to listen on (such as 10.0.0.5), got " + host);
        }
        return host;
    }

    public boolean hasDatabase() {
        return databaseUrl != null;
    }

    private static int integer(Map<String, String> env, String name, int fallback, int min, int max) {
        String value = blankToNull(env.get(name));
        if (value == null) {
            return fallback;
        }
        try {
            int parsed = Integer.parseInt(value.trim());
            if (parsed < min || parsed > max) {
                throw new NumberFormatException();
            }
            return parsed;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    name + " must be an integer from " + min + " to " + max + ", got '" + value + "'");
        }
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value;
    }
}
