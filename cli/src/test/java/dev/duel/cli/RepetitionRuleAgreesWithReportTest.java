package dev.duel.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.record.RecordJson;
import dev.duel.record.RepetitionDecision;
import dev.duel.record.RunRecord;
import dev.duel.record.SampleRecords;
import dev.duel.record.Status;
import dev.duel.report.ReportBuilder;
import dev.duel.report.ReportOptions;
import dev.duel.report.model.Report;
import dev.duel.report.read.ResultsReader;
import dev.duel.suite.Suite;
import dev.duel.suite.fixtures.SteadyRecords;
import dev.duel.suite.gate.RepetitionCheck;
import dev.duel.suite.gate.StopRule;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The suite's {@code repetitions: {until}} rule and the report read the same records the same way: the rule's ratio
 * and interval are the ones the report's comparison row prints. (Issue 11: the rule read main's requests/s of every
 * run while the report reads each run's steady seconds.)
 */
class RepetitionRuleAgreesWithReportTest {
    @TempDir
    Path temp;

    @Test
    void theRulesRatioAndIntervalAreTheReportsForTheSameRecords() throws Exception {
        double[] a = {1000, 1010, 990, 1004, 996};
        double[] b = {1100, 1090, 1112, 1104, 1096};
        double[] p99A = {3_000, 3_100, 2_900, 3_050, 2_950};
        double[] p99B = {2_000, 2_080, 1_950, 2_010, 1_990};
        List<RunRecord> records = new ArrayList<>();
        for (int repetition = 1; repetition <= 5; repetition++) {
            int i = repetition - 1;
            records.add(SteadyRecords.run(
                    2 * repetition - 1, "a", repetition, Status.OK, a[i], 5_000, p99A[i], SteadyRecords.steady(a[i])));
            // b's third run rose into main's fourth second: main served 10% less than its steady seconds.
            boolean settlesInMain = repetition == 3;
            records.add(SteadyRecords.run(
                    2 * repetition,
                    "b",
                    repetition,
                    Status.OK,
                    settlesInMain ? 0.9 * b[i] : b[i],
                    5_000,
                    p99B[i],
                    settlesInMain ? SteadyRecords.settlingInMain(b[i]) : SteadyRecords.steady(b[i])));
        }
        Files.createDirectories(temp.resolve("runs"));
        Files.write(
                temp.resolve("env.json"),
                RecordJson.bytes(SampleRecords.environment("fp", "2026-11-30T06:00:00Z", List.of())));
        for (RunRecord record : records) {
            Files.write(
                    temp.resolve("runs").resolve(String.format("%03d-%s-json.json", record.index(), record.target())),
                    RecordJson.bytes(record));
        }
        // The rule's decision is in the results folder, as the suite writes it: the report takes its corrected
        // confidence (each look at 5% / looks) for the scenario the rule read.
        Suite.Repetitions rpsRule = new Suite.Repetitions(2, 12, StopRule.parse("json: rps ci within 5%"));
        Files.write(
                temp.resolve("repetitions.json"),
                RecordJson.bytes(RepetitionCheck.decide(rpsRule, List.of("a", "b"), 5, records)));
        Report report = new ReportBuilder(new ResultsReader().read(List.of(temp)), ReportOptions.DEFAULT).build();
        Report.ScenarioReport json = report.scenarios().stream()
                .filter(s -> s.name().equals("json"))
                .findFirst()
                .orElseThrow();

        for (String measure : List.of("rps", "p99")) {
            Suite.Repetitions rule = new Suite.Repetitions(2, 12, StopRule.parse("json: " + measure + " ci within 5%"));
            RepetitionDecision.Comparison decided = RepetitionCheck.decide(rule, List.of("a", "b"), 5, records)
                    .comparisons()
                    .get(0);
            Report.Row row = json.rows().stream()
                    .filter(r -> r.measure().key().equals(measure))
                    .findFirst()
                    .orElseThrow();
            assertEquals(
                    row.cells().get(1).summary().runs(), decided.targetValues(), measure + ": b's runs with a value");
            double[] read = records.stream()
                    .filter(r -> r.target().equals("b"))
                    .mapToDouble(r -> rule.until().measure().read(r.result("json")))
                    .filter(v -> !Double.isNaN(v))
                    .sorted()
                    .toArray();
            double[] shown = row.cells().get(1).summary().values();
            Arrays.sort(shown);
            assertArrayEquals(shown, read, 1e-9, measure + ": b's values");
        }
        // Requests/s: b's third run counts with its steady rate, and the report prints an interval the rule reads.
        RepetitionDecision.Comparison decided = RepetitionCheck.decide(rpsRule, List.of("a", "b"), 5, records)
                .comparisons()
                .get(0);
        Report.Comparison printed = json.comparisons().stream()
                .filter(c -> c.measure().equals("rps") && c.other().equals("b"))
                .findFirst()
                .orElseThrow();
        assertTrue(Double.isFinite(printed.high()), "the report prints an interval: " + printed);
        assertEquals(printed.ratio(), decided.ratio(), 1e-12, "ratio");
        assertEquals(printed.low(), decided.low(), 1e-12, "low");
        assertEquals(printed.high(), decided.high(), 1e-12, "high");
        assertEquals(printed.method(), decided.method());
    }
}
