package dev.duel.report.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.report.ReportBuilder;
import dev.duel.report.ReportOptions;
import dev.duel.report.model.Metric;
import dev.duel.report.model.Report;
import dev.duel.report.read.ResultsReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real duet repetition (bench/duet-vs-alternate.sh, 2026-12-02): jdk25 003 and jdk17 004 side by side at 0.5 CPU each
 * on CPU 0, with a busy loop on that CPU for 5 s of main that took a third of it from both (each got 0.31 of its 0.5
 * cores then). Alone, jdk25's run would be marked as having measured the machine (below its limit while its CPU was
 * busy with other work; jdk17's, throttled in 22% of periods, counts as at its limit); in a duet what the machine took
 * from both cancels second by second, and the duet's noise gate judged what fell on one side only: no such mark.
 */
class DuetBottleneckTest {
    private static final Path RECORDS = Path.of("src/test/resources/records/duet-busy");

    @TempDir
    Path temp;

    private Report report(Path results) throws Exception {
        return new ReportBuilder(new ResultsReader().read(List.of(results)), ReportOptions.DEFAULT).build();
    }

    private static List<Report.Mark> marksOf(Report report, String run) {
        Report.Row rps = report.scenarios().stream()
                .filter(s -> s.name().equals("json"))
                .findFirst()
                .orElseThrow()
                .row(Metric.RPS);
        return rps.cells().stream()
                .flatMap(cell -> cell.marked().stream())
                .filter(marked -> marked.run().equals(run))
                .flatMap(marked -> marked.marks().stream())
                .toList();
    }

    @Test
    void aDuetRunIsNotMarkedForWhatTheMachineTookFromBothSides() throws Exception {
        Path results = temp.resolve("duet");
        GoldenReportTest.copyTree(RECORDS, results);
        assertTrue(
                marksOf(report(results), "003").stream().noneMatch(m -> m == Report.Mark.MACHINE),
                marksOf(report(results), "003").toString());
        // The same two records as runs made alone: the mark comes back.
        Path alone = temp.resolve("alone");
        GoldenReportTest.copyTree(RECORDS, alone);
        for (Path run : List.of(alone.resolve("runs/003-jdk25-json.json"), alone.resolve("runs/004-jdk17-json.json"))) {
            String text = Files.readString(run);
            String without = text.replaceAll("\"duet\" : \\{[^}]*\\}", "\"duet\" : null");
            assertTrue(!without.equals(text), "the record names its partner");
            Files.writeString(run, without);
        }
        assertEquals(List.of(Report.Mark.MACHINE), marksOf(report(alone), "003"));
    }
}
