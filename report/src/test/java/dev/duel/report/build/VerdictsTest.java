package dev.duel.report.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.report.model.Measure;
import dev.duel.report.model.Metric;
import dev.duel.report.model.Report;
import dev.duel.report.model.Summary;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A row's verdict from hand-made cells, without records or a report around it: what each outcome says, and that no
 * reason against a verdict ever stands beside a better or a worse.
 */
class VerdictsTest {
    private static final Verdicts VERDICTS = new Verdicts("jdk17", 0.95);
    private static final Measure RPS = Measure.of(Metric.RPS);
    private static final Measure P99 = Measure.of(Metric.P99);
    private static final Measure LATE = Measure.of(Metric.LATE);
    private static final double[] NOISE = {1.0, 1.01, 0.99, 1.005, 0.995, 1.002};
    private static final Verdicts.RowContext CLEAN =
            new Verdicts.RowContext(List.of(), "jdk17 6 of 6; jdk25 6 of 6", List.of());

    /** Six runs around {@code median}, within 1% of it. */
    private static Report.Cell cell(double median) {
        return new Report.Cell(
                Summary.of(Arrays.stream(NOISE).map(x -> x * median).toArray()), null, 0);
    }

    private static Report.Cell cell(double... values) {
        return new Report.Cell(Summary.of(values), null, 0);
    }

    /** jdk25 against jdk17 on a row with nothing against a verdict. */
    private static Report.Comparison compared(Measure measure, Report.Cell a, Report.Cell b) {
        return VERDICTS.of(measure, a, b, "jdk25", null, CLEAN);
    }

    /** One run. */
    private static Report.Cell single(double value) {
        return cell(new double[] {value});
    }

    @Test
    void moreRequestsPerSecondBeyondNoiseIsFaster() {
        Report.Comparison c = compared(RPS, cell(1000), cell(1200));
        assertEquals(Report.Verdict.BETTER, c.verdict(), c.sentence());
        assertEquals(1.2, c.ratio(), 1e-9);
        assertTrue(c.low() > 1 && c.high() > c.low(), c.low() + " to " + c.high());
        assertTrue(c.sentence().startsWith("jdk25 serves 20% more requests/s than jdk17 (95% CI +"), c.sentence());
        assertEquals("rps", c.measure());
        assertEquals("jdk17", c.baseline());
        assertEquals("jdk25", c.other());
        assertEquals("jdk17 6 of 6; jdk25 6 of 6", c.runs());
        assertTrue(c.reasons().isEmpty());
        assertEquals(null, c.shift(), "a ratio, not a difference of shares");
    }

    @Test
    void aHigherLatencyBeyondNoiseIsSlower() {
        Report.Comparison c = compared(P99, cell(5_000), cell(6_500));
        assertEquals(Report.Verdict.WORSE, c.verdict(), c.sentence());
        assertTrue(c.sentence().startsWith("jdk25's p99 is 30% higher than jdk17's (95% CI +"), c.sentence());

        Report.Comparison fewer = compared(RPS, cell(1200), cell(1000));
        assertEquals(Report.Verdict.WORSE, fewer.verdict(), fewer.sentence());
        assertTrue(fewer.sentence().startsWith("jdk25 serves 17% fewer requests/s than jdk17"), fewer.sentence());
    }

    @Test
    void valuesWithinEachOthersNoiseAreTheSame() {
        Report.Comparison c =
                compared(RPS, cell(1000, 1010, 990, 1005, 995, 1002), cell(1003, 992, 1008, 997, 1001, 1006));
        assertEquals(Report.Verdict.NO_DIFFERENCE, c.verdict(), c.sentence());
        assertTrue(c.low() < 1 && c.high() > 1, "the interval holds no change: " + c.low() + " to " + c.high());
        assertTrue(c.sentence().startsWith("requests/s: no difference beyond noise (95% CI -"), c.sentence());
    }

    @Test
    void aRowWithAReasonAgainstItIsNotComparableWhateverItsNumbers() {
        Verdicts.RowContext lost = new Verdicts.RowContext(
                List.of(), "jdk17 6 of 6; jdk25 5 of 6", List.of("jdk25 lost 1 of 6 runs (failed)"));
        Report.Comparison c = VERDICTS.of(RPS, cell(1000), cell(1200), "jdk25", null, lost);
        assertEquals(Report.Verdict.NOT_COMPARABLE, c.verdict(), c.sentence());
        assertEquals(
                "requests/s: not comparable: jdk25 lost 1 of 6 runs (failed) (jdk17 1,001, jdk25 1,201, median per run)",
                c.sentence());
        assertEquals(List.of("jdk25 lost 1 of 6 runs (failed)"), c.reasons());
        assertEquals(1.2, c.ratio(), 1e-9, "the ratio of medians is still shown");
        assertEquals(0, c.low(), "no interval");
        assertEquals(Double.POSITIVE_INFINITY, c.high(), "no interval");
    }

    @Test
    void aSideWithoutAValueIsNotCompared() {
        Report.Comparison c = compared(RPS, cell(1000), new Report.Cell(null, "not measured", 0));
        assertEquals(Report.Verdict.NOT_COMPARABLE, c.verdict(), c.sentence());
        assertEquals("requests/s: not compared (jdk25 not measured)", c.sentence());
        assertTrue(Double.isNaN(c.ratio()));
    }

    @Test
    void runsThatMustNotBeComparedAreRefusedAndCarryNoReasons() {
        Verdicts.RowContext lost =
                new Verdicts.RowContext(List.of(), "jdk17 6 of 6; jdk25 5 of 6", List.of("jdk25 lost 1 of 6 runs"));
        Report.Comparison c =
                VERDICTS.of(RPS, cell(1000), cell(1200), "jdk25", "runs taken on different machines", lost);
        assertEquals(Report.Verdict.REFUSED, c.verdict(), c.sentence());
        assertEquals(
                "requests/s: not compared: runs taken on different machines (--allow-distant shows it anyway)",
                c.sentence());
        assertTrue(c.reasons().isEmpty(), "a refusal is the one reason");
    }

    @Test
    void oneRunASideIsTooFewAndIdenticalRunsLeaveNoNoiseEstimate() {
        Report.Comparison one = compared(RPS, single(1000), single(1200));
        assertEquals(Report.Verdict.TOO_FEW_RUNS, one.verdict(), one.sentence());
        assertTrue(
                one.sentence().startsWith("requests/s: 1 run(s) against 1 cannot show a difference"), one.sentence());

        Report.Comparison same = compared(RPS, cell(1000, 1000, 1000), cell(1200, 1200, 1200));
        assertEquals(Report.Verdict.NOT_COMPARABLE, same.verdict(), same.sentence());
        assertEquals(
                "requests/s: every run gave 1,000 for jdk17 and 1,200 for jdk25 (+20%); with no run-to-run variation at"
                        + " this resolution there is no noise estimate, so no verdict",
                same.sentence());
    }

    @Test
    void aShareIsComparedAsADifferenceInPoints() {
        Report.Comparison c = compared(
                LATE, cell(0.010, 0.011, 0.009, 0.010, 0.012, 0.008), cell(0.060, 0.061, 0.059, 0.060, 0.062, 0.058));
        assertEquals(Report.Verdict.WORSE, c.verdict(), c.sentence());
        assertTrue(Double.isNaN(c.ratio()), "no ratio for a share");
        assertEquals(5.0, c.shift().points(), 1e-9);
        assertTrue(c.sentence().startsWith("jdk25 starts 5.0 points more requests late than jdk17"), c.sentence());
    }
}
