package dev.duel.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.history.HistoryStore;
import dev.duel.history.SampleEntries;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code duel history changes}: a change named by its first entry and commit, and a nightly job's exit code. */
class HistoryChangesCommandTest {
    @TempDir
    Path temp;

    private Path history(int entries, int stepAt) throws Exception {
        Path file = temp.resolve("history.db");
        try (HistoryStore store = HistoryStore.open(file.toString(), "test")) {
            for (int i = 0; i < entries; i++) {
                double rps = (i < stepAt ? 20_000 : 18_000) * (1 + 0.001 * (i % 4));
                store.record(SampleEntries.entry(
                        String.format("h-%012d", i),
                        "nightly",
                        "c0ffee" + i,
                        Instant.parse("2026-12-01T02:00:00Z").plusSeconds(86_400L * i),
                        rps,
                        3_400)); // p99 level: a series without a change beside the one with it
            }
        }
        return file;
    }

    @Test
    void aChangeIsNamedByWhereItBeganAndFailsANightlyJobWhenAsked() throws Exception {
        Path file = history(12, 6);
        Captured changes = Captured.duel("history", "changes", "--history", file.toString());
        assertEquals(0, changes.exitCode(), changes.err());
        List<String> lines = changes.out().lines().toList();
        assertEquals(
                "history " + file + ": 2 series, 2 with 8 or more values (a change needs 4 on each side)",
                lines.get(0));
        assertTrue(
                lines.get(1)
                        .startsWith("nightly / json / jdk25 / requests/s (machine m1): from h-000000000006, commit"
                                + " c0ffee6, 2026-12-07 02:00 UTC on, -9.9% (95% CI -10% to -9.8%)"),
                lines.get(1));
        assertTrue(lines.get(1).endsWith(", 6 entries before, 6 after (p 0.005)"), lines.get(1));
        assertEquals(
                ExitCodes.CHECKS_FAILED,
                Captured.duel("history", "changes", "--history", file.toString(), "--fail-on-change")
                        .exitCode());
        assertEquals(
                ExitCodes.OK,
                Captured.duel(
                                "history",
                                "changes",
                                "--history",
                                file.toString(),
                                "--suite",
                                "other",
                                "--fail-on-change")
                        .exitCode());
    }

    @Test
    void anAcknowledgedChangeIsListedApartAndNoLongerFailsTheJob() throws Exception {
        Path file = history(12, 6);
        Captured wrong = Captured.duel(
                "history", "acknowledge", "h-000000000003", "--reason", "x", "--history", file.toString());
        assertEquals(ExitCodes.USAGE, wrong.exitCode());
        assertTrue(
                wrong.err()
                        .startsWith("duel: history acknowledge: no change found in the history " + file
                                + " begins at h-000000000003: duel history changes lists them"),
                wrong.err());
        Captured noted = Captured.duel(
                "history",
                "acknowledge",
                "h-000000000006",
                "--reason",
                "pool halved on purpose",
                "--history",
                file.toString());
        assertEquals(0, noted.exitCode(), noted.err());
        assertTrue(noted.out().startsWith("acknowledged: nightly / json / jdk25 / requests/s"), noted.out());
        Captured changes = Captured.duel("history", "changes", "--history", file.toString(), "--fail-on-change");
        assertEquals(ExitCodes.OK, changes.exitCode(), changes.out());
        List<String> lines = changes.out().lines().toList();
        assertTrue(lines.get(1).startsWith("acknowledged: nightly / json / jdk25"), lines.get(1));
        assertTrue(lines.get(1).endsWith("; because pool halved on purpose"), lines.get(1));
        assertEquals("no change that is not acknowledged", lines.get(2));
        Captured again = Captured.duel(
                "history", "acknowledge", "h-000000000006", "--reason", "again", "--history", file.toString());
        assertEquals(
                "already acknowledged: every change beginning at h-000000000006",
                again.out().strip());
    }

    @Test
    void exportsOneSuiteAndRefusesAFormatItDoesNotKnow() throws Exception {
        Path file = history(3, 99);
        Captured csv = Captured.duel("history", "export", "--format", "csv", "--history", file.toString());
        assertEquals(0, csv.exitCode(), csv.err());
        assertEquals(
                List.of(
                        "time,commit,branch,json.jdk25.p99,json.jdk25.rps",
                        "2026-12-01T02:00:00Z,c0ffee0,main,3400,20000",
                        "2026-12-02T02:00:00Z,c0ffee1,main,3400,20020",
                        "2026-12-03T02:00:00Z,c0ffee2,main,3400,20040"),
                csv.out().lines().toList());
        Captured xml = Captured.duel("history", "export", "--format", "xml", "--history", file.toString());
        assertEquals(ExitCodes.USAGE, xml.exitCode());
        assertEquals(
                "duel: history export: --format xml is not one of csv, bmf, benchmark-action-bigger,"
                        + " benchmark-action-smaller",
                xml.err().strip());
        Captured other =
                Captured.duel("history", "export", "--format", "bmf", "--suite", "other", "--history", file.toString());
        assertEquals(
                "duel: history export: no suite other; give --suite, one of nightly",
                other.err().strip());
    }

    @Test
    void aShortHistorySaysSo() throws Exception {
        Captured changes =
                Captured.duel("history", "changes", "--history", history(5, 99).toString());
        assertEquals(0, changes.exitCode(), changes.err());
        assertTrue(changes.out().endsWith("no series is long enough to search yet" + System.lineSeparator()));
    }
}
