package dev.duel.report.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.duel.analysis.RatioInterval;
import dev.duel.report.ReportBuilder;
import dev.duel.report.ReportOptions;
import dev.duel.report.SeededResults;
import dev.duel.report.model.Report;
import dev.duel.report.read.ResultsReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.IntToDoubleFunction;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two groups in runs paired side by side (interleaved pairs): a host whose speed differed between pairs puts each
 * side's runs in two groups that the pairing takes out, which is no warning; pairs whose own ratios fall in two groups
 * (fresh JVMs landing on two levels) are, because the interval over the pairs does not hold its coverage then.
 */
class PairedGroupsTest {
    private static final SeededResults.Behaviour A = new SeededResults.Behaviour("a", "17", 20_000, 5_000, 20_000, 0);
    private static final SeededResults.Behaviour B = new SeededResults.Behaviour("b", "25", 22_000, 5_000, 20_000, 0);
    private static final int PAIRS = 8;

    @TempDir
    Path temp;

    @Test
    void aHostThatMovedBetweenPairsIsNoWarningWhenThePairsAgree() throws Exception {
        // Pairs 1, 3, 5, 7 met the host at full speed, 2, 4, 6, 8 at 0.6 of it; B serves 10% more in every pair.
        Report.ScenarioReport scenario =
                scenario(temp.resolve("host"), pair -> pair % 2 == 0 ? 1.0 : 0.6, pair -> 1.10);
        Report.Row rps = scenario.row("rps");
        for (Report.Cell cell : rps.cells()) {
            assertTrue(
                    RatioInterval.bimodal(cell.summary().values()),
                    "each side's runs in two groups, as the host had them: "
                            + java.util.Arrays.toString(cell.summary().values()));
        }
        Report.Comparison comparison = rps(scenario);
        assertEquals(1.10, comparison.ratio(), 1e-3, comparison.toString());
        assertTrue(
                comparison.warnings().stream().noneMatch(w -> w.contains("two groups")),
                comparison.warnings().toString());
    }

    @Test
    void pairsWhoseRatiosFallInTwoGroupsAreWarnedOf() throws Exception {
        // One host speed throughout; B 1% ahead in four pairs and 15% in the other four.
        Report.ScenarioReport scenario =
                scenario(temp.resolve("levels"), pair -> 1.0, pair -> pair % 2 == 0 ? 1.01 : 1.15);
        Report.Comparison comparison = rps(scenario);
        List<String> groups = comparison.warnings().stream()
                .filter(w -> w.contains("two groups"))
                .toList();
        assertEquals(1, groups.size(), comparison.warnings().toString());
        assertTrue(
                groups.get(0)
                        .startsWith("the 8 pairs' requests/s ratios fall into two groups (1.010 to 1.150): pairs of"
                                + " fresh JVMs that land on two levels"),
                groups.get(0));
        assertFalse(groups.get(0).startsWith("a:") || groups.get(0).startsWith("b:"), groups.get(0));
    }

    private static Report.Comparison rps(Report.ScenarioReport scenario) {
        return scenario.comparisons().stream()
                .filter(c -> c.measure().equals("rps"))
                .findFirst()
                .orElseThrow();
    }

    /** PAIRS interleaved pairs: pair p's host speed {@code level(p)} and B over A {@code ratio(p)}, in every slice. */
    private static Report.ScenarioReport scenario(Path folder, IntToDoubleFunction level, IntToDoubleFunction ratio)
            throws Exception {
        Files.createDirectories(folder);
        SeededResults results = new SeededResults(folder, 7, Instant.parse("2026-12-07T03:00:00Z"));
        results.environment("e", List.of());
        results.interleaved(A, B, PAIRS, List.of("s"));
        List<Path> records;
        try (Stream<Path> files = Files.list(folder.resolve("runs"))) {
            records = files.filter(f -> f.toString().endsWith(".json")).sorted().toList();
        }
        assertEquals(2 * PAIRS, records.size(), records.toString());
        for (Path record : records) {
            SeededResults.edit(record, tree -> {
                int index = tree.get("index").asInt();
                boolean a = tree.get("target").asText().equals("a");
                int partner = index % 2 == 1 ? index + 1 : index - 1;
                int pair = (index - 1) / 2;
                ObjectNode duet = tree.putObject("duet");
                duet.put("partnerIndex", partner);
                duet.put("partnerTarget", a ? "b" : "a");
                duet.put("design", "interleaved");
                duet.putNull("warmupCpus");
                duet.put("warmupCompilerNice", -10);
                ObjectNode load = (ObjectNode) tree.withArray("results").get(0).get("load");
                double rate = 20_000 * level.applyAsDouble(pair) * (a ? 1.0 : ratio.applyAsDouble(pair));
                ObjectNode main = (ObjectNode) load.get("main");
                main.put("okPerSecond", rate);
                main.put("requestsPerSecond", rate);
                // Twelve slices of 0.5 s from 10 s, every block ABBA; the first block is main's lead-in.
                ArrayNode slices = load.putArray("slices");
                for (long slice = 0; slice < 12; slice++) {
                    boolean outer = slice % 4 == 0 || slice % 4 == 3;
                    if (outer != a) {
                        continue;
                    }
                    long ok = Math.round(rate / 2);
                    ObjectNode s = slices.addObject();
                    s.put("slice", slice);
                    s.put("startMillis", 10_000 + slice * 500.0);
                    s.put("lengthMillis", 500.0);
                    s.put("ok", ok);
                    s.put("failures", 0);
                    ArrayNode tenths = s.putArray("okByTenth");
                    for (int t = 0; t < 10; t++) {
                        tenths.add(ok / 10);
                    }
                }
            });
        }
        ReportOptions options = new ReportOptions(null, Duration.ofHours(2), false, List.of(), 0.95, 0.2, 0.05);
        return new ReportBuilder(new ResultsReader().read(List.of(folder)), options)
                .build()
                .scenarios()
                .get(0);
    }
}
