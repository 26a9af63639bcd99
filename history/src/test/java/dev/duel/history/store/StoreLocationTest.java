package dev.duel.history.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Where a history lives, from what the user typed. */
class StoreLocationTest {
    @Test
    void aPathIsAnSqliteFile() {
        StoreLocation file = StoreLocation.of("results/history.db");
        assertEquals(StoreLocation.Kind.SQLITE, file.kind());
        assertEquals(Path.of("results/history.db").toAbsolutePath(), file.file());
        assertEquals("jdbc:sqlite:" + Path.of("results/history.db").toAbsolutePath(), file.jdbcUrl());
        assertEquals(
                StoreLocation.Kind.SQLITE,
                StoreLocation.of("jdbc:sqlite:/tmp/h.db").kind());
    }

    @Test
    void aPostgresUrlIsShownWithoutItsPassword() {
        StoreLocation team = StoreLocation.of("jdbc:postgresql://db.example/duel?user=ci&password=s3cret&ssl=true");
        assertEquals(StoreLocation.Kind.POSTGRESQL, team.kind());
        assertEquals("jdbc:postgresql://db.example/duel?user=ci&password=***&ssl=true", team.shown());
    }

    @Test
    void anotherDatabaseOrNothingIsRefusedNamingWhatWorks() {
        IllegalArgumentException mysql =
                assertThrows(IllegalArgumentException.class, () -> StoreLocation.of("jdbc:mysql://db/duel"));
        assertTrue(mysql.getMessage().contains("a file (SQLite) or a jdbc:postgresql: URL"), mysql.getMessage());
        assertThrows(IllegalArgumentException.class, () -> StoreLocation.of(" "));
    }

    @Test
    void theSchemaThisDuelKnowsIsItsLastMigration() throws Exception {
        // A new migration must raise SCHEMA with it, or a newer store would pass as current.
        try (var files = java.nio.file.Files.list(Path.of("src/main/resources/dev/duel/history/migration"))) {
            int last = files.map(f -> f.getFileName().toString())
                    .filter(n -> n.matches("V\\d+__.*\\.sql"))
                    .mapToInt(n -> Integer.parseInt(n.substring(1, n.indexOf("__"))))
                    .max()
                    .orElseThrow();
            assertEquals(Migrations.SCHEMA, last);
        }
    }
}
