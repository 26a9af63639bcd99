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
     * The decision after {@code repetitions}, one per scenario the rule reads, each with its own stop (the suite goes on
     * while one says so: {@link #goingOn}); with a budget, every scenario at this one {@code look}'s α (null without a
     * budget). A suite's runner takes {@link #decideWithinBudget} instead, where each scenario has its own last look.
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
        List<String> scenarios = read(rule);
        List<RepetitionDecision> decisions = new ArrayList<>();
        for (String scenario : scenarios) {
            int last = settledAt(rule, scenarios, records, scenario, repetitions);
            Look at = last < repetitions && rule.budgeted()
                    ? BudgetClock.look(records, last, rule.min(), rule.budget())
                    : look;
            decisions.add(decide(rule, until.about(scenario), targets, last, records, confidence(rule, at), at));
        }
        return decisions;
    }

    /**
     * The decisions of a rule with a budget after {@code repetitions}, each scenario at its own look, from the records
     * alone: a scenario's look is its last when no repetition that carries it would fit any more. A run measures its
     * scenarios in order, so a repetition costs what the repetitions so far took up to the end of the last scenario it
     * carries, plus their end ({@link BudgetClock#carryingSeconds}); it carries the scenarios the rule does not read
     * and those it reads that go on. Taken from the last scenario in the runs to the first, so the first can get a
     * repetition of its own where one of all would not fit. Each decision's stop is the scenario's own; a scenario
     * settled at an earlier look (left out of the repetitions since) keeps that look's decision.
     */
    public static List<RepetitionDecision> decideWithinBudget(
            Suite.Repetitions rule, List<String> targets, int repetitions, List<RunRecord> records) {
        return decideWithinBudget(rule, targets, repetitions, records, records);
    }

    /**
     * As above, the budget reckoned from {@code attempts}: the final records and every discarded attempt before them
     * (a pair measured again took the budget's time twice, and its final record tells only of the second).
     */
    public static List<RepetitionDecision> decideWithinBudget(
            Suite.Repetitions rule,
            List<String> targets,
            int repetitions,
            List<RunRecord> records,
            List<RunRecord> attempts) {
        StopRule until = rule.until();
        if (until == null || !rule.budgeted()) {
            throw new IllegalArgumentException("a rule with a time budget");
        }
        List<String> scenarios = read(rule);
        java.util.Map<String, RepetitionDecision> decided = new java.util.HashMap<>();
        List<String> now = new ArrayList<>();
        for (String scenario : scenarios) {
            int last = settledAt(rule, scenarios, records, scenario, repetitions);
            if (last < repetitions) {
                decided.put(
                        scenario,
                        decideWithinBudget(rule, targets, last, records, attempts).stream()
                                .filter(d -> d.scenario().equals(scenario))
                                .findFirst()
                                .orElseThrow());
            } else {
                now.add(scenario);
            }
        }
        double budgetSeconds = rule.budget().toMillis() / 1e3;
        double used = BudgetClock.usedSeconds(attempts, repetitions);
        double previous = repetitions > rule.min() ? BudgetClock.usedSeconds(attempts, repetitions - 1) : 0;
        // What the next repetition carries whatever the rule decides: the scenarios it does not read.
        double unread = 0;
        for (RunRecord record : records) {
            if (record.repetition() == repetitions) {
                for (String scenario : record.scenarios()) {
                    if (!scenarios.contains(scenario)) {
                        unread = Math.max(unread, BudgetClock.carryingSeconds(attempts, repetitions, scenario));
                    }
                }
            }
        }
        java.util.Map<String, Double> carrying = new java.util.HashMap<>();
        now.forEach(scenario -> carrying.put(scenario, BudgetClock.carryingSeconds(attempts, repetitions, scenario)));
        now.sort(java.util.Comparator.comparing((String scenario) -> carrying.get(scenario))
                .reversed());
        double laterGoingOn = 0;
        for (String scenario : now) {
            double next = Math.max(carrying.get(scenario), Math.max(unread, laterGoingOn));
            if (next <= 0) {
                next = BudgetClock.likeLastSeconds(attempts, repetitions);
            }
            Look look = new Look(previous / budgetSeconds, used / budgetSeconds, used + next > budgetSeconds, used);
            RepetitionDecision decision =
                    decide(rule, until.about(scenario), targets, repetitions, records, confidence(rule, look), look);
            decided.put(scenario, decision);
            if (decision.stop() == RepetitionDecision.Stop.GOING_ON) {
                laterGoingOn = Math.max(laterGoingOn, carrying.get(scenario));
            }
        }
        return scenarios.stream().map(decided::get).toList();
    }

    /** The scenarios the rule reads: those it names, or the one of its {@code until}. */
    private static List<String> read(Suite.Repetitions rule) {
        return rule.scenarios().isEmpty() ? List.of(rule.until().scenario()) : rule.scenarios();
    }

    /**
     * The look a scenario's decision is taken at: {@code repetitions}, or, for one of several that a look settled and
     * that was left out of the repetitions since (from min on), the last repetition that carried it, whose decision
     * stays.
     */
    private static int settledAt(
            Suite.Repetitions rule, List<String> scenarios, List<RunRecord> records, String scenario, int repetitions) {
        int last = lastCarried(records, scenario, repetitions);
        return scenarios.size() > 1 && last >= rule.min() && last < repetitions ? last : repetitions;
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
     * The scenarios a look leaves out of later repetitions: with a rule over several, each whose own decision is not to
     * go on (its answer met, or no repetition carrying it would fit the budget any more), so that the budget goes where
     * the answer is not yet clear. Empty with one scenario: the suite then stops.
     */
    public static java.util.Set<String> settled(List<RepetitionDecision> decisions) {
        java.util.Set<String> settled = new java.util.LinkedHashSet<>();
        if (decisions.size() > 1) {
            decisions.stream()
                    .filter(d -> d.stop() != RepetitionDecision.Stop.GOING_ON)
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
