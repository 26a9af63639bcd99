package dev.duel.report.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.report.ReportBuilder;
import dev.duel.report.ReportOptions;
import dev.duel.report.SeededResults;
import dev.duel.report.model.Report;
import dev.duel.report.read.ResultsReader;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A comparison that measured a scenario but has no ratio for it says so in the headline: an empty headline above the
 * tables would read as nothing to report, and {@code duel compare} and {@code duel demo} print the headline as the
 * answer.
 */
class HeadlineNoAnswerTest {
    private static final SeededResults.Behaviour A = new SeededResults.Behaviour("a", "17", 1000, 5_000, 20_000, 0);
    private static final SeededResults.Behaviour B = new SeededResults.Behaviour("b", "25", 1100, 5_000, 20_000, 0);

    @TempDir
    Path temp;

    @Test
    void aScenarioWithoutARatioHasANoAnswerLine() throws Exception {
        SeededResults results = new SeededResults(temp, 7, Instant.parse("2026-12-05T06:00:00Z"));
        results.environment("e", List.of());
        for (int i = 0; i < 3; i++) {
            results.run(A, "ok", "", 1, 2 * i, "e", List.of("s"), false);
            results.run(B, "failed", "the target exited (code 1)", 1, 2 * i + 1, "e", List.of("s"), false);
        }
        Report report = new ReportBuilder(new ResultsReader().read(List.of(temp)), ReportOptions.DEFAULT).build();
        assertTrue(
                report.headline()
                        .contains("s: no answer: no requests/s of two targets to compare (the runs below say why)"),
                report.headline().toString());
    }

    @Test
    void aReportOfOneTargetHasNoComparisonToMiss() throws Exception {
        SeededResults results = new SeededResults(temp, 7, Instant.parse("2026-12-05T06:00:00Z"));
        results.environment("e", List.of());
        for (int i = 0; i < 3; i++) {
            results.run(A, "ok", "", 1, i, "e", List.of("s"), false);
        }
        Report report = new ReportBuilder(new ResultsReader().read(List.of(temp)), ReportOptions.DEFAULT).build();
        assertEquals(
                List.of(),
                report.headline().stream().filter(l -> l.contains("no answer")).toList());
    }
}
