package dev.duel.suite.file;

import dev.duel.record.ScenarioKind;
import dev.duel.suite.Scenario;
import dev.duel.suite.Suite;
import dev.duel.suite.gate.StopRule;
import java.util.List;

/** {@code repetitions:}: how many runs of each target, a fixed number or until a rule is met. Stateless. */
final class RepetitionsSection {
    private RepetitionsSection() {}

    /**
     * {@code repetitions: N}, or {@code {min, max, until}}: all three keys, min at least 2 (an interval needs two
     * runs a side), max at least min, a rule that names a scenario with a main phase (it may leave the name out when
     * the suite has one scenario), two targets or more, in alternate or random order.
     */
    static Suite.Repetitions repetitions(
            RepetitionsEntry r, List<Scenario> scenarios, int targets, Suite.Order order, double sameWithin) {
        if (r == null) {
            return Suite.Repetitions.fixed(3);
        }
        if (r.count() != null) {
            if (r.count() < 1) {
                throw new Problem("repetitions", "at least 1, got " + r.count());
            }
            return Suite.Repetitions.fixed(r.count());
        }
        java.time.Duration budget = r.budget() == null ? null : Values.duration("repetitions.budget", r.budget(), null);
        if (budget != null && budget.compareTo(java.time.Duration.ofSeconds(10)) < 0) {
            throw new Problem("repetitions.budget", "is a time of 10 s or more, e.g. 8m, got " + r.budget());
        }
        // With a budget, min and max may be left out: 3 (an interval and its check on marked runs need three), and a
        // cap far past what any budget here fits.
        Integer min = r.min() == null && budget != null ? Integer.valueOf(BUDGET_MIN) : r.min();
        Integer max = r.max() == null && budget != null ? Integer.valueOf(BUDGET_MAX) : r.max();
        String missing = min == null ? "min" : max == null ? "max" : r.until() == null ? "until" : null;
        if (missing != null) {
            throw new Problem(
                    "repetitions",
                    missing + " is missing: write {min: 3, max: 12, until: 'rps ci within 5%'}, {budget: 8m, until:"
                            + " 'rps clear'}, or a plain number of repetitions");
        }
        r = new RepetitionsEntry(null, min, max, r.until(), r.budget());
        if (r.min() < 2) {
            throw new Problem(
                    "repetitions.min", "at least 2 (an interval needs two runs of each target), got " + r.min());
        }
        if (r.max() < r.min()) {
            throw new Problem("repetitions.max", "at least min (" + r.min() + "), got " + r.max());
        }
        StopRule rule;
        try {
            rule = StopRule.parse(r.until());
        } catch (IllegalArgumentException e) {
            throw new Problem("repetitions.until", "repetitions.until", e.getMessage(), e);
        }
        List<String> names = scenarios.stream().map(Scenario::name).toList();
        String scenario = rule.scenario();
        // A rule that names no scenario reads every scenario with a main phase (each must be met).
        List<String> read = scenario == null
                ? scenarios.stream()
                        .filter(s -> s.kind() != ScenarioKind.STARTUP && s.kind() != ScenarioKind.WARMUP_CURVE)
                        .map(Scenario::name)
                        .toList()
                : List.of(scenario);
        if (scenario != null && !names.contains(scenario)) {
            throw new Problem("repetitions.until", "no scenario is named '" + scenario + "'; scenarios are " + names);
        }
        if (scenario == null && read.isEmpty()) {
            throw new Problem(
                    "repetitions.until",
                    "no scenario of the suite has a main phase to read "
                            + rule.measure().key() + " from (startup and"
                            + " warm-up curves have none): add a load, latency or throughput scenario");
        }
        ScenarioKind kind = scenario == null ? ScenarioKind.LOAD : ScenariosSection.kindOf(scenarios, scenario);
        if (kind == ScenarioKind.STARTUP || kind == ScenarioKind.WARMUP_CURVE) {
            throw new Problem(
                    "repetitions.until",
                    "'" + scenario + "' is a " + kind.label() + " scenario, which has no main phase to read "
                            + rule.measure().key() + " from: name a load, latency or throughput scenario");
        }
        if (targets < 2) {
            throw new Problem(
                    "repetitions.until",
                    "the rule narrows the interval of one target against another: the suite needs two targets or"
                            + " more, it has " + targets);
        }
        if (!order.pairedByRepetition()) {
            throw new Problem(
                    "repetitions.until",
                    "a rule adds runs of every target at a time, which needs order: alternate or random (sequential"
                            + " runs every repetition of one target before the next)");
        }
        if (rule.clear() && !r.until().contains("within")) {
            rule = new StopRule(rule.text(), rule.scenario(), rule.measure(), true, sameWithin * 100);
        } else if (rule.clear() && Math.abs(rule.withinPercent() - sameWithin * 100) > 1e-9) {
            // One margin: a rule that stopped on "the same within ±10%" while the report says it within ±5% would end
            // the suite on an answer the report then withholds.
            String written = percent(rule.withinPercent());
            throw new Problem(
                    "repetitions.until",
                    "the rule's margin (±" + written + "%) is not the report's (sameWithin: "
                            + percent(sameWithin * 100)
                            + "%), so the suite could stop on an answer the report withholds: write 'sameWithin: "
                            + written + "%' and leave 'within' out of the rule, e.g. '"
                            + r.until()
                                    .replaceFirst("\\s+within\\s+[0-9.]+\\s*%", "")
                                    .trim() + "'");
        }
        if (read.size() == 1) {
            rule = rule.about(read.get(0));
        }
        return new Suite.Repetitions(r.min(), r.max(), rule, read, budget);
    }

    /** With a budget and no min: an interval needs two repetitions, and its check on marked runs three. */
    static final int BUDGET_MIN = 3;

    /** With a budget and no max: far past what a budget fits; the budget is the cap. */
    static final int BUDGET_MAX = 100;

    /** "5", "2.5": a percentage as written. */
    private static String percent(double percent) {
        return new java.math.BigDecimal(String.valueOf(percent))
                .stripTrailingZeros()
                .toPlainString();
    }
}
