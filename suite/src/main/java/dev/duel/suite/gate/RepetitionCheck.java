package dev.duel.suite.gate;

import dev.duel.analysis.RatioInterval;
import dev.duel.analysis.SteadyValues;
import dev.duel.record.RepetitionDecision;
import dev.duel.record.RunRecord;
import dev.duel.record.Status;
import dev.duel.suite.Suite;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Whether a suite with {@code repetitions: {min, max, until}} needs another repetition, from the
 * final records of its repetitions so far. Pure: records in, decision out, so that a resumed suite
 * takes the same decisions from the records on disk.
 *
 * <p>Only ok runs give values, and only the values the report's comparison rows use ({@link StopRule.Measure}:
 * steady requests/s; latency and CPU per request from runs steady through all of main; nothing from a run that
 * never reached a steady state), so the rule never stops on values the report leaves out, nor while half or more of a side's ok runs never settled (the report's majority rule, {@link SteadyValues#enoughSteady}); it can still stop where the report withholds a verdict for other reasons (failed or thin runs, throttling, host drift). Each comparison
 * says how many ok runs were left out and why. A failed, invalid or discarded run gives none but still counts
 * toward max, which is a cap on repetitions (and so on time), never on values. Each target other
 * than the first is compared with the first (the report's default baseline): the point estimate is
 * the ratio of medians (other / first, as the report prints it) and the interval is
 * {@link RatioInterval} at 95%, the report's own. An interval is narrow enough when both bounds lie
 * within N% of the point estimate: {@code max(ratio - low, high - ratio) / ratio <= N / 100}. The
 * suite stops once every comparison is narrow enough, or at max. An unbounded interval (fewer than
 * two values on a side, or every value the same) is never narrow. Stateless, thread-safe.
 */
public final class RepetitionCheck {
    private RepetitionCheck() {}

    /**
     * @param targets      the suite's targets in order, the first being the baseline
     * @param repetitions  repetitions complete: runs of later repetitions in {@code records} are left out
     * @param records      final records of the suite's runs (any status, any order)
     */
    public static RepetitionDecision decide(
            Suite.Repetitions rule, List<String> targets, int repetitions, List<RunRecord> records) {
        StopRule until = rule.until();
        if (until == null) {
            throw new IllegalArgumentException("a fixed number of repetitions has nothing to decide");
        }
        String baseline = targets.get(0);
        Side baselineSide = side(records, baseline, until, repetitions);
        List<RepetitionDecision.Comparison> comparisons = new ArrayList<>();
        List<Side> sides = new ArrayList<>();
        for (String target : targets.subList(1, targets.size())) {
            Side side = side(records, target, until, repetitions);
            sides.add(side);
            comparisons.add(compare(baselineSide, side));
        }
        // A side where half or more of the ok runs never settled has no verdict in the report: never narrow.
        boolean settled = baselineSide.settled() && sides.stream().allMatch(Side::settled);
        boolean narrow = settled && comparisons.stream().allMatch(c -> c.within(until.withinPercent()));
        RepetitionDecision.Stop stop = repetitions < rule.min()
                ? RepetitionDecision.Stop.GOING_ON
                : narrow
                        ? RepetitionDecision.Stop.INTERVAL_NARROW
                        : repetitions >= rule.max()
                                ? RepetitionDecision.Stop.MAXIMUM_REACHED
                                : RepetitionDecision.Stop.GOING_ON;
        return new RepetitionDecision(
                until.text(),
                until.scenario(),
                until.measure().key(),
                until.withinPercent(),
                StopRule.CONFIDENCE,
                rule.min(),
                rule.max(),
                repetitions,
                stop,
                comparisons);
    }

    /**
     * One target's values and the ok runs that gave none, by reason in {@link RepetitionDecision.LeftOut}'s order.
     *
     * @param values the measure's values, in the measure's unit, in record order
     */
    record Side(String target, double[] values, List<RepetitionDecision.LeftOutRuns> leftOut) {
        /** Whether enough of the side's ok runs settled for the report to give a verdict ({@link SteadyValues#enoughSteady}). */
        boolean settled() {
            int never = 0;
            int okRuns = values.length;
            for (RepetitionDecision.LeftOutRuns runs : leftOut) {
                okRuns += runs.runs();
                if (runs.reason() == RepetitionDecision.LeftOut.NEVER_STEADY) {
                    never += runs.runs();
                }
            }
            return never == 0 || SteadyValues.enoughSteady(okRuns - never, okRuns);
        }
    }

    /** The measure's values in the ok runs of {@code target} in repetitions 1 to {@code repetitions}. */
    static Side side(List<RunRecord> records, String target, StopRule until, int repetitions) {
        List<Double> values = new ArrayList<>();
        int[] leftOut = new int[RepetitionDecision.LeftOut.values().length];
        for (RunRecord record : records) {
            if (!record.target().equals(target)
                    || record.status() != Status.OK
                    || record.repetition() > repetitions
                    || record.result(until.scenario()) == null) {
                continue;
            }
            SteadyValues.Value value = until.measure().value(record.result(until.scenario()));
            switch (value.leftOut()) {
                case NONE -> values.add(value.value());
                case NOT_MEASURED -> leftOut[RepetitionDecision.LeftOut.NOT_MEASURED.ordinal()]++;
                case NEVER_STEADY -> leftOut[RepetitionDecision.LeftOut.NEVER_STEADY.ordinal()]++;
                case STEADY_INSIDE_MAIN -> leftOut[RepetitionDecision.LeftOut.STEADY_INSIDE_MAIN.ordinal()]++;
                case TOO_FEW_SAMPLES -> leftOut[RepetitionDecision.LeftOut.TOO_FEW_SAMPLES.ordinal()]++;
            }
        }
        List<RepetitionDecision.LeftOutRuns> reasons = new ArrayList<>();
        for (RepetitionDecision.LeftOut reason : RepetitionDecision.LeftOut.values()) {
            if (leftOut[reason.ordinal()] > 0) {
                reasons.add(new RepetitionDecision.LeftOutRuns(target, reason, leftOut[reason.ordinal()]));
            }
        }
        return new Side(target, values.stream().mapToDouble(Double::doubleValue).toArray(), reasons);
    }

    private static RepetitionDecision.Comparison compare(Side baseline, Side other) {
        double[] a = baseline.values();
        double[] b = other.values();
        List<RepetitionDecision.LeftOutRuns> leftOut = new ArrayList<>(baseline.leftOut());
        leftOut.addAll(other.leftOut());
        if (a.length == 0 || b.length == 0) {
            return new RepetitionDecision.Comparison(
                    baseline.target(), other.target(), a.length, b.length, null, null, null, null, "none", leftOut);
        }
        double ratio = median(b) / median(a);
        RatioInterval.Interval interval = RatioInterval.of(a, b, StopRule.CONFIDENCE);
        if (!interval.bounded()) {
            return new RepetitionDecision.Comparison(
                    baseline.target(),
                    other.target(),
                    a.length,
                    b.length,
                    ratio,
                    null,
                    null,
                    null,
                    interval.label(),
                    leftOut);
        }
        double halfWidth = Math.max(ratio - interval.low(), interval.high() - ratio) / ratio;
        return new RepetitionDecision.Comparison(
                baseline.target(),
                other.target(),
                a.length,
                b.length,
                ratio,
                interval.low(),
                interval.high(),
                halfWidth * 100,
                interval.label(),
                leftOut);
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }
}
