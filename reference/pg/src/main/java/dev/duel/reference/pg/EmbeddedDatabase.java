package dev.duel.reference.pg;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.time.Duration;

/**
 * One PostgreSQL 17 server from zonky's Maven-provided binaries, listening on 127.0.0.1 only, with
 * a fresh data directory that is removed when it stops. Its superuser {@code postgres} has a random password and
 * every connection must give it (scram-sha-256): zonky initialises the cluster with {@code trust}, under which any
 * local user could connect as the superuser and run commands as duel's user ({@code COPY ... TO PROGRAM}). The
 * password is in {@link #jdbcUrl}, which duel hands to the targets through their environment and never writes to a
 * file. Thread-safe; close it to stop the server.
 */
public final class EmbeddedDatabase implements AutoCloseable {
    private static final java.security.SecureRandom PASSWORDS = new java.security.SecureRandom();

    private final EmbeddedPostgres postgres;
    private final String password;

    private EmbeddedDatabase(EmbeddedPostgres postgres, String password) {
        this.postgres = postgres;
        this.password = password;
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
        java.io.File[] dataDirectory = new java.io.File[1];
        builder.setDataDirectoryCustomizer(directory -> dataDirectory[0] = directory);
        EmbeddedPostgres started;
        try {
            started = builder.start();
        } catch (IOException e) {
            throw new IOException(
                    "embedded PostgreSQL did not start" + (port > 0 ? " on port " + port : "") + ": " + e.getMessage()
                            + (port > 0 ? " (is the port in use? pick another, or 0 for any free port)" : ""),
                    e);
        }
        byte[] random = new byte[24];
        PASSWORDS.nextBytes(random);
        String password = java.util.Base64.getUrlEncoder().withoutPadding().encodeToString(random);
        try {
            requirePassword(started, dataDirectory[0].toPath(), password);
        } catch (IOException | java.sql.SQLException | RuntimeException e) {
            started.close();
            throw new IOException(
                    "embedded PostgreSQL started but could not be given a password: " + e.getMessage(), e);
        }
        return new EmbeddedDatabase(started, password);
    }

    /**
     * Sets the superuser's password (as a SCRAM verifier, PostgreSQL's default since 14), then makes every local and
     * TCP connection give it, and has the server read that now.
     */
    private static void requirePassword(EmbeddedPostgres postgres, java.nio.file.Path data, String password)
            throws IOException, java.sql.SQLException {
        try (java.sql.Connection connection = postgres.getPostgresDatabase().getConnection();
                java.sql.Statement statement = connection.createStatement()) {
            // Base64url: letters, digits, '-' and '_', nothing that needs quoting.
            statement.execute("ALTER ROLE postgres PASSWORD '" + password + "'");
            java.nio.file.Files.writeString(
                    data.resolve("pg_hba.conf"),
                    "# written by duel: the superuser's password is required on every connection\n"
                            + "local all all scram-sha-256\n"
                            + "host all all 127.0.0.1/32 scram-sha-256\n"
                            + "host all all ::1/128 scram-sha-256\n");
            statement.execute("SELECT pg_reload_conf()");
            // The reload is a signal: wait until a connection without the password is refused, then end any session
            // opened in the moments under trust (none should exist: the server's address is not told yet).
            String withoutPassword = "jdbc:postgresql://127.0.0.1:" + postgres.getPort() + "/postgres?user=postgres";
            long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(10);
            while (true) {
                try {
                    java.sql.DriverManager.getConnection(withoutPassword).close(); // still let in
                    if (System.nanoTime() > deadline) {
                        throw new IOException("PostgreSQL still lets a connection in without the password 10 s after"
                                + " reloading its pg_hba.conf");
                    }
                    Thread.sleep(20);
                } catch (java.sql.SQLException refused) {
                    break;
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IOException("interrupted while PostgreSQL reloaded its pg_hba.conf", e);
                }
            }
            statement.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                    + " WHERE pid <> pg_backend_pid() AND backend_type = 'client backend'");
        }
    }

    public int port() {
        return postgres.getPort();
    }

    /** The JDBC URL of the {@code postgres} database, user {@code postgres} with its password, on 127.0.0.1. */
    public String jdbcUrl() {
        return "jdbc:postgresql://127.0.0.1:" + port() + "/postgres?user=postgres&password=" + password;
    }

    @Override
    public void close() throws IOException {
        postgres.close();
    }
}
