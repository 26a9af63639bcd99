package dev.duel.report.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
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
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An interleaved pair whose main another process disturbed for a few seconds: the block it started and stopped in (the
 * noise gate's windows show it busy outside duel in one side's slices, not the other's) is left out of requests/s on both sides and
 * counted in the scenario's note, and the pair's latency, which main's whole histogram gives, is counted with the mark
 * "main disturbed in part"; a pair left alone gets neither.
 */
class InterleavedDisturbedTest {
    private static final SeededResults.Behaviour A = new SeededResults.Behaviour("a", "17", 1000, 5_000, 20_000, 0);
    private static final SeededResults.Behaviour B = new SeededResults.Behaviour("b", "25", 1100, 5_000, 20_000, 0);
    private static final double SLICE_MILLIS = 2_000;
    private static final double MAIN_START_MILLIS = 10_000;

    @TempDir
    Path temp;

    @Test
    void disturbedBlocksAreLeftOutAndTheLatencyOfTheirPairIsMarked() throws Exception {
        SeededResults results = new SeededResults(temp, 41, Instant.parse("2026-12-05T06:00:00Z"));
        results.environment("e", List.of());
        results.interleaved(A, B, 3, List.of("s"));
        List<Path> records;
        try (Stream<Path> files = Files.list(temp.resolve("runs"))) {
            records = files.filter(f -> f.toString().endsWith(".json")).sorted().toList();
        }
        assertEquals(6, records.size(), records.toString());
        for (Path record : records) {
            SeededResults.edit(record, tree -> {
                int index = tree.get("index").asInt();
                boolean a = tree.get("target").asText().equals("a");
                int partner = index % 2 == 1 ? index + 1 : index - 1;
                ObjectNode duet = tree.putObject("duet");
                duet.put("partnerIndex", partner);
                duet.put("partnerTarget", a ? "b" : "a");
                duet.put("design", "interleaved");
                duet.putNull("warmupCpus");
                // Each side's compilers were raised for its warm-up, but for the last run's (a renice refused).
                if (index == 6) {
                    duet.putNull("warmupCompilerNice");
                } else {
                    duet.put("warmupCompilerNice", -10);
                }
                ObjectNode load = (ObjectNode) tree.withArray("results").get(0).get("load");
                // Twelve slices of 2 s from 10 s, every block ABBA: B serves 10%, 11% and 12% more than A in the three
                // pairs; in the first, the neighbour of main's seconds 10-12 halves B's slices 5 and 6.
                int pair = (index - 1) / 2;
                ArrayNode slices = load.putArray("slices");
                for (long slice = 0; slice < 12; slice++) {
                    boolean outer = slice % 4 == 0 || slice % 4 == 3;
                    if (outer != a) {
                        continue;
                    }
                    long ok = a ? 40_000 : Math.round(40_000 * (1.10 + 0.01 * pair));
                    if (!a && pair == 0 && (slice == 5 || slice == 6)) {
                        ok /= 2;
                    }
                    ObjectNode s = slices.addObject();
                    s.put("slice", slice);
                    s.put("startMillis", MAIN_START_MILLIS + slice * SLICE_MILLIS);
                    s.put("lengthMillis", SLICE_MILLIS);
                    s.put("ok", ok);
                    s.put("failures", 0);
                    ArrayNode tenths = s.putArray("okByTenth");
                    for (int t = 0; t < 10; t++) {
                        tenths.add(ok / 10);
                    }
                }
                // The first pair (runs 1 and 2): a neighbour took B's CPU in main's seconds 10-12, inside block 1
                // ([8, 16) s of main), and its windows say so.
                ArrayNode windows = ((ObjectNode) tree.get("gates")).putArray("noiseWindows");
                for (int second = 0; second < 24; second++) {
                    boolean busy = index <= 2 && second >= 10 && second < 13;
                    ObjectNode w = windows.addObject();
                    w.put("scenario", "s");
                    w.put("start", false);
                    w.put("phase", "main");
                    w.put("startSeconds", second + 0.004);
                    w.put("seconds", 1.0);
                    w.put("outsideCores", busy ? 0.3 : 0.0);
                    w.put("irqCores", 0.01);
                    w.put("targetCores", busy ? 0.5 : 0.98);
                    w.put("targetIdleCores", 0.0);
                    w.put("targetAvailableCores", 0.98);
                    w.put("noisy", false);
                    w.put("interfered", busy);
                }
            });
        }
        ReportOptions options = new ReportOptions(null, Duration.ofHours(2), false, List.of(), 0.95, 0.2, 0.05);
        Report report = new ReportBuilder(new ResultsReader().read(List.of(temp)), options).build();
        Report.ScenarioReport scenario = report.scenarios().get(0);

        String note = scenario.notes().stream()
                .filter(n -> n.startsWith("interleaved:"))
                .findFirst()
                .orElseThrow(() -> new AssertionError(scenario.notes().toString()));
        assertTrue(
                note.contains(
                        "(3 pairs, 5 blocks; main's first block, its lead-in after the switch from warm-up, left out of"
                                + " both sides; 1 block another process cut, taking more CPU in one side's slices, left"
                                + " out of both sides)"),
                note);
        assertTrue(
                note.endsWith(
                        "; in 5 of 6 runs the JIT compiler threads ran at nice -10 while the pair warmed up on the"
                                + " CPUs both share, and at the JVM's own priority in main (the request threads would leave a"
                                + " compiler a tenth of a core)"),
                note);

        Report.Comparison rps = scenario.comparisons().stream()
                .filter(c -> c.measure().equals("rps"))
                .findFirst()
                .orElseThrow();
        // The pairs' 1.10, 1.11 and 1.12, their geometric mean: the halved block left out of the first.
        assertEquals(Math.cbrt(1.10 * 1.11 * 1.12), rps.ratio(), 1e-3, rps.toString());

        for (Report.Cell cell : scenario.row("p99").cells()) {
            List<String> marked = cell.marked().stream()
                    .filter(m -> m.marks().contains(Report.Mark.DISTURBED_IN_PART))
                    .map(Report.MarkedRun::run)
                    .toList();
            assertEquals(1, marked.size(), cell.marked().toString());
            assertTrue(List.of("001", "002").contains(marked.get(0)), marked.toString());
        }
        for (Report.Cell cell : scenario.row("rps").cells()) {
            assertTrue(
                    cell.marked().stream().noneMatch(m -> m.marks().contains(Report.Mark.DISTURBED_IN_PART)),
                    cell.marked().toString());
        }

        // Every side settled (its time to steady state is given), but a side of a pair has no warm-up cost of its own:
        // the cell says so, not that no run reached steady state.
        Report.Row toSteady = scenario.warmup().rows().stream()
                .filter(r -> r.measure().key().equals("steady.time"))
                .findFirst()
                .orElseThrow();
        toSteady.cells().forEach(cell -> assertEquals(3, cell.summary().runs(), cell.toString()));
        Report.Row cost = scenario.warmup().rows().stream()
                .filter(r -> r.measure().key().equals("warmup.cost"))
                .findFirst()
                .orElseThrow();
        for (Report.Cell cell : cost.cells()) {
            assertEquals(null, cell.summary());
            assertEquals(
                    "not measured: each run warmed up beside its partner in a pair, at a rate it would not have alone",
                    cell.missing());
        }
    }

    @Test
    void theCompilersNoteSaysWhoseWereRaised() {
        assertEquals("", Sections.compilersRaised(java.util.Arrays.asList(null, null)));
        assertTrue(Sections.compilersRaised(List.of(-10, -10))
                .startsWith("; both sides' JIT compiler threads ran at" + " nice -10 while"));
    }

    @Test
    void theWarmUpNoteSaysWhichSidesWarmedUpOffTheirOwnCpus() {
        assertEquals("", Sections.warmedUpElsewhere(java.util.Arrays.asList(null, null)));
        assertEquals(
                "; every side warmed up on CPUs 0-1, not only its own, and was back on its own for main",
                Sections.warmedUpElsewhere(List.of("0-1", "0-1")));
        assertEquals(
                "; in 2 of 4 runs the side warmed up on CPU 1, not only its own, and was back on its own for main",
                Sections.warmedUpElsewhere(java.util.Arrays.asList(null, "1", null, "1")));
    }
}
