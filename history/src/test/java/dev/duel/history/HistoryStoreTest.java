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

    /** A JVM running {@link WriterProcess} with {@code args}, its output read line by line. */
    private static Process writer(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                WriterProcess.class.getName()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectErrorStream(true).start();
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void aWriterKilledInTheMiddleOfItsTransactionLeavesTheStoreWhole(Kind kind) throws Exception {
        String store = freshStore(kind);
        HistoryEntry before = entry("h-0000000000f0", "demo", Instant.EPOCH, 16_000);
        try (HistoryStore history = HistoryStore.open(store, "0.1.0-test")) {
            history.record(before);
        }
        Process writer = writer("hold", store, "h-0000000000f1");
        try (java.io.BufferedReader out = new java.io.BufferedReader(
                new java.io.InputStreamReader(writer.getInputStream(), java.nio.charset.StandardCharsets.UTF_8))) {
            String line;
            StringBuilder said = new StringBuilder();
            while ((line = out.readLine()) != null && !line.equals("halfway")) {
                said.append(line).append('\n');
            }
            assertEquals("halfway", line, "the writer got into its transaction: " + said);
            writer.destroyForcibly(); // SIGKILL: no rollback of its own, no shutdown hook
            assertTrue(writer.waitFor(30, java.util.concurrent.TimeUnit.SECONDS));
        } finally {
            writer.destroyForcibly();
        }
        try (HistoryStore history = HistoryStore.open(store, "0.1.0-test")) {
            assertEquals(List.of(before), history.entries("demo"), "the killed write left nothing, the rest whole");
            HistoryEntry after = entry("h-0000000000f1", "demo", Instant.EPOCH.plusSeconds(1), 18_000);
            assertTrue(history.record(after), "the killed writer's id is free; the store takes entries");
            assertEquals(List.of(before, after), history.entries("demo"));
        }
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void twoProcessesWritingAtOnceBothLand(Kind kind) throws Exception {
        String store = freshStore(kind); // new: both processes may migrate it at once
        Process one = writer("write", store, "aaaaaa", "15");
        Process two = writer("write", store, "bbbbbb", "15");
        try {
            for (Process p : List.of(one, two)) {
                String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
                assertTrue(p.waitFor(120, java.util.concurrent.TimeUnit.SECONDS), out);
                assertEquals(0, p.exitValue(), out);
                assertTrue(out.contains("done"), out);
            }
        } finally {
            one.destroyForcibly();
            two.destroyForcibly();
        }
        try (HistoryStore history = HistoryStore.open(store, "0.1.0-test")) {
            List<HistoryEntry> entries = history.entries("demo");
            assertEquals(30, entries.size());
            for (HistoryEntry e : entries) {
                assertEquals(2, e.measurements().size(), e.id());
                assertEquals(3, e.measurements().get(1).values().size(), e.id());
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
        // A store as the previous duel wrote it: schema 2, with an entry in it, written with that schema's columns.
        String store = freshStore(kind);
        String url = store.startsWith("jdbc:") ? store : "jdbc:sqlite:" + store;
        java.nio.file.Files.createDirectories(temp.resolve("stores"));
        Flyway.configure()
                .dataSource(url, null, null)
                .locations("classpath:dev/duel/history/migration")
                .table("duel_history_migrations")
                .target(String.valueOf(dev.duel.history.store.Migrations.SCHEMA - 1))
                .load()
                .migrate();
        try (Connection connection = DriverManager.getConnection(url);
                Statement old = connection.createStatement()) {
            old.executeUpdate("INSERT INTO history_entry (id, suite, git_commit, git_branch, recorded_at_millis,"
                    + " baseline) VALUES ('h-0000000000e1', 'demo', 'c0ffee1', 'main', 5000, 'jdk17')");
            old.executeUpdate("INSERT INTO measurement (entry_id, scenario, target, measure, label, unit,"
                    + " higher_is_better, central_name, central, median, minimum, maximum, runs, marked) VALUES"
                    + " ('h-0000000000e1', 'json', 'jdk25', 'rps', 'requests/s', 'RATE', TRUE,"
                    + " 'geometric mean', 17000, 17000, 16000, 18000, 2, 0)");
            old.executeUpdate("INSERT INTO run_value (entry_id, scenario, target, measure, run_index, measured)"
                    + " VALUES ('h-0000000000e1', 'json', 'jdk25', 'rps', 0, 16000),"
                    + " ('h-0000000000e1', 'json', 'jdk25', 'rps', 1, 18000)");
            try (java.sql.ResultSet row =
                    old.executeQuery("SELECT info_value FROM store_info WHERE info_key = 'schema'")) {
                row.next();
                assertEquals(String.valueOf(dev.duel.history.store.Migrations.SCHEMA - 1), row.getString(1));
            }
        }
        try (HistoryStore history = HistoryStore.open(store, "0.1.0-test")) {
            HistoryEntry entry = entry("h-0000000000e2", "demo", Instant.EPOCH.plusSeconds(1), 1);
            assertTrue(history.record(entry));
            List<HistoryEntry> entries = history.entries("demo");
            assertEquals(
                    List.of("h-0000000000e2", "h-0000000000e1"),
                    entries.stream().map(HistoryEntry::id).toList(),
                    "the old entry kept (its runs ended at 5 s, after the new one's), the new one beside it");
            HistoryEntry old = entries.get(1);
            assertEquals(
                    new HistoryEntry.Provenance("c0ffee1", "main", null, null, null),
                    old.provenance(),
                    "no commit time: schema 2 had none");
            assertEquals(List.of(16_000.0, 18_000.0), old.measurements().get(0).values());
            assertEquals(java.util.Map.of(), history.acknowledged(), "schema 2's table is there, empty");
        }
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void aSeriesFollowsCommitTimeWhereEntriesHaveIt(Kind kind) throws Exception {
        // Runs of an older commit made last (a rebuilt baseline) fall in their commit's place.
        Instant day = Instant.parse("2026-12-01T00:00:00Z");
        List<String> expected = new ArrayList<>();
        try (HistoryStore history = HistoryStore.open(freshStore(kind), "0.1.0-test")) {
            for (int i = 0; i < 4; i++) {
                HistoryEntry plain =
                        entry(String.format("h-00000000010%d", i), "demo", day.plusSeconds(3600L * (3 - i)), 1_000);
                HistoryEntry timed = new HistoryEntry(
                        plain.id(),
                        plain.suite(),
                        null,
                        plain.fingerprint(),
                        null,
                        plain.provenance().committedAt(day.minusSeconds(86_400L - 60L * i)),
                        plain.recordedAt(),
                        null,
                        plain.baseline(),
                        plain.measurements(),
                        plain.comparisons());
                history.record(timed);
                expected.add(timed.id());
            }
            assertEquals(
                    expected,
                    history.entries("demo").stream().map(HistoryEntry::id).toList());
            assertEquals(
                    expected,
                    history.points().stream()
                            .filter(p -> p.series().measure().equals("rps"))
                            .map(HistoryPoint::entryId)
                            .toList());
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
                Map.of("GITHUB_SHA", "0123abc", "GITHUB_REF_NAME", "main", "GITHUB_REF_TYPE", "branch"),
                commit -> commit.equals("0123abc") ? Instant.parse("2026-11-29T12:00:00Z") : null);
        assertEquals("seeded", entry.suite());
        assertEquals("env0000001", entry.fingerprint());
        assertEquals(
                new HistoryEntry.Provenance(
                        "0123abc", "main", null, null, "seeded", Instant.parse("2026-11-29T12:00:00Z")),
                entry.provenance());
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
                HistoryEntries.of(folder, HistoryEntry.Provenance.NONE, Map.of(), commit -> null)
                        .id(),
                "same runs");
        try (HistoryStore history = HistoryStore.open(freshStore(kind), "0.1.0-test")) {
            assertTrue(history.record(entry));
            assertFalse(history.record(entry), "imported again: held once");
            assertEquals(List.of(entry), history.entries("seeded"));
        }
    }
}
