package dev.duel.reference.logic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.reference.pg.EmbeddedDatabase;
import java.io.IOException;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Schema, seed and repository against a real PostgreSQL 17. */
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

    @Test
    void twoAppsMigratingAtOnceSeedExactlyOnce() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<Database>> opened = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                opened.add(pool.submit(() -> Database.open(config)));
            }
            try (Database a = opened.get(0).get(); Database b = opened.get(1).get()) {
                assertTrue(new ProductRepository(a.dataSource()).count() >= Database.SEED_ROWS);
                assertEquals("ok", b.status());
            }
            try (Database again = Database.open(config)) {
                ProductRepository products = new ProductRepository(again.dataSource());
                assertEquals(new ProductView(42, "Product 42", 4200), products.findById(42).orElseThrow());
                assertTrue(products.findById(Database.SEED_ROWS + 10_000_000L).isEmpty());
            }
        } finally {
            pool.shutdown();
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
            assertEquals("Robert'); DELETE FROM products; --", products.findById(created.id()).orElseThrow().name());
            assertTrue(products.skuExists(sku));
            assertEquals(before + 1, products.count());
        }
    }

    @Test
    void anUnreachableDatabaseIsAClearError() {
        AppConfig nowhere = AppConfig.fromEnvironment(Map.of("DATABASE_URL", "jdbc:postgresql://127.0.0.1:1/none?user=x"));
        SQLException e = assertThrows(SQLException.class, () -> Database.open(nowhere));
        assertTrue(e.getMessage().startsWith("cannot connect to jdbc:postgresql://127.0.0.1:1/none"), e.getMessage());
    }
}
