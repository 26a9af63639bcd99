package dev.duel.reference.logic;

import java.sql.SQLException;
import java.time.Instant;
import java.util.Optional;

/**
 * What either app holds at run time: its settings, its dataset, its database if it has one, and
 * how to describe itself. Built once at start, before the server accepts connections. Thread-safe.
 */
public final class ReferenceApp implements AutoCloseable {
    private final String name;
    private final AppConfig config;
    private final Instant startedAt;
    private final DataRecord[] dataset;
    private final Database database;
    private final ProductRepository products;

    private ReferenceApp(String name, AppConfig config, Instant startedAt, DataRecord[] dataset, Database database) {
        this.name = name;
        this.config = config;
        this.startedAt = startedAt;
        this.dataset = dataset;
        this.database = database;
        this.products = database == null ? null : new ProductRepository(database.dataSource());
    }

    /**
     * Generates the dataset and, when {@code DATABASE_URL} is set, opens and migrates the database.
     *
     * @throws SQLException when a configured database cannot be used
     */
    public static ReferenceApp start(String name, AppConfig config, Instant startedAt) throws SQLException {
        DataRecord[] dataset = Dataset.generate(config.datasetSize());
        Database database = config.hasDatabase() ? Database.open(config) : null;
        return new ReferenceApp(name, config, startedAt, dataset, database);
    }

    public AppConfig config() {
        return config;
    }

    public DataRecord[] dataset() {
        return dataset;
    }

    /** The product store, or empty when the app runs without a database (answer 503). */
    public Optional<ProductRepository> products() {
        return Optional.ofNullable(products);
    }

    public HealthReport health() {
        String db = database == null ? "absent" : database.status();
        return HealthReport.of(name, startedAt, dataset.length, db);
    }

    /** The one line a launcher waits for; printed once the server accepts connections. */
    public static void announce(int port) {
        System.out.println("listening on " + port);
        System.out.flush();
    }

    @Override
    public void close() {
        if (database != null) {
            database.close();
        }
    }
}
