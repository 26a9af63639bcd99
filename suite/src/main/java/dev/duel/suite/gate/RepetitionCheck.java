package dev.duel.suite.gate;

import dev.duel.analysis.PairedRuns;
import dev.duel.analysis.RatioVerdict;
import dev.duel.analysis.Repetitions;
import dev.duel.analysis.SteadyValues;
import dev.duel.record.RepetitionDecision;
import dev.duel.record.RunRecord;
import dev.duel.record.Status;
import dev.duel.suite.Suite;
import java.util.ArrayList;
import java.util.List;

/**
 * Whether a suite with {@code repetitions: {min, max, until}} needs another repetition, from the final records of its
 * repetitions so far. Pure: records in, decision out, so that a resumed suite takes the same decisions from the
 * records on disk.
 *
 * <p>Every run counts, as in the report: each final record of a target that measured the scenario gives its value
 * ({@link StopRule.Measure}, the report's rule), counted with a mark when it is not a clean steady-state one or the
 * run's status is not ok; the answer is {@link RatioVerdict}'s, the report's own decision. A run that gave no value
 * still counts toward max, which is a cap on repetitions (and so on time), never on values.
 *
 * <p>Looking after every repetition and stopping when the answer looks clear (or its interval narrow: the width depends
 * on the same variances as the test) is optional stopping: at 95% each look, two equal targets came out "different"
 * 5.7-7.1% of the time in the audit's simulation. Each look here, and the report's rows of the scenario the rule reads,
 * take the interval at 1 − 5% / looks, looks = max − min + 1 (Bonferroni: the chance that any look calls two equal
 * targets different is at most the sum, 5%); the equivalence test takes the same α. Stateless, thread-safe.
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
        double confidence = StopRule.confidence(looks(rule));
        double margin = until.clear() ? until.withinPercent() / 100 : RatioVerdict.DEFAULT_SAME_WITHIN;
        String baseline = targets.get(0);
        Side baselineSide = side(records, baseline, until, repetitions);
        List<RepetitionDecision.Comparison> comparisons = new ArrayList<>();
        boolean allClear = true;
        boolean allNarrow = true;
        for (String target : targets.subList(1, targets.size())) {
            Side side = side(records, target, until, repetitions);
            RatioVerdict.Outcome outcome = baselineSide.values().length == 0 || side.values().length == 0
                    ? null
                    : RatioVerdict.of(baselineSide.verdictSide(), side.verdictSide(), confidence, margin);
            RepetitionDecision.Comparison comparison = compare(baselineSide, side, outcome);
            comparisons.add(comparison);
            allClear &= outcome != null && outcome.clear();
            allNarrow &= outcome != null
                    && outcome.kind() != RatioVerdict.Kind.DEPENDS_ON_MARKED
                    && comparison.within(until.withinPercent());
        }
        boolean met = until.clear() ? allClear : allNarrow;
        RepetitionDecision.Stop stop = repetitions < rule.min()
                ? RepetitionDecision.Stop.GOING_ON
                : met
                        ? (until.clear()
                                ? RepetitionDecision.Stop.ANSWER_CLEAR
                                : RepetitionDecision.Stop.INTERVAL_NARROW)
                        : repetitions >= rule.max()
                                ? RepetitionDecision.Stop.MAXIMUM_REACHED
                                : RepetitionDecision.Stop.GOING_ON;
        return new RepetitionDecision(
                until.text(),
                until.scenario(),
                until.measure().key(),
                until.withinPercent(),
                confidence,
                rule.min(),
                rule.max(),
                repetitions,
                stop,
                comparisons);
    }

    /** The looks an adaptive suite may take at its data: one after each repetition from min to max. */
    public static int looks(Suite.Repetitions rule) {
        return rule.max() - rule.min() + 1;
    }

    /**
     * One target's values (every run that gave one, in record order), which are marked, and the runs counted with a
     * mark or not measured, by reason in {@link RepetitionDecision.LeftOut}'s order.
     */
    record Side(
            String target,
            double[] values,
            boolean[] marked,
            String[] repetitions,
            double[] duetRatios,
            List<RepetitionDecision.LeftOutRuns> leftOut) {
        RatioVerdict.Side verdictSide() {
            return new RatioVerdict.Side(values, marked, repetitions, repetitions == null ? null : duetRatios);
        }
    }

    /** The measure's values in the final runs of {@code target} in repetitions 1 to {@code repetitions}. */
    static Side side(List<RunRecord> records, String target, StopRule until, int repetitions) {
        List<Double> values = new ArrayList<>();
        List<Boolean> marked = new ArrayList<>();
        List<String> keys = new ArrayList<>();
        List<Double> duetRatios = new ArrayList<>();
        // Paired by repetition, as the report pairs them, when each repetition's runs ran back to back.
        boolean paired = Repetitions.backToBack(
                records.stream().filter(r -> r.repetition() <= repetitions).toList());
        int[] counts = new int[RepetitionDecision.LeftOut.values().length];
        for (RunRecord record : records) {
            if (!record.target().equals(target)
                    || record.repetition() > repetitions
                    || record.result(until.scenario()) == null) {
                continue;
            }
            SteadyValues.Value value = until.measure().value(record.result(until.scenario()));
            if (!value.measured()) {
                counts[RepetitionDecision.LeftOut.NOT_MEASURED.ordinal()]++;
                continue;
            }
            values.add(value.value());
            keys.add(String.valueOf(record.repetition()));
            // A paired run's requests/s against its partner's (a duet's second by second, an interleaved pair's block
            // by
            // block), as the report's row reads it.
            duetRatios.add(
                    until.measure() != StopRule.Measure.RPS || record.duet() == null
                            ? Double.NaN
                            : PairedRuns.ratio(
                                    record,
                                    records.stream()
                                            .filter(r ->
                                                    r.index() == record.duet().partnerIndex())
                                            .findFirst()
                                            .orElse(null),
                                    until.scenario()));
            boolean notOk = record.status() != Status.OK;
            marked.add(notOk || !value.marks().isEmpty());
            if (notOk) {
                counts[RepetitionDecision.LeftOut.NOT_OK.ordinal()]++;
            }
            for (SteadyValues.Mark mark : value.marks()) {
                counts[leftOut(mark).ordinal()]++;
            }
        }
        List<RepetitionDecision.LeftOutRuns> reasons = new ArrayList<>();
        for (RepetitionDecision.LeftOut reason : RepetitionDecision.LeftOut.values()) {
            if (counts[reason.ordinal()] > 0) {
                reasons.add(new RepetitionDecision.LeftOutRuns(target, reason, counts[reason.ordinal()]));
            }
        }
        boolean[] marks = new boolean[marked.size()];
        for (int i = 0; i < marks.length; i++) {
            marks[i] = marked.get(i);
        }
        return new Side(
                target,
                values.stream().mapToDouble(Double::doubleValue).toArray(),
                marks,
                paired ? keys.toArray(new String[0]) : null,
                duetRatios.isEmpty() || duetRatios.stream().anyMatch(d -> d.isNaN())
                        ? null
                        : duetRatios.stream().mapToDouble(Double::doubleValue).toArray(),
                reasons);
    }

    private static RepetitionDecision.LeftOut leftOut(SteadyValues.Mark mark) {
        return switch (mark) {
            case NEVER_STEADY -> RepetitionDecision.LeftOut.NEVER_STEADY;
            case STEADY_INSIDE_MAIN -> RepetitionDecision.LeftOut.STEADY_INSIDE_MAIN;
            case LATENCY_MOVING -> RepetitionDecision.LeftOut.LATENCY_MOVING;
            case TOO_FEW_SAMPLES -> RepetitionDecision.LeftOut.TOO_FEW_SAMPLES;
        };
    }

    private static RepetitionDecision.Comparison compare(Side baseline, Side other, RatioVerdict.Outcome outcome) {
        List<RepetitionDecision.LeftOutRuns> leftOut = new ArrayList<>(baseline.leftOut());
        leftOut.addAll(other.leftOut());
        if (outcome == null) {
            return new RepetitionDecision.Comparison(
                    baseline.target(),
                    other.target(),
                    baseline.values().length,
                    other.values().length,
                    null,
                    null,
                    null,
                    null,
                    "none",
                    leftOut,
                    "too few runs");
        }
        double ratio = outcome.all().ratio();
        boolean bounded = outcome.all().bounded();
        Double halfWidth =
                bounded ? Math.max(ratio - outcome.all().low(), outcome.all().high() - ratio) / ratio * 100 : null;
        return new RepetitionDecision.Comparison(
                baseline.target(),
                other.target(),
                baseline.values().length,
                other.values().length,
                ratio,
                bounded ? outcome.all().low() : null,
                bounded ? outcome.all().high() : null,
                halfWidth,
                outcome.all().label(),
                leftOut,
                words(outcome.kind()));
    }

    private static String words(RatioVerdict.Kind kind) {
        return switch (kind) {
            case HIGHER -> "higher";
            case LOWER -> "lower";
            case SAME -> "the same";
            case CANNOT_TELL -> "cannot tell";
            case TOO_FEW_RUNS -> "too few runs";
            case NO_NOISE -> "no run-to-run variation";
            case DEPENDS_ON_MARKED -> "depends on marked runs";
        };
    }
}
