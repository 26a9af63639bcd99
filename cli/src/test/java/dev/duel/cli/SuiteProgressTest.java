package dev.duel.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.suite.RunPlan;
import dev.duel.suite.Suite;
import dev.duel.suite.file.SuiteLoader;
import dev.duel.suite.fixtures.FixtureSuites;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What {@code duel run} says of the runs it plans, fixed or from min to max repetitions. */
class SuiteProgressTest {
    @TempDir
    Path temp;

    private String progress(String repetitions) throws Exception {
        String yaml = FixtureSuites.suite(
                        FixtureSuites.target("a", "ok", "a", "a") + FixtureSuites.target("b", "ok", "b", "b"), 1)
                .replace("repetitions: 1", repetitions);
        Suite suite = new SuiteLoader(temp).load(Files.writeString(temp.resolve("suite.yaml"), yaml));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        SuiteProgress progress = new SuiteProgress(out, () -> 0L);
        List<RunPlan> plans = RunPlan.of(suite);
        progress.suiteStarted(suite, plans.size(), 0);
        progress.runStarted(plans.get(0), 1);
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void aSuiteThatRepeatsUntilTheIntervalIsNarrowPlansMinToMax() throws Exception {
        String out = progress("repetitions: {min: 3, max: 12, until: 'rps ci within 5%'}");
        assertTrue(
                out.startsWith("suite fixtures: 6 to 24 run(s) of 2 target(s) x 3 to 12 repetition(s) until health rps"
                        + " CI within 5%, about "),
                out);
        assertTrue(out.contains("\n[1/6 to 24] a: health, repetition 1"), out);
        assertTrue(out.matches("(?s).*left about \\d+:\\d\\d to \\d+:\\d\\d\n"), out);
    }

    @Test
    void aBudgetTheFirstRepetitionsOutrunIsABoundNotAnEstimate() throws Exception {
        // Each run's guess takes its warm-up at the cap: three of them outrun a budget of ten seconds, which the suite
        // spends on them anyway; the line must not read "within 0:10 ..., about 0:40".
        String tight = progress("repetitions: {min: 3, budget: 10s, until: 'rps clear'}");
        assertTrue(
                tight.matches("(?s)suite fixtures: 6 or more run\\(s\\).* within 0:10 until .*, up to \\d+:\\d\\d\n.*"),
                tight);
        assertTrue(tight.matches("(?s).*left up to \\d+:\\d\\d\n"), tight);
        String roomy = progress("repetitions: {min: 3, budget: 1h, until: 'rps clear'}");
        assertTrue(roomy.matches("(?s).*, about \\d+:\\d\\d to 1:00:00\n.*"), roomy);
        assertTrue(roomy.matches("(?s).*left about \\d+:\\d\\d to 1:00:00\n"), roomy);
    }

    @Test
    void aFixedNumberIsSaidAsBefore() throws Exception {
        String out = progress("repetitions: 2");
        assertTrue(out.startsWith("suite fixtures: 4 run(s) of 2 target(s) x 2 repetition(s), about "), out);
        assertTrue(out.contains("\n[1/4] a: health, repetition 1"), out);
    }

    /** A duet's two runs of a repetition run side by side: the estimate counts each pair once. */
    @Test
    void aDuetsPairsTakeTheTimeOfOneRun() throws Exception {
        String alone = progress("repetitions: 2");
        String duet = progress("repetitions: 2\norder: duet");
        long aloneSeconds = seconds(alone.substring(alone.indexOf("about ") + 6, alone.indexOf('\n')));
        long duetSeconds = seconds(duet.substring(duet.indexOf("about ") + 6, duet.indexOf('\n')));
        // Half, but for the clock's rounding to whole seconds.
        assertTrue(Math.abs(aloneSeconds - 2 * duetSeconds) <= 1, alone + "\n" + duet);
    }

    private static long seconds(String clock) {
        String[] parts = clock.trim().split(":");
        return Long.parseLong(parts[0]) * 60 + Long.parseLong(parts[1]);
    }

    /** The demo's brief lines: each look that goes on, not the last, which the report's notes repeat right after. */
    @Test
    void briefProgressLeavesTheLastLookToTheReport() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        SuiteProgress brief = new SuiteProgress(out, () -> 0L, true);
        brief.repetitionsDecided(List.of(decision(dev.duel.record.RepetitionDecision.Stop.GOING_ON)));
        brief.repetitionsDecided(List.of(decision(dev.duel.record.RepetitionDecision.Stop.MAXIMUM_REACHED)));
        String said = bytes.toString(StandardCharsets.UTF_8);
        assertTrue(said.startsWith("repetitions: 3 done"), said);
        assertTrue(!said.contains("stopped"), said);
        brief.environmentWarned(List.of("CPU frequency scaling is not visible here"));
        assertTrue(!bytes.toString(StandardCharsets.UTF_8).contains("warning:"), "the report's headline says it");
        SuiteProgress full = new SuiteProgress(out, () -> 0L);
        full.repetitionsDecided(List.of(decision(dev.duel.record.RepetitionDecision.Stop.MAXIMUM_REACHED)));
        assertTrue(
                bytes.toString(StandardCharsets.UTF_8).contains("repetitions: stopped at the maximum of 3"),
                bytes.toString());
    }

    private static dev.duel.record.RepetitionDecision decision(dev.duel.record.RepetitionDecision.Stop stop) {
        return new dev.duel.record.RepetitionDecision(
                "rps ci within 5%", "json", "rps", 5, 0.95, 3, 3, 3, stop, List.of());
    }

    /**
     * The demo's brief lines for pairs: both sides of a pair on one line once the second ended, and each look that goes
     * on on one line, a scenario settled at an earlier look not said again.
     */
    @Test
    void briefProgressSaysEachPairAndEachLookOnOneLine() throws Exception {
        String yaml = FixtureSuites.suite(
                        FixtureSuites.target("a", "ok", "a", "a") + FixtureSuites.target("b", "ok", "b", "b"), 1)
                .replace("repetitions: 1", "repetitions: {min: 3, budget: 8m, until: 'rps clear'}\norder: duet");
        Suite suite = new SuiteLoader(temp).load(Files.writeString(temp.resolve("suite.yaml"), yaml));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        SuiteProgress brief = new SuiteProgress(out, () -> 0L, true);
        List<RunPlan> plans = RunPlan.of(suite, 3);
        brief.suiteStarted(suite, plans.size(), 0);
        int before = bytes.toString(StandardCharsets.UTF_8).length();
        brief.runStarted(plans.get(0), 1);
        brief.runStarted(plans.get(1), 1);
        brief.runEnded(plans.get(0), record(1, "a", 1_000), true);
        assertTrue(bytes.toString(StandardCharsets.UTF_8).length() == before, "the first side waits for its partner");
        brief.runEnded(plans.get(1), record(2, "b", 1_100), true);
        String pair = bytes.toString(StandardCharsets.UTF_8).substring(before);
        assertTrue(
                pair.equals("[2/6 or more] repetition 1: a ok, json 1,000 req/s | b ok, json 1,100 req/s  (0:00)\n"),
                pair);
        before = bytes.toString(StandardCharsets.UTF_8).length();
        brief.repetitionsDecided(List.of(
                decision("json", 3, dev.duel.record.RepetitionDecision.Stop.GOING_ON),
                decision("product", 3, dev.duel.record.RepetitionDecision.Stop.ANSWER_CLEAR)));
        brief.repetitionsDecided(List.of(
                decision("json", 4, dev.duel.record.RepetitionDecision.Stop.GOING_ON),
                decision("product", 3, dev.duel.record.RepetitionDecision.Stop.ANSWER_CLEAR)));
        String[] looks =
                bytes.toString(StandardCharsets.UTF_8).substring(before).split("\n");
        assertTrue(looks.length == 2, String.join("\n", looks));
        assertTrue(
                looks[0].startsWith("repetitions: 3 done (2:00 of 8:00 used), one more: json not yet clear ("),
                looks[0]);
        assertTrue(looks[0].contains("; product clear, left out from here ("), looks[0]);
        assertTrue(
                looks[1].startsWith("repetitions: 4 done (2:00 of 8:00 used), one more: json not yet clear"), looks[1]);
        assertTrue(!looks[1].contains("product"), looks[1]);
    }

    private static dev.duel.record.RunRecord record(int index, String target, double rps) {
        return dev.duel.suite.fixtures.SteadyRecords.run(
                index,
                target,
                1,
                dev.duel.record.Status.OK,
                rps,
                2_000,
                3_000,
                dev.duel.suite.fixtures.SteadyRecords.steady(rps));
    }

    private static dev.duel.record.RepetitionDecision decision(
            String scenario, int repetitions, dev.duel.record.RepetitionDecision.Stop stop) {
        return new dev.duel.record.RepetitionDecision(
                "rps clear", scenario, "rps", 5, 0.99, 3, 1_000, repetitions, stop, List.of(), 480.0, 120.0);
    }
}
