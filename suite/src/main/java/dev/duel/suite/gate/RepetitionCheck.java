package dev.duel.suite.gate;

import dev.duel.analysis.AlphaSpending;
import dev.duel.analysis.Bottleneck;
import dev.duel.analysis.MoreUnits;
import dev.duel.analysis.PairedRuns;
import dev.duel.analysis.RatioInterval;
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
        return decideAll(rule, targets, repetitions, records, null).get(0);
    }

    /**
     * Where a suite with a time budget is in it at a look: the share of the budget the repetitions before it had used
     * (the previous look's), the share used now, and whether another repetition would not fit (the last look).
     *
     * @param usedSeconds what the repetitions so far took, seconds
     */
    public record Look(double previousShare, double share, boolean last, double usedSeconds) {}

    /**
     * The decision after {@code repetitions}, one per scenario the rule reads (all must be met for the suite to stop);
     * with a budget, at this {@code look}'s α (null without a budget).
     */
    public static List<RepetitionDecision> decideAll(
            Suite.Repetitions rule, List<String> targets, int repetitions, List<RunRecord> records, Look look) {
        StopRule until = rule.until();
        if (until == null) {
            throw new IllegalArgumentException("a fixed number of repetitions has nothing to decide");
        }
        if (rule.budgeted() && look == null) {
            throw new IllegalArgumentException("a budget's look says how much of it was used");
        }
        List<String> scenarios = rule.scenarios().isEmpty() ? List.of(until.scenario()) : rule.scenarios();
        List<RepetitionDecision> decisions = new ArrayList<>();
        boolean met = true;
        for (String scenario : scenarios) {
            int last = lastCarried(records, scenario, repetitions);
            // Settled at an earlier look and not measured since (SuiteRunner leaves a met scenario out of later
            // repetitions): its answer stays that look's, at that look's α, as its own stopping rule gave it.
            boolean settledEarlier = scenarios.size() > 1 && last >= rule.min() && last < repetitions;
            Look at = settledEarlier && rule.budgeted()
                    ? BudgetClock.look(records, last, rule.min(), rule.budget())
                    : look;
            RepetitionDecision decision = decide(
                    rule,
                    until.about(scenario),
                    targets,
                    settledEarlier ? last : repetitions,
                    records,
                    confidence(rule, at),
                    at);
            decisions.add(decision);
            met &= decision.stop() != RepetitionDecision.Stop.GOING_ON
                    && decision.stop() != RepetitionDecision.Stop.MAXIMUM_REACHED
                    && decision.stop() != RepetitionDecision.Stop.BUDGET_SPENT;
        }
        if (scenarios.size() > 1) {
            // The suite stops only when every scenario's answer is met. A scenario whose own answer is met says so
            // (its stop is its own: it is left out of later repetitions); the others say the suite's stop.
            RepetitionDecision.Stop stop = repetitions < rule.min()
                    ? RepetitionDecision.Stop.GOING_ON
                    : met ? decisions.get(0).stop() : stopUnmet(rule, repetitions, look);
            List<RepetitionDecision> combined = new ArrayList<>();
            for (RepetitionDecision d : decisions) {
                boolean settled = d.repetitions() >= rule.min() && d.met();
                combined.add(new RepetitionDecision(
                        d.rule(),
                        d.scenario(),
                        d.measure(),
                        d.withinPercent(),
                        d.confidence(),
                        d.min(),
                        d.max(),
                        d.repetitions(),
                        settled ? d.stop() : stop,
                        d.comparisons(),
                        d.budgetSeconds(),
                        d.usedSeconds()));
            }
            return combined;
        }
        return decisions;
    }

    /** Each look's confidence: with a budget, what α spending gives this look; without, Bonferroni over looks. */
    private static double confidence(Suite.Repetitions rule, Look look) {
        return rule.budgeted()
                ? 1
                        - AlphaSpending.lookAlpha(
                                AlphaSpending.Shape.OBRIEN_FLEMING,
                                StopRule.FALSE_DIFFERENCE_RATE,
                                INTERIM_SHARE,
                                look.previousShare(),
                                look.share(),
                                look.last())
                : StopRule.confidence(looks(rule));
    }

    /**
     * The scenarios a look leaves out of later repetitions: with a rule over several, each whose own answer is met
     * (from min on), so that the budget goes where the answer is not yet clear. Empty with one scenario: the suite
     * then stops.
     */
    public static java.util.Set<String> settled(List<RepetitionDecision> decisions) {
        java.util.Set<String> settled = new java.util.LinkedHashSet<>();
        if (decisions.size() > 1) {
            decisions.stream()
                    .filter(d -> d.stop() == RepetitionDecision.Stop.ANSWER_CLEAR
                            || d.stop() == RepetitionDecision.Stop.INTERVAL_NARROW)
                    .forEach(d -> settled.add(d.scenario()));
        }
        return settled;
    }

    /** Whether the suite goes on after a look: some scenario's decision says one more. */
    public static boolean goingOn(List<RepetitionDecision> decisions) {
        return decisions.stream().anyMatch(d -> d.stop() == RepetitionDecision.Stop.GOING_ON);
    }

    /** The last of repetitions 1 to {@code repetitions} that carried {@code scenario} (any status), 0 if none. */
    static int lastCarried(List<RunRecord> records, String scenario, int repetitions) {
        return records.stream()
                .filter(r -> r.repetition() <= repetitions && r.scenarios().contains(scenario))
                .mapToInt(RunRecord::repetition)
                .max()
                .orElse(0);
    }

    /**
     * How much of α a budget's looks before the last may spend between them: a quarter, so that a budget that runs its
     * course keeps 3.75% of a 5% α or more for its last look (O'Brien-Fleming unscaled left the last of ten looks 1.1%),
     * where most answers come, while a large effect still stops early. Measured in InterleavedBudgetSimulationTest:
     * equal targets called the same within 5% in 8 minutes 83% of the time this way, 63% unscaled, 41% with Bonferroni
     * over looks; false differences 2-3% each.
     */
    static final double INTERIM_SHARE = 0.25;

    /** What a look that did not meet the rule says: the budget spent, the maximum reached, or one more. */
    private static RepetitionDecision.Stop stopUnmet(Suite.Repetitions rule, int repetitions, Look look) {
        if (look != null && look.last()) {
            return RepetitionDecision.Stop.BUDGET_SPENT;
        }
        return repetitions >= rule.max() ? RepetitionDecision.Stop.MAXIMUM_REACHED : RepetitionDecision.Stop.GOING_ON;
    }

    /** One scenario's decision, at {@code confidence}. */
    private static RepetitionDecision decide(
            Suite.Repetitions rule,
            StopRule until,
            List<String> targets,
            int repetitions,
            List<RunRecord> records,
            double confidence,
            Look look) {
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
            RepetitionDecision.Comparison comparison = compare(baselineSide, side, outcome, margin);
            comparisons.add(comparison);
            allClear &= outcome != null && outcome.clear();
            allNarrow &= outcome != null && !outcome.withheld() && comparison.within(until.withinPercent());
        }
        boolean met = until.clear() ? allClear : allNarrow;
        RepetitionDecision.Stop stop = repetitions < rule.min()
                ? RepetitionDecision.Stop.GOING_ON
                : met
                        ? (until.clear()
                                ? RepetitionDecision.Stop.ANSWER_CLEAR
                                : RepetitionDecision.Stop.INTERVAL_NARROW)
                        : stopUnmet(rule, repetitions, look);
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
                comparisons,
                rule.budgeted() ? Double.valueOf(rule.budget().toMillis() / 1e3) : null,
                look == null ? null : Double.valueOf(look.usedSeconds()));
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
            boolean interleaved,
            List<RepetitionDecision.LeftOutRuns> leftOut) {
        RatioVerdict.Side verdictSide() {
            return new RatioVerdict.Side(
                    values,
                    marked,
                    repetitions,
                    repetitions == null ? null : duetRatios,
                    interleaved ? RatioInterval.Method.INTERLEAVED : RatioInterval.Method.DUET);
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
            // The report's marks: the value's own, and an ok run's limits (the machine, the generator).
            List<SteadyValues.Mark> marks = new ArrayList<>(value.marks());
            if (!notOk) {
                marks.addAll(SteadyValues.limits(
                        Bottleneck.of(record, until.scenario()).kind(), record.duet() != null));
            }
            marked.add(notOk || !marks.isEmpty());
            if (notOk) {
                counts[RepetitionDecision.LeftOut.NOT_OK.ordinal()]++;
            }
            for (SteadyValues.Mark mark : marks) {
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
                records.stream()
                        .anyMatch(r -> r.target().equals(target)
                                && r.duet() != null
                                && r.duet().interleaved()),
                reasons);
    }

    private static RepetitionDecision.LeftOut leftOut(SteadyValues.Mark mark) {
        return switch (mark) {
            case NEVER_STEADY -> RepetitionDecision.LeftOut.NEVER_STEADY;
            case STEADY_INSIDE_MAIN -> RepetitionDecision.LeftOut.STEADY_INSIDE_MAIN;
            case LATENCY_MOVING -> RepetitionDecision.LeftOut.LATENCY_MOVING;
            case TOO_FEW_SAMPLES -> RepetitionDecision.LeftOut.TOO_FEW_SAMPLES;
            case MACHINE -> RepetitionDecision.LeftOut.MACHINE;
            case LOADGEN -> RepetitionDecision.LeftOut.LOADGEN;
        };
    }

    private static RepetitionDecision.Comparison compare(
            Side baseline, Side other, RatioVerdict.Outcome outcome, double margin) {
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
                words(outcome.kind()),
                outcome.kind() == RatioVerdict.Kind.CANNOT_TELL ? more(outcome.all(), margin) : null);
    }

    /**
     * The repetitions more than these that would resolve a comparison that cannot tell, at the noise these measured
     * (its upper bound: {@link MoreUnits}); null where the interval says too little to plan on.
     */
    static Integer more(dev.duel.analysis.RatioInterval.Interval interval, double margin) {
        if (!interval.bounded() || !(interval.logStandardError() > 0) || interval.freedom() < 1) {
            return null;
        }
        int units = interval.freedom() + 1;
        double perUnit = interval.logStandardError() * Math.sqrt(units);
        int needed = MoreUnits.needed(perUnit, interval.freedom(), Math.log(interval.ratio()), margin);
        return needed > MoreUnits.MOST
                ? Integer.valueOf(MoreUnits.MOST + 1)
                : Integer.valueOf(Math.max(1, needed - units));
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
            case TOO_FEW_CLEAN -> "too few clean runs";
        };
    }
}
