package dev.duel.suite.file;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.suite.RunPlan;
import dev.duel.suite.Suite;
import dev.duel.suite.TestFiles;
import dev.duel.suite.gate.StopRule;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code repetitions: N} and {@code repetitions: {min, max, until}} in a suite file, and their errors with positions. */
class RepetitionsLoadingTest {
    @TempDir
    Path temp;

    private final SuiteLoader loader = new SuiteLoader(Path.of("/opt/duel"));

    private static final String SUITE = """
            name: ab
            targets:
              - name: a
                command: [./a, '${port}']
              - name: b
                command: [./b, '${port}']
            scenarios:
              - name: json
                request: {path: /json}
              - name: products
                request: {path: /products/1}
              - name: boot
                kind: startup
            together: [json, products]
            repetitions: 3
            """;

    private Path write(String yaml) throws IOException {
        return Files.writeString(temp.resolve("suite.yaml"), yaml);
    }

    private String failure(String yaml) throws IOException {
        return TestFiles.loadFailure(loader, temp.resolve("suite.yaml"), yaml);
    }

    /** {@code file:LINE:COLUMN: } of {@code key} at or after the first {@code text} of {@code yaml}. */
    private String at(String yaml, String text, String key) {
        return TestFiles.at(temp.resolve("suite.yaml"), yaml, text, key);
    }

    private static String withRepetitions(String repetitions) {
        return SUITE.replace("repetitions: 3", repetitions);
    }

    @Test
    void aPlainNumberIsAFixedCount() throws Exception {
        Suite suite = loader.load(write(withRepetitions("repetitions: 6")));
        assertEquals(Suite.Repetitions.fixed(6), suite.repetitions());
        assertFalse(suite.repetitions().adaptive());
        assertEquals(6 * 2 * 2, RunPlan.of(suite).size(), "6 repetitions x 2 groups x 2 targets");
        assertEquals("6", suite.repetitions().describe());
        assertEquals(
                Suite.Repetitions.fixed(3),
                loader.load(write(SUITE.replace("repetitions: 3\n", ""))).repetitions());
    }

    @Test
    void aRuleThatNamesNoScenarioReadsEveryOneWithAMainPhaseAndABudgetNeedsNoRange() throws Exception {
        Suite suite = loader.load(write(withRepetitions("repetitions: {budget: 8m, until: 'rps clear'}")));
        Suite.Repetitions repetitions = suite.repetitions();
        assertTrue(repetitions.adaptive() && repetitions.budgeted());
        assertEquals(List.of("json", "products"), repetitions.scenarios(), "boot is a startup scenario: no main");
        assertEquals(3, repetitions.min());
        assertEquals(java.time.Duration.ofMinutes(8), repetitions.budget());
        assertEquals(
                "3 or more within 8 min (until every scenario's rps clear (a change, or the same within ±5%))",
                repetitions.describe());
        String tiny = withRepetitions("repetitions: {budget: 2s, until: 'rps clear'}");
        assertEquals(
                at(tiny, "repetitions:", "budget") + "repetitions.budget: is a time of 10 s or more, e.g. 8m, got 2s",
                failure(tiny));
    }

    @Test
    void aRangeWithARulePlansUpToMaxWithIndexesThatDoNotDependOnTheStop() throws Exception {
        Suite suite = loader.load(write(withRepetitions("""
                repetitions:
                  min: 3
                  max: 12
                  until: 'json: rps ci within 5%'""")));
        Suite.Repetitions repetitions = suite.repetitions();
        assertTrue(repetitions.adaptive());
        assertEquals(3, repetitions.min());
        assertEquals(12, repetitions.max());
        assertEquals("json", repetitions.until().scenario());
        assertEquals(StopRule.Measure.RPS, repetitions.until().measure());
        assertEquals(5, repetitions.until().withinPercent());
        assertEquals("3 to 12 (until json rps CI within 5%)", repetitions.describe());
        List<RunPlan> all = RunPlan.of(suite);
        assertEquals(12 * 2 * 2, all.size());
        assertEquals(RunPlan.of(suite, 3), all.subList(0, 3 * 2 * 2));
        assertEquals(
                List.of("a", "b", "a", "b", "b", "a", "b", "a"),
                all.subList(0, 8).stream().map(RunPlan::target).toList(),
                "the order alternates as always");
    }

    @Test
    void aSuiteOfOneScenarioMayLeaveItsNameOut() throws Exception {
        String one = withRepetitions("repetitions: {min: 2, max: 4, until: 'p99 ci within 10%'}")
                .replace("  - name: products\n    request: {path: /products/1}\n", "")
                .replace("  - name: boot\n    kind: startup\n", "")
                .replace("together: [json, products]\n", "");
        Suite suite = loader.load(write(one));
        assertEquals("json", suite.repetitions().until().scenario());
        assertEquals(StopRule.Measure.P99, suite.repetitions().until().measure());
    }

    /**
     * One margin (issue 31, item 7): 'clear within 10%' would stop on "the same within ±10%" where the report, at the
     * suite's sameWithin (5%), says "cannot tell". A margin the suite's sameWithin also says is accepted.
     */
    @Test
    void aClearRuleTakesTheSuitesMarginOrNone() throws Exception {
        String other = withRepetitions("repetitions: {min: 3, max: 12, until: 'json: rps clear within 10%'}");
        assertEquals(
                at(other, "repetitions:", "until")
                        + "repetitions.until: the rule's margin (±10%) is not the report's (sameWithin: 5%), so the"
                        + " suite could stop on an answer the report withholds: write 'sameWithin: 10%' and leave"
                        + " 'within' out of the rule, e.g. 'json: rps clear'",
                failure(other));
        String same = "sameWithin: 10%\n"
                + withRepetitions("repetitions: {min: 3, max: 12, until: 'json: rps clear within 10%'}");
        assertEquals(10, loader.load(write(same)).repetitions().until().withinPercent(), 1e-9);
        String unwritten =
                "sameWithin: 2.5%\n" + withRepetitions("repetitions: {min: 3, max: 12, until: 'json: rps clear'}");
        assertEquals(2.5, loader.load(write(unwritten)).repetitions().until().withinPercent(), 1e-9);
    }

    @Test
    void aWrongRuleIsShownAtUntilWithWhatToWrite() throws IOException {
        String grammar = withRepetitions("repetitions: {min: 3, max: 12, until: 'rps narrower than 5%'}");
        assertEquals(
                at(grammar, "repetitions:", "until")
                        + "repetitions.until: is '[<scenario>:]<measure> clear [within <M>%]' or"
                        + " '[<scenario>:]<measure> ci within <N>%', e.g. 'rps clear' or 'json: p99 ci within 10%', got"
                        + " 'rps narrower than 5%'",
                failure(grammar));
        String measure = withRepetitions("repetitions: {min: 3, max: 12, until: 'json: p42 ci within 5%'}");
        assertEquals(
                at(measure, "repetitions:", "until")
                        + "repetitions.until: the measure is one of rps, p50, p90, p99, cpu, got 'p42'",
                failure(measure));
        String unknown = withRepetitions("repetitions: {min: 3, max: 12, until: 'jason: rps ci within 5%'}");
        assertEquals(
                at(unknown, "repetitions:", "until")
                        + "repetitions.until: no scenario is named 'jason'; scenarios are [json, products, boot]",
                failure(unknown));
        String startup = withRepetitions("repetitions:\n  min: 3\n  max: 12\n  until: 'boot: rps ci within 5%'");
        assertEquals(
                at(startup, "repetitions:", "until")
                        + "repetitions.until: 'boot' is a startup scenario, which has no main phase to read rps from:"
                        + " name a load, latency or throughput scenario",
                failure(startup));
    }

    @Test
    void aWrongRangeIsShownAtItsKey() throws IOException {
        String min = withRepetitions("repetitions:\n  min: 1\n  max: 12\n  until: 'json: rps ci within 5%'");
        assertEquals(
                at(min, "repetitions:", "min") + "repetitions.min: at least 2 (an interval needs two runs of each"
                        + " target), got 1",
                failure(min));
        String max = withRepetitions("repetitions:\n  min: 6\n  max: 4\n  until: 'json: rps ci within 5%'");
        assertEquals(at(max, "repetitions:", "max:") + "repetitions.max: at least min (6), got 4", failure(max));
        String missing = withRepetitions("repetitions: {min: 3, until: 'json: rps ci within 5%'}");
        assertEquals(
                at(missing, "repetitions:", "repetitions")
                        + "repetitions: max is missing: write {min: 3, max: 12, until: 'rps ci within 5%'}, {budget:"
                        + " 8m, until: 'rps clear'}, or a plain number of repetitions",
                failure(missing));
        String zero = withRepetitions("repetitions: 0");
        assertEquals(at(zero, "repetitions:", "repetitions") + "repetitions: at least 1, got 0", failure(zero));
    }

    @Test
    void unknownKeysAndWrongTypesAreTheParsersErrorsWithTheirPositions() throws IOException {
        String unknownKey = withRepetitions("repetitions:\n  min: 3\n  most: 12\n  until: 'json: rps ci within 5%'");
        String message = failure(unknownKey);
        assertTrue(
                message.startsWith(at(unknownKey, "repetitions:", "most")
                        + "unknown key 'most' in repetitions; expected one of: budget, max, min, until"),
                message);
        String wrongType = withRepetitions("repetitions:\n  min: three\n  max: 12\n  until: 'json: rps ci within 5%'");
        String typeMessage = failure(wrongType);
        assertTrue(
                typeMessage.equals(
                        at(wrongType, "min: three", "three") + "repetitions.min: expected a whole number, got 'three'"),
                typeMessage);
        String list = withRepetitions("repetitions: [3, 12]");
        String listMessage = failure(list);
        assertTrue(
                listMessage.startsWith(temp.resolve("suite.yaml") + ":15:")
                        && listMessage.endsWith(
                                "repetitions: expected a whole number, or a mapping {min: 3, max: 12, until: 'rps ci"
                                        + " within 5%'}"),
                listMessage);
    }

    @Test
    void aRuleNeedsTwoTargetsInAlternateOrRandomOrder() throws Exception {
        String rule = "repetitions: {min: 3, max: 12, until: 'json: rps ci within 5%'}";
        String sequential = withRepetitions(rule + "\norder: sequential");
        assertEquals(
                at(sequential, "repetitions:", "until") + "repetitions.until: a rule adds runs of every target at a"
                        + " time, which needs order: alternate or random (sequential runs every repetition of one target"
                        + " before the next)",
                failure(sequential));
        assertEquals(
                Suite.Order.RANDOM,
                loader.load(write(withRepetitions(rule + "\norder: random"))).order(),
                "random order keeps each repetition's runs together, so a rule may add them");
        String one = withRepetitions(rule).replace("  - name: b\n    command: [./b, '${port}']\n", "");
        assertEquals(
                at(one, "repetitions:", "until") + "repetitions.until: the rule narrows the interval of one target"
                        + " against another: the suite needs two targets or more, it has 1",
                failure(one));
    }
}
