package dev.duel.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.history.HistoryStore;
import dev.duel.report.SeededResults;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code duel report --against REF}: a pull request's runs against main's in the history, in the report and its
 * comment, recorded after; and each wrong input one line, exit 2, nothing written. {@code duel history report}: the
 * trend page.
 */
class AgainstHistoryCommandTest {
    private static final SeededResults.Behaviour JDK17 =
            new SeededResults.Behaviour("jdk17", "17.0.15", 13_700, 8_800, 270_000, 0.01);
    private static final SeededResults.Behaviour JDK25 =
            new SeededResults.Behaviour("jdk25", "25.0.3", 15_000, 8_100, 300_000, 0.02);

    @TempDir
    Path temp;

    private Path history;

    /** Runs of suite seeded in {@code name}, made {@code day} days after the first, on machine {@code machine}. */
    private Path results(String name, long seed, int day, String machine, SeededResults.Behaviour jdk25)
            throws Exception {
        Path folder = temp.resolve("results").resolve(name);
        SeededResults results = new SeededResults(
                folder, seed, Instant.parse("2026-11-30T06:00:00Z").plusSeconds(86_400L * day));
        results.environment(machine, List.of());
        results.suite("seeded", List.of());
        for (int i = 0; i < 3; i++) {
            results.run(JDK17, "ok", "", 1, i * 2, machine, List.of("json"), false);
            results.run(jdk25, "ok", "", 1, i * 2 + 1, machine, List.of("json"), false);
        }
        return folder;
    }

    @BeforeEach
    void mainsHistory() throws Exception {
        history = temp.resolve("results/history.db");
        for (int day = 0; day < 3; day++) {
            Path main = results("main-" + day, 10 + day, day, "e", JDK25);
            Captured imported = Captured.duel(
                    "history",
                    "import",
                    main.toString(),
                    "--history",
                    history.toString(),
                    "--branch",
                    "main",
                    "--commit",
                    "aaaa00" + day);
            assertEquals(0, imported.exitCode(), imported.err());
        }
    }

    private int entries() throws Exception {
        try (HistoryStore store = HistoryStore.open(history.toString(), "test")) {
            return store.entries("seeded").size();
        }
    }

    @Test
    void aPullRequestsRunsAgainstMainSayTheChangeWithItsIntervalAndAreRecorded() throws Exception {
        Path pr =
                results("pr", 20, 4, "e", new SeededResults.Behaviour("jdk25", "25.0.3", 12_750, 8_100, 300_000, 0.02));
        Path comment = temp.resolve("comment.md");
        Captured report = Captured.duel(
                "report",
                pr.toString(),
                "--against",
                "main",
                "--pr-comment",
                comment.toString(),
                "--commit",
                "bbbb001",
                "--branch",
                "feature");
        assertEquals(0, report.exitCode(), report.err());
        assertTrue(
                report.out().contains("against main: the last 3 entries on branch main (commits aaaa000 to aaaa002"),
                report.out());
        String text = Files.readString(comment);
        assertTrue(text.contains("### Against main"), text);
        assertTrue(
                text.matches("(?s).*json / jdk25: jdk25 serves 1[0-9]% fewer requests/s than jdk25 at main \\(95% CI"
                        + " -[0-9.]+% to -[0-9.]+%\\).*"),
                text);
        assertTrue(report.out().contains("history: recorded as h-"), report.out());
        assertTrue(report.out().contains(" in " + history + " (commit bbbb001)"), report.out());
        assertEquals(4, entries(), "main's three and the pull request's");
        // Against its own commit: its own runs are not their own baseline, so only main's... none of that commit.
        Captured self = Captured.duel("report", pr.toString(), "--against", "bbbb001");
        assertEquals(ExitCodes.USAGE, self.exitCode(), self.out());
    }

    @Test
    void aReferenceTheHistoryDoesNotHoldIsOneLineAndNothingIsWritten() throws Exception {
        Path pr = results("pr", 20, 4, "e", JDK25);
        Captured wrong = Captured.duel("report", pr.toString(), "--against", "nope");
        assertEquals(ExitCodes.USAGE, wrong.exitCode());
        assertEquals(1, wrong.err().lines().count(), wrong.err());
        assertTrue(
                wrong.err()
                        .startsWith("duel: report: --against nope: no entry of suite seeded in the history " + history
                                + " is nope (an entry id, a commit, a tag, a label or a branch); it holds branch(es)"
                                + " main; the newest entries: h-"),
                wrong.err());
        assertEquals("", wrong.out());
        assertFalse(Files.exists(pr.resolve("report.md")), "no report written");
        assertEquals(3, entries(), "nothing recorded");
    }

    @Test
    void aReferenceMeasuredOnAnotherMachineIsRefusedUnlessAllowed() throws Exception {
        Path elsewhere = results("elsewhere", 21, 4, "other", JDK25);
        Captured refused = Captured.duel("report", elsewhere.toString(), "--against", "main");
        assertEquals(ExitCodes.USAGE, refused.exitCode());
        assertEquals(
                "duel: report: --against main: main was measured on machine e, these runs on other: a report does not"
                        + " compare runs of different machines (--allow-distant compares them anyway, under a label)",
                refused.err().strip());
        assertFalse(Files.exists(elsewhere.resolve("report.md")));
        Captured allowed = Captured.duel("report", elsewhere.toString(), "--against", "main", "--allow-distant");
        assertEquals(0, allowed.exitCode(), allowed.err());
        assertTrue(allowed.out().contains("note: COMPARED DESPITE: main was measured on machine e"), allowed.out());
    }

    @Test
    void aHistoryThatIsNotThereOrNotOneOrNewerOrUnreachableIsOneLineAndNothingIsWritten() throws Exception {
        Path pr = results("pr", 20, 4, "e", JDK25);
        Path none = temp.resolve("none.db");
        Path text = Files.writeString(temp.resolve("notes.txt"), "not a database\n");
        Path newer = temp.resolve("newer.db");
        Files.copy(history, newer);
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + newer);
                Statement update = connection.createStatement()) {
            update.executeUpdate("UPDATE store_info SET info_value = '99' WHERE info_key = 'schema'");
        }
        List<List<String>> cases = List.of(
                List.of(none.toString(), "there is no history at " + none),
                List.of(text.toString(), text + " is not a duel history (not an SQLite file)"),
                List.of(newer.toString(), "the history " + newer + " has schema 99, written by duel "),
                List.of(
                        "jdbc:postgresql://127.0.0.1:1/duel?connectTimeout=2",
                        "cannot open the history" + " jdbc:postgresql://127.0.0.1:1/duel?connectTimeout=2: "));
        for (List<String> c : cases) {
            Captured wrong = Captured.duel("report", pr.toString(), "--against", "main", "--history", c.get(0));
            assertEquals(ExitCodes.USAGE, wrong.exitCode(), c.get(0));
            assertEquals(1, wrong.err().lines().count(), wrong.err());
            assertTrue(wrong.err().startsWith("duel: report: --against main: " + c.get(1)), wrong.err());
            assertFalse(Files.exists(pr.resolve("report.md")), c.get(0));
        }
        assertFalse(Files.exists(none), "no history made where none was");
        assertEquals("not a database\n", Files.readString(text));
        try (java.util.stream.Stream<Path> beside = Files.list(temp)) {
            assertEquals(
                    List.of(),
                    beside.filter(p -> p.getFileName().toString().endsWith(".lock"))
                            .toList(),
                    "no lock file left beside them");
        }
    }

    @Test
    void theTrendPageDrawsEveryEntryWithMainsBand() throws Exception {
        Path page = temp.resolve("trend.html");
        Captured written = Captured.duel(
                "history", "report", "--history", history.toString(), "--against", "main", "--out", page.toString());
        assertEquals(0, written.exitCode(), written.err());
        assertEquals(
                "history report: " + page + " (1 suite(s), 3 entries, 0 change(s) not acknowledged)",
                written.out().strip());
        String html = Files.readString(page);
        assertTrue(html.contains("band: main's entries, lowest to highest"), html);
        assertEquals(3, html.split("class=\"duel-trend\"", -1).length - 1, "rps, p99 and CPU per request");
        Captured none = Captured.duel(
                "history", "report", "--history", temp.resolve("none.db").toString());
        assertEquals(ExitCodes.USAGE, none.exitCode());
        assertTrue(none.err().startsWith("duel: history report: there is no history at "), none.err());
    }
}
