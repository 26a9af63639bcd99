package dev.duel.suite.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.analysis.SteadyValues;
import dev.duel.record.RepetitionDecision;
import dev.duel.record.RunRecord;
import dev.duel.record.Status;
import dev.duel.suite.Suite;
import dev.duel.suite.fixtures.SteadyRecords;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The stopping rule of {@code repetitions: {min, max, until}} on fake records: no runner, no file. */
class RepetitionCheckTest {
    private static final Suite.Repetitions RPS_3_TO_12 =
            new Suite.Repetitions(3, 12, StopRule.parse("rps ci within 5%").about("json"));

    /** A final record of one run of {@code target}, steady at {@code rps} requests/s from its first second. */
    static RunRecord run(String target, int repetition, Status status, double rps) {
        return run(target, repetition, status, rps, 2_000, 3_000);
    }

    /** As above, with {@code samples} correct answers in main and a p99 of {@code p99Micros}. */
    static RunRecord run(String target, int repetition, Status status, double rps, long samples, double p99Micros) {
        return SteadyRecords.run(0, target, repetition, status, rps, samples, p99Micros, SteadyRecords.steady(rps));
    }

    /** Records of repetitions 1 to {@code values[0].length}: each target's value in each repetition. */
    private static List<RunRecord> runs(List<String> targets, double[][] values) {
        List<RunRecord> records = new ArrayList<>();
        for (int repetition = 1; repetition <= values[0].length; repetition++) {
            for (int t = 0; t < targets.size(); t++) {
                records.add(run(targets.get(t), repetition, Status.OK, values[t][repetition - 1]));
            }
        }
        return records;
    }

    /** The repetition after which the suite stops, asking after each from min on, as the runner does. */
    private static RepetitionDecision stopping(Suite.Repetitions rule, List<String> targets, List<RunRecord> records) {
        for (int repetition = rule.min(); ; repetition++) {
            RepetitionDecision decision = RepetitionCheck.decide(rule, targets, repetition, records);
            if (decision.stop() != RepetitionDecision.Stop.GOING_ON) {
                return decision;
            }
            assertTrue(repetition < rule.max(), "GOING_ON at max");
        }
    }

    /**
     * Three wild pairs (±20%), then pairs within ±0.3% of 1000 and 1100: the interval is ±20% or more until the tight
     * runs outnumber the wild ones far enough that the Hodges-Lehmann bounds leave them out (at 8 pairs: ±0.6%).
     */
    private static final double[] NARROWING_A = {800, 1200, 1000, 1000, 1003, 997, 1002, 998, 1001, 999, 1000, 1000};

    private static final double[] NARROWING_B = {1320, 880, 1100, 1101, 1097, 1103, 1099, 1102, 1098, 1100, 1100, 1100};

    @Test
    void aSeriesThatNarrowsAfterEightPairsStopsAtEight() {
        List<RunRecord> records = runs(List.of("a", "b"), new double[][] {NARROWING_A, NARROWING_B});
        RepetitionDecision seventh = RepetitionCheck.decide(RPS_3_TO_12, List.of("a", "b"), 7, records);
        assertEquals(RepetitionDecision.Stop.GOING_ON, seventh.stop());
        assertTrue(seventh.comparisons().get(0).halfWidthPercent() > 5, seventh.describe());

        RepetitionDecision decision = stopping(RPS_3_TO_12, List.of("a", "b"), records);
        assertEquals(RepetitionDecision.Stop.INTERVAL_NARROW, decision.stop());
        assertEquals(8, decision.repetitions());
        RepetitionDecision.Comparison comparison = decision.comparisons().get(0);
        assertEquals("a", comparison.baseline());
        assertEquals("b", comparison.target());
        assertEquals(8, comparison.baselineValues(), "runs of repetitions 9 to 12 are not read");
        assertEquals(8, comparison.targetValues());
        assertEquals(1100.5 / 1000, comparison.ratio(), 1e-9, "median of b over median of a");
        assertTrue(comparison.halfWidthPercent() <= 5, comparison.toString());
        assertEquals(
                Math.max(comparison.ratio() - comparison.low(), comparison.high() - comparison.ratio())
                        / comparison.ratio()
                        * 100,
                comparison.halfWidthPercent(),
                1e-9,
                "the farther bound, relative to the point estimate");
        assertTrue(comparison.method().startsWith("Hodges-Lehmann"), comparison.method());
        assertTrue(
                decision.describe()
                        .startsWith("repetitions: stopped after 8 (of 3 to 12): the interval is narrow enough,"
                                + " json rps CI within 5% (b/a rps ratio 1.101, 95% CI ±"),
                decision.describe());
    }

    @Test
    void aSeriesThatNeverNarrowsStopsAtMax() {
        Random random = new Random(11);
        double[][] values = new double[2][12];
        for (int i = 0; i < 12; i++) {
            values[0][i] = 1000 * Math.exp(0.2 * random.nextGaussian());
            values[1][i] = 1100 * Math.exp(0.2 * random.nextGaussian());
        }
        List<RunRecord> records = runs(List.of("a", "b"), values);
        RepetitionDecision decision = stopping(RPS_3_TO_12, List.of("a", "b"), records);
        assertEquals(RepetitionDecision.Stop.MAXIMUM_REACHED, decision.stop());
        assertEquals(12, decision.repetitions());
        assertTrue(decision.comparisons().get(0).halfWidthPercent() > 5, decision.describe());
        assertTrue(
                decision.describe()
                        .startsWith("repetitions: stopped at the maximum of 12 (of 3 to 12): json rps CI"
                                + " within 5% was not met"),
                decision.describe());
    }

    @Test
    void failedAndInvalidRunsGiveNoValueButCountTowardMax() {
        List<RunRecord> records = new ArrayList<>(runs(List.of("a", "b"), new double[][] {NARROWING_A, NARROWING_B}));
        // From repetition 4 on every run of b fails or is invalid: its values stop at 3, the interval stays wide.
        records.removeIf(r -> r.target().equals("b") && r.repetition() >= 4);
        for (int repetition = 4; repetition <= 12; repetition++) {
            records.add(run("b", repetition, repetition % 2 == 0 ? Status.FAILED : Status.INVALID, 1100));
        }
        RepetitionDecision decision = stopping(RPS_3_TO_12, List.of("a", "b"), records);
        assertEquals(RepetitionDecision.Stop.MAXIMUM_REACHED, decision.stop());
        assertEquals(12, decision.repetitions(), "max is a cap on repetitions, whatever became of their runs");
        assertEquals(12, decision.comparisons().get(0).baselineValues());
        assertEquals(3, decision.comparisons().get(0).targetValues(), "only ok runs give values");
    }

    @Test
    void aSideWithoutTwoValuesHasNoIntervalAndNeverStopsTheSuiteEarly() {
        List<RunRecord> records = new ArrayList<>(runs(List.of("a", "b"), new double[][] {NARROWING_A, NARROWING_B}));
        records.removeIf(r -> r.target().equals("b") && r.repetition() >= 2);
        RepetitionDecision.Comparison one = RepetitionCheck.decide(RPS_3_TO_12, List.of("a", "b"), 10, records)
                .comparisons()
                .get(0);
        assertEquals(1, one.targetValues());
        assertNull(one.halfWidthPercent());
        assertNull(one.low());
        records.removeIf(r -> r.target().equals("b"));
        RepetitionDecision none = RepetitionCheck.decide(RPS_3_TO_12, List.of("a", "b"), 12, records);
        assertNull(none.comparisons().get(0).ratio());
        assertEquals(RepetitionDecision.Stop.MAXIMUM_REACHED, none.stop());
    }

    @Test
    void nothingStopsBeforeMinEvenWhenNarrow() {
        double[][] tight = {{1000, 1001, 999, 1000}, {1100, 1101, 1099, 1100}};
        Suite.Repetitions fourTo6 = new Suite.Repetitions(4, 6, RPS_3_TO_12.until());
        List<RunRecord> records = runs(List.of("a", "b"), tight);
        assertEquals(
                RepetitionDecision.Stop.GOING_ON,
                RepetitionCheck.decide(fourTo6, List.of("a", "b"), 3, records).stop());
        assertEquals(
                RepetitionDecision.Stop.INTERVAL_NARROW,
                RepetitionCheck.decide(fourTo6, List.of("a", "b"), 4, records).stop());
    }

    @Test
    void withThreeTargetsEveryOtherIsComparedWithTheFirstAndAllMustBeNarrow() {
        double[] wild = {900, 1150, 870, 1210, 1010, 860, 1190, 905, 1120, 880, 1170, 940};
        List<RunRecord> records = runs(List.of("a", "b", "c"), new double[][] {NARROWING_A, NARROWING_B, wild});
        RepetitionDecision decision = stopping(RPS_3_TO_12, List.of("a", "b", "c"), records);
        assertEquals(
                List.of("b", "c"),
                decision.comparisons().stream()
                        .map(RepetitionDecision.Comparison::target)
                        .toList());
        assertTrue(decision.comparisons().stream().allMatch(c -> c.baseline().equals("a")));
        assertEquals(RepetitionDecision.Stop.MAXIMUM_REACHED, decision.stop(), "b narrows at 8, c never does");
        assertTrue(decision.comparisons().get(0).within(5));
        assertTrue(!decision.comparisons().get(1).within(5), decision.describe());
    }

    @Test
    void percentilesOfRunsWithFewerThanAThousandAnswersAreNotValues() {
        Suite.Repetitions p99 = new Suite.Repetitions(2, 4, StopRule.parse("json: p99 ci within 10%"));
        List<RunRecord> records = List.of(
                run("a", 1, Status.OK, 1000, 5_000, 3_000),
                run("b", 1, Status.OK, 1000, 5_000, 2_000),
                run("a", 2, Status.OK, 1000, 5_000, 3_100),
                run("b", 2, Status.OK, 1000, 999, 2_050),
                run("a", 3, Status.OK, 1000, 5_000, 2_900),
                run("b", 3, Status.OK, 1000, 5_000, 1_950));
        RepetitionDecision.Comparison comparison = RepetitionCheck.decide(p99, List.of("a", "b"), 3, records)
                .comparisons()
                .get(0);
        assertEquals(3, comparison.baselineValues());
        assertEquals(2, comparison.targetValues(), "the run of 999 answers has no p99 to count");
        assertEquals(1_975.0 / 3_000, comparison.ratio(), 1e-9);
    }

    @Test
    void cpuPerRequestIsReadFromTheTargetsMainPhase() {
        StopRule cpu = StopRule.parse("cpu ci within 5%").about("json");
        // 1 core over main's rps * 16 requests: 1e6 / rps microseconds per request
        assertEquals(1_000, cpu.measure().read(run("a", 1, Status.OK, 1_000).result("json")), 1e-9);
        assertEquals(500, cpu.measure().read(run("a", 1, Status.OK, 2_000).result("json")), 1e-9);
        assertEquals(
                800,
                StopRule.parse("p50 ci within 5%")
                        .measure()
                        .read(run("a", 1, Status.OK, 1_000, 5_000, 2_000).result("json")),
                1e-9,
                "the main phase's p50, as SampleRecords.latency shapes it");
    }

    /**
     * Issue 11: the rule read main's requests/s of every ok run, steady or not, so it could stop (or go on) on an
     * interval the report never prints. Here two of b's six runs never settle; their main phases served 700 and 1,500
     * requests/s, which made the interval wide. The report leaves them out, and so does the rule now: b's four steady
     * runs and a's six are within ±5%, and the suite stops at six.
     */
    @Test
    void aRunThatNeverReachedSteadyStateGivesNoValueAndTheDecisionFollowsTheSteadyRuns() {
        double[] a = {1000, 1002, 998, 1001, 999, 1000};
        double[] b = {1100, 700, 1101, 1099, 1500, 1100};
        List<RunRecord> records = new ArrayList<>();
        for (int repetition = 1; repetition <= 6; repetition++) {
            records.add(run("a", repetition, Status.OK, a[repetition - 1]));
            double rate = b[repetition - 1];
            boolean settles = repetition != 2 && repetition != 5;
            records.add(b(repetition, rate, settles));
        }
        RepetitionDecision decision = RepetitionCheck.decide(RPS_3_TO_12, List.of("a", "b"), 6, records);
        RepetitionDecision.Comparison comparison = decision.comparisons().get(0);
        assertEquals(RepetitionDecision.Stop.INTERVAL_NARROW, decision.stop(), decision.describe());
        assertEquals(6, comparison.baselineValues());
        assertEquals(4, comparison.targetValues(), "the two runs that never settled give no value");
        assertEquals(1100.0 / 1000, comparison.ratio(), 1e-9, "medians of the steady values");
        assertEquals(
                List.of(new RepetitionDecision.LeftOutRuns("b", RepetitionDecision.LeftOut.NEVER_STEADY, 2)),
                comparison.leftOut());
        assertTrue(decision.describe().contains("(4 and 6 ok runs; left out: 2 b never steady)"), decision.describe());
    }

    /**
     * Half of b's runs never settled: the report gives no verdict (the settled half may be the lucky one), so the
     * rule must not stop on the settled runs' interval, however narrow it is.
     */
    @Test
    void halfTheRunsNeverSettlingIsNeverNarrowEnough() {
        List<RunRecord> records = new ArrayList<>();
        for (int repetition = 1; repetition <= 4; repetition++) {
            records.add(run("a", repetition, Status.OK, 1000 + repetition));
            double rate = 1100 + repetition;
            boolean settles = repetition <= 2;
            records.add(b(repetition, rate, settles));
        }
        Suite.Repetitions rule =
                new Suite.Repetitions(3, 12, StopRule.parse("rps ci within 20%").about("json"));
        RepetitionDecision decision = RepetitionCheck.decide(rule, List.of("a", "b"), 4, records);
        RepetitionDecision.Comparison comparison = decision.comparisons().get(0);
        assertTrue(comparison.within(20), "the steady runs alone are narrow: " + decision.describe());
        assertEquals(RepetitionDecision.Stop.GOING_ON, decision.stop(), decision.describe());
    }

    /**
     * A run whose steady state began inside main: its requests/s is the mean of its steady seconds (not main's,
     * which mixes the rise in), and it gives no p99 or CPU per request (main's histogram and counter mix warm-up in).
     */
    @Test
    void aRunSteadyOnlyInsideMainGivesItsSteadyRateButNoLatencyOrCpu() {
        RunRecord.ScenarioResult settling = SteadyRecords.run(
                        0, "a", 1, Status.OK, 950, 5_000, 3_000, SteadyRecords.settlingInMain(1_000))
                .result("json");
        assertEquals(1_000, StopRule.Measure.RPS.read(settling), 1e-9, "the steady seconds' mean, not main's 950");
        assertEquals(
                SteadyValues.LeftOut.STEADY_INSIDE_MAIN,
                StopRule.Measure.P99.value(settling).leftOut());
        assertEquals(
                SteadyValues.LeftOut.STEADY_INSIDE_MAIN,
                StopRule.Measure.CPU.value(settling).leftOut());
        RunRecord.ScenarioResult rising = SteadyRecords.run(
                        0, "a", 1, Status.OK, 950, 5_000, 3_000, SteadyRecords.rising(1_000))
                .result("json");
        for (StopRule.Measure measure : StopRule.Measure.values()) {
            assertEquals(
                    SteadyValues.LeftOut.NEVER_STEADY, measure.value(rising).leftOut(), measure.key());
        }

        Suite.Repetitions p99 = new Suite.Repetitions(2, 4, StopRule.parse("json: p99 ci within 10%"));
        List<RunRecord> records = List.of(
                run("a", 1, Status.OK, 1000, 5_000, 3_000),
                run("b", 1, Status.OK, 1000, 5_000, 2_000),
                run("a", 2, Status.OK, 1000, 5_000, 3_100),
                SteadyRecords.run(0, "b", 2, Status.OK, 1000, 5_000, 2_050, SteadyRecords.settlingInMain(1000)),
                run("a", 3, Status.OK, 1000, 5_000, 2_900),
                run("b", 3, Status.OK, 1000, 999, 1_950));
        RepetitionDecision.Comparison comparison = RepetitionCheck.decide(p99, List.of("a", "b"), 3, records)
                .comparisons()
                .get(0);
        assertEquals(1, comparison.targetValues());
        assertEquals(
                List.of(
                        new RepetitionDecision.LeftOutRuns("b", RepetitionDecision.LeftOut.STEADY_INSIDE_MAIN, 1),
                        new RepetitionDecision.LeftOutRuns("b", RepetitionDecision.LeftOut.TOO_FEW_SAMPLES, 1)),
                comparison.leftOut());
    }

    @Test
    void theRuleIsOneSmallStrictForm() {
        StopRule plain = StopRule.parse("rps ci within 5%");
        assertNull(plain.scenario());
        assertEquals(StopRule.Measure.RPS, plain.measure());
        assertEquals(5, plain.withinPercent());
        StopRule named = StopRule.parse("products: p99 ci within 2.5%");
        assertEquals("products", named.scenario());
        assertEquals(StopRule.Measure.P99, named.measure());
        assertEquals(2.5, named.withinPercent());
        assertEquals(StopRule.Measure.CPU, StopRule.parse("cpu ci within 10 %").measure());
        assertEquals(StopRule.Measure.P50, StopRule.parse("p50 ci within 1%").measure());
        for (String wrong : List.of("rps within 5%", "rps ci within 5", "rps ci < 5%", "RPS CI within 5%", "")) {
            assertTrue(
                    assertThrows(IllegalArgumentException.class, () -> StopRule.parse(wrong))
                            .getMessage()
                            .startsWith("is '[<scenario>:]<measure> ci within <N>%'"),
                    wrong);
        }
        assertEquals(
                "the measure is one of rps, p50, p90, p99, cpu, got 'latency'",
                assertThrows(IllegalArgumentException.class, () -> StopRule.parse("latency ci within 5%"))
                        .getMessage());
        assertEquals(
                "N is above 0% and below 100%, got 0%",
                assertThrows(IllegalArgumentException.class, () -> StopRule.parse("rps ci within 0%"))
                        .getMessage());
    }

    /** Run of b with main at {@code rate}, steady from warm-up on or still rising through main. */
    private static RunRecord b(int repetition, double rate, boolean settles) {
        return SteadyRecords.run(
                0,
                "b",
                repetition,
                Status.OK,
                rate,
                2_000,
                3_000,
                settles ? SteadyRecords.steady(rate) : SteadyRecords.rising(rate));
    }
}
