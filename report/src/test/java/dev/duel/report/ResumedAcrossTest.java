package dev.duel.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.report.model.Report;
import dev.duel.report.read.ResultsReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A suite resumed with --resume-anyway across a rebuilt jar says so in its report (issue 10, item 16). */
class ResumedAcrossTest {
    @TempDir
    Path temp;

    @Test
    void theReportStatesEachChangeAResumeCrossed() throws Exception {
        SeededResults results = new SeededResults(temp, 16, Instant.parse("2026-11-30T06:00:00Z"));
        results.environment("e", List.of());
        SeededResults.Behaviour a = new SeededResults.Behaviour("a", "17", 1000, 5_000, 20_000, 0);
        SeededResults.Behaviour b = new SeededResults.Behaviour("b", "25", 1100, 5_000, 20_000, 0);
        Path last = null;
        for (int i = 0; i < 3; i++) {
            results.run(a, "ok", "", 1, 2 * i, "e", List.of("s"), false);
            last = results.run(b, "ok", "", 1, 2 * i + 1, "e", List.of("s"), false);
        }
        String change = "b's jar /opt/apps/minimal.jar changed (SHA-256 0123456789ab… before, ba9876543210… now)";
        String json = Files.readString(last);
        assertTrue(json.contains("\"resumedAcross\" : [ ]"), "a seeded record states no change");
        Files.writeString(last, json.replace("\"resumedAcross\" : [ ]", "\"resumedAcross\" : [ \"" + change + "\" ]"));

        Report report = new ReportBuilder(new ResultsReader().read(List.of(temp)), ReportOptions.DEFAULT).build();

        assertEquals(
                List.of("resumed with --resume-anyway across a change (runs before and after it are compared as one): "
                        + change),
                report.warnings().stream().filter(w -> w.startsWith("resumed")).toList(),
                report.warnings().toString());
    }
}
