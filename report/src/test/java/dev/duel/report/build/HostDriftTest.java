package dev.duel.report.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.report.ReportBuilder;
import dev.duel.report.ReportOptions;
import dev.duel.report.SeededResults;
import dev.duel.report.model.Report;
import dev.duel.report.read.ResultsReader;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The host drift probe in the report (issue 11, item 4): a host that ran the probe more than 5% slower
 * under one side withholds that pair's verdicts, as throttling does; a host that drifted across the suite
 * is a report warning; a steady host, or records without a probe, say nothing.
 */
class HostDriftTest {
    private static final SeededResults.Behaviour A = new SeededResults.Behaviour("a", "17", 1000, 5_000, 20_000, 0);
    /** Clearly faster than a: without a warning the verdict is "better". */
    private static final SeededResults.Behaviour B = new SeededResults.Behaviour("b", "25", 1300, 5_000, 20_000, 0);

    @TempDir
    Path temp;

    /** A host that ran the probe 2% slower with each run. */
    private static final SeededResults.HostSpeed SLOWING = (target, index) -> {
        double speed = 217 * (1 - 0.02 * index);
        return SeededResults.probe(speed, speed);
    };

    private Report report(SeededResults.HostSpeed speed) throws Exception {
        return report(speed, false);
    }

    /** Runs of a and b in turn; with {@code paired}, each two runs an interleaved pair (as duel compare makes). */
    private Report report(SeededResults.HostSpeed speed, boolean paired) throws Exception {
        SeededResults results = new SeededResults(temp, 11, Instant.parse("2026-11-30T06:00:00Z"));
        results.environment("e", List.of());
        results.hostSpeed(speed);
        results.interleaved(A, B, 4, List.of("s"));
        if (paired) {
            List<Path> records;
            try (java.util.stream.Stream<Path> files = java.nio.file.Files.list(temp.resolve("runs"))) {
                records = files.filter(f -> f.toString().endsWith(".json")).toList();
            }
            for (Path record : records) {
                SeededResults.edit(record, tree -> {
                    int index = tree.get("index").asInt();
                    com.fasterxml.jackson.databind.node.ObjectNode duet = tree.putObject("duet");
                    duet.put("partnerIndex", index % 2 == 1 ? index + 1 : index - 1);
                    duet.put("partnerTarget", tree.get("target").asText().equals("a") ? "b" : "a");
                    duet.put("design", "interleaved");
                    duet.putNull("warmupCpus");
                    duet.putNull("warmupCompilerNice");
                });
            }
        }
        return new ReportBuilder(new ResultsReader().read(List.of(temp)), ReportOptions.DEFAULT).build();
    }

    /** The report's one warning that the host drifted across the suite. */
    private static String driftWarning(Report report) {
        List<String> drift = report.warnings().stream()
                .filter(w -> w.startsWith("host drifted across the suite"))
                .toList();
        assertEquals(1, drift.size(), report.warnings().toString());
        return drift.get(0);
    }

    private static Report.Comparison rps(Report report) {
        return report.scenarios().get(0).comparisons().stream()
                .filter(c -> c.measure().equals("rps"))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void aSteadyHostLeavesTheVerdictAlone() throws Exception {
        Report report = report(SeededResults.STEADY_HOST);
        assertEquals(Report.Verdict.BETTER, rps(report).verdict(), rps(report).sentence());
        assertTrue(
                report.warnings().stream().noneMatch(w -> w.startsWith("host")),
                report.warnings().toString());
    }

    @Test
    void aHostSlowerUnderOneSideWithholdsThePairsVerdicts() throws Exception {
        // The host ran the probe 8% slower whenever b ran: b's 30% more requests/s cannot be put on b alone.
        Report report = report(
                (target, index) -> target.equals("b") ? SeededResults.probe(200, 199) : SeededResults.probe(217, 216));
        Report.Comparison rps = rps(report);
        assertEquals(Report.Verdict.NOT_COMPARABLE, rps.verdict(), rps.sentence());
        assertTrue(
                rps.reasons().contains("host probe -7.9% between the sides"),
                rps.reasons().toString());
        assertTrue(
                rps.warnings().stream()
                        .anyMatch(w -> w.startsWith("host changed between the sides: the drift probe ran 7.9% slower "
                                + "around b's runs (median 199.5 units per CPU second over 8 probes) than around a's "
                                + "(216.5 over 8; bound 5.0%)")),
                rps.warnings().toString());
        assertTrue(
                report.scenarios().get(0).comparisons().stream()
                        .allMatch(c -> c.verdict() == Report.Verdict.NOT_COMPARABLE),
                "every row of the pair");
    }

    @Test
    void aDifferenceWithinTheBoundIsNoise() throws Exception {
        Report report = report(
                (target, index) -> target.equals("b") ? SeededResults.probe(208, 207) : SeededResults.probe(217, 216));
        assertEquals(Report.Verdict.BETTER, rps(report).verdict(), rps(report).sentence());
    }

    @Test
    void aHostThatSlowedDownAcrossTheSuiteIsAReportWarning() throws Exception {
        // Alternating runs: both sides see the slow-down alike, so the pair is not undermined, but the report says it.
        Report report = report(SLOWING);
        String drift = driftWarning(report);
        assertTrue(
                drift.contains(
                        "ran 12% slower in the last third of its runs (median 184.5 units per CPU second) than in the first third (210.5"),
                drift);
        assertEquals(Report.Verdict.BETTER, rps(report).verdict(), rps(report).sentence());
        assertTrue(drift.endsWith("measured on a different host"), drift);
    }

    /**
     * Runs made in interleaved pairs: the same drift, and the warning says the pairs compared their sides at the same
     * moments. duel compare on the controllers jar (2026-12-06) printed "paired slices cancel it" on one line and
     * "early and late runs were measured on a different host" on the next, as if the comparison were in doubt.
     */
    @Test
    void aDriftUnderPairsSaysItMovesTheValuesNotTheComparisons() throws Exception {
        String drift = driftWarning(report(SLOWING, true));
        assertTrue(
                drift.endsWith("measured on a different host; each pair's two sides ran at the same moments, so the"
                        + " drift moves the values, not the comparisons"),
                drift);
    }

    @Test
    void oneDisturbedProbeIsNotADrift() throws Exception {
        Report report =
                report((target, index) -> index == 8 ? SeededResults.probe(150, 216) : SeededResults.probe(217, 216));
        assertFalse(
                report.warnings().stream().anyMatch(w -> w.startsWith("host")),
                report.warnings().toString());
        assertEquals(Report.Verdict.BETTER, rps(report).verdict(), rps(report).sentence());
    }

    @Test
    void aBusyNeighbourOnTheProbesCpuIsNotAHostChange() throws Exception {
        // Around b's runs something else shared the probe's CPU: its wall time doubled, its CPU time did not.
        Report report = report((target, index) -> target.equals("b")
                ? new dev.duel.record.HostProbe(SeededResults.reading(108, 0.5), SeededResults.reading(109, 0.5))
                : SeededResults.probe(217, 216));
        assertEquals(Report.Verdict.BETTER, rps(report).verdict(), rps(report).sentence());
        assertTrue(
                report.warnings().stream().noneMatch(w -> w.startsWith("host")),
                report.warnings().toString());
    }

    @Test
    void recordsWithoutAProbeSayNothing() throws Exception {
        Report report = report((target, index) -> null);
        assertEquals(Report.Verdict.BETTER, rps(report).verdict(), rps(report).sentence());
        assertTrue(
                report.warnings().stream().noneMatch(w -> w.startsWith("host")),
                report.warnings().toString());
    }
}
