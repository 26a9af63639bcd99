package dev.duel.report.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.record.SampleRuntime;
import dev.duel.record.runtime.Profile;
import dev.duel.report.ReportBuilder;
import dev.duel.report.ReportOptions;
import dev.duel.report.SeededResults;
import dev.duel.report.model.Format;
import dev.duel.report.model.Measure;
import dev.duel.report.model.Report;
import dev.duel.report.model.RuntimeRun;
import dev.duel.report.read.ResultsReader;
import dev.duel.report.render.Charts;
import dev.duel.report.render.MarkdownRenderer;
import dev.duel.report.render.SummaryJsonRenderer;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which runtime rows a scenario gets from its runs' timelines, and what a cell says when a side has none. */
class RuntimeAnswerTest {
    private static final SampleRuntime SHAPE = new SampleRuntime(250, 650, 15, 8, 990, 36 * 1024, 64 << 20, 1.0, 0.5);

    @TempDir
    Path temp;

    private Report report(SeededResults.Runtime runtime) throws Exception {
        SeededResults results = new SeededResults(temp, 5, Instant.parse("2026-11-30T06:00:00Z"));
        results.environment("e", List.of());
        results.runtime(runtime);
        SeededResults.Behaviour a = new SeededResults.Behaviour("jdk17", "17", 1000, 10_000, 20_000, 0);
        SeededResults.Behaviour b = new SeededResults.Behaviour("jdk25", "25", 1200, 9_000, 20_000, 0);
        results.interleaved(a, b, 3, List.of("json"));
        return new ReportBuilder(new ResultsReader().read(List.of(temp)), ReportOptions.DEFAULT).build();
    }

    private static String cell(Report.ScenarioReport scenario, Measure measure, int column) {
        Report.Row row = scenario.runtime().rows().stream()
                .filter(r -> r.measure().equals(measure))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no row " + measure.label()));
        return Format.cell(row, row.cells().get(column));
    }

    @Test
    void recordsWithoutATimelineHaveNoRuntimeSection() throws Exception {
        Report report = report(SeededResults.NO_RUNTIME);
        assertNull(report.scenarios().get(0).runtime());
        assertFalse(new SummaryJsonRenderer().render(report).contains("\"runtime\""), "left out of summary.json");
        assertFalse(new MarkdownRenderer().render(report).contains("runtime"));
        assertTrue(Charts.specs(report).stream().noneMatch(s -> s.kind() == Charts.Kind.TIMELINE));
    }

    @Test
    void aSideWithoutATimelineIsSaidSoAndNothingIsCompared() throws Exception {
        Report.ScenarioReport json = report((target, scenario, index, seconds) ->
                        target.equals("jdk25") ? SHAPE.timeline(Profile.JFR, seconds) : null)
                .scenarios()
                .get(0);
        assertEquals("no timeline (profile: none)", cell(json, RuntimeAnswer.GC_PAUSE_SHARE, 0));
        assertTrue(cell(json, RuntimeAnswer.GC_PAUSE_SHARE, 1).endsWith("%)"), "jdk25 has its values");
        assertEquals(
                List.of("jdk25 against jdk17: no runtime data for jdk17, nothing to compare"),
                json.runtime().largest());
        assertEquals(
                List.of("jdk25"),
                json.runtime().runs().stream().map(RuntimeRun::target).toList());
    }

    @Test
    void aThreadsOnlySideHasNoJfrRowsButItsThreadRows() throws Exception {
        Report.ScenarioReport json = report((target, scenario, index, seconds) ->
                        SHAPE.timeline(target.equals("jdk25") ? Profile.JFR : Profile.THREADS, seconds))
                .scenarios()
                .get(0);
        assertEquals("no JFR recording (profile: threads)", cell(json, RuntimeAnswer.ALLOCATION, 0));
        assertTrue(cell(json, RuntimeAnswer.GC_CPU_SHARE, 0).endsWith("%)"));
        assertEquals(
                List.of(
                        RuntimeAnswer.JIT_UNTIL_STEADY,
                        RuntimeAnswer.JIT_SHARE,
                        RuntimeAnswer.GC_PAUSE_SHARE,
                        RuntimeAnswer.GC_PAUSES,
                        RuntimeAnswer.GC_CPU_SHARE,
                        RuntimeAnswer.ALLOCATION,
                        RuntimeAnswer.DEOPTIMIZATIONS),
                json.runtime().rows().stream().map(Report.Row::measure).toList());
        assertEquals(
                json.runtime().rows().size(),
                json.runtime().comparisons().size(),
                "each row compared with the baseline");
        Report.Comparison pauses = json.runtime().comparisons().stream()
                .filter(c -> c.measure().equals(RuntimeAnswer.GC_PAUSE_SHARE.key()))
                .findFirst()
                .orElseThrow();
        assertEquals(Report.Verdict.NOT_COMPARABLE, pauses.verdict(), pauses.sentence());
    }

    /** Every run of a side steady from main's start, and the chart shows the one in the middle. */
    @Test
    void theChartShowsTheMedianRun() throws Exception {
        Report.ScenarioReport json = report(
                        (target, scenario, index, seconds) -> SHAPE.timeline(Profile.THREADS, seconds))
                .scenarios()
                .get(0);
        RuntimeRun run = json.runtime().runs().get(0);
        assertEquals("jdk17", run.target());
        assertEquals("median time to steady state of 3 steady runs", run.chosen());
        assertEquals(15, run.steadyStartSecond());
        assertEquals(run.windowStartSeconds().size(), run.c2CpuMillisPerSecond().size());
        assertTrue(run.jfrStartSeconds().isEmpty());
    }
}
