package dev.duel.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.analysis.RatioVerdict;
import dev.duel.record.Environment;
import dev.duel.record.RepetitionDecision;
import dev.duel.record.RunRecord;
import dev.duel.record.SampleRecords;
import dev.duel.record.Status;
import dev.duel.report.ReportBuilder;
import dev.duel.report.ReportOptions;
import dev.duel.report.model.Report;
import dev.duel.report.read.ResultsReader;
import dev.duel.report.read.RunData;
import dev.duel.suite.Suite;
import dev.duel.suite.fixtures.SteadyRecords;
import dev.duel.suite.gate.RepetitionCheck;
import dev.duel.suite.gate.StopRule;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Issue 22's seeded A/A simulation of the whole comparison: run records in, the report's requests/s verdict out, with
 * 5% run-to-run noise (log-normal), for 3 against 3 and 6 against 6 runs and for a suite that adds repetitions until
 * the answer is clear (3 to 12, its stop taken by the suite's own rule, the report reading its decision). Two equal
 * targets are called different at most 5% of the time; with B 5% faster (the margin), "the same within ±5%" is said
 * at most 5% of the time (runs alternate, so they are paired by repetition: an exact test, held to 5% within two
 * standard errors of its trials). The report is built from the records in memory, as {@code duel report} builds it
 * from disk.
 */
class WholeComparisonSimulationTest {
    private static final int TRIALS = 400;
    /**
     * Alternating runs are paired by repetition, and the paired t is exact: two equal targets are called different 5%
     * of the time, not less, so a count of trials is held to 5% within its sampling error (two standard errors).
     */
    private static final int PAIRED_TRIALS = 2_000;

    private static final double NOISE = 0.05;
    private static final Suite.Repetitions CLEAR = new Suite.Repetitions(3, 12, StopRule.parse("json: rps clear"));
    private static final Environment ENVIRONMENT = SampleRecords.environment("fp", "2026-11-30T06:00:00Z", List.of());

    @Test
    void twoEqualTargetsAreCalledDifferentAtMostFivePercentOfTheTime() {
        Random random = new Random(22);
        for (int runs : new int[] {3, 6}) {
            int different = 0;
            for (int trial = 0; trial < PAIRED_TRIALS; trial++) {
                different += changed(verdict(records(random, runs, 1.0), List.of())) ? 1 : 0;
            }
            assertTrue(
                    different <= atMostFivePercent(PAIRED_TRIALS),
                    runs + " v " + runs + ": different in " + different + " of " + PAIRED_TRIALS);
        }
        int different = 0;
        for (int trial = 0; trial < TRIALS; trial++) {
            different += changed(adaptive(random, 1.0)) ? 1 : 0;
        }
        assertTrue(different <= 0.05 * TRIALS, "adaptive 3 to 12: different in " + different + " of " + TRIALS);
    }

    @Test
    void atTheMarginTheSameWithinItIsSaidAtMostFivePercentOfTheTime() {
        Random random = new Random(5);
        double margin = RatioVerdict.DEFAULT_SAME_WITHIN;
        for (int runs : new int[] {3, 6}) {
            int same = 0;
            for (int trial = 0; trial < TRIALS; trial++) {
                same += verdict(records(random, runs, 1 + margin), List.of()) == Report.Verdict.SAME ? 1 : 0;
            }
            assertTrue(same <= 0.05 * TRIALS, runs + " v " + runs + ": the same in " + same + " of " + TRIALS);
        }
        int same = 0;
        for (int trial = 0; trial < TRIALS; trial++) {
            same += adaptive(random, 1 - margin) == Report.Verdict.SAME ? 1 : 0;
        }
        assertTrue(same <= 0.05 * TRIALS, "adaptive 3 to 12: the same in " + same + " of " + TRIALS);
    }

    /**
     * What the machine does to a whole repetition (a shared factor with 8% spread from one repetition to the next; 3% of
     * each run's own): alternating runs are paired by repetition and the factor cancels. Two equal targets are still
     * called different at most 5% of the time, and B 10% faster is found in nearly every trial at 6 v 6, where the same
     * runs in sequential order (every run of a, then of b: not paired) find it in a few.
     */
    @Test
    void aDriftSharedByEachRepetitionCancelsInPairs() {
        Random random = new Random(23);
        int different = 0;
        int foundPaired = 0;
        int foundSequential = 0;
        for (int trial = 0; trial < TRIALS; trial++) {
            different += changed(verdict(records(random, 6, 1.0, 0.08, 0.03, false), List.of())) ? 1 : 0;
            long seed = random.nextLong();
            foundPaired +=
                    verdict(records(new Random(seed), 6, 1.1, 0.08, 0.03, false), List.of()) == Report.Verdict.BETTER
                            ? 1
                            : 0;
            foundSequential +=
                    verdict(records(new Random(seed), 6, 1.1, 0.08, 0.03, true), List.of()) == Report.Verdict.BETTER
                            ? 1
                            : 0;
        }
        assertTrue(
                different <= atMostFivePercent(TRIALS), "A/A with drift: different in " + different + " of " + TRIALS);
        assertTrue(foundPaired >= 0.9 * TRIALS, "paired: +10% found in " + foundPaired + " of " + TRIALS);
        assertTrue(foundSequential <= 0.5 * TRIALS, "sequential: +10% found in " + foundSequential + " of " + TRIALS);
    }

    /**
     * Issue 31, item 7: 3 to 6 repetitions with only 1 or 2 clean runs a side, the others counted with a mark (never
     * steady, or invalid) and 7-10% below their side's level; two equal targets, or B 7% or 10% faster; 2% or 5%
     * noise, alternating (paired) or sequential. The report never says "the same within", and a change only where the
     * clean runs alone show it too (and the row says so): never a faster B called slower, and equal targets called
     * different at most as often as any verdict calls them (5%). Otherwise what the clean runs could check is too
     * little, and the rows say so.
     */
    @Test
    void withOneOrTwoCleanRunsASideMarkedRunsShiftedMakeNoVerdict() {
        Random random = new Random(317);
        int trials = 0;
        int equalCalledDifferent = 0;
        int changes = 0;
        for (boolean sequential : new boolean[] {false, true}) {
            for (double truth : new double[] {1.0, 1.07, 1.1}) {
                for (int trial = 0; trial < 60; trial++) {
                    int repetitions = 3 + random.nextInt(4);
                    int cleanA = 1 + random.nextInt(2);
                    int cleanB = 1 + random.nextInt(2);
                    double shift = 0.07 + 0.03 * random.nextDouble();
                    double noise = random.nextBoolean() ? 0.02 : 0.05;
                    List<RunRecord> records = new ArrayList<>();
                    for (int repetition = 1; repetition <= repetitions; repetition++) {
                        int indexA = sequential ? repetition : 2 * repetition - 1;
                        int indexB = sequential ? repetitions + repetition : 2 * repetition;
                        records.add(run(random, indexA, "a", repetition, 1000, repetition > cleanA, shift, noise));
                        records.add(
                                run(random, indexB, "b", repetition, 1000 * truth, repetition > cleanB, shift, noise));
                    }
                    Report.Comparison rps = comparison(records);
                    String what = cleanA + " and " + cleanB + " clean of " + repetitions + ", B x" + truth + ", marked "
                            + shift + " low: " + rps.sentence();
                    assertNotEquals(Report.Verdict.SAME, rps.verdict(), what);
                    if (changed(rps.verdict())) {
                        changes++;
                        assertTrue(rps.sentence().contains(", and they alone show it too: "), what);
                        assertTrue(truth == 1.0 || rps.verdict() == Report.Verdict.BETTER, what);
                        equalCalledDifferent += truth == 1.0 ? 1 : 0;
                    }
                    trials++;
                }
            }
        }
        assertEquals(360, trials);
        System.out.printf(
                "1-2 clean runs a side: %d changes of %d rows, %d of 120 equal pairs called different%n",
                changes, trials, equalCalledDifferent);
        assertTrue(equalCalledDifferent <= 6, "equal targets called different in " + equalCalledDifferent + " of 120");
    }

    /**
     * One judge (issue 31, item 7): whenever a suite with {@code until: 'json: rps clear'} stops on a clear answer,
     * the report of the runs it made gives that answer. Runs are marked in both as the report marks them: here b's
     * generator was at its limit (an ok run, marked "load generator at its limit" by the report) in a seeded share of
     * repetitions, and those runs were 7-10% low. The rule that did not mark them stopped on answers the report
     * withheld.
     */
    @Test
    void theSuiteStopsOnlyOnAnAnswerTheReportGives() {
        Random random = new Random(318);
        int stoppedClear = 0;
        for (int trial = 0; trial < 200; trial++) {
            double truth = trial % 2 == 0 ? 1.0 : 1.1;
            double limitedShare = 0.2 + 0.5 * random.nextDouble();
            double shift = 0.07 + 0.03 * random.nextDouble();
            List<RunRecord> all = new ArrayList<>();
            for (int repetition = 1; repetition <= CLEAR.max(); repetition++) {
                double a = Math.rint(1000 * Math.exp(0.02 * random.nextGaussian()));
                boolean limited = random.nextDouble() < limitedShare;
                double b = Math.rint(1000 * truth * Math.exp(0.02 * random.nextGaussian()) * (limited ? 1 - shift : 1));
                all.add(SteadyRecords.run(
                        2 * repetition - 1, "a", repetition, Status.OK, a, 5_000, 3_000, SteadyRecords.steady(a)));
                all.add(SteadyRecords.run(
                        2 * repetition,
                        "b",
                        repetition,
                        Status.OK,
                        b,
                        5_000,
                        3_000,
                        SteadyRecords.steady(b),
                        limited ? 0.9 : 0.2));
            }
            RepetitionDecision decision = null;
            for (int repetition = CLEAR.min(); repetition <= CLEAR.max(); repetition++) {
                decision = RepetitionCheck.decide(CLEAR, List.of("a", "b"), repetition, all);
                if (decision.stop() != RepetitionDecision.Stop.GOING_ON) {
                    break;
                }
            }
            if (decision.stop() != RepetitionDecision.Stop.ANSWER_CLEAR) {
                continue;
            }
            stoppedClear++;
            int ran = decision.repetitions();
            Report.Comparison rps =
                    comparison(all.stream().filter(r -> r.repetition() <= ran).toList(), List.of(decision));
            String rule = decision.comparisons().get(0).verdict();
            Report.Verdict expected = switch (rule) {
                case "higher" -> Report.Verdict.BETTER;
                case "lower" -> Report.Verdict.WORSE;
                case "the same" -> Report.Verdict.SAME;
                default -> throw new AssertionError("stopped clear on " + rule);
            };
            assertEquals(expected, rps.verdict(), "the rule stopped on '" + rule + "': " + rps.sentence());
        }
        assertTrue(stoppedClear >= 50, "trials that stopped on a clear answer: " + stoppedClear);
    }

    /**
     * One run, counted with a mark when {@code marked}: never steady (a series still rising, main's mean {@code shift}
     * below {@code level}) or invalid at that rate, one or the other at random; clean at {@code level} otherwise; each
     * with log-normal {@code noise}.
     */
    private static RunRecord run(
            Random random,
            int index,
            String target,
            int repetition,
            double level,
            boolean marked,
            double shift,
            double noise) {
        double rate = Math.rint(level * Math.exp(noise * random.nextGaussian()) * (marked ? 1 - shift : 1));
        if (!marked) {
            return SteadyRecords.run(
                    index, target, repetition, Status.OK, rate, 5_000, 3_000, SteadyRecords.steady(rate));
        }
        if (random.nextBoolean()) {
            return SteadyRecords.run(
                    index, target, repetition, Status.INVALID, rate, 5_000, 3_000, SteadyRecords.steady(rate));
        }
        // rising(r) climbs from 0.6 r to r: main's seconds average 0.88 r.
        return SteadyRecords.run(
                index, target, repetition, Status.OK, rate, 5_000, 3_000, SteadyRecords.rising(rate / 0.88));
    }

    /** 5% of {@code trials} and two standard errors of a count at 5%: what an exact 5% test stays under. */
    private static double atMostFivePercent(int trials) {
        return 0.05 * trials + 2 * Math.sqrt(trials * 0.05 * 0.95);
    }

    private static boolean changed(Report.Verdict verdict) {
        return verdict == Report.Verdict.BETTER
                || verdict == Report.Verdict.WORSE
                || verdict == Report.Verdict.DIFFERENT;
    }

    /** A suite that adds repetitions until its rule says the answer is clear, then the report of what it ran. */
    private static Report.Verdict adaptive(Random random, double ratio) {
        List<RunRecord> all = records(random, CLEAR.max(), ratio);
        RepetitionDecision decision = null;
        for (int repetition = CLEAR.min(); repetition <= CLEAR.max(); repetition++) {
            decision = RepetitionCheck.decide(CLEAR, List.of("a", "b"), repetition, all);
            if (decision.stop() != RepetitionDecision.Stop.GOING_ON) {
                break;
            }
        }
        int ran = decision.repetitions();
        return verdict(all.stream().filter(r -> r.repetition() <= ran).toList(), List.of(decision));
    }

    /** {@code runs} alternating repetitions of a (1,000 requests/s) and b ({@code ratio} times that), each noisy. */
    private static List<RunRecord> records(Random random, int runs, double ratio) {
        return records(random, runs, ratio, 0, NOISE, false);
    }

    /**
     * {@code runs} repetitions of a and b, each repetition's two runs slowed or sped by one shared factor ({@code
     * drift}, log-normal) and each by its own {@code noise}; in alternating order (a and b of one repetition back to
     * back), or {@code sequential}: every run of a, then every run of b.
     */
    private static List<RunRecord> records(
            Random random, int runs, double ratio, double drift, double noise, boolean sequential) {
        List<RunRecord> records = new ArrayList<>();
        for (int repetition = 1; repetition <= runs; repetition++) {
            double shared = drift * random.nextGaussian();
            double a = Math.rint(1000 * Math.exp(shared + noise * random.nextGaussian()));
            double b = Math.rint(1000 * ratio * Math.exp(shared + noise * random.nextGaussian()));
            int indexA = sequential ? repetition : 2 * repetition - 1;
            int indexB = sequential ? runs + repetition : 2 * repetition;
            records.add(
                    SteadyRecords.run(indexA, "a", repetition, Status.OK, a, 5_000, 3_000, SteadyRecords.steady(a)));
            records.add(
                    SteadyRecords.run(indexB, "b", repetition, Status.OK, b, 5_000, 3_000, SteadyRecords.steady(b)));
        }
        return records;
    }

    private static Report.Verdict verdict(List<RunRecord> records, List<RepetitionDecision> decisions) {
        return comparison(records, decisions).verdict();
    }

    private static Report.Comparison comparison(List<RunRecord> records) {
        return comparison(records, List.of());
    }

    /** The report's requests/s comparison of b against a. */
    private static Report.Comparison comparison(List<RunRecord> records, List<RepetitionDecision> decisions) {
        try {
            ResultsReader.Results results = new ResultsReader.Results(
                    records.stream().map(r -> new RunData("results", r)).toList(),
                    Map.of(ENVIRONMENT.fingerprint(), ENVIRONMENT),
                    List.of(),
                    List.of(),
                    decisions,
                    List.of(),
                    RatioVerdict.DEFAULT_SAME_WITHIN,
                    List.of());
            Report report = new ReportBuilder(results, ReportOptions.DEFAULT).build();
            return report.scenarios().get(0).comparisons().stream()
                    .filter(c -> c.measure().equals("rps"))
                    .findFirst()
                    .orElseThrow();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
