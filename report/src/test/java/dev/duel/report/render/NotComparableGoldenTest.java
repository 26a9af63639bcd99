package dev.duel.report.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.record.load.FailureKind;
import dev.duel.report.ReportBuilder;
import dev.duel.report.ReportOptions;
import dev.duel.report.SeededResults;
import dev.duel.report.model.Report;
import dev.duel.report.read.ResultsReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A seeded set where one side cannot be judged: jdk25 was throttled in 30% of its CPU periods (above the 20% bound:
 * its latency includes waits for the next quota period), and it also has a failed run, a thin-sample run and three runs
 * that never settle. The latency rows say "not comparable" with their reasons, the pair's shared reason said once, and
 * none says better or worse (both sides ran under one CPU quota: requests/s and CPU per request keep a verdict, each
 * side's capacity at that quota); every run is counted, each with its mark. Records in {@code
 * src/test/resources/records/not-comparable}, golden files in {@code src/test/resources/golden/not-comparable};
 * {@code -Dgolden.update=true} rewrites both.
 */
class NotComparableGoldenTest {
    private static final Path RECORDS = Path.of("src/test/resources/records/not-comparable");
    private static final Path GOLDEN = Path.of("src/test/resources/golden/not-comparable");
    private static Locale previous;

    @TempDir
    static Path temp;

    private static Report report;

    @BeforeAll
    static void build() throws Exception {
        previous = Locale.getDefault();
        Locale.setDefault(Locale.GERMANY); // renderers must not follow the default locale
        if (Boolean.getBoolean("golden.update")) {
            if (Files.exists(RECORDS)) {
                for (Path file : GoldenReportTest.files(RECORDS)) {
                    Files.delete(RECORDS.resolve(file));
                }
            }
            seeded(RECORDS);
        }
        Path results = temp.resolve("results");
        GoldenReportTest.copyTree(RECORDS, results);
        report = new ReportBuilder(new ResultsReader().read(List.of(results)), ReportOptions.DEFAULT).build();
    }

    @AfterAll
    static void restore() {
        Locale.setDefault(previous);
    }

    /**
     * jdk17: six clean runs. jdk25: six runs, each throttled in 30% of its CPU periods, of which the third failed (412
     * answers failed their checks), the fifth held only 640 correct responses, and the first, second and sixth still
     * rise through main, so that those runs reach no steady state.
     */
    static Path seeded(Path directory) throws Exception {
        SeededResults results = new SeededResults(directory, 10, Instant.parse("2026-11-30T08:00:00Z"));
        results.environment("env0000001", List.of());
        results.suite("not-comparable", List.of("*.errors == 0", "jdk25.rps >= 0.95 * jdk17.rps"));
        SeededResults.Behaviour jdk17 = new SeededResults.Behaviour("jdk17", "17.0.15", 13_700, 8_800, 270_000, 0.01);
        SeededResults.Behaviour jdk25 = new SeededResults.Behaviour("jdk25", "25.0.3", 15_000, 8_100, 300_000, 0.30);
        // Three of jdk25's runs are still rising through main; the thin-sample run and one other settle, so that each
        // mark (failed, thin samples, never steady) has a run of its own to show in the rows.
        SeededResults.Behaviour warming =
                jdk25.shaped(SeededResults.Shape.CLOSED.settling("product", SeededResults.Settle.NEVER));
        double minutes = 0;
        for (int rep = 1; rep <= 6; rep++) {
            for (SeededResults.Behaviour b : rep % 2 == 1 ? List.of(jdk17, jdk25) : List.of(jdk25, jdk17)) {
                if (b == jdk25 && rep == 3) {
                    results.run(
                            b.failing(Map.of(FailureKind.CHECK, 412L)),
                            "failed",
                            "answered wrongly: 412 of 300,412 requests failed their checks (maxErrorRate 0)",
                            1,
                            minutes,
                            "env0000001",
                            List.of("product"),
                            false);
                } else {
                    results.run(
                            b == jdk25 && rep == 5 ? b.withSamples(640) : b == jdk25 && rep != 4 ? warming : b,
                            "ok",
                            "",
                            1,
                            minutes,
                            "env0000001",
                            List.of("product"),
                            false);
                }
                minutes += 1.5;
            }
        }
        return directory;
    }

    @Test
    void theCommittedRecordsAreWhatTheSeedWrites() throws Exception {
        Path regenerated = seeded(temp.resolve("regenerated"));
        assertEquals(GoldenReportTest.files(RECORDS), GoldenReportTest.files(regenerated));
        for (Path file : GoldenReportTest.files(RECORDS)) {
            assertEquals(
                    Files.readString(RECORDS.resolve(file)),
                    Files.readString(regenerated.resolve(file)),
                    file + " differs from what the seed writes; run with -Dgolden.update=true and review the diff");
        }
    }

    /**
     * The errors, late and unstarted rows are facts about the target that a throttled run still shows: no warning that
     * would undermine a verdict stands beside them. The latency rows are not comparable, with the throttling as their
     * reason; every speed row warns of it and counts every run with its mark.
     */
    @Test
    void theLatencyRowsAreNotComparableUnderThrottlingAndEveryRunIsCounted() {
        Report.ScenarioReport product = report.scenarios().get(0);
        for (Report.Comparison c : product.comparisons()) {
            if (List.of("errors", "late", "unstarted").contains(c.measure())
                    || c.measure().startsWith("errors.")) {
                assertTrue(
                        c.warnings().stream().noneMatch(w -> w.contains("throttled in")),
                        c.warnings().toString());
                continue;
            }
            // Throttling holds the latency rows' verdicts (its waits for the next quota period are in them); under
            // one quota on both sides, the other rows are each side's capacity at it and keep theirs.
            boolean latency = List.of("p50", "p90", "p99", "p99.9", "mean").contains(c.measure());
            assertEquals(latency, c.reasons().contains("jdk25 throttled above 20%"), c.measure() + ": " + c.reasons());
            assertTrue(
                    c.warnings().stream().anyMatch(w -> w.startsWith("jdk25: throttled in 30% of CPU periods")),
                    c.warnings().toString());
            if (latency) {
                assertEquals(Report.Verdict.NOT_COMPARABLE, c.verdict(), c.sentence());
                assertTrue(Double.isNaN(c.ratio()), "no signed change: " + c.sentence());
            }
            assertTrue(c.runs().startsWith("jdk17 6 of 6; jdk25 6 of 6 (counted with a mark: "), c.runs());
        }
        assertEquals(
                "jdk17 6 of 6; jdk25 6 of 6 (counted with a mark: 3 never steady, 1 failed, 1 thin samples)",
                product.comparisons().stream()
                        .filter(c -> c.measure().equals("p99"))
                        .findFirst()
                        .orElseThrow()
                        .runs());
        assertEquals(
                "jdk17 6 of 6; jdk25 6 of 6 (1 failed counted)",
                product.comparisons().stream()
                        .filter(c -> c.measure().equals("errors"))
                        .findFirst()
                        .orElseThrow()
                        .runs());
        assertTrue(
                report.thresholds().stream().noneMatch(t -> t.detail().contains("jdk25") && t.passed()),
                report.thresholds().toString());
    }

    @Test
    void markdown() throws Exception {
        golden("report.md", new MarkdownRenderer().render(report));
    }

    @Test
    void html() throws Exception {
        golden(
                "report.html",
                new HtmlRenderer(spec -> spec.file().getBytes(StandardCharsets.UTF_8), GoldenReportTest.STAND_IN)
                        .render(report));
    }

    @Test
    void summaryJson() throws Exception {
        golden("summary.json", new SummaryJsonRenderer().render(report));
    }

    /** The measures that rest on the same runs share one "runs used" line per pair: none is said twice. */
    @Test
    void eachPairSaysEachSetOfRunsOnce() {
        String rendered = new TerminalRenderer().render(report);
        List<String> block = new java.util.ArrayList<>();
        int pairs = 0;
        for (String line : (rendered + "\n").split("\n", -1)) {
            if (line.startsWith("  ") && !line.startsWith("   ") && line.endsWith(":") && line.contains(" against ")) {
                pairs++;
                block.clear();
            } else if (line.startsWith("    runs used of planned: ")) {
                assertTrue(!block.contains(line), "said twice in one pair: " + line);
                block.add(line);
            }
        }
        assertTrue(pairs >= 2, "pairs rendered: " + pairs);
    }

    @Test
    void terminal() throws Exception {
        golden("report.txt", new TerminalRenderer().render(report));
    }

    private static void golden(String name, String rendered) throws Exception {
        String actual = rendered.replace(temp.toString(), "TEMP");
        Path file = GOLDEN.resolve(name);
        if (Boolean.getBoolean("golden.update")) {
            Files.createDirectories(GOLDEN);
            Files.writeString(file, actual);
        }
        assertTrue(Files.exists(file), file + " is missing: run with -Dgolden.update=true and review it");
        assertEquals(Files.readString(file), actual, name + " differs from its golden file");
    }
}
