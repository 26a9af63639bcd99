package dev.duel.report.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.report.ReportBuilder;
import dev.duel.report.ReportOptions;
import dev.duel.report.SeededResults;
import dev.duel.report.model.Measure;
import dev.duel.report.model.Metric;
import dev.duel.report.model.Report;
import dev.duel.report.model.Summary;
import dev.duel.report.read.ResultsReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A report never points two ways: the central value a table shows for each target ({@link Measure#central}) never
 * points the other way from the verdict beside it, a row that prints a change whose cells point the other way says why
 * in the same row, and a threshold between two targets whose comparison "cannot tell" is not judged. Checked over every
 * committed records folder the golden reports are built from, over seeded results folders (targets a few percent apart,
 * some runs invalid), and over seeded cells paired slice by slice, where whole runs and paired slices can disagree.
 */
class CentralValuesTest {
    private static final Path RECORDS = Path.of("src/test/resources/records");
    private static final Report.Verdict[] DIRECTIONAL = {
        Report.Verdict.BETTER, Report.Verdict.WORSE, Report.Verdict.DIFFERENT
    };

    @TempDir
    Path temp;

    @Test
    void everyCommittedRecordsFolderAgreesWithItself() throws Exception {
        List<Path> folders;
        try (Stream<Path> dirs = Files.list(RECORDS)) {
            folders = dirs.filter(Files::isDirectory)
                    .filter(d -> Files.isDirectory(d.resolve("runs")))
                    // JMH's report shows medians over forks and compares medians: one centre, by construction.
                    .filter(d -> !d.getFileName().toString().equals("micro"))
                    .sorted()
                    .toList();
        }
        assertTrue(folders.size() >= 3, "the golden reports' folders: " + folders);
        int checked = 0;
        for (Path folder : folders) {
            checked += agrees(folder, folder.getFileName().toString());
        }
        assertTrue(checked >= 20, "comparisons checked: " + checked);
    }

    @Test
    void seededFoldersAgreeWithThemselvesAndLeaveCannotTellUnjudged() throws Exception {
        int directional = 0;
        int cannotTell = 0;
        for (long seed = 1; seed <= 24; seed++) {
            Random random = new Random(seed);
            Path folder = temp.resolve("seed-" + seed);
            SeededResults results = new SeededResults(folder, seed, Instant.parse("2026-12-05T06:00:00Z"));
            results.environment("e", List.of());
            double rps = 5_000 + random.nextInt(20_000);
            // From a tenth apart (a verdict) to nothing apart (cannot tell, or the same).
            double factor = 1 + (random.nextDouble() - 0.5) * 0.2;
            SeededResults.Behaviour a = new SeededResults.Behaviour("a", "17", rps, 8_000, 200_000, 0.01);
            SeededResults.Behaviour b =
                    new SeededResults.Behaviour("b", "25", rps * factor, 8_000 / factor, 200_000, 0.01);
            int each = 3 + random.nextInt(4);
            double minutes = 0;
            for (int rep = 0; rep < each; rep++) {
                for (SeededResults.Behaviour behaviour : rep % 2 == 0 ? List.of(a, b) : List.of(b, a)) {
                    boolean invalid = random.nextDouble() < 0.1;
                    results.run(
                            behaviour,
                            invalid ? "invalid" : "ok",
                            invalid ? "load generator saturated" : "",
                            1,
                            minutes,
                            "e",
                            List.of("s"),
                            false);
                    minutes += 1.5;
                }
            }
            agrees(folder, "seed " + seed);
            Report report = build(folder, List.of());
            for (Report.ScenarioReport scenario : report.scenarios()) {
                for (Report.Comparison c : scenario.comparisons()) {
                    if (List.of(DIRECTIONAL).contains(c.verdict())) {
                        directional++;
                    }
                    if (c.verdict() != Report.Verdict.CANNOT_TELL || c.shift() != null) {
                        continue;
                    }
                    cannotTell++;
                    for (String op : List.of(">=", "<=")) {
                        String threshold = String.format(
                                Locale.ROOT,
                                "%s: %s.%s %s 1.0 * %s.%s",
                                scenario.name(),
                                c.other(),
                                c.measure(),
                                op,
                                c.baseline(),
                                c.measure());
                        Report.ThresholdResult result =
                                build(folder, List.of(threshold)).thresholds().get(0);
                        assertFalse(result.judged(), "seed " + seed + ": " + threshold + ": " + result.detail());
                        assertFalse(result.passed(), "a threshold not judged fails: " + result.detail());
                    }
                }
            }
        }
        // The seeds cover both kinds of row, or the property above was checked on nothing.
        assertTrue(directional >= 10, "directional verdicts: " + directional);
        assertTrue(cannotTell >= 5, "cannot-tell rows: " + cannotTell);
    }

    /**
     * Cells paired slice by slice (interleaved pairs): the run values and the slices' ratios drawn apart, so that whole
     * runs and paired slices often disagree. No directional verdict ever stands beside cells pointing the other way;
     * a change printed beside them says why.
     */
    @Test
    void slicePairedRowsNeverPointTwoWays() {
        Verdicts verdicts = new Verdicts("a", 0.95, 0.05);
        Measure rps = Measure.of(Metric.RPS);
        Verdicts.RowContext clean = new Verdicts.RowContext(List.of(), "a 5 of 5; b 5 of 5", List.of());
        Random random = new Random(31);
        int opposite = 0;
        int directional = 0;
        for (int trial = 0; trial < 2_000; trial++) {
            int n = 3 + random.nextInt(4);
            double[] va = new double[n];
            double[] vb = new double[n];
            List<String> pairs = new ArrayList<>();
            List<Double> ratios = new ArrayList<>();
            double runShift = 1 + random.nextGaussian() * 0.03;
            double sliceShift = 1 + random.nextGaussian() * 0.03;
            for (int i = 0; i < n; i++) {
                double host = random.nextBoolean() ? 1.0 : 0.55; // the two speeds this project's hosts flip between
                va[i] = 20_000 * host * (1 + random.nextGaussian() * 0.05);
                vb[i] = 20_000 * host * runShift * (1 + random.nextGaussian() * 0.05);
                pairs.add("s#" + i);
                ratios.add(sliceShift * (1 + random.nextGaussian() * 0.01));
            }
            Report.Cell a = pairedCell(va, pairs, ratios);
            Report.Cell b = pairedCell(vb, pairs, ratios);
            Report.Comparison c = verdicts.of(rps, a, b, "b", null, clean);
            double centres = rps.central(b.summary()) / rps.central(a.summary());
            boolean against =
                    Double.isFinite(c.ratio()) && (c.ratio() > 1 ? centres < 1 : c.ratio() < 1 && centres > 1);
            if (List.of(DIRECTIONAL).contains(c.verdict())) {
                directional++;
                assertFalse(against, trial + ": " + c.sentence() + " beside cells at " + centres);
            }
            if (against) {
                opposite++;
                assertTrue(
                        c.warnings().stream().anyMatch(w -> w.contains("point the other way")),
                        trial + ": " + c.sentence() + " " + c.warnings());
            }
            if (c.verdict() == Report.Verdict.NOT_COMPARABLE && c.sentence().contains("the paired slices give")) {
                opposite++;
                assertTrue(c.sentence().contains("point the other way"), c.sentence());
            }
        }
        assertTrue(opposite >= 50, "trials where runs and slices disagree: " + opposite);
        assertTrue(directional >= 50, "directional verdicts: " + directional);
    }

    @Test
    void theCentralValueIsTheGeometricMeanForRatiosAndTheMedianForCountsSharesAndZeros() {
        Summary positive = Summary.of(new double[] {100, 400, 1000});
        assertEquals(Math.cbrt(100 * 400 * 1000.0), Measure.of(Metric.RPS).central(positive), 1e-9);
        assertEquals("geometric mean", Measure.of(Metric.RPS).centralName(positive));
        assertEquals(400, Measure.of(Metric.ERRORS).central(positive), 0, "a count: the median");
        assertEquals(400, Measure.of(Metric.THROTTLED).central(positive), 0, "a share: the median");
        Summary zero = Summary.of(new double[] {0, 400, 1000});
        assertEquals(400, Measure.of(Metric.RPS).central(zero), 0, "a run at 0 leaves no geometric mean");
        assertEquals("median", Measure.of(Metric.RPS).centralName(zero));
        assertEquals(7, Summary.of(new double[] {7, 7, 7}).geometricMean(), 0, "equal values give exactly that value");
    }

    private static Report.Cell pairedCell(double[] values, List<String> pairs, List<Double> ratios) {
        return new Report.Cell(Summary.of(values), null, List.of(), 0, 0, List.of(), pairs, ratios, true);
    }

    private static Report build(Path folder, List<String> thresholds) throws Exception {
        ReportOptions options = new ReportOptions(null, Duration.ofHours(2), false, thresholds, 0.95, 0.2, 0.05);
        return new ReportBuilder(new ResultsReader().read(List.of(folder)), options).build();
    }

    /** Checks every comparison of every section of the folder's report; returns how many it checked. */
    private static int agrees(Path folder, String name) throws Exception {
        Report report = build(folder, List.of());
        int checked = 0;
        for (Report.ScenarioReport scenario : report.scenarios()) {
            checked +=
                    agrees(name + " " + scenario.name(), scenario.targets(), scenario.rows(), scenario.comparisons());
            if (scenario.warmup() != null) {
                checked += agrees(
                        name + " " + scenario.name() + " warm-up",
                        scenario.targets(),
                        scenario.warmup().rows(),
                        scenario.warmup().comparisons());
            }
            if (scenario.runtime() != null) {
                checked += agrees(
                        name + " " + scenario.name() + " runtime",
                        scenario.targets(),
                        scenario.runtime().rows(),
                        scenario.runtime().comparisons());
            }
        }
        return checked;
    }

    private static int agrees(
            String where, List<String> targets, List<Report.Row> rows, List<Report.Comparison> comparisons) {
        int checked = 0;
        for (Report.Comparison c : comparisons) {
            Report.Row row = rows.stream()
                    .filter(r -> r.measure().key().equals(c.measure()))
                    .findFirst()
                    .orElse(null);
            if (row == null) {
                continue;
            }
            Summary a = row.cells().get(targets.indexOf(c.baseline())).summary();
            Summary b = row.cells().get(targets.indexOf(c.other())).summary();
            if (a == null || b == null) {
                continue;
            }
            checked++;
            double centreA = row.measure().central(a);
            double centreB = row.measure().central(b);
            boolean directional = List.of(DIRECTIONAL).contains(c.verdict());
            String what = where + " " + c.measure() + ": " + c.sentence() + " beside " + centreA + " and " + centreB;
            if (c.shift() != null) {
                double points = c.shift().points();
                assertEquals((centreB - centreA) * 100, points, 1e-9, what);
                if (directional) {
                    assertTrue(
                            points > 0 ? c.shift().lowPoints() > 0 : c.shift().highPoints() < 0, what);
                }
                continue;
            }
            if (!Double.isFinite(c.ratio())) {
                continue;
            }
            boolean against = c.ratio() > 1 ? centreB < centreA : c.ratio() < 1 && centreB > centreA;
            if (directional) {
                assertFalse(against, what);
            } else if (against) {
                assertTrue(c.warnings().stream().anyMatch(w -> w.contains("point the other way")), what);
            }
        }
        return checked;
    }
}
