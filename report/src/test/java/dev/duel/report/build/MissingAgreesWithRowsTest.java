package dev.duel.report.build;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.duel.report.SeededResults;
import dev.duel.report.model.Metric;
import dev.duel.report.read.ResultsReader;
import dev.duel.report.read.RunData;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The read side's reason for a missing value ({@link RunData.ScenarioData#missing}) is there exactly when the value the
 * rows read ({@link Rows#read}) is not a number they take: no run leaves a row without a reason, and no reason is
 * given for a value that was used.
 */
class MissingAgreesWithRowsTest {
    private static final SeededResults.Behaviour A =
            new SeededResults.Behaviour("jdk17", "17.0.15", 13_700, 8_800, 270_000, 0.01);

    @TempDir
    Path temp;

    /** Runs whose records lack what a real run may lack: CPU and throttling readings, memory samples, any answer. */
    private Path lacking() throws Exception {
        Path folder = temp.resolve("lacking");
        SeededResults results = new SeededResults(folder, 3, Instant.parse("2026-11-30T06:00:00Z"));
        results.run(A.shaped(SeededResults.Shape.open(0.1, 0.05)), "ok", "", 1, 0, "e", List.of("json"), false);
        Path file = results.run(A, "ok", "", 1, 1, "e", List.of("json"), false);
        SeededResults.edit(file, record -> {
            ObjectNode result = (ObjectNode) record.get("results").get(0);
            ObjectNode main = (ObjectNode) result.get("target").get("main");
            main.put("cpuMillis", -1.0).put("cores", -1.0).put("cpuMicrosPerRequest", -1.0);
            main.put("periods", 0).put("throttledShare", -1.0);
            result.put("peakAnonBytes", -1);
            ((ObjectNode) result.at("/services/postgres/main")).put("cores", -1.0);
            ((ObjectNode) result.at("/load/main/latency")).put("count", 0);
        });
        Path noRequest = results.run(A, "ok", "", 1, 2, "e", List.of("json"), false);
        SeededResults.edit(
                noRequest,
                record -> ((ObjectNode) record.at("/results/0/target/main"))
                        .put("cpuMicrosPerRequest", -1.0)
                        .put("seconds", 0.0)
                        .put("cores", -1.0));
        return folder;
    }

    @Test
    void everyValueTheRowsLeaveOutHasAReasonAndNoOtherHasOne() throws Exception {
        Set<Metric> taken = EnumSet.noneOf(Metric.class);
        Set<Metric> missing = EnumSet.noneOf(Metric.class);
        Set<String> reasons = new TreeSet<>();
        List<Path> folders = new ArrayList<>();
        for (String committed : List.of("seeded", "not-comparable", "schema-1-demo")) {
            folders.add(Path.of("src/test/resources/records").resolve(committed));
        }
        folders.add(lacking());
        for (Path folder : folders) {
            for (RunData run : new ResultsReader().read(List.of(folder)).runs()) {
                for (RunData.ScenarioData scenario : run.scenarios()) {
                    if (scenario.result().load() == null) {
                        continue; // a start-up scenario has no load rows
                    }
                    for (Metric metric : Metric.values()) {
                        double value = Rows.read(metric, scenario);
                        boolean kept = !Double.isNaN(value) && (value >= 0 || metric.unit() == Metric.Unit.CHANGE);
                        String reason = scenario.missing(metric);
                        assertEquals(
                                kept,
                                reason == null,
                                folder.getFileName() + " " + run.index() + " " + scenario.scenario() + " " + metric
                                        + ": " + value + ", reason " + reason);
                        (kept ? taken : missing).add(metric);
                        if (reason != null) {
                            reasons.add(reason);
                        }
                    }
                    scenario.serviceCores().forEach((service, cores) -> {
                        assertEquals(cores >= 0, scenario.missingServiceCores(service) == null, service);
                        if (cores < 0) {
                            reasons.add(scenario.missingServiceCores(service));
                        }
                    });
                }
            }
        }
        assertEquals(EnumSet.allOf(Metric.class), taken, "every metric taken somewhere");
        assertEquals(EnumSet.complementOf(EnumSet.of(Metric.RPS, Metric.ERRORS)), missing, "and missing somewhere");
        assertEquals(
                new TreeSet<>(List.of(
                        "closed model: no schedule to be late on",
                        "main had no length",
                        "no CFS period counted in main (no CPU quota, or no control group to count them in)",
                        "no correct response in main",
                        "no memory sample could be read",
                        "no request ended in main",
                        "not sampled (a record of schema 1)",
                        "peak anonymous memory is recorded instead (a record of schema 2 or later)",
                        "postgres's CPU time in main could not be read",
                        "the target's CPU time in main could not be read")),
                reasons);
    }
}
