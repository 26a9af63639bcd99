package dev.duel.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.record.RecordJson;
import dev.duel.record.RepetitionDecision;
import dev.duel.record.RunRecord;
import dev.duel.suite.file.SuiteLoader;
import dev.duel.suite.fixtures.FixtureSuites;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code repetitions: {min, max, until}} through the whole runner on a simulated machine
 * ({@link FakeMachine}): it adds alternating pairs until the interval is narrow, or stops at max,
 * says which, writes {@code repetitions.json}, and decides the same again on resume.
 */
class RepetitionsWithFakesTest {
    @TempDir
    Path temp;

    private final List<String> messages = new ArrayList<>();

    /**
     * Requests/s of a and b in repetitions 1 to 12: ±4% for two pairs, then tight. Each look takes the interval at
     * 99.5% (10 looks from 3 to 12): its half-width is 7.3% after 6, 5.6% after 7 and 4.5% after 8, narrow enough.
     */
    private static final double[] A = {960, 1040, 1000, 1000, 1003, 997, 1002, 998, 1001, 999, 1000, 1000};

    private static final double[] B = {1145, 1055, 1100, 1101, 1097, 1103, 1099, 1102, 1098, 1100, 1100, 1100};

    private Suite suite(String repetitions) throws Exception {
        String yaml = FixtureSuites.suite(
                        FixtureSuites.target("a", "ok", "a", "a") + FixtureSuites.target("b", "ok", "b", "b"), 1)
                .replace("repetitions: 1", repetitions);
        return new SuiteLoader(temp).load(Files.writeString(temp.resolve("suite.yaml"), yaml));
    }

    /** A machine whose load runs serve a's and b's values of repetitions {@code from} on, in the alternating order. */
    private static FakeMachine machine(double[] a, double[] b, int from) {
        List<FakeMachine.Script> scripts = new ArrayList<>();
        for (int repetition = from; repetition <= a.length; repetition++) {
            double first = repetition % 2 == 1 ? a[repetition - 1] : b[repetition - 1];
            double second = repetition % 2 == 1 ? b[repetition - 1] : a[repetition - 1];
            scripts.add(new FakeMachine.Script(first, Map.of(), 0.2, false));
            scripts.add(new FakeMachine.Script(second, Map.of(), 0.2, false));
        }
        // Steady from the first second: the rule reads steady values only, as the report does.
        return new FakeMachine().steadyWarmupSeconds(12).script(scripts.toArray(FakeMachine.Script[]::new));
    }

    private SuiteOutcome run(Suite suite, FakeMachine machine) throws Exception {
        SuiteListener listener = new SuiteListener() {
            @Override
            public void message(String text) {
                messages.add(text);
            }
        };
        return new SuiteRunner(suite, temp.resolve("results"), listener, machine.parts()).run();
    }

    private List<Path> finalRecords() throws IOException {
        try (Stream<Path> files = Files.list(temp.resolve("results/runs"))) {
            return files.filter(f -> f.getFileName().toString().matches("\\d{3}-[^.]*\\.json"))
                    .sorted()
                    .toList();
        }
    }

    private RepetitionDecision decision() throws Exception {
        return RecordJson.read(
                Files.readString(temp.resolve("results/repetitions.json")),
                "repetitions.json",
                RepetitionDecision.class);
    }

    private List<String> repetitionMessages() {
        return messages.stream().filter(m -> m.startsWith("repetitions: ")).toList();
    }

    /**
     * A fixed count keeps the plan's order: sequential runs every repetition of a before b. (The loop that adds
     * repetitions one at a time for a rule once ran every suite that way, turning a1 a2 b1 b2 into a1 b1 a2 b2.)
     */
    @Test
    void aFixedCountKeepsThePlansOrderSoSequentialRunsOneTargetFirst() throws Exception {
        Suite suite = suite("repetitions: 2\norder: sequential");
        FakeMachine machine = new FakeMachine()
                .script(
                        new FakeMachine.Script(1000, Map.of(), 0.2, false),
                        new FakeMachine.Script(1000, Map.of(), 0.2, false),
                        new FakeMachine.Script(1100, Map.of(), 0.2, false),
                        new FakeMachine.Script(1100, Map.of(), 0.2, false));
        List<String> started = new ArrayList<>();
        SuiteListener listener = new SuiteListener() {
            @Override
            public void runStarted(RunPlan plan, int attempt) {
                started.add(plan.target() + plan.repetition());
            }
        };
        SuiteOutcome outcome = new SuiteRunner(suite, temp.resolve("results"), listener, machine.parts()).run();
        assertEquals(List.of("a1", "a2", "b1", "b2"), started);
        assertEquals(4, outcome.ok());
    }

    /**
     * Alternating runs are compared repetition by repetition: the first two repetitions move a and b opposite ways
     * (960 and 1,145, then 1,040 and 1,055), so their ratios differ by 18%, and the interval of the ratios is narrow
     * enough after 10 repetitions (it took 8 unpaired, where the two sides' spreads add instead).
     */
    @Test
    void pairsAreAddedUntilTheIntervalIsNarrowAndTheStopIsSaidAndKept() throws Exception {
        FakeMachine machine = machine(A, B, 1);
        SuiteOutcome outcome = run(suite("repetitions: {min: 3, max: 12, until: 'rps ci within 5%'}"), machine);
        assertEquals(20, machine.loadRuns(), "10 repetitions of a and b");
        assertEquals(20, outcome.ok());
        assertEquals(20, outcome.planned(), "the runs made, not the 24 that max allowed");
        assertEquals(20, finalRecords().size());
        List<String> targets = new ArrayList<>();
        for (Path file : finalRecords()) {
            RunRecord record = RecordJson.readRun(file);
            targets.add(record.target());
        }
        assertEquals(
                List.of(
                        "a", "b", "b", "a", "a", "b", "b", "a", "a", "b", "b", "a", "a", "b", "b", "a", "a", "b", "b",
                        "a"),
                targets,
                "pairs alternate as always");
        RepetitionDecision decision = decision();
        assertEquals(RepetitionDecision.Stop.INTERVAL_NARROW, decision.stop());
        assertEquals(10, decision.repetitions());
        assertEquals("health", decision.scenario());
        assertEquals("rps", decision.measure());
        assertEquals(10, decision.comparisons().get(0).targetValues());
        assertTrue(decision.comparisons().get(0).method().startsWith("paired t on logs by repetition"));
        List<String> said = repetitionMessages();
        assertEquals(8, said.size(), "one decision after each of repetitions 3 to 10: " + said);
        assertTrue(said.get(0).startsWith("repetitions: 3 done (of 3 to 12), health rps CI within 5% not yet met"));
        assertEquals(decision.describe(), said.get(7));
        assertTrue(said.get(7).startsWith("repetitions: stopped after 10 (of 3 to 12): the interval is narrow enough"));
    }

    @Test
    void aSeriesThatNeverNarrowsStopsAtMaxAndSaysSo() throws Exception {
        double[] a = {800, 1200, 1000, 900, 1150};
        double[] b = {1000, 880, 1300, 1250, 950};
        FakeMachine machine = machine(a, b, 1);
        SuiteOutcome outcome = run(suite("repetitions: {min: 3, max: 5, until: 'rps ci within 5%'}"), machine);
        assertEquals(10, machine.loadRuns());
        assertEquals(10, outcome.planned());
        RepetitionDecision decision = decision();
        assertEquals(RepetitionDecision.Stop.MAXIMUM_REACHED, decision.stop());
        assertEquals(5, decision.repetitions());
        assertTrue(
                repetitionMessages().get(2).startsWith("repetitions: stopped at the maximum of 5 (of 3 to 5)"),
                repetitionMessages().toString());
    }

    @Test
    void aResumedSuiteTakesTheSameDecisionFromTheRecordsOnDisk() throws Exception {
        Suite suite = suite("repetitions: {min: 3, max: 12, until: 'rps ci within 5%'}");
        run(suite, machine(A, B, 1));
        RepetitionDecision first = decision();

        // As if duel had been killed during repetition 6: the records of repetitions 6 to 10 are not there.
        for (Path file : finalRecords()) {
            if (RecordJson.readRun(file).repetition() >= 6) {
                Files.delete(file);
            }
        }
        messages.clear();
        FakeMachine rest = machine(A, B, 6);
        SuiteOutcome resumed = run(suite, rest);
        assertEquals(10, rest.loadRuns(), "only repetitions 6 to 10 are run again");
        assertEquals(10, resumed.skipped());
        assertEquals(first, decision());
        assertEquals(8, repetitionMessages().size(), "the decisions after 3, 4 and 5 are taken again from disk");

        messages.clear();
        FakeMachine none = machine(A, B, 13);
        run(suite, none);
        assertEquals(0, none.loadRuns(), "a finished suite runs nothing more");
        assertEquals(first, decision());
    }

    @Test
    void aPlainNumberOfRepetitionsWritesNoDecision() throws Exception {
        FakeMachine machine = machine(A, B, 1);
        SuiteOutcome outcome = run(suite("repetitions: 2"), machine);
        assertEquals(4, outcome.planned());
        assertEquals(4, machine.loadRuns());
        assertTrue(Files.notExists(temp.resolve("results/repetitions.json")));
        assertTrue(repetitionMessages().isEmpty());
    }

    /**
     * A rule over two scenarios carried in one run ({@code together}): after repetition 3, health's answer is clear
     * (b about 30% higher) and ping's is not (the two sides cross), so repetitions 4 to 6 carry ping alone, under run
     * files named for it, and the decisions file keeps health's answer as the look after 3 gave it.
     */
    @Test
    void aScenarioClearAtALookIsLeftOutOfTheRunsOfLaterRepetitions() throws Exception {
        String yaml = FixtureSuites.suite(
                                FixtureSuites.target("a", "ok", "a", "a") + FixtureSuites.target("b", "ok", "b", "b"),
                                1)
                        .replace("repetitions: 1", "repetitions: {min: 3, max: 6, until: 'rps clear'}")
                        .replace(
                                "scenarios:\n",
                                "scenarios:\n  - name: ping\n    request: {path: /health}\n    checks: ['json:/app exists']\n"
                                        + "    model: {vus: 2}\n    phases: {warmup: 300ms, gap: 100ms, duration: 700ms}\n")
                + "together: [health, ping]\n";
        Suite suite = new SuiteLoader(temp).load(Files.writeString(temp.resolve("suite.yaml"), yaml));
        double[] healthA = {1000, 1000, 1000};
        double[] healthB = {1300, 1310, 1295};
        double[] pingA = {1000, 1100, 900, 1000, 1080, 950};
        double[] pingB = {1100, 950, 1000, 1050, 990, 1010};
        List<FakeMachine.Script> scripts = new ArrayList<>();
        for (int repetition = 1; repetition <= 6; repetition++) {
            int r = repetition - 1;
            for (String target : repetition % 2 == 1 ? List.of("a", "b") : List.of("b", "a")) {
                boolean a = target.equals("a");
                if (repetition <= 3) {
                    scripts.add(new FakeMachine.Script(a ? healthA[r] : healthB[r], Map.of(), 0.2, false));
                }
                scripts.add(new FakeMachine.Script(a ? pingA[r] : pingB[r], Map.of(), 0.2, false));
            }
        }
        FakeMachine machine =
                new FakeMachine().steadyWarmupSeconds(12).script(scripts.toArray(FakeMachine.Script[]::new));
        SuiteOutcome outcome = run(suite, machine);
        assertEquals(18, machine.loadRuns(), "both scenarios in repetitions 1 to 3, ping alone in 4 to 6");
        assertEquals(12, outcome.ok());
        List<String> stems = finalRecords().stream()
                .map(f -> f.getFileName().toString().replaceAll("^\\d{3}-", ""))
                .toList();
        assertEquals(
                List.of(
                        "a-health+ping.json",
                        "b-health+ping.json",
                        "b-health+ping.json",
                        "a-health+ping.json",
                        "a-health+ping.json",
                        "b-health+ping.json",
                        "b-ping.json",
                        "a-ping.json",
                        "a-ping.json",
                        "b-ping.json",
                        "b-ping.json",
                        "a-ping.json"),
                stems);
        List<RepetitionDecision> decisions = new ArrayList<>();
        for (com.fasterxml.jackson.databind.JsonNode node : new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(Files.readString(temp.resolve("results/repetitions.json")))) {
            decisions.add(RecordJson.read(node.toString(), "repetitions.json", RepetitionDecision.class));
        }
        RepetitionDecision health = decisions.stream()
                .filter(d -> d.scenario().equals("health"))
                .findFirst()
                .orElseThrow();
        assertEquals(RepetitionDecision.Stop.ANSWER_CLEAR, health.stop(), health.describe());
        assertEquals(3, health.repetitions());
        RepetitionDecision ping = decisions.stream()
                .filter(d -> d.scenario().equals("ping"))
                .findFirst()
                .orElseThrow();
        assertEquals(6, ping.repetitions(), ping.describe());
        assertEquals(6, ping.comparisons().get(0).targetValues());
        assertEquals(
                1,
                repetitionMessages().stream()
                        .filter(m -> m.contains("health rps clear"))
                        .count(),
                "health's answer said once, at the look that settled it: " + repetitionMessages());
    }
}
