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
                                + " \\(medians\\)"),
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
     * the two settled runs' 1,300 or more. Two clean runs predict one more run only loosely (t with 1 degree of
     * freedom), so the verdict stands on all four runs: the low ones widen it to "cannot tell", and the headline names
     * them with their values, the clean runs' result beside (the runs of the two repetitions in which neither side's
     * run was marked: the runs are paired by repetition). It does not call jdk25 faster on the runs that settled.
     */
    @Test
    void runsThatNeverSettledAreNamedWithTheirValuesBesideTheVerdictTheyWiden() throws Exception {
        Report report = report(B, 2);
        String line = report.headline().get(0);
        assertTrue(line.startsWith("json: cannot tell: +"), line);
        assertTrue(
                line.contains(
                        "every run counted, jdk25 002 never steady 1,035, jdk25 004 never steady 1,045; clean runs"
                                + " only (2 v 2): +"),
                line);
        assertTrue(
                line.endsWith(
                        "jdk17 reaches steady state in 15 s, jdk25 in 15 s (medians; 2 of 4 jdk25 runs never did)"),
                line);
    }

    /**
     * No run of jdk25 settled: every run still counts, with main's mean, and the line says so (not "at steady state")
     * and names each run with its value.
     */
    @Test
    void whenNoRunOfASideSettledTheVerdictIsMainsAndNamesEveryRun() throws Exception {
        Report report = report(B, 4);
        String line = report.headline().get(0);
        assertTrue(line.startsWith("json: jdk25 serves "), line);
        assertTrue(
                line.contains("; every run counted, jdk25 002 never steady 1,035, jdk25 004 never steady 1,045, jdk25"
                        + " 006 never steady "),
                line);
        assertTrue(line.endsWith("; jdk17 reaches steady state in 15 s, jdk25 never did (median)"), line);
    }
}
