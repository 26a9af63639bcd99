package dev.duel.report.build;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.duel.report.model.Measure;
import dev.duel.report.model.Report;
import dev.duel.report.model.Summary;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which runtime row the sentence names, and when it names none. */
class RuntimeDifferenceTest {
    private static final List<String> TARGETS = List.of("jdk17", "jdk25");

    private static Report.Row row(Measure measure, double a, double b) {
        return new Report.Row(
                measure,
                List.of(
                        new Report.Cell(Summary.of(new double[] {a, a * 1.01, a * 0.99}), null),
                        new Report.Cell(Summary.of(new double[] {b, b * 1.01, b * 0.99}), null)));
    }

    private static Report.Row oneSided(Measure measure, double a) {
        return new Report.Row(
                measure,
                List.of(
                        new Report.Cell(Summary.of(new double[] {a}), null),
                        new Report.Cell(null, "no JFR recording (profile: threads)")));
    }

    private static Report.Comparison comparison(Measure measure, Report.Verdict verdict, List<String> reasons) {
        return new Report.Comparison(
                measure.key(),
                "jdk17",
                "jdk25",
                Double.NaN,
                0,
                Double.POSITIVE_INFINITY,
                verdict,
                "",
                List.of(),
                "",
                reasons,
                "",
                null);
    }

    private static String largest(List<Report.Row> rows, List<Report.Comparison> comparisons) {
        return RuntimeDifference.largest(rows, comparisons, TARGETS, "jdk17", "jdk25", t -> true);
    }

    @Test
    void theLargestRatioOfMediansWithAVerdictIsNamed() {
        List<Report.Row> rows = List.of(
                row(RuntimeAnswer.GC_PAUSE_SHARE, 0.008, 0.024),
                row(RuntimeAnswer.ALLOCATION, 30_000, 45_000),
                row(RuntimeAnswer.JIT_SHARE, 0.05, 0.06));
        List<Report.Comparison> comparisons = List.of(
                comparison(RuntimeAnswer.GC_PAUSE_SHARE, Report.Verdict.WORSE, List.of()),
                comparison(RuntimeAnswer.ALLOCATION, Report.Verdict.WORSE, List.of()),
                comparison(RuntimeAnswer.JIT_SHARE, Report.Verdict.DIFFERENT, List.of()));
        assertEquals(
                "Largest runtime difference at steady state: jdk25 spends 3.0x the GC pause share of jdk17 (2.4% vs"
                        + " 0.8% of wall time)",
                largest(rows, comparisons));
    }

    /** The larger side is the sentence's subject, whichever side is the baseline. */
    @Test
    void theLargerSideComesFirst() {
        List<Report.Row> rows = List.of(row(RuntimeAnswer.ALLOCATION, 45_000, 30_000));
        assertEquals(
                "Largest runtime difference at steady state: jdk17 allocates 1.5x as much per request as jdk25 (44 KiB"
                        + " vs 29 KiB)",
                largest(rows, List.of(comparison(RuntimeAnswer.ALLOCATION, Report.Verdict.BETTER, List.of()))));
    }

    /** 0.1% against 0.4% of wall time is four times, and nothing to act on: under the floor the row does not count. */
    @Test
    void rowsUnderTheirFloorDoNotCount() {
        List<Report.Row> rows = List.of(
                row(RuntimeAnswer.GC_PAUSE_SHARE, 0.001, 0.004),
                row(RuntimeAnswer.DEOPTIMIZATIONS, 0.2, 0.9),
                row(RuntimeAnswer.ALLOCATION, 30_000, 33_000));
        List<Report.Comparison> comparisons = new ArrayList<>();
        rows.forEach(r -> comparisons.add(comparison(r.measure(), Report.Verdict.WORSE, List.of())));
        assertEquals(
                "Largest runtime difference at steady state: jdk25 allocates 1.1x as much per request as jdk17 (32 KiB"
                        + " vs 29 KiB)",
                largest(rows, comparisons));
        assertEquals(
                "jdk25 against jdk17: no runtime difference at steady state large enough to matter (every row with"
                        + " values on both sides is under its floor)",
                largest(rows.subList(0, 2), comparisons.subList(0, 2)));
    }

    /** JIT CPU until steady state is a warm-up cost: never the steady-state difference. */
    @Test
    void theWarmupRowIsNotASteadyStateDifference() {
        List<Report.Row> rows = List.of(
                row(RuntimeAnswer.JIT_UNTIL_STEADY, 1_000, 9_000), row(RuntimeAnswer.GC_CPU_SHARE, 0.010, 0.012));
        assertEquals(
                "Largest runtime difference at steady state: jdk25's GC and VM threads take 1.2x the CPU share of"
                        + " jdk17's (1.2% vs 1.0% of the target's CPU)",
                largest(
                        rows,
                        List.of(
                                comparison(RuntimeAnswer.JIT_UNTIL_STEADY, Report.Verdict.DIFFERENT, List.of()),
                                comparison(RuntimeAnswer.GC_CPU_SHARE, Report.Verdict.WORSE, List.of()))));
    }

    /**
     * A larger difference within noise, or one a warning undermines, is not named as the difference; when no row has
     * a verdict, the sentence says so and gives the largest between medians with its row's reason.
     */
    @Test
    void aDifferenceWithoutAVerdictIsNeverNamedAsOne() {
        List<Report.Row> rows =
                List.of(row(RuntimeAnswer.GC_PAUSE_SHARE, 0.008, 0.024), row(RuntimeAnswer.ALLOCATION, 30_000, 33_000));
        assertEquals(
                "Largest runtime difference at steady state that stands beyond noise: jdk25 allocates 1.1x as much per"
                        + " request as jdk17 (32 KiB vs 29 KiB); larger between the values the table shows, not a verdict: jdk25 spends"
                        + " 3.0x the GC pause share of jdk17 (2.4% vs 0.8% of wall time) (cannot tell)",
                largest(
                        rows,
                        List.of(
                                comparison(RuntimeAnswer.GC_PAUSE_SHARE, Report.Verdict.CANNOT_TELL, List.of()),
                                comparison(RuntimeAnswer.ALLOCATION, Report.Verdict.WORSE, List.of()))));
        assertEquals(
                "jdk25 against jdk17: no runtime difference at steady state stands beyond noise; the largest between"
                        + " medians, not a verdict: jdk25 spends 3.0x the GC pause share of jdk17 (2.4% vs 0.8% of wall"
                        + " time) (not comparable)",
                largest(
                        rows,
                        List.of(
                                comparison(
                                        RuntimeAnswer.GC_PAUSE_SHARE,
                                        Report.Verdict.NOT_COMPARABLE,
                                        List.of("jdk25 throttled above 20%")),
                                comparison(RuntimeAnswer.ALLOCATION, Report.Verdict.CANNOT_TELL, List.of()))));
    }

    /** The named row's warnings (runs left out, distant runs compared anyway) travel with the sentence. */
    @Test
    void theNamedRowsWarningsGoWithIt() {
        Report.Comparison warned = new Report.Comparison(
                RuntimeAnswer.GC_PAUSE_SHARE.key(),
                "jdk17",
                "jdk25",
                Double.NaN,
                0,
                Double.POSITIVE_INFINITY,
                Report.Verdict.WORSE,
                "",
                List.of(
                        "COMPARED DESPITE: runs taken 3 h apart",
                        "jdk25: 1 of 3 runs never reached steady state (the warm-up table says why for each)"),
                "jdk17 3 of 3; jdk25 2 of 3 (lost 1 never steady)",
                List.of(),
                "",
                null);
        assertEquals(
                "Largest runtime difference at steady state: jdk25 spends 3.0x the GC pause share of jdk17 (2.4% vs"
                        + " 0.8% of wall time) [runs used: jdk17 3 of 3; jdk25 2 of 3 (lost 1 never steady); COMPARED"
                        + " DESPITE: runs taken 3 h apart]",
                largest(List.of(row(RuntimeAnswer.GC_PAUSE_SHARE, 0.008, 0.024)), List.of(warned)));
    }

    @Test
    void aRowWithAValueOnOneSideOnlyDoesNotCount() {
        List<Report.Row> rows =
                List.of(oneSided(RuntimeAnswer.GC_PAUSE_SHARE, 0.02), row(RuntimeAnswer.GC_CPU_SHARE, 0.010, 0.015));
        assertEquals(
                "Largest runtime difference at steady state: jdk25's GC and VM threads take 1.5x the CPU share of"
                        + " jdk17's (1.5% vs 1.0% of the target's CPU)",
                largest(rows, List.of(comparison(RuntimeAnswer.GC_CPU_SHARE, Report.Verdict.WORSE, List.of()))));
    }

    @Test
    void withoutATimelineThereIsNoRuntimeData() {
        assertEquals(
                "jdk25 against jdk17: no runtime data",
                RuntimeDifference.largest(List.of(), List.of(), TARGETS, "jdk17", "jdk25", t -> false));
        assertEquals(
                "jdk25 against jdk17: no runtime data for jdk17, nothing to compare",
                RuntimeDifference.largest(List.of(), List.of(), TARGETS, "jdk17", "jdk25", t -> t.equals("jdk25")));
    }
}
