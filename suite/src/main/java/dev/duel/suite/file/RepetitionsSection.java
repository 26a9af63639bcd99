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
        String missing = r.min() == null ? "min" : r.max() == null ? "max" : r.until() == null ? "until" : null;
        if (missing != null) {
            throw new Problem(
                    "repetitions",
                    missing + " is missing: write {min: 3, max: 12, until: 'rps ci within 5%'}, or a plain number"
                            + " of repetitions");
        }
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
        if (scenario == null) {
            if (scenarios.size() > 1) {
                throw new Problem(
                        "repetitions.until",
                        "the suite has several scenarios " + names + ": name the one to read, e.g. '" + names.get(0)
                                + ": " + r.until().trim() + "'");
            }
            scenario = names.get(0);
        } else if (!names.contains(scenario)) {
            throw new Problem("repetitions.until", "no scenario is named '" + scenario + "'; scenarios are " + names);
        }
        ScenarioKind kind = ScenariosSection.kindOf(scenarios, scenario);
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
        }
        return new Suite.Repetitions(r.min(), r.max(), rule.about(scenario));
    }
}
