package dev.duel.report.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.report.model.Format;
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
    private static final Verdicts VERDICTS = new Verdicts("jdk17", 0.95, 0.05);
    private static final Measure RPS = Measure.of(Metric.RPS);
    private static final Measure P99 = Measure.of(Metric.P99);
    private static final Measure LATE = Measure.of(Metric.LATE);
    private static final double[] NOISE = {1.0, 1.01, 0.99, 1.005, 0.995, 1.002};
    private static final Verdicts.RowContext CLEAN =
            new Verdicts.RowContext(List.of(), "jdk17 6 of 6; jdk25 6 of 6", List.of());

    /** Six runs around {@code median}, within 1% of it. */
    private static Report.Cell cell(double median) {
        return new Report.Cell(
                Summary.of(Arrays.stream(NOISE).map(x -> x * median).toArray()), null);
    }

    private static Report.Cell cell(double... values) {
        return new Report.Cell(Summary.of(values), null);
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
        assertEquals(1.2, c.ratio(), 1e-6, "the ratio of geometric means");
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
    void valuesWithinEachOthersNoiseAndInsideTheMarginAreTheSameWithinIt() {
        Report.Comparison c =
                compared(RPS, cell(1000, 1010, 990, 1005, 995, 1002), cell(1003, 992, 1008, 997, 1001, 1006));
        assertEquals(Report.Verdict.SAME, c.verdict(), c.sentence());
        assertTrue(c.low() < 1 && c.high() > 1, "the interval holds no change: " + c.low() + " to " + c.high());
        assertTrue(
                c.sentence().startsWith("jdk25 and jdk17 serve the same requests/s within ±5% (+0.1%, 90% CI -"),
                c.sentence());
        assertEquals(0.05, c.sameWithin());
    }

    /** Noisy runs: no change shows, and the interval is too wide for "the same within ±5%": cannot tell, and how much. */
    @Test
    void noisyRunsCannotTellAndSayWhatTheyCouldHaveDetected() {
        Report.Comparison c = compared(RPS, cell(1000, 1150, 870), cell(1060, 910, 1130));
        assertEquals(Report.Verdict.CANNOT_TELL, c.verdict(), c.sentence());
        assertTrue(c.sentence().startsWith("requests/s: cannot tell: +"), c.sentence());
        assertTrue(
                c.sentence()
                        .matches(
                                ".*; these runs would detect a change of \\+\\d+% or -\\d+% or more \\(80% power; noise"
                                        + " at its 80% upper bound, 2 df\\)"),
                c.sentence());
        assertTrue(c.detectable() > 0.1, "detectable " + c.detectable());
        String fall = Format.change(1 / (1 + c.detectable()));
        assertTrue(c.sentence().contains(" or " + fall + " or more"), "both ways, " + fall + ": " + c.sentence());
    }

    /**
     * Every run counts: a run that never settled gives main's mean, marked; the verdict stands on every run, the clean
     * runs' result beside it; a marked run outside what its side's clean runs predict takes the verdict away.
     */
    @Test
    void runsCountedWithAMarkKeepTheVerdictUnlessTheyDecideIt() {
        Report.Cell steadyA = cell(1000, 1010, 990);
        Report.MarkedRun never = new Report.MarkedRun("004", 1205, List.of(Report.Mark.NEVER_STEADY));
        Report.Cell inside =
                new Report.Cell(Summary.of(new double[] {1200, 1205, 1210, 1195}), null, List.of(never), 0);
        Report.Comparison kept = compared(RPS, steadyA, inside);
        assertEquals(Report.Verdict.BETTER, kept.verdict(), kept.sentence());
        assertEquals(3, kept.steadyOnly().runsA());
        assertEquals(3, kept.steadyOnly().runsB());
        assertEquals(1.2, kept.steadyOnly().ratio(), 0.01);

        Report.MarkedRun low = new Report.MarkedRun("004", 900, List.of(Report.Mark.NEVER_STEADY));
        Report.Cell outside = new Report.Cell(Summary.of(new double[] {1200, 900, 1210, 1195}), null, List.of(low), 0);
        Report.Comparison depends = compared(RPS, steadyA, outside);
        assertEquals(Report.Verdict.NOT_COMPARABLE, depends.verdict(), depends.sentence());
        assertEquals(
                "requests/s: no verdict: jdk25's run 004 (never steady) gave 900 req/s, outside what its 3 clean runs"
                        + " predict (1,164 to 1,240 req/s)",
                depends.sentence());
        assertTrue(Double.isNaN(depends.ratio()), "no signed change beside a verdict taken away");
    }

    /**
     * With a marked run and two clean ones on its side, what the clean runs predict lets nearly anything through (mean
     * ± 12.7 · s · √1.5): no verdict rests on the marked run, and the row says why (issue 31, item 7). A change the
     * two clean runs show on their own, with each estimate inside the other's interval, is theirs: the row gives it
     * and says what it rests on.
     */
    @Test
    void withFewerThanThreeCleanRunsAMarkedRunTakesTheVerdictAway() {
        Report.MarkedRun shown = new Report.MarkedRun("004", 1205, List.of(Report.Mark.NEVER_STEADY));
        Report.Cell clear = new Report.Cell(Summary.of(new double[] {1200, 1205, 1210}), null, List.of(shown), 0);
        Report.Comparison kept = compared(RPS, cell(1000, 1010, 990), clear);
        assertEquals(Report.Verdict.BETTER, kept.verdict(), kept.sentence());
        assertEquals(
                "jdk25 serves 21% more requests/s than jdk17 (95% CI +17% to +24%); jdk25 has 2 clean runs of 3, too"
                        + " few to check the marked ones against, and they alone show it too: +21% (95% CI +10% to"
                        + " +32%)",
                kept.sentence());

        Report.MarkedRun never = new Report.MarkedRun("004", 1205, List.of(Report.Mark.NEVER_STEADY));
        Report.Cell b = new Report.Cell(Summary.of(new double[] {1000, 1205, 1150}), null, List.of(never), 0);
        Report.Comparison c = compared(RPS, cell(1000, 1010, 990), b);
        assertEquals(Report.Verdict.NOT_COMPARABLE, c.verdict(), c.sentence());
        assertEquals(
                "requests/s: no verdict: jdk25 has 2 clean runs of 3: a verdict with runs counted with a mark needs 3"
                        + " clean runs a side to check them against",
                c.sentence());
        assertTrue(Double.isNaN(c.ratio()), "no signed change beside a verdict taken away");
        assertEquals("clean runs only (3 v 2)", c.steadyOnly().label());
    }

    /** Interleaved pairs' ratios are read as the duet's are, and the interval says which design it came from. */
    @Test
    void anInterleavedPairsIntervalIsNamedForIt() {
        List<String> repetitions = List.of("1", "2", "3");
        Report.Cell a = new Report.Cell(
                Summary.of(new double[] {1000, 1010, 990}),
                null,
                List.of(),
                0,
                0,
                List.of(),
                repetitions,
                List.of(),
                false);
        for (boolean interleaved : new boolean[] {true, false}) {
            Report.Cell b = new Report.Cell(
                    Summary.of(new double[] {1100, 1105, 1090}),
                    null,
                    List.of(),
                    0,
                    0,
                    List.of(),
                    repetitions,
                    List.of(1.10, 1.11, 1.09),
                    interleaved);
            Report.Comparison c = compared(RPS, a, b);
            assertEquals(Report.Verdict.BETTER, c.verdict(), c.sentence());
            assertTrue(
                    c.method().startsWith(interleaved ? "interleaved: t on per-pair ratios" : "duet: t on"),
                    c.method());
        }
    }

    /**
     * Paired by repetition, the clean result is over the repetitions in which neither run was marked: one clean
     * repetition is one, -0.5%, not "2 v 1" (whose ratio, jdk25's one clean run over jdk17's two, would be +9.8%).
     */
    @Test
    void pairedTheCleanResultCountsCleanRepetitions() {
        List<String> repetitions = List.of("1", "2", "3");
        Report.Cell a = new Report.Cell(
                Summary.of(new double[] {1000, 822, 1010}),
                null,
                List.of(new Report.MarkedRun("005", 1010, List.of(Report.Mark.NEVER_STEADY))),
                0,
                0,
                List.of(),
                repetitions,
                List.of(),
                false);
        Report.Cell b = new Report.Cell(
                Summary.of(new double[] {995, 830, 1001}),
                null,
                List.of(
                        new Report.MarkedRun("004", 830, List.of(Report.Mark.NEVER_STEADY)),
                        new Report.MarkedRun("006", 1001, List.of(Report.Mark.NEVER_STEADY))),
                0,
                0,
                List.of(),
                repetitions,
                List.of(),
                false);
        Report.Comparison c = compared(RPS, a, b);
        assertEquals(Report.Verdict.NOT_COMPARABLE, c.verdict(), c.sentence());
        assertEquals(1, c.steadyOnly().runsA(), "one clean repetition");
        assertEquals(1, c.steadyOnly().runsB(), "one clean repetition");
        assertEquals(0.995, c.steadyOnly().ratio(), 1e-9);
        assertEquals("clean repetitions only (1)", c.steadyOnly().label());
        assertEquals(
                "requests/s: no verdict: only 1 of 3 repetitions is clean: a verdict with runs counted with a mark"
                        + " needs 3 clean repetitions to check them against",
                c.sentence());
    }

    @Test
    void aRowWithAReasonAgainstItIsNotComparableWhateverItsNumbersAndPrintsNoChange() {
        Verdicts.RowContext lost = new Verdicts.RowContext(
                List.of(), "jdk17 6 of 6; jdk25 5 of 6", List.of("jdk25 lost 1 of 6 runs (they gave no value)"));
        Report.Comparison c = VERDICTS.of(RPS, cell(1000), cell(1200), "jdk25", null, lost);
        assertEquals(Report.Verdict.NOT_COMPARABLE, c.verdict(), c.sentence());
        assertEquals("requests/s: not comparable (jdk17 1,000, jdk25 1,200)", c.sentence());
        assertEquals(List.of("jdk25 lost 1 of 6 runs (they gave no value)"), c.reasons());
        assertTrue(Double.isNaN(c.ratio()), "a not-comparable row prints no signed change (audit item 9)");
        assertEquals(0, c.low(), "no interval");
        assertEquals(Double.POSITIVE_INFINITY, c.high(), "no interval");
    }

    @Test
    void aSideWithoutAValueIsNotCompared() {
        Report.Comparison c = compared(RPS, cell(1000), new Report.Cell(null, "not measured"));
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
