package dev.duel.report.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.record.RecordJson;
import dev.duel.record.RepetitionDecision;
import dev.duel.report.ReportBuilder;
import dev.duel.report.ReportOptions;
import dev.duel.report.SeededResults;
import dev.duel.report.model.Report;
import dev.duel.report.read.ResultsReader;
import dev.duel.report.render.TerminalRenderer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A suite that repeated until its interval was narrow: the report says why the repetitions stopped. */
class RepetitionsNoteTest {
    private static final SeededResults.Behaviour A = new SeededResults.Behaviour("a", "17", 1000, 5_000, 20_000, 0);
    private static final SeededResults.Behaviour B = new SeededResults.Behaviour("b", "25", 1300, 5_000, 20_000, 0);

    @TempDir
    Path temp;

    private Report report() throws Exception {
        SeededResults results = new SeededResults(temp, 3, Instant.parse("2026-11-30T06:00:00Z"));
        results.environment("e", List.of());
        for (int i = 0; i < 4; i++) {
            results.run(A, "ok", "", 1, i * 2, "e", List.of("s"), false);
            results.run(B, "ok", "", 1, i * 2 + 1, "e", List.of("s"), false);
        }
        ReportOptions options = new ReportOptions(null, Duration.ofHours(2), false, List.of(), 0.95, 0.2, 0.05);
        return new ReportBuilder(new ResultsReader().read(List.of(temp)), options).build();
    }

    @Test
    void theDecisionIsANoteOfTheScenarioItsRuleRead() throws Exception {
        RepetitionDecision decision = new RepetitionDecision(
                "rps ci within 5%",
                "s",
                "rps",
                5,
                0.95,
                3,
                12,
                4,
                RepetitionDecision.Stop.INTERVAL_NARROW,
                List.of(new RepetitionDecision.Comparison(
                        "a", "b", 4, 4, 1.3, 1.27, 1.33, 2.3, "Welch-Hsu t on logs, 3 df", List.of(), "higher")));
        Files.write(temp.resolve("repetitions.json"), RecordJson.bytes(decision));
        Report report = report();
        String line = "repetitions: stopped after 4 (of 3 to 12): the interval is narrow enough, s rps CI within 5%"
                + " (b/a rps ratio 1.300, 95% CI ±2.3%: higher (4 and 4 runs))";
        assertEquals(decision.describe(), line);
        assertTrue(
                report.scenarios().get(0).notes().contains(line),
                report.scenarios().get(0).notes().toString());
        assertTrue(new TerminalRenderer().render(report).contains("  note: " + line));
    }

    @Test
    void withoutADecisionThereIsNoNote() throws Exception {
        assertTrue(report().scenarios().get(0).notes().stream().noneMatch(n -> n.startsWith("repetitions:")));
    }
}
