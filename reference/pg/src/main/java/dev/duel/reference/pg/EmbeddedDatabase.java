package dev.duel.reference.pg;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.time.Duration;

/**
 * One PostgreSQL 17 server from zonky's Maven-provided binaries, listening on 127.0.0.1 only, with
 * a fresh data directory that is removed when it stops. Thread-safe; close it to stop the server.
 */
public final class EmbeddedDatabase implements AutoCloseable {
    private final EmbeddedPostgres postgres;

    private EmbeddedDatabase(EmbeddedPostgres postgres) {
        this.postgres = postgres;
    }

    /**
     * Starts a server.
     *
     * @param port TCP port on 127.0.0.1, or 0 for a free one
     * @throws IOException when PostgreSQL cannot start (the message says why)
     */
    public static EmbeddedDatabase start(int port) throws IOException {
        EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder()
                .setServerConfig("listen_addresses", "127.0.0.1")
                // Benchmarks compare apps, not disks: commits need not wait for fsync.
                .setServerConfig("synchronous_commit", "off")
                .setServerConfig("max_connections", "300")
                .setPGStartupWait(Duration.ofSeconds(60));
        if (port > 0) {
            builder.setPort(port);
        }
        try {
            return new EmbeddedDatabase(builder.start());
        } catch (IOException e) {
            throw new IOException(
                    "embedded PostgreSQL did not start" + (port > 0 ? " on port " + port : "") + ": " + e.getMessage()
                            + (port > 0 ? " (is the port in use? pick another, or 0 for any free port)" : ""),
                    e);
        }
    }

    public int port() {
        return postgres.getPort();
    }

    /** The JDBC URL of the {@code postgres} database, user {@code postgres}, on 127.0.0.1. */
    public String jdbcUrl() {
        return "jdbc:postgresql://127.0.0.1:" + port() + "/postgres?user=postgres";
    }

    @Override
    public void close() throws IOException {
        postgres.close();
    }
}
