package dev.duel.report.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.report.ReportBuilder;
import dev.duel.report.ReportException;
import dev.duel.report.ReportOptions;
import dev.duel.report.SeededResults;
import dev.duel.report.model.Report;
import dev.duel.report.read.ResultsReader;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ThresholdsTest {
    @TempDir
    Path temp;

    @BeforeEach
    void results() throws Exception {
        SeededResults results = new SeededResults(temp, 7, Instant.parse("2026-11-30T06:00:00Z"));
        results.environment("e", List.of());
        SeededResults.Behaviour a = new SeededResults.Behaviour("a", "17", 1000, 10_000, 20_000, 0);
        SeededResults.Behaviour b = new SeededResults.Behaviour("b", "25", 1300, 30_000, 20_000, 0);
        results.interleaved(a, b, 4, List.of("s"));
    }

    private List<Report.ThresholdResult> evaluate(String... thresholds) throws Exception {
        ReportOptions options =
                new ReportOptions(null, Duration.ofHours(2), false, List.of(thresholds), 0.95, 0.2, 0.05);
        return new ReportBuilder(new ResultsReader().read(List.of(temp)), options)
                .build()
                .thresholds();
    }

    @Test
    void aThresholdBetweenTwoTargetsIsJudgedOnTheComparisonsRatioAndInterval() throws Exception {
        Report.ThresholdResult passed = evaluate("b.rps >= 0.95 * a.rps").get(0);
        assertTrue(passed.passed() && passed.judged(), passed.detail());
        assertTrue(
                passed.detail()
                        .matches("s: b\\.rps / a\\.rps = 1\\.\\d{3} \\(CI 1\\.\\d{3} to 1\\.\\d{3}\\) >= 0\\.95"),
                passed.detail());
        // The other way round: a / b is the comparison's ratio inverted, its interval too.
        Report.ThresholdResult failed = evaluate("a.rps >= 0.95 * b.rps").get(0);
        assertFalse(failed.passed());
        assertTrue(failed.judged(), failed.detail());
        assertTrue(
                failed.detail()
                        .matches("s: a\\.rps / b\\.rps = 0\\.\\d{3} \\(CI 0\\.\\d{3} to 0\\.\\d{3}\\) >= 0\\.95"),
                failed.detail());
        // A bound inside the interval: the runs cannot say which side the ratio is on.
        java.util.regex.Matcher interval =
                java.util.regex.Pattern.compile("CI (\\S+) to (\\S+)\\)").matcher(passed.detail());
        assertTrue(interval.find());
        double middle = (Double.parseDouble(interval.group(1)) + Double.parseDouble(interval.group(2))) / 2;
        Report.ThresholdResult straddles = evaluate(
                        String.format(java.util.Locale.ROOT, "b.rps >= %.4f * a.rps", middle))
                .get(0);
        assertFalse(straddles.passed());
        assertFalse(straddles.judged());
        assertTrue(straddles.detail().startsWith("s: not judged: the interval straddles"), straddles.detail());
    }

    @Test
    void wildcardsHoldForEveryTargetAndUnitsConvert() throws Exception {
        List<Report.ThresholdResult> p99 = evaluate("*.p99 < 20ms");
        assertEquals(2, p99.size());
        assertTrue(p99.get(0).passed(), p99.get(0).detail());
        assertFalse(p99.get(1).passed(), "b's p99 is about 30 ms: " + p99.get(1).detail());
        assertTrue(evaluate("s: *.errors == 0").stream().allMatch(Report.ThresholdResult::passed));
        assertTrue(evaluate("*.anon < 1GiB").stream().allMatch(Report.ThresholdResult::passed));
        assertTrue(evaluate("*.startup < 5s").stream().allMatch(Report.ThresholdResult::passed));
    }

    @Test
    void aThresholdThatMatchesNothingFailsAndATypoIsAnError() throws Exception {
        Report.ThresholdResult nothing = evaluate("other: a.rps > 1").get(0);
        assertFalse(nothing.passed());
        assertTrue(
                nothing.detail().startsWith("matched nothing: scenarios are s, start-up; targets are a, b"),
                nothing.detail());
        ReportException typo = assertThrows(ReportException.class, () -> evaluate("c.rps > 1"));
        assertEquals(
                "threshold 'c.rps > 1': no target is named 'c'; targets are a, b (or * for each)", typo.getMessage());
        ReportException unit = assertThrows(ReportException.class, () -> evaluate("*.rps > 5ms"));
        assertTrue(unit.getMessage().contains("the unit 'ms' does not fit"), unit.getMessage());
        assertThrows(ReportException.class, () -> evaluate("fast please"));
    }

    @Test
    void aMisspeltMeasureAndABareNumberForATimeAreRefusedBeforeAnyReport() {
        // Caught where the suite's thresholds are checked too, before a run: no report, no "FAIL ... matched nothing".
        ReportException misspelt = assertThrows(
                ReportException.class, () -> ReportBuilder.checkThresholds(List.of("b.rsp > 1"), List.of("a", "b")));
        assertEquals(
                "threshold 'b.rsp > 1': no measure is named 'rsp'; did you mean 'rps' or 'rss'?",
                misspelt.getMessage());
        ReportException p95 = assertThrows(
                ReportException.class, () -> ReportBuilder.checkThresholds(List.of("*.p95 < 5ms"), List.of("a")));
        assertTrue(
                p95.getMessage().contains("no measure is named 'p95'; did you mean 'p90' or 'p99'?"), p95.getMessage());
        ReportException bare = assertThrows(ReportException.class, () -> evaluate("*.p99 < 50"));
        assertEquals(
                "threshold '*.p99 < 50': a number without a unit, for a measure in micros; write it with one (50ms,"
                        + " 800us or 2s)",
                bare.getMessage());
        assertThrows(ReportException.class, () -> evaluate("*.anon < 400"));
        // Names a report's runs may add, and counts and rates, are not second-guessed.
        assertEquals(List.of(), Thresholds.misspelt("postgres.cores"));
        assertEquals(List.of(), Thresholds.misspelt("errors.timeout"));
        assertEquals(List.of(), Thresholds.misspelt("cpu"));
    }
}
