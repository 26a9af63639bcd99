package dev.duel.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.report.SeededResults;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The history on both databases it can live in, each real: SQLite through its JDBC driver on a file, PostgreSQL
 * through the embedded server the reference API's suites start. Every test runs on both, each on a fresh store.
 */
@Tag("slow") // starts a PostgreSQL server (a few seconds): CI runs it; the quick loop (-Pquick) leaves it out
class HistoryStoreTest {
    private static final AtomicInteger DATABASES = new AtomicInteger();
    private static EmbeddedPostgres postgres;

    @TempDir
    Path temp;

    @BeforeAll
    static void startPostgres() throws Exception {
        postgres = EmbeddedPostgres.builder().start();
    }

    @AfterAll
    static void stopPostgres() throws Exception {
        if (postgres != null) {
            postgres.close();
        }
    }

    /** The two kinds of store. */
    enum Kind {
        SQLITE,
        POSTGRESQL
    }

    static Stream<Kind> kinds() {
        return Stream.of(Kind.values());
    }

    /** A fresh, empty store of {@code kind}: a new file, or a new database on the one server. */
    private String freshStore(Kind kind) throws Exception {
        if (kind == Kind.SQLITE) {
            return temp.resolve("stores/history-" + DATABASES.incrementAndGet() + ".db")
                    .toString();
        }
        String database = "history_" + DATABASES.incrementAndGet();
        try (Connection admin = DriverManager.getConnection(postgres.getJdbcUrl("postgres", "postgres"));
                Statement create = admin.createStatement()) {
            create.execute("CREATE DATABASE " + database);
        }
        return postgres.getJdbcUrl("postgres", database);
    }

    /** An entry whose p99 runs have no value when {@code rps} is odd: NaN goes in and comes back. */
    private static HistoryEntry entry(String id, String suite, Instant at, double rps) {
        return SampleEntries.entry(id, suite, "c0ffee1", at, rps, rps % 2 == 1 ? Double.NaN : 3_400);
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void anEntryComesBackAsItWasRecorded(Kind kind) throws Exception {
        String store = freshStore(kind);
        HistoryEntry first = entry("h-000000000001", "demo", Instant.parse("2026-12-01T10:00:00Z"), 17_000);
        HistoryEntry second = entry("h-000000000002", "demo", Instant.parse("2026-12-02T10:00:00Z"), 18_000);
        try (HistoryStore history = HistoryStore.open(store, "0.1.0-test")) {
            assertTrue(history.record(second));
            assertTrue(history.record(first));
            assertTrue(history.record(entry("h-000000000003", "other", Instant.EPOCH, 1)));
        }
        try (HistoryStore history = HistoryStore.open(store, "0.1.0-test")) {
            assertEquals(List.of(first, second), history.entries("demo"), "oldest first, whole, NaN kept as NaN");
            assertEquals(List.of("demo", "other"), history.suites());
            assertEquals(List.of(), history.entries("none"));
        }
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void theSameEntryRecordedTwiceIsOneEntry(Kind kind) throws Exception {
        try (HistoryStore history = HistoryStore.open(freshStore(kind), "0.1.0-test")) {
            HistoryEntry entry = entry("h-0000000000aa", "demo", Instant.EPOCH, 17_000);
            assertTrue(history.record(entry));
            assertFalse(history.record(entry), "already held");
            assertEquals(1, history.entries("demo").size());
        }
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void aWriteThatFailsHalfwayLeavesNothingOfIt(Kind kind) throws Exception {
        HistoryEntry good = entry("h-0000000000bb", "demo", Instant.EPOCH, 17_000);
        // The same measurement twice: the second insert breaks the table's key after the entry's row was written.
        List<HistoryEntry.Measurement> twice = new ArrayList<>(good.measurements());
        twice.add(good.measurements().get(1));
        HistoryEntry broken = new HistoryEntry(
                "h-0000000000cc",
                "demo",
                null,
                null,
                null,
                HistoryEntry.Provenance.NONE,
                Instant.EPOCH,
                null,
                "jdk17",
                twice,
                List.of());
        try (HistoryStore history = HistoryStore.open(freshStore(kind), "0.1.0-test")) {
            HistoryException failed = assertThrows(HistoryException.class, () -> history.record(broken));
            assertTrue(failed.getMessage().contains("nothing of it was written"), failed.getMessage());
            assertEquals(List.of(), history.entries("demo"), "no half entry");
            assertTrue(history.record(good), "the store still takes entries");
            assertEquals(List.of(good), history.entries("demo"));
        }
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void twoJobsWritingAtOnceEachLandWhole(Kind kind) throws Exception {
        String store = freshStore(kind);
        ExecutorService jobs = Executors.newFixedThreadPool(2);
        try {
            List<Future<?>> running = new ArrayList<>();
            for (int job = 0; job < 2; job++) {
                int jobIndex = job;
                // Each job opens the store itself (the first open migrates it: both may try at once).
                running.add(jobs.submit(() -> {
                    try (HistoryStore history = HistoryStore.open(store, "0.1.0-test")) {
                        for (int i = 0; i < 10; i++) {
                            history.record(entry(
                                    String.format("h-%06d%06d", jobIndex, i),
                                    "demo",
                                    Instant.EPOCH.plusSeconds(jobIndex * 100L + i),
                                    1_000 + i));
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> job : running) {
                job.get();
            }
        } finally {
            jobs.shutdownNow();
        }
        try (HistoryStore history = HistoryStore.open(store, "0.1.0-test")) {
            List<HistoryEntry> entries = history.entries("demo");
            assertEquals(20, entries.size());
            for (HistoryEntry e : entries) {
                assertEquals(2, e.measurements().size(), e.id());
                assertEquals(1, e.comparisons().size(), e.id());
            }
        }
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void aStoreANewerDuelWroteIsRefusedNamingIt(Kind kind) throws Exception {
        String store = freshStore(kind);
        try (HistoryStore history = HistoryStore.open(store, "0.1.0-test")) {
            history.record(entry("h-0000000000dd", "demo", Instant.EPOCH, 1));
        }
        String url = store.startsWith("jdbc:") ? store : "jdbc:sqlite:" + store;
        try (Connection connection = DriverManager.getConnection(url);
                Statement newer = connection.createStatement()) {
            newer.executeUpdate("UPDATE store_info SET info_value = '7' WHERE info_key = 'schema'");
            newer.executeUpdate("UPDATE store_info SET info_value = '0.9.0' WHERE info_key = 'written_by'");
        }
        HistoryException refused = assertThrows(HistoryException.class, () -> HistoryStore.open(store, "0.1.0-test"));
        assertTrue(
                refused.getMessage()
                        .contains("has schema 7, written by duel 0.9.0; this duel knows schema "
                                + dev.duel.history.store.Migrations.SCHEMA + " and older: use duel 0.9.0 or newer"),
                refused.getMessage());
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void aStoreOfThePreviousSchemaOpensWithItsEntriesAndTakesNewOnes(Kind kind) throws Exception {
        // A store as the previous duel wrote it: schema 1 only, with an entry in it.
        String store = freshStore(kind);
        String url = store.startsWith("jdbc:") ? store : "jdbc:sqlite:" + store;
        java.nio.file.Files.createDirectories(temp.resolve("stores"));
        Flyway.configure()
                .dataSource(url, null, null)
                .locations("classpath:dev/duel/history/migration")
                .table("duel_history_migrations")
                .target("1")
                .load()
                .migrate();
        HistoryEntry old = entry("h-0000000000e1", "demo", Instant.EPOCH, 1);
        try (Connection connection = DriverManager.getConnection(url)) {
            dev.duel.history.store.EntryTables.insert(connection, old); // schema 1's tables, as that duel wrote them
            try (Statement schema = connection.createStatement();
                    java.sql.ResultSet row =
                            schema.executeQuery("SELECT info_value FROM store_info WHERE info_key = 'schema'")) {
                row.next();
                assertEquals("1", row.getString(1));
            }
        }
        try (HistoryStore history = HistoryStore.open(store, "0.1.0-test")) {
            HistoryEntry entry = entry("h-0000000000e2", "demo", Instant.EPOCH.plusSeconds(1), 1);
            assertTrue(history.record(entry));
            assertEquals(List.of(old, entry), history.entries("demo"), "the old entry kept, the new one beside it");
            assertEquals(java.util.Map.of(), history.acknowledged(), "schema 2's table is there, empty");
        }
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void aResultsFolderBecomesAnEntryOnceAndKeepsTheReportsConclusions(Kind kind) throws Exception {
        Path folder = temp.resolve("results/seeded");
        SeededResults results = new SeededResults(folder, 11, Instant.parse("2026-11-30T06:00:00Z"));
        results.environment("env0000001", List.of());
        results.suite("seeded", List.of());
        SeededResults.Behaviour jdk17 = new SeededResults.Behaviour("jdk17", "17.0.15", 13_700, 8_800, 270_000, 0.01);
        SeededResults.Behaviour jdk25 = new SeededResults.Behaviour("jdk25", "25.0.3", 15_000, 8_100, 300_000, 0.02);
        double minutes = 0;
        for (int rep = 1; rep <= 3; rep++) {
            for (SeededResults.Behaviour b : rep % 2 == 1 ? List.of(jdk17, jdk25) : List.of(jdk25, jdk17)) {
                results.run(b, "ok", "", 1, minutes, "env0000001", List.of("json"), false);
                minutes += 2;
            }
        }
        HistoryEntry entry = HistoryEntries.of(
                folder,
                new HistoryEntry.Provenance(null, null, null, null, "seeded"),
                Map.of("GITHUB_SHA", "0123abc", "GITHUB_REF_NAME", "main", "GITHUB_REF_TYPE", "branch"));
        assertEquals("seeded", entry.suite());
        assertEquals("env0000001", entry.fingerprint());
        assertEquals(new HistoryEntry.Provenance("0123abc", "main", null, null, "seeded"), entry.provenance());
        assertTrue(entry.id().matches("h-[0-9a-f]{12}"), entry.id());
        HistoryEntry.Measurement rps = entry.measurements().stream()
                .filter(m -> m.target().equals("jdk25") && m.measure().equals("rps"))
                .findFirst()
                .orElseThrow();
        assertEquals(3, rps.runs());
        assertEquals(3, rps.values().size());
        assertEquals("geometric mean", rps.centralName());
        assertTrue(rps.central() > 13_000 && rps.central() < 17_000, rps.toString());
        HistoryEntry.Comparison ratio = entry.comparisons().stream()
                .filter(c -> c.measure().equals("rps"))
                .findFirst()
                .orElseThrow();
        assertEquals("jdk17", ratio.baseline());
        assertEquals("jdk25", ratio.other());
        assertTrue(ratio.low() <= ratio.ratio() && ratio.ratio() <= ratio.high(), ratio.toString());
        assertEquals(
                entry.id(),
                HistoryEntries.of(folder, HistoryEntry.Provenance.NONE, Map.of())
                        .id(),
                "same runs");
        try (HistoryStore history = HistoryStore.open(freshStore(kind), "0.1.0-test")) {
            assertTrue(history.record(entry));
            assertFalse(history.record(entry), "imported again: held once");
            assertEquals(List.of(entry), history.entries("seeded"));
        }
    }
}
