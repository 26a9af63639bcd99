package dev.duel.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.history.HistoryStore;
import dev.duel.report.SeededResults;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code duel history import}: a results folder into an SQLite history, once; wrong input, one line and exit 2. */
class HistoryCommandTest {
    @TempDir
    Path temp;

    private Path results(String name, long seed) throws Exception {
        Path folder = temp.resolve(name);
        SeededResults results = new SeededResults(folder, seed, Instant.parse("2026-11-30T06:00:00Z"));
        results.environment("e", List.of());
        results.suite("seeded", List.of());
        results.interleaved(
                new SeededResults.Behaviour("jdk17", "17.0.15", 13_700, 8_800, 270_000, 0.01),
                new SeededResults.Behaviour("jdk25", "25.0.3", 15_000, 8_100, 300_000, 0.02),
                3,
                List.of("json"));
        return folder;
    }

    @Test
    void importsAFolderOnceAndSaysWhere() throws Exception {
        Path folder = results("r", 7);
        Path history = temp.resolve("store/history.db");
        Captured first = Captured.duel(
                "history", "import", folder.toString(), "--history", history.toString(), "--label", "nightly");
        assertEquals(0, first.exitCode(), first.err());
        assertTrue(first.out().startsWith("recorded " + folder + " as h-"), first.out());
        assertTrue(first.out().contains("suite seeded, "), first.out());
        assertTrue(first.out().endsWith("history: " + history + System.lineSeparator()), first.out());
        Captured again = Captured.duel("history", "import", folder.toString(), "--history", history.toString());
        assertEquals(0, again.exitCode(), again.err());
        assertTrue(again.out().startsWith("already held " + folder + " as h-"), again.out());
        try (HistoryStore store = HistoryStore.open(history.toString(), "test")) {
            assertEquals(1, store.entries("seeded").size());
            assertEquals("nightly", store.entries("seeded").get(0).provenance().label());
        }
    }

    @Test
    void aFolderThatIsNotThereIsOneLineAndAUsageError() {
        Path history = temp.resolve("history.db");
        Captured missing =
                Captured.duel("history", "import", temp.resolve("nope").toString(), "--history", history.toString());
        assertEquals(ExitCodes.USAGE, missing.exitCode());
        assertEquals("", missing.out());
        assertEquals(1, missing.err().lines().count(), missing.err());
        assertTrue(
                missing.err().startsWith("duel: history import: " + temp.resolve("nope") + " does not exist"),
                missing.err());
    }

    @Test
    void anotherDatabaseIsOneLineNamingWhatWorks() throws Exception {
        Captured mysql =
                Captured.duel("history", "import", results("r", 7).toString(), "--history", "jdbc:mysql://db/duel");
        assertEquals(ExitCodes.USAGE, mysql.exitCode());
        assertEquals(
                "duel: history import: jdbc:mysql://db/duel: a history is a file (SQLite) or a jdbc:postgresql: URL",
                mysql.err().strip());
        assertTrue(Files.notExists(temp.resolve("history.db")));
    }

    @Test
    void everyHistoryCommandsHelpRendersWhole() {
        for (String command : List.of("import", "changes", "acknowledge", "report", "export")) {
            Captured help = Captured.duel("history", command, "--help");
            assertEquals(0, help.exitCode(), command);
            assertEquals("", help.err(), command + ": picocli said something while rendering the help");
            assertTrue(help.out().lines().allMatch(l -> l.length() <= 80), command + " fits 80 columns");
        }
    }

    @Test
    void bareHistoryPrintsItsHelpAndExitsTwo() {
        Captured bare = Captured.duel("history");
        assertEquals(ExitCodes.USAGE, bare.exitCode());
        assertTrue(bare.err().contains("import"), bare.err());
    }
}
