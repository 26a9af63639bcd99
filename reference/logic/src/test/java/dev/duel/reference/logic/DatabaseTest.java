package dev.duel.reference.logic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.reference.pg.EmbeddedDatabase;
import java.io.IOException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Schema, seed and repository against a real PostgreSQL 17. */
@Tag("slow") // an embedded PostgreSQL: CI runs it; the quick loop (-Pquick) leaves it out
class DatabaseTest {
    private static EmbeddedDatabase postgres;
    private static AppConfig config;

    @BeforeAll
    static void startPostgres() throws IOException {
        postgres = EmbeddedDatabase.start(0);
        config = AppConfig.fromEnvironment(Map.of("DATABASE_URL", postgres.jdbcUrl(), "DB_POOL_SIZE", "8"));
    }

    @AfterAll
    static void stopPostgres() throws IOException {
        postgres.close();
    }

    /** A new, empty database on the shared server, so that migrations really race. */
    private static AppConfig freshDatabase(String name) throws SQLException {
        try (Connection connection = DriverManager.getConnection(postgres.jdbcUrl());
                Statement statement = connection.createStatement()) {
            statement.execute("CREATE DATABASE " + name);
        }
        String url = postgres.jdbcUrl().replace("/postgres?", "/" + name + "?");
        return AppConfig.fromEnvironment(Map.of("DATABASE_URL", url, "DB_POOL_SIZE", "4"));
    }

    @Test
    void appsMigratingAnEmptyDatabaseAtOnceSeedItExactlyOnce() throws Exception {
        AppConfig empty = freshDatabase("race_migration");
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            CountDownLatch go = new CountDownLatch(1);
            List<Future<Database>> opened = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                opened.add(pool.submit(() -> {
                    go.await();
                    return Database.open(empty);
                }));
            }
            go.countDown();
            List<Database> databases = new ArrayList<>();
            for (Future<Database> future : opened) {
                databases.add(future.get());
            }
            try {
                assertEquals(
                        Database.SEED_ROWS,
                        new ProductRepository(databases.get(0).dataSource()).count());
                assertEquals("ok", databases.get(3).status());
            } finally {
                databases.forEach(Database::close);
            }
        } finally {
            pool.shutdown();
        }
    }

    @Test
    void migratingAgainChangesNothing() throws Exception {
        try (Database first = Database.open(config)) {
            ProductRepository products = new ProductRepository(first.dataSource());
            long before = products.count();
            try (Database again = Database.open(config)) {
                assertEquals(before, new ProductRepository(again.dataSource()).count());
            }
            assertEquals(
                    new ProductView(42, "Product 42", 4200),
                    products.findById(42).orElseThrow());
            assertTrue(products.findById(Database.SEED_ROWS + 10_000_000L).isEmpty());
        }
    }

    @Test
    void duplicateSkusAreRejectedEvenWhenInsertsRace() throws Exception {
        try (Database database = Database.open(config)) {
            ProductRepository products = new ProductRepository(database.dataSource());
            ExecutorService pool = Executors.newFixedThreadPool(16);
            try {
                List<Callable<Boolean>> inserts = new ArrayList<>();
                for (int i = 0; i < 50; i++) {
                    inserts.add(() -> {
                        try {
                            products.insert(new NewProduct("RACE-1", "Racer", 100));
                            return true;
                        } catch (DuplicateSkuException e) {
                            return false;
                        }
                    });
                }
                long created = 0;
                for (Future<Boolean> outcome : pool.invokeAll(inserts)) {
                    created += outcome.get() ? 1 : 0;
                }
                assertEquals(1, created);
                assertTrue(products.skuExists("RACE-1"));
                assertThrows(DuplicateSkuException.class, () -> products.insert(new NewProduct("RACE-1", "Again", 1)));
            } finally {
                pool.shutdown();
            }
        }
    }

    @Test
    void injectionAttemptsAreStoredAsPlainText() throws SQLException, DuplicateSkuException {
        try (Database database = Database.open(config)) {
            ProductRepository products = new ProductRepository(database.dataSource());
            long before = products.count();
            String sku = "x'); DROP TABLE products; --";
            ProductView created = products.insert(new NewProduct(sku, "Robert'); DELETE FROM products; --", 1));
            assertEquals(
                    "Robert'); DELETE FROM products; --",
                    products.findById(created.id()).orElseThrow().name());
            assertTrue(products.skuExists(sku));
            assertEquals(before + 1, products.count());
        }
    }

    @Test
    void anUnreachableDatabaseIsAClearError() {
        AppConfig nowhere = AppConfig.fromEnvironment(Map.of(
                "DATABASE_URL",
                "jdbc:postgresql://127.0.0.1:1/none?user=x&password=s3cret",
                "DATABASE_WAIT_MILLIS",
                "300"));
        SQLException e = assertThrows(SQLException.class, () -> Database.open(nowhere));
        assertTrue(e.getMessage().startsWith("cannot connect to jdbc:postgresql://127.0.0.1:1/none"), e.getMessage());
        // The message goes to the app's log and from there into records: the embedded database's password stays out.
        assertTrue(
                e.getMessage().contains("?user=x&password=***")
                        && !e.getMessage().contains("s3cret"),
                e.getMessage());
    }
}
