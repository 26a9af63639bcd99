package dev.duel.report.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.analysis.RatioInterval;
import dev.duel.report.ReportBuilder;
import dev.duel.report.ReportOptions;
import dev.duel.report.SeededResults;
import dev.duel.report.model.Report;
import dev.duel.report.model.Summary;
import dev.duel.report.read.ResultsReader;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StatisticsTest {
    @TempDir
    Path temp;

    @Test
    void medianMinMaxAndSpreadOverRuns() {
        Summary odd = Summary.of(new double[] {110, 90, 100});
        assertEquals(100, odd.median());
        assertEquals(90, odd.min());
        assertEquals(110, odd.max());
        assertEquals(0.2, odd.spread(), 1e-12);
        assertEquals(3, odd.runs());
        Summary even = Summary.of(new double[] {4, 1, 3, 2});
        assertEquals(2.5, even.median());
        assertEquals(1.2, even.spread(), 1e-12);
        assertEquals(0, Summary.of(new double[] {7}).spread());
        assertEquals(0, Summary.of(new double[] {0, 0}).spread());
    }

    @Test
    void aScaledCopyHasItsScaleInsideTheIntervalAndNoScaleOutside() {
        double[] a = {100, 104, 97, 101, 99, 103};
        double[] b = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            b[i] = a[(i + 2) % a.length] * 1.2;
        }
        RatioInterval.Interval interval = RatioInterval.of(a, b, 0.95);
        assertTrue(interval.bounded());
        assertTrue(interval.contains(1.2), interval.toString());
        assertFalse(interval.contains(1.0), interval.toString());
    }

    @Test
    void twoOrMoreRunsASideGetWelchHsuAndOneRunGivesNoInterval() {
        RatioInterval.Interval three =
                RatioInterval.of(new double[] {100, 102, 98}, new double[] {120, 121, 119}, 0.95);
        assertEquals(RatioInterval.Method.WELCH_HSU, three.method());
        assertTrue(three.bounded() && three.contains(1.2) && !three.contains(1.0), three.toString());
        assertEquals(
                RatioInterval.Method.WELCH_HSU,
                RatioInterval.of(new double[] {1, 2, 3, 4}, new double[] {10, 11, 12, 13}, 0.95)
                        .method());
        RatioInterval.Interval one = RatioInterval.of(new double[] {100}, new double[] {120, 121, 119}, 0.95);
        assertFalse(one.bounded(), one.toString());
    }

    /**
     * Every run counts (issue 22): a percentile from fewer than 1,000 answers is counted with a mark, not left out
     * (the runs left out were the slower ones); the row keeps its verdict only while the marked runs agree with the
     * clean ones.
     */
    @Test
    void percentilesOfThinRunsAreCountedWithAMarkAndSaidSo() throws Exception {
        SeededResults results = new SeededResults(temp, 1, Instant.parse("2026-11-30T06:00:00Z"));
        results.environment("e", List.of());
        SeededResults.Behaviour thin = new SeededResults.Behaviour("a", "17", 500, 5_000, 999, 0);
        SeededResults.Behaviour enough = new SeededResults.Behaviour("b", "17", 500, 5_000, 1_000, 0);
        SeededResults.Behaviour thinB = new SeededResults.Behaviour("b", "17", 500, 5_000, 10, 0);
        for (int i = 0; i < 4; i++) {
            results.run(thin, "ok", "", 1, i, "e", List.of("s"), false);
            results.run(i == 0 ? thinB : enough, "ok", "", 1, i, "e", List.of("s"), false);
        }
        Report report = build(ReportOptions.DEFAULT);
        Report.ScenarioReport scenario = report.scenarios().get(0);
        Report.Row p99 = row(scenario, "p99");
        assertEquals(4, p99.cells().get(0).summary().runs(), "every run counts");
        assertEquals(4, p99.cells().get(0).marked(Report.Mark.THIN_SAMPLES));
        assertEquals(4, p99.cells().get(1).summary().runs());
        assertEquals(1, p99.cells().get(1).marked(Report.Mark.THIN_SAMPLES));
        assertEquals(4, row(scenario, "rps").cells().get(0).summary().runs(), "throughput is never marked thin");
        assertTrue(row(scenario, "rps").cells().get(0).marked().isEmpty());
        Report.Comparison p99Comparison = scenario.comparisons().stream()
                .filter(c -> c.measure().equals("p99"))
                .findFirst()
                .orElseThrow();
        assertTrue(p99Comparison.runs().contains("counted with a mark: 4 thin samples"), p99Comparison.runs());
        assertEquals(0, p99Comparison.steadyOnly().runsA(), "no clean run of a: its result stands on marked runs");
    }

    @Test
    void runsMoreThanTwoHoursApartAreNotComparedUnlessAllowedAndThenLabelled() throws Exception {
        SeededResults results = new SeededResults(temp, 2, Instant.parse("2026-11-30T06:00:00Z"));
        results.environment("e", List.of());
        SeededResults.Behaviour a = new SeededResults.Behaviour("a", "17", 1000, 5_000, 20_000, 0);
        SeededResults.Behaviour b = new SeededResults.Behaviour("b", "25", 1100, 5_000, 20_000, 0);
        for (int i = 0; i < 4; i++) {
            results.run(a, "ok", "", 1, i * 2, "e", List.of("s"), false);
            results.run(b, "ok", "", 1, 180 + i * 2, "e", List.of("s"), false);
        }
        Report refused = build(new ReportOptions(
                null, Duration.ofHours(2), false, List.of("b.rps >= a.rps", "*.errors == 0"), 0.95, 0.2, 0.05));
        Report.Comparison rps = comparison(refused, "rps");
        assertEquals(Report.Verdict.REFUSED, rps.verdict());
        assertTrue(rps.sentence().contains("runs taken 3 h 07 min apart (more than 2 h 00 min)"), rps.sentence());
        Report.ThresholdResult between = refused.thresholds().get(0);
        assertFalse(between.passed(), "a threshold between two targets is refused with their comparison");
        assertTrue(between.detail().startsWith("s: not judged: runs taken 3 h 07 min apart"), between.detail());
        assertTrue(
                refused.thresholds().get(1).passed(),
                "a threshold on each target alone is no comparison: "
                        + refused.thresholds().get(1));

        Report within = build(new ReportOptions(null, Duration.ofHours(4), false, List.of(), 0.95, 0.2, 0.05));
        assertTrue(comparison(within, "rps").verdict() != Report.Verdict.REFUSED);

        Report allowed = build(new ReportOptions(null, Duration.ofHours(2), true, List.of(), 0.95, 0.2, 0.05));
        Report.Comparison shown = comparison(allowed, "rps");
        assertEquals(Report.Verdict.BETTER, shown.verdict());
        assertTrue(
                shown.warnings().get(0).startsWith("COMPARED DESPITE: runs taken 3 h 07 min apart"),
                shown.warnings().toString());
    }

    @Test
    void wordsFollowTheDirectionOfEachMeasure() throws Exception {
        SeededResults results = new SeededResults(temp, 3, Instant.parse("2026-11-30T06:00:00Z"));
        results.environment("e", List.of());
        SeededResults.Behaviour a = new SeededResults.Behaviour("a", "17", 1000, 10_000, 20_000, 0);
        SeededResults.Behaviour b = new SeededResults.Behaviour("b", "25", 1300, 5_000, 20_000, 0);
        results.interleaved(a, b, 6, List.of("s"));
        Report report = build(ReportOptions.DEFAULT);
        Report.Comparison rps = comparison(report, "rps");
        assertEquals(Report.Verdict.BETTER, rps.verdict());
        assertTrue(
                rps.sentence().matches("b serves \\d+% more requests/s than a \\(95% CI \\+\\d+% to \\+\\d+%\\)"),
                rps.sentence());
        Report.Comparison p99 = comparison(report, "p99");
        assertEquals(Report.Verdict.BETTER, p99.verdict(), "lower latency is better");
        assertTrue(
                p99.sentence().matches("b's p99 is \\d+% lower than a's \\(95% CI -\\d+% to -\\d+%\\)"),
                p99.sentence());
        Report.Comparison cpu = comparison(report, "cpu");
        assertEquals(Report.Verdict.BETTER, cpu.verdict());
        assertTrue(
                cpu.sentence().startsWith("b uses ") && cpu.sentence().contains("less CPU per request than a"),
                cpu.sentence());
        Report.Comparison rss = comparison(report, "anon");
        assertTrue(
                rss.verdict() == Report.Verdict.SAME
                        && rss.sentence().startsWith("b's peak anonymous memory and a's are the same within ±5% ("),
                rss.sentence());
        Report.Comparison errors = comparison(report, "errors");
        assertEquals("errors: a 0, b 0 (median per run)", errors.sentence());

        Report reversed = build(new ReportOptions("b", Duration.ofHours(2), false, List.of(), 0.95, 0.2, 0.05));
        Report.Comparison worse = comparison(reversed, "rps");
        assertEquals(Report.Verdict.WORSE, worse.verdict());
        assertTrue(
                worse.sentence().matches("a serves \\d+% fewer requests/s than b \\(95% CI -\\d+% to -\\d+%\\)"),
                worse.sentence());
    }

    private Report build(ReportOptions options) throws Exception {
        return new ReportBuilder(new ResultsReader().read(List.of(temp)), options).build();
    }

    private static Report.Row row(Report.ScenarioReport scenario, String key) {
        return scenario.rows().stream()
                .filter(r -> r.measure().key().equals(key))
                .findFirst()
                .orElseThrow();
    }

    private static Report.Comparison comparison(Report report, String key) {
        return report.scenarios().get(0).comparisons().stream()
                .filter(c -> c.measure().equals(key))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void errorsAreCountedByKindWhenThereAreAny() throws Exception {
        SeededResults results = new SeededResults(temp, 4, Instant.parse("2026-11-30T06:00:00Z"));
        results.environment("e", List.of());
        SeededResults.Behaviour a = new SeededResults.Behaviour("a", "17", 1000, 5_000, 20_000, 0);
        // The second run's checks failed on 7 answers and it timed out on 2.
        SeededResults.Behaviour failing = a.failing(java.util.Map.of(
                dev.duel.record.load.FailureKind.CHECK, 7L, dev.duel.record.load.FailureKind.TIMEOUT, 2L));
        for (int i = 0; i < 3; i++) {
            results.run(i == 1 ? failing : a, "ok", "", 1, i, "e", List.of("s"), false);
        }
        Report.ScenarioReport scenario =
                build(ReportOptions.DEFAULT).scenarios().get(0);
        assertEquals(
                List.of("errors", "errors.check", "errors.timeout"),
                scenario.rows().stream()
                        .map(r -> r.measure().key())
                        .filter(k -> k.startsWith("errors"))
                        .toList());
        assertEquals(9, scenario.row("errors").cells().get(0).summary().max());
        assertEquals(7, scenario.row("errors.check").cells().get(0).summary().max());
        assertEquals(0, scenario.row("errors.timeout").cells().get(0).summary().median());
    }

    @Test
    void runsThatNeverVaryGiveNoVerdictRatherThanAZeroWidthInterval() throws Exception {
        SeededResults results = new SeededResults(temp, 6, Instant.parse("2026-11-30T06:00:00Z"));
        results.environment("e", List.of());
        SeededResults.Behaviour a = new SeededResults.Behaviour("a", "17", 1000, 5_000, 20_000, 0);
        SeededResults.Behaviour b = new SeededResults.Behaviour("b", "25", 1000, 5_000, 20_000, 0);
        results.interleaved(a, b, 2, List.of("s"));
        // Throttling is recorded as the same share in every seeded run: identical on each side.
        Report.Comparison cores = comparison(build(ReportOptions.DEFAULT), "cores");
        assertEquals(Report.Verdict.NOT_COMPARABLE, cores.verdict());
        assertTrue(
                cores.sentence()
                        .startsWith(
                                "cores used: every run gave 0.99 for a and 0.99 for b; with no run-to-run variation"),
                cores.sentence());
        assertFalse(RatioInterval.of(new double[] {812, 812}, new double[] {790, 790}, 0.95)
                .bounded());
        assertFalse(RatioInterval.of(new double[] {5, 5, 5, 5}, new double[] {7, 7, 7, 7}, 0.95)
                .bounded());
    }

    @Test
    void namesEndingInSTakeAnApostropheOnly() {
        assertEquals("controllers'", Verdicts.possessive("controllers"));
        assertEquals("jdk25's", Verdicts.possessive("jdk25"));
    }
}
