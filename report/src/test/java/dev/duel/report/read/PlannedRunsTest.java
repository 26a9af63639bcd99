package dev.duel.report.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.duel.record.ScenarioKind;
import dev.duel.report.SeededResults;
import dev.duel.report.model.Metric;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The read side keeps what became of every run that planned a scenario, so that a report can name each run it did not
 * use: the run's outcome with the record's reason, and for an ok run each value its record lacks, with why.
 */
class PlannedRunsTest {
    private static final SeededResults.Behaviour A =
            new SeededResults.Behaviour("jdk17", "17.0.15", 13_700, 8_800, 270_000, 0.01);
    private static final SeededResults.Behaviour B =
            new SeededResults.Behaviour("jdk25", "25.0.3", 15_000, 8_100, 300_000, 0.02);
    private static final List<String> BOTH = List.of("json", "product");
    private static final Instant START = Instant.parse("2026-11-30T06:00:00Z");

    @TempDir
    Path temp;

    private static String outcomes(List<PlannedRuns.Planned> planned) {
        return String.join(
                ", ",
                planned.stream()
                        .map(p -> String.format(
                                java.util.Locale.ROOT,
                                "%03d/%d %s%s",
                                p.run().index(),
                                p.run().attempt(),
                                p.outcome().label(),
                                p.reason().isEmpty() ? "" : " (" + p.reason() + ")"))
                        .toList());
    }

    @Test
    void everyRunThatPlannedAScenarioHasOneOutcomeAndItsReason() throws Exception {
        Path r = temp.resolve("r");
        SeededResults results = new SeededResults(r, 3, START);
        results.environment("e", List.of());
        Path noProduct = results.run(A, "ok", "", 1, 0, "e", BOTH, false);
        Path failed = results.run(B, "failed", "the target exited with code 137 during json", 1, 1, "e", BOTH, false);
        results.run(A, "invalid", "the load generator was the limit", 1, 2, "e", BOTH, false);
        results.run(B, "discarded", "noise: 3.0 s disturbed", 1, 3, "e", BOTH, false);
        results.run(B, "ok", "", 2, 4, "e", BOTH, false);
        results.run(A, "discarded", "noise: 2.5 s disturbed", 1, 5, "e", BOTH, false);
        // An ok run whose record lists product but holds no result for it, and a run that failed before product.
        SeededResults.edit(noProduct, record -> ((ArrayNode) record.get("results")).remove(1));
        SeededResults.edit(failed, record -> ((ArrayNode) record.get("results")).remove(1));

        PlannedRuns planned = new PlannedRuns(new ResultsReader().read(List.of(r)));
        assertEquals(
                "001/1 no result recorded (the record of an ok run lists product but holds no result for it), 003/1"
                        + " invalid (the load generator was the limit), 005/1 discarded without a clean repeat (noise:"
                        + " 2.5 s disturbed)",
                outcomes(planned.of("jdk17", "product")));
        assertEquals(
                "002/1 failed (the target exited with code 137 during json), 004/2 measured",
                outcomes(planned.of("jdk25", "product")),
                "the discarded attempt that was repeated is not a run of its own");
        assertEquals(
                "001/1 measured, 003/1 invalid (the load generator was the limit), 005/1 discarded without a"
                        + " clean repeat (noise: 2.5 s disturbed)",
                outcomes(planned.of("jdk17", "json")));
        assertNull(planned.of("jdk25", "product").get(0).data(), "failed before product: no result");
        assertNotNull(planned.of("jdk25", "json").get(0).data(), "failed in json: its result is there");
        assertEquals(3, planned.of("jdk17", ScenarioKind.STARTUP_SECTION).size(), "every run starts its target");
        assertEquals(List.of(), planned.of("jdk17", "nothing"));
    }

    @Test
    void aCopyThatWentOnHoldsTheRepeatOfTheOriginalsDiscardedAttempt() throws Exception {
        Path r = temp.resolve("r");
        SeededResults original = new SeededResults(r, 3, START);
        original.run(A, "ok", "", 1, 0, "e", BOTH, false);
        original.run(B, "discarded", "noise: 3.0 s disturbed", 1, 1, "e", BOTH, false);
        // The same seed and start write the same two records, then the repeat only the copy holds.
        Path copy = temp.resolve("copy");
        SeededResults wentOn = new SeededResults(copy, 3, START);
        wentOn.run(A, "ok", "", 1, 0, "e", BOTH, false);
        wentOn.run(B, "discarded", "noise: 3.0 s disturbed", 1, 1, "e", BOTH, false);
        wentOn.run(B, "ok", "", 2, 2, "e", BOTH, false);

        for (List<Path> folders : List.of(List.of(r, copy), List.of(copy, r), List.of(r, copy, r))) {
            PlannedRuns planned = new PlannedRuns(new ResultsReader().read(folders));
            assertEquals(2, planned.lastAttempts().size(), folders.toString());
            assertEquals("002/2 measured", outcomes(planned.of("jdk25", "json")), folders.toString());
        }
        // Two sessions of the suite share no record: each its own runs.
        Path other = temp.resolve("other");
        SeededResults second = new SeededResults(other, 3, START.plusSeconds(3_600));
        second.run(A, "ok", "", 1, 0, "e", BOTH, false);
        second.run(B, "discarded", "noise: 3.0 s disturbed", 1, 1, "e", BOTH, false);
        PlannedRuns both = new PlannedRuns(new ResultsReader().read(List.of(r, other)));
        assertEquals(
                "002/1 discarded without a clean repeat (noise: 3.0 s disturbed), 002/1 discarded without a clean"
                        + " repeat (noise: 3.0 s disturbed)",
                outcomes(both.of("jdk25", "json")));
    }

    @Test
    void anOkRunSaysWhichValuesItsRecordLacksAndWhy() throws Exception {
        Path r = temp.resolve("r");
        SeededResults results = new SeededResults(r, 3, START);
        Path file = results.run(A, "ok", "", 1, 0, "e", List.of("json"), false);
        SeededResults.edit(file, record -> {
            ObjectNode result = (ObjectNode) record.get("results").get(0);
            ObjectNode main = (ObjectNode) result.get("target").get("main");
            main.put("cpuMillis", -1.0).put("cores", -1.0).put("cpuMicrosPerRequest", -1.0);
            main.put("periods", 0).put("throttledPeriods", 0).put("throttledShare", -1.0);
            ((ObjectNode) result.get("services")).removeAll();
            result.put("peakAnonBytes", -1);
        });
        RunData.ScenarioData json =
                new ResultsReader().read(List.of(r)).runs().get(0).scenario("json");
        assertEquals("the target's CPU time in main could not be read", json.missing(Metric.CPU_PER_REQUEST));
        assertEquals("the target's CPU time in main could not be read", json.missing(Metric.CORES));
        assertEquals(
                "no CFS period counted in main (no CPU quota, or no control group to count them in)",
                json.missing(Metric.THROTTLED));
        assertEquals("no memory sample could be read", json.missing(Metric.PEAK_ANON));
        assertEquals("closed model: no schedule to be late on", json.missing(Metric.LATE));
        assertEquals("postgres was not read in main", json.missingServiceCores("postgres"));
        for (Metric measured : List.of(Metric.RPS, Metric.P99, Metric.MEAN, Metric.ERRORS)) {
            assertNull(json.missing(measured), measured.key());
        }
    }
}
