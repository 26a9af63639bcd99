package dev.duel.cli;

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
                    .orElseThrow()
                    .verdict();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
