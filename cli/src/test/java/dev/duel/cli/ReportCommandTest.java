package dev.duel.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.report.SeededResults;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code duel report} counts each run once, however many of the folders given hold its record. */
class ReportCommandTest {
    @TempDir
    Path temp;

    /** Three runs a side of one scenario, as {@code duel run} leaves its folder. */
    private Path results(String name) throws Exception {
        Path folder = temp.resolve(name);
        SeededResults results = new SeededResults(folder, 7, Instant.parse("2026-11-30T06:00:00Z"));
        results.environment("e", List.of());
        results.suite("seeded", List.of("*.errors == 0"));
        results.interleaved(
                new SeededResults.Behaviour("jdk17", "17.0.15", 13_700, 8_800, 270_000, 0.01),
                new SeededResults.Behaviour("jdk25", "25.0.3", 15_000, 8_100, 300_000, 0.02),
                3,
                List.of("json"));
        return folder;
    }

    /** The terminal output, then every file the report wrote into {@code folder}, as text. */
    private static List<String> output(Captured report, Path folder) throws Exception {
        List<String> output = new ArrayList<>(List.of(report.out()));
        for (String file : List.of("report.md", "summary.json", "report.html")) {
            output.add(Files.readString(folder.resolve(file)));
        }
        try (Stream<Path> charts = Files.list(folder.resolve("charts"))) {
            for (Path chart : charts.sorted().toList()) {
                output.add(chart.getFileName() + " " + java.util.Arrays.hashCode(Files.readAllBytes(chart)));
            }
        }
        return output;
    }

    @Test
    void theJunitXmlIsWrittenBesideTheSummaryAndWhereJunitSaysAndTheJobSummaryIsAppended() throws Exception {
        Path r = results("r");
        Path junit = temp.resolve("ci/duel-junit.xml");
        Files.createDirectories(junit.getParent());
        Captured report = Captured.duel("report", r.toString(), "--junit", junit.toString());
        assertEquals(ExitCodes.OK, report.exitCode(), report.err());
        String xml = Files.readString(r.resolve("report-junit.xml"));
        assertEquals(xml, Files.readString(junit));
        assertTrue(xml.contains("<testsuite name=\"duel.thresholds\" tests=\"2\" failures=\"0\""), xml);
        assertTrue(xml.contains("<testcase name=\"*.errors == 0 [json, jdk17]\" classname=\"duel.thresholds\""), xml);
        assertTrue(xml.contains("<testsuite name=\"duel.comparisons.json\""), xml);

        // In a GitHub Actions job the summary is appended to what the job's earlier steps wrote.
        Path summary = Files.writeString(temp.resolve("step-summary.md"), "earlier step\n");
        dev.duel.report.model.Report built = new dev.duel.report.ReportBuilder(
                        new dev.duel.report.read.ResultsReader().read(List.of(r)),
                        dev.duel.report.ReportOptions.DEFAULT)
                .build();
        ReportFiles.write(
                built,
                temp.resolve("out"),
                System.err,
                java.util.Map.of(ReportFiles.GITHUB_STEP_SUMMARY, summary.toString()));
        String appended = Files.readString(summary);
        assertTrue(appended.startsWith("earlier step\n## duel: seeded\n"), appended);
        assertTrue(appended.contains("| measure | jdk25 vs jdk17 | 95% CI | verdict |"), appended);
        assertTrue(appended.contains("thresholds: all 2 passed"), appended);
    }

    @Test
    void aJunitFileThatCannotBeWrittenIsOneMessage() throws Exception {
        Path r = results("r");
        Path blocked =
                Files.createDirectories(temp.resolve("blocked/junit.xml/x")).getParent();
        Captured report = Captured.duel("report", r.toString(), "--junit", blocked.toString());
        assertEquals(ExitCodes.USAGE, report.exitCode());
        assertTrue(report.err().startsWith("duel: cannot write --junit " + blocked + " ("), report.err());
        assertTrue(Files.isRegularFile(r.resolve("report-junit.xml")), "the report's own copy is written");
        assertTrue(report.out().contains("jdk25 3 of 3"), "the report is printed all the same: " + report.out());

        // A failed threshold stays the answer: exit 1, not the unwritten file's 2 (which hid it).
        Captured failing =
                Captured.duel("report", r.toString(), "--junit", blocked.toString(), "--threshold", "*.errors > 0");
        assertEquals(ExitCodes.CHECKS_FAILED, failing.exitCode(), failing.err());
        assertTrue(failing.err().contains("duel: cannot write --junit " + blocked + " ("), failing.err());
    }

    @Test
    void theSameFolderTwiceGivesTheReportOfTheFolder() throws Exception {
        Path r = results("r");
        // No history: one folder's report records its runs, several folders' does not.
        Captured once = Captured.duel("report", r.toString(), "--no-history");
        assertEquals(ExitCodes.OK, once.exitCode(), once.err());
        assertTrue(once.out().contains("jdk25 3 of 3"), once.out());
        List<String> expected = output(once, r);
        Captured twice = Captured.duel("report", r.toString(), r.toString());
        assertEquals(ExitCodes.OK, twice.exitCode(), twice.err());
        assertEquals(expected, output(twice, r));
        assertTrue(twice.err().contains("duel: " + r + " is " + r + " again: its runs count once"), twice.err());
        Captured spelled = Captured.duel("report", r.toString(), r + "/./", "--no-history");
        assertEquals(expected, output(spelled, r));
    }

    @Test
    void aCopiedFolderAddsNoRun() throws Exception {
        Path r = results("r");
        Path copy = results("copy");
        Captured both = Captured.duel("report", r.toString(), copy.toString());
        assertEquals(ExitCodes.OK, both.exitCode(), both.err());
        assertTrue(both.out().contains("jdk17 3 of 3; jdk25 3 of 3"), both.out());
        assertTrue(
                both.err()
                        .contains("duel: " + copy + " holds 6 run record(s) of runs already read from " + r
                                + " (the same records): each counts once"),
                both.err());
    }

    @Test
    void aChangedCopyIsRefusedWithOneMessage() throws Exception {
        Path r = results("r");
        Path copy = results("copy");
        Path changed = copy.resolve("runs/003-jdk17-json.json");
        Files.writeString(
                changed,
                Files.readString(changed).replace("\"duelVersion\" : \"0.1.0-test\"", "\"duelVersion\" : \"0.2.0\""));
        Captured refused = Captured.duel("report", r.toString(), copy.toString());
        assertEquals(ExitCodes.USAGE, refused.exitCode());
        assertEquals(
                "duel: " + r.resolve("runs/003-jdk17-json.json") + " and " + changed + " are the same run (suite"
                        + " seeded, run 003 attempt 1 of jdk17, started 2026-11-30T06:02:00Z on environment e) but"
                        + " their contents differ (first at duelVersion): one of them was changed after duel wrote"
                        + " it. Remove the changed copy, or give only the folder that holds the original, and run duel"
                        + " report again\n",
                refused.err());
        assertEquals("", refused.out());
        assertFalse(Files.exists(r.resolve("report.md")), "nothing written");
    }
}
