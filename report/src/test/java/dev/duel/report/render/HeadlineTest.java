package dev.duel.report.render;

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

/** The report opens with the answer: one sentence per load scenario and compared target, in every format. */
class HeadlineTest {
    private static final SeededResults.Behaviour A = new SeededResults.Behaviour("jdk17", "17", 1000, 5_000, 20_000, 0);
    private static final SeededResults.Behaviour B = new SeededResults.Behaviour("jdk25", "25", 1300, 5_000, 20_000, 0);

    @TempDir
    Path temp;

    private Report report(SeededResults.Behaviour b, int unsettled) throws Exception {
        SeededResults results = new SeededResults(temp, 11, Instant.parse("2026-11-30T06:00:00Z"));
        results.environment("e", List.of());
        SeededResults.Behaviour never =
                b.shaped(SeededResults.Shape.CLOSED.settling("json", SeededResults.Settle.NEVER));
        for (int i = 0; i < 4; i++) {
            results.run(A, "ok", "", 1, i * 2, "e", List.of("json"), false);
            results.run(i < unsettled ? never : b, "ok", "", 1, i * 2 + 1, "e", List.of("json"), false);
        }
        results.run(A, "ok", "", 1, 9, "e", List.of("curve"), true);
        results.run(b, "ok", "", 1, 10, "e", List.of("curve"), true);
        return new ReportBuilder(new ResultsReader().read(List.of(temp)), ReportOptions.DEFAULT).build();
    }

    @Test
    void aVerdictAtSteadyStateWithEachSidesTimeToSteadyStateComesFirst() throws Exception {
        Report report = report(B, 0);
        assertEquals(1, report.headline().size(), "one load scenario, one pair; warm-up curves have none");
        String line = report.headline().get(0);
        assertTrue(
                line.matches(
                        "json: at steady state jdk25 serves \\d+% more requests/s than jdk17 \\(95% CI \\+\\d+% to "
                                + "\\+\\d+%\\); each at its CPU limit; jdk17 reaches steady state in 15 s, jdk25 in 15 s"
                                + " \\(geometric means\\)"),
                line);
        String terminal = new TerminalRenderer().render(report);
        assertEquals("  " + line, terminal.lines().skip(1).findFirst().orElseThrow(), "the second line of the report");
        assertTrue(new MarkdownRenderer().render(report).contains("**" + MarkdownRenderer.escape(line) + "**"));
        assertTrue(new HtmlRenderer(s -> null)
                .render(report)
                .contains("<div class=\"headline\">\n<p>" + HtmlRenderer.escape(line) + "</p>"));
        assertTrue(new SummaryJsonRenderer().render(report).contains("\"headline\" : [ \"" + line + "\" ]"));
    }

    /**
     * Every run counts: two of jdk25's runs never settled and their main phases served about 1,040 requests/s against
     * the two settled runs' 1,300 or more. Two clean repetitions are too few to check the marked runs against (what
     * they predict for one more lets nearly anything through), so the headline gives no verdict and says why, the clean
     * repetitions' result beside (the runs are paired by repetition). It does not call jdk25 faster on the runs that
     * settled, nor anything on the runs that did not.
     */
    @Test
    void runsThatNeverSettledWithTooFewCleanOnesTakeTheVerdictAway() throws Exception {
        Report report = report(B, 2);
        String line = report.headline().get(0);
        assertTrue(
                line.startsWith(
                        "json: requests/s, jdk25 against jdk17: no verdict: only 2 of 4 repetitions are clean: a"
                                + " verdict with runs counted with"
                                + " a mark needs 3 clean repetitions to check them against; clean repetitions only (2): +"),
                line);
        assertTrue(
                line.endsWith(
                        "jdk17 reaches steady state in 15 s, jdk25 in 15 s (geometric means; 2 of 4 jdk25 runs never did)"),
                line);
    }

    /**
     * No run of jdk25 settled: its main phases' values against jdk17's steady ones would be a verdict resting on marked
     * runs alone, so there is none, and the line says each side's time to steady state.
     */
    @Test
    void whenNoRunOfASideSettledThereIsNoVerdict() throws Exception {
        Report report = report(B, 4);
        String line = report.headline().get(0);
        assertTrue(
                line.startsWith("json: requests/s, jdk25 against jdk17: no verdict: none of 4 repetitions is clean: "),
                line);
        assertTrue(line.endsWith("; jdk17 reaches steady state in 15 s, jdk25 never did (geometric mean)"), line);
    }
}
