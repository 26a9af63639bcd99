package dev.duel.report.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.analysis.SteadyState;
import dev.duel.record.load.FailureKind;
import dev.duel.report.ReportBuilder;
import dev.duel.report.ReportOptions;
import dev.duel.report.SeededResults;
import dev.duel.report.model.Format;
import dev.duel.report.model.Report;
import dev.duel.report.model.Summary;
import dev.duel.report.read.ResultsReader;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** When a comparison row may give a verdict, and what the measures behind it count. */
class ComparabilityTest {
    private static final SeededResults.Behaviour A = new SeededResults.Behaviour("a", "17", 1000, 5_000, 20_000, 0);
    private static final SeededResults.Behaviour B = new SeededResults.Behaviour("b", "25", 1300, 5_000, 20_000, 0);

    @TempDir
    Path temp;

    @Test
    void aFailedRunCountsInErrorsFailsErrorThresholdsAndLeavesItsSideWithoutAVerdict() throws Exception {
        SeededResults results = seeded(1);
        SeededResults.Behaviour wrong = B.failing(Map.of(FailureKind.CHECK, 50L));
        for (int i = 0; i < 5; i++) {
            results.run(A, "ok", "", 1, i * 2, "e", List.of("s"), false);
            if (i == 2) {
                results.run(wrong, "failed", "50 answers failed their checks", 1, i * 2 + 1, "e", List.of("s"), false);
            } else {
                results.run(B, "ok", "", 1, i * 2 + 1, "e", List.of("s"), false);
            }
        }
        Report report = build(List.of("*.errors == 0"));
        Report.ScenarioReport scenario = report.scenarios().get(0);
        assertEquals(50, scenario.row("errors").cells().get(1).summary().max(), "the failed run's errors count");
        assertEquals(5, scenario.row("errors").cells().get(1).summary().runs());
        assertEquals(50, scenario.row("errors.check").cells().get(1).summary().max());
        Report.ThresholdResult forB = report.thresholds().get(1);
        assertFalse(forB.passed(), "*.errors == 0 must fail while b fails: " + forB.detail());
        assertEquals("s: not judged: b lost 1 of 5 runs (failed)", forB.detail());
        assertTrue(
                report.thresholds().get(0).passed(), report.thresholds().get(0).detail());
        Report.Comparison rps = comparison(report, "rps");
        assertEquals(Report.Verdict.NOT_COMPARABLE, rps.verdict(), rps.sentence());
        assertTrue(
                rps.sentence().startsWith("requests/s: not comparable: b lost 1 of 5 runs (failed) ("), rps.sentence());
    }

    @Test
    void heavyThrottlingInTheRowLeavesItWithoutAVerdict() throws Exception {
        SeededResults results = seeded(2);
        SeededResults.Behaviour throttled = new SeededResults.Behaviour("b", "25", 1300, 5_000, 20_000, 0.3);
        for (int i = 0; i < 5; i++) {
            results.run(A, "ok", "", 1, i * 2, "e", List.of("s"), false);
            results.run(throttled, "ok", "", 1, i * 2 + 1, "e", List.of("s"), false);
        }
        Report.Comparison rps = comparison(build(List.of()), "rps");
        assertEquals(Report.Verdict.NOT_COMPARABLE, rps.verdict(), rps.sentence());
        assertTrue(rps.sentence().startsWith("requests/s: not comparable: b throttled above 20% ("), rps.sentence());
        assertTrue(
                rps.warnings().stream().anyMatch(w -> w.startsWith("b: throttled in 30% of CPU periods")),
                rps.warnings().toString());
    }

    /**
     * Main lasts 16.5 s from 15 s, so second 31 holds half a second of answers: counted, it would read as a fall
     * in the last quarter of the series, and no run would be steady. The gap's seconds (10 to 14) are left out.
     */
    @Test
    void aPartialLastSecondOfMainIsLeftOutOfTheSeries() throws Exception {
        SeededResults results = seeded(3);
        SeededResults.Shape short_ = SeededResults.Shape.CLOSED.mainMillis(16_500);
        for (int i = 0; i < 4; i++) {
            results.run(A.shaped(short_), "ok", "", 1, i * 2, "e", List.of("s"), false);
            results.run(B.shaped(short_), "ok", "", 1, i * 2 + 1, "e", List.of("s"), false);
        }
        Report report = build(List.of());
        for (Report.WarmupRun run : report.scenarios().get(0).warmup().runs()) {
            assertEquals(30, run.seconds().get(run.seconds().size() - 1), "the last whole second of main is 30");
            assertEquals(10 + 16, run.seconds().size(), "warm-up 0-9 and main 15-30: " + run.seconds());
            assertTrue(run.seconds().stream().noneMatch(x -> x >= 10 && x < 15), "no gap second: " + run.seconds());
            assertEquals(SteadyState.Classification.WARMUP, run.classification(), run.why());
        }
        Report.Comparison rps = comparison(report, "rps");
        assertEquals(Report.Verdict.BETTER, rps.verdict(), rps.sentence());
        assertTrue(rps.warnings().isEmpty(), rps.warnings().toString());
    }

    /** Open model: requests/s is the offered rate whatever the target does; a queue shows in latency. */
    @Test
    void inTheOpenModelALatencyThatKeepsRisingIsNoSteadyState() throws Exception {
        SeededResults results = seeded(4);
        SeededResults.Shape open = SeededResults.Shape.open(0, 0);
        for (int i = 0; i < 4; i++) {
            results.run(A.shaped(open), "ok", "", 1, i * 2, "e", List.of("s"), false);
            results.run(B.shaped(open.warming(0.05)), "ok", "", 1, i * 2 + 1, "e", List.of("s"), false);
        }
        Report report = build(List.of());
        for (Report.WarmupRun run : report.scenarios().get(0).warmup().runs()) {
            assertEquals(
                    run.target().equals("b"),
                    run.classification() == SteadyState.Classification.NO_STEADY_STATE,
                    run.run() + " " + run.target() + ": " + run.why());
        }
        Report.Comparison p99 = comparison(report, "p99");
        assertEquals(Report.Verdict.NOT_COMPARABLE, p99.verdict(), p99.sentence());
        assertTrue(
                p99.sentence().startsWith("p99: not comparable: b no run reached steady state; 4 of 4 b runs never"),
                p99.sentence());
        assertTrue(
                p99.warnings().stream().anyMatch(w -> w.startsWith("b: 4 of 4 runs never reached steady state")),
                p99.warnings().toString());
        assertTrue(
                report.headline()
                        .get(0)
                        .startsWith("s: no steady-state verdict: 4 of 4 b runs never reached steady state;"),
                report.headline().toString());
    }

    /**
     * Runs whose steady state began inside main: their requests/s is their steady seconds', but main's latency
     * histogram and CPU counter mix warm-up in, so they leave the latency and CPU rows. With half of a side's runs
     * gone that way (2 of 4) those rows give no verdict; requests/s keeps its verdict. With one of four, the three
     * left carry the verdict (the majority rule, as for runs that never settled: a run that settled late is no
     * reason to judge a side more harshly than one that never did), and the runs column still counts it.
     */
    @Test
    void runsSteadyOnlyInsideMainLeaveTheLatencyAndCpuRowsWithoutAVerdictWhenHalfOfASide() throws Exception {
        for (int lateRuns : List.of(2, 1)) {
            SeededResults results = seeded(7);
            SeededResults.Behaviour late =
                    A.shaped(SeededResults.Shape.CLOSED.settling("s", SeededResults.Settle.LATE));
            for (int i = 0; i < 4; i++) {
                results.run(i < lateRuns ? late : A, "ok", "", 1, i * 2, "e", List.of("s"), false);
                results.run(B, "ok", "", 1, i * 2 + 1, "e", List.of("s"), false);
            }
            Report report = build(List.of("*.p99 < 1s"));
            Report.Comparison rps = comparison(report, "rps");
            assertEquals(Report.Verdict.BETTER, rps.verdict(), rps.sentence());
            for (String key : List.of("p50", "p99", "mean", "cpu")) {
                Report.Comparison row = comparison(report, key);
                String lost = "a " + (4 - lateRuns) + " of 4 (lost " + lateRuns + " steady only inside main); b 4 of 4";
                assertTrue(row.runs().startsWith(lost), row.runs());
                if (lateRuns == 2) {
                    assertEquals(Report.Verdict.NOT_COMPARABLE, row.verdict(), row.sentence());
                    assertTrue(
                            row.sentence()
                                    .contains(
                                            ": not comparable: 2 of 4 a runs reached steady state only inside main ("),
                            row.sentence());
                } else {
                    assertTrue(row.verdict() != Report.Verdict.NOT_COMPARABLE, row.sentence());
                }
            }
            String threshold = report.thresholds().get(0).detail();
            if (lateRuns == 2) {
                assertEquals(
                        "s: not judged: a.p99 leaves out 2 of 4 runs (reached steady state only inside main)",
                        threshold);
            } else {
                assertTrue(threshold.startsWith("s: a.p99 ") && threshold.endsWith(" < 1.00 s"), threshold);
            }
        }
    }

    /**
     * A side whose runs settled only half the time (2 of 4) has no steady-state verdict on any row, and every row says
     * why: the runs that settled may be the lucky ones.
     */
    @Test
    void aSideWhoseRunsSettledOnlyHalfTheTimeHasNoSteadyStateVerdict() throws Exception {
        Report report = fourRunsASideWithUnsettled(2);
        int speeds = 0;
        for (Report.Comparison row : report.scenarios().get(0).comparisons()) {
            if (Comparability.factNotSpeed(row.measure())) {
                // Errors (and late or unstarted shares) are facts about the target that an unsettled run shows too.
                assertTrue(!row.sentence().contains("never reached steady state"), row.sentence());
                continue;
            }
            speeds++;
            assertEquals(Report.Verdict.NOT_COMPARABLE, row.verdict(), row.sentence());
            assertTrue(row.sentence().contains("2 of 4 b runs never reached steady state"), row.sentence());
        }
        assertTrue(speeds >= 8, "requests/s, the percentiles, mean latency, CPU, cores, memory: " + speeds);
        Report.Comparison rps = comparison(report, "rps");
        assertTrue(rps.runs().endsWith("b 2 of 4 (lost 2 never steady)"), rps.runs());
        assertTrue(
                rps.warnings().stream().anyMatch(w -> w.startsWith("b: 2 of 4 runs never reached steady state")),
                rps.warnings().toString());
        assertTrue(
                report.headline().get(0).contains("no steady-state verdict"),
                report.headline().toString());
    }

    /**
     * A side most of whose runs settled (3 of 4) keeps its steady-state verdict from those runs: the row counts the
     * one left out, a warning names it, and the headline says which runs the verdict stands on.
     */
    @Test
    void aSideMostOfWhoseRunsSettledIsJudgedOnThoseAndSaysSo() throws Exception {
        Report report = fourRunsASideWithUnsettled(1);
        Report.Comparison rps = comparison(report, "rps");
        assertTrue(rps.verdict() != Report.Verdict.NOT_COMPARABLE, rps.sentence());
        assertTrue(rps.runs().endsWith("b 3 of 4 (lost 1 never steady)"), rps.runs());
        assertTrue(
                rps.warnings().stream()
                        .anyMatch(w -> w.startsWith("b: 1 of 4 runs never reached steady state")
                                && w.contains("requests/s, latency and CPU per request use the 3 that did")),
                rps.warnings().toString());
        assertTrue(
                report.headline().get(0).contains("runs used: a 4 of 4; b 3 of 4 (lost 1 never steady)"),
                report.headline().toString());
    }

    /** Four runs of a and of b, the last {@code unsettled} of b's never reaching a steady state. */
    private Report fourRunsASideWithUnsettled(int unsettled) throws Exception {
        SeededResults results = seeded(8);
        SeededResults.Behaviour never = B.shaped(SeededResults.Shape.CLOSED.settling("s", SeededResults.Settle.NEVER));
        for (int i = 0; i < 4; i++) {
            results.run(A, "ok", "", 1, i * 2, "e", List.of("s"), false);
            results.run(i >= 4 - unsettled ? never : B, "ok", "", 1, i * 2 + 1, "e", List.of("s"), false);
        }
        return build(List.of());
    }

    /** Each run's first start is a fresh process; its restarts are not further samples. */
    @Test
    void startUpTakesOneValuePerRunItsFirstStart() throws Exception {
        SeededResults results = seeded(5);
        SeededResults.Shape starts = SeededResults.Shape.CLOSED.starts(List.of(1_500L, 400L, 410L, 420L));
        for (int i = 0; i < 4; i++) {
            results.run(A.shaped(starts), "ok", "", 1, i * 2, "e", List.of("boot"), false);
            results.run(B.shaped(starts), "ok", "", 1, i * 2 + 1, "e", List.of("boot"), false);
        }
        Report.ScenarioReport boot = build(List.of()).scenarios().get(0);
        Summary first = boot.row("startup").cells().get(0).summary();
        assertEquals(4, first.runs(), "one value per run, not one per start: " + first);
        assertEquals(1_500, first.median());
        assertTrue(boot.notes().stream().anyMatch(n -> n.startsWith("one value per run: the first start")));
    }

    /** A start-up scenario offers no load: its runs' missing steady state takes no start-up verdict away. */
    @Test
    void startUpIsNeverUnderminedBySteadyState() throws Exception {
        SeededResults results = seeded(5);
        for (int i = 0; i < 4; i++) {
            results.run(
                    A.shaped(SeededResults.Shape.CLOSED.starts(List.of(1_500L + 10 * i, 400L))),
                    "ok",
                    "",
                    1,
                    i * 2,
                    "e",
                    List.of("boot"),
                    false);
            results.run(
                    B.shaped(SeededResults.Shape.CLOSED.starts(List.of(900L + 10 * i, 400L))),
                    "ok",
                    "",
                    1,
                    i * 2 + 1,
                    "e",
                    List.of("boot"),
                    false);
        }
        Report.ScenarioReport boot = build(List.of()).scenarios().get(0);
        Report.Comparison startup = boot.comparisons().stream()
                .filter(c -> c.measure().equals("startup"))
                .findFirst()
                .orElseThrow();
        assertTrue(startup.reasons().isEmpty(), startup.reasons().toString());
        assertTrue(
                startup.warnings().stream().noneMatch(w -> w.contains("steady")),
                startup.warnings().toString());
        assertEquals(Report.Verdict.BETTER, startup.verdict(), startup.sentence());
    }

    @Test
    void lateAndUnstartedSharesAreMeasuresOfTheTarget() throws Exception {
        SeededResults results = seeded(6);
        for (int i = 0; i < 4; i++) {
            results.run(A.shaped(SeededResults.Shape.open(0, 0)), "ok", "", 1, i * 2, "e", List.of("s"), false);
            results.run(
                    B.shaped(SeededResults.Shape.open(0.05, 0.01)), "ok", "", 1, i * 2 + 1, "e", List.of("s"), false);
        }
        Report report = build(List.of("*.late < 1%"));
        Report.ScenarioReport scenario = report.scenarios().get(0);
        assertEquals(0, scenario.row("late").cells().get(0).summary().median());
        assertEquals(0.05, scenario.row("late").cells().get(1).summary().median(), 0.001);
        assertEquals(0.01, scenario.row("unstarted").cells().get(1).summary().median(), 0.001);
        assertTrue(report.thresholds().get(0).passed());
        assertFalse(
                report.thresholds().get(1).passed(), report.thresholds().get(1).detail());
        assertTrue(
                comparison(report, "late").sentence().startsWith("b starts 5.0 points more requests late than a"),
                comparison(report, "late").sentence());
    }

    /** Late shares of 0 against about 5%: no ratio, but a difference in points with its interval. */
    @Test
    void aShareOfZeroIsComparedAsADifferenceInPoints() throws Exception {
        SeededResults results = seeded(8);
        for (int i = 0; i < 4; i++) {
            results.run(A.shaped(SeededResults.Shape.open(0, 0)), "ok", "", 1, i * 2, "e", List.of("s"), false);
            results.run(
                    B.shaped(SeededResults.Shape.open(0.04 + 0.01 * ((i + 1) / 2), 0)),
                    "ok",
                    "",
                    1,
                    i * 2 + 1,
                    "e",
                    List.of("s"),
                    false);
        }
        Report.Comparison late = comparison(build(List.of()), "late");
        assertEquals(Report.Verdict.WORSE, late.verdict(), late.sentence());
        assertEquals(
                "b starts 5.0 points more requests late than a (95% CI +4.0 to +6.0 points; Hodges-Lehmann,"
                        + " coverage >= 97.1%)",
                late.sentence());
        assertEquals(5.0, late.shift().points(), 0.01);
        assertEquals("+5.0 points", Format.ratio(late));
        assertEquals("+4.0 to +6.0 points", Format.interval(late));
    }

    /**
     * A target that cannot keep up: its p99 keeps rising (not at steady state) and it starts requests late. The
     * rising p99 leaves the speed rows without a verdict; the late share is what such runs show, and is compared.
     */
    @Test
    void notAtSteadyStateLeavesTheLateShareCompared() throws Exception {
        SeededResults results = seeded(9);
        for (int i = 0; i < 4; i++) {
            results.run(A.shaped(SeededResults.Shape.open(0, 0)), "ok", "", 1, i * 2, "e", List.of("s"), false);
            results.run(
                    B.shaped(SeededResults.Shape.open(0.04 + 0.01 * ((i + 1) / 2), 0.01)
                            .warming(0.05)),
                    "ok",
                    "",
                    1,
                    i * 2 + 1,
                    "e",
                    List.of("s"),
                    false);
        }
        Report report = build(List.of());
        Report.Comparison p99 = comparison(report, "p99");
        assertEquals(Report.Verdict.NOT_COMPARABLE, p99.verdict(), p99.sentence());
        Report.Comparison late = comparison(report, "late");
        assertEquals(Report.Verdict.WORSE, late.verdict(), late.sentence());
        assertTrue(late.sentence().startsWith("b starts 5.0 points more requests late than a"), late.sentence());
        assertEquals(List.of(), late.reasons());
        assertTrue(
                late.warnings().stream().noneMatch(w -> w.contains("not at steady state")),
                "no verdict beside a warning that would undermine it: " + late.warnings());
        Report.Comparison errors = comparison(report, "errors");
        assertTrue(errors.reasons().isEmpty(), errors.reasons().toString());
    }

    @Test
    void theClosedModelHasNoLateShareRow() throws Exception {
        SeededResults results = seeded(7);
        results.interleaved(A, B, 2, List.of("s"));
        assertEquals(null, build(List.of()).scenarios().get(0).row("late"));
    }

    private SeededResults seeded(long seed) throws Exception {
        SeededResults results = new SeededResults(temp, seed, Instant.parse("2026-11-30T06:00:00Z"));
        results.environment("e", List.of());
        return results;
    }

    private Report build(List<String> thresholds) throws Exception {
        ReportOptions options = new ReportOptions(null, Duration.ofHours(2), false, thresholds, 0.95, 0.2, 0.05);
        return new ReportBuilder(new ResultsReader().read(List.of(temp)), options).build();
    }

    private static Report.Comparison comparison(Report report, String key) {
        return report.scenarios().get(0).comparisons().stream()
                .filter(c -> c.measure().equals(key))
                .findFirst()
                .orElseThrow();
    }
}
