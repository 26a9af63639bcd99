package dev.duel.reference.logic;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;

/**
 * The app's PostgreSQL: a HikariCP pool, the {@code products} schema and its seed. Creating and
 * seeding hold a PostgreSQL advisory lock, so two apps starting against one database at once do
 * it exactly once. Thread-safe.
 */
public final class Database implements AutoCloseable {
    /** Rows seeded into an empty table: product g has SKU-00000g, name "Product g", price g * 100. */
    public static final int SEED_ROWS = 10_000;

    private static final long MIGRATION_LOCK = 0x6475656CL; // "duel"

    private final HikariDataSource pool;

    private Database(HikariDataSource pool) {
        this.pool = pool;
    }

    /**
     * Opens the pool and makes sure the schema and seed exist.
     *
     * @throws SQLException when the database cannot be reached or migrated
     */
    public static Database open(AppConfig config) throws SQLException {
        HikariConfig hikari = new HikariConfig();
        hikari.setJdbcUrl(config.databaseUrl());
        if (config.databaseUser() != null) {
            hikari.setUsername(config.databaseUser());
        }
        if (config.databasePassword() != null) {
            hikari.setPassword(config.databasePassword());
        }
        hikari.setMaximumPoolSize(config.poolSize());
        hikari.setMinimumIdle(Math.min(4, config.poolSize()));
        hikari.setPoolName("reference");
        hikari.setConnectionTimeout(5_000);
        hikari.setInitializationFailTimeout(Math.max(1, config.databaseWaitMillis()));
        // Prepared statements only; let the driver keep them server-side once used often.
        hikari.addDataSourceProperty("prepareThreshold", "3");
        HikariDataSource pool;
        try {
            pool = new HikariDataSource(hikari);
        } catch (RuntimeException e) {
            throw new SQLException("cannot connect to " + redacted(config.databaseUrl()) + ": " + rootMessage(e), e);
        }
        Database database = new Database(pool);
        try {
            database.migrate();
        } catch (SQLException | RuntimeException e) {
            pool.close();
            throw e;
        }
        return database;
    }

    public DataSource dataSource() {
        return pool;
    }

    private void migrate() throws SQLException {
        try (Connection connection = pool.getConnection();
                Statement statement = connection.createStatement()) {
            // Another app migrating holds the lock for a second at most; a minute means something is stuck.
            statement.execute("SET lock_timeout = '60s'");
            statement.execute("SELECT pg_advisory_lock(" + MIGRATION_LOCK + ")");
            try {
                statement.execute("""
                        CREATE TABLE IF NOT EXISTS products (
                            id bigserial PRIMARY KEY,
                            sku varchar(%d) NOT NULL,
                            name varchar(%d) NOT NULL,
                            price_cents integer NOT NULL CHECK (price_cents >= 0),
                            CONSTRAINT products_sku_unique UNIQUE (sku)
                        )""".formatted(ProductRules.SKU_MAX_LENGTH, ProductRules.NAME_MAX_LENGTH));
                boolean empty;
                try (ResultSet rows = statement.executeQuery("SELECT NOT EXISTS (SELECT 1 FROM products)")) {
                    rows.next();
                    empty = rows.getBoolean(1);
                }
                if (empty) {
                    statement.execute("""
                            INSERT INTO products (sku, name, price_cents)
                            SELECT 'SKU-' || lpad(g::text, 6, '0'), 'Product ' || g, g * 100
                            FROM generate_series(1, %d) AS g ORDER BY g""".formatted(SEED_ROWS));
                }
            } finally {
                statement.execute("SELECT pg_advisory_unlock(" + MIGRATION_LOCK + ")");
            }
        }
    }

    /** "ok" if the database answers a trivial query now, else "error". */
    public String status() {
        try (Connection connection = pool.getConnection()) {
            return connection.isValid(2) ? "ok" : "error";
        } catch (SQLException | RuntimeException e) {
            return "error";
        }
    }

    @Override
    public void close() {
        pool.close();
    }

    private static String rootMessage(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root.getMessage();
    }

    /** {@code url} with its password's value hidden: the message goes to the app's log, and from there into records. */
    static String redacted(String url) {
        return url.replaceAll("([?&;]password=)[^&;]*", "$1***");
    }
}
