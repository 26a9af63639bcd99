package dev.duel.report.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.report.ReportBuilder;
import dev.duel.report.ReportOptions;
import dev.duel.report.SeededResults;
import dev.duel.report.model.Report;
import dev.duel.report.read.ResultsReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every renderer against a golden file, from the committed records in
 * {@code src/test/resources/records/seeded}: typed records from a seed ({@link #seeded}), serialised
 * by the records' own codec. After an intended change, regenerate records and golden files with
 * {@code mvn -pl report test -Dgolden.update=true} and review the diff.
 */
class GoldenReportTest {
    private static final Path GOLDEN = Path.of("src/test/resources/golden");
    static final Path SEEDED_RECORDS = Path.of("src/test/resources/records/seeded");
    private static Locale previous;

    @TempDir
    static Path temp;

    private static Report report;

    /** uPlot's stand-in in golden pages: the page is pinned down, not the library's 50 KB. */
    static final HtmlRenderer.Library STAND_IN = new HtmlRenderer.Library("/* uPlot */", "/* uPlot's style */");

    @BeforeAll
    static void build() throws Exception {
        previous = Locale.getDefault();
        Locale.setDefault(Locale.GERMANY); // renderers must not follow the default locale
        if (Boolean.getBoolean("golden.update")) {
            deleteTree(SEEDED_RECORDS);
            seeded(SEEDED_RECORDS);
        }
        Path results = temp.resolve("results");
        copyTree(SEEDED_RECORDS, results);
        report = new ReportBuilder(new ResultsReader().read(List.of(results)), ReportOptions.DEFAULT).build();
    }

    /** The committed records are exactly what the typed seed writes today: a change to the record types shows here first. */
    @Test
    void theCommittedRecordsAreWhatTheSeedWrites() throws Exception {
        Path regenerated = seeded(temp.resolve("regenerated"));
        List<Path> committed = files(SEEDED_RECORDS);
        assertEquals(
                committed,
                files(regenerated),
                "the seed writes other files than are committed; run with -Dgolden.update=true");
        for (Path file : committed) {
            assertEquals(
                    Files.readString(SEEDED_RECORDS.resolve(file)),
                    Files.readString(regenerated.resolve(file)),
                    file + " differs from what the seed writes; run with -Dgolden.update=true and review the diff");
        }
    }

    static List<Path> files(Path root) throws java.io.IOException {
        try (java.util.stream.Stream<Path> walk = Files.walk(root)) {
            return walk.filter(Files::isRegularFile)
                    .map(root::relativize)
                    .sorted()
                    .toList();
        }
    }

    static void copyTree(Path from, Path to) throws java.io.IOException {
        for (Path file : files(from)) {
            Files.createDirectories(to.resolve(file).getParent());
            Files.copy(from.resolve(file), to.resolve(file));
        }
    }

    private static void deleteTree(Path root) throws java.io.IOException {
        if (Files.exists(root)) {
            try (java.util.stream.Stream<Path> walk = Files.walk(root)) {
                for (Path path :
                        walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.delete(path);
                }
            }
        }
    }

    @AfterAll
    static void restore() {
        Locale.setDefault(previous);
    }

    /**
     * Two JDKs, six alternating repetitions of two scenarios, one invalid run, one noisy attempt,
     * thin samples on one side, warm-ups of every kind (json: jdk25's first run flat, jdk17's fourth steady only
     * from inside main; product: jdk25's sixth never steady, the rest steady from main's start); then three warm-up
     * curves each.
     */
    static Path seeded(Path directory) throws Exception {
        SeededResults results = new SeededResults(directory, 42, Instant.parse("2026-11-30T06:00:00Z"));
        results.environment("env0000001", List.of());
        results.suite("seeded", List.of("product: jdk25.rps >= 0.95 * jdk17.rps", "*.p99 < 20ms", "*.errors == 0"));
        SeededResults.Behaviour jdk17 = new SeededResults.Behaviour("jdk17", "17.0.15", 13_700, 8_800, 270_000, 0.01);
        SeededResults.Behaviour jdk25 = new SeededResults.Behaviour("jdk25", "25.0.3", 15_000, 8_100, 300_000, 0.02);
        SeededResults.Behaviour jdk25Thin = new SeededResults.Behaviour("jdk25", "25.0.3", 15_000, 8_100, 640, 0.02);
        results.runtime(GoldenReportTest::runtime);
        double minutes = 0;
        for (int rep = 1; rep <= 6; rep++) {
            List<SeededResults.Behaviour> order = rep % 2 == 1 ? List.of(jdk17, jdk25) : List.of(jdk25, jdk17);
            for (SeededResults.Behaviour b : order) {
                SeededResults.Behaviour behaviour = b == jdk25 && rep == 3 ? jdk25Thin : b;
                // Warm-ups of every kind: one flat run, one steady only from inside main, one that never settles.
                if (b == jdk25 && rep == 1) {
                    behaviour = b.shaped(SeededResults.Shape.CLOSED.settling("json", SeededResults.Settle.FLAT));
                } else if (b == jdk17 && rep == 4) {
                    behaviour = b.shaped(SeededResults.Shape.CLOSED.settling("json", SeededResults.Settle.LATE));
                } else if (b == jdk25 && rep == 6) {
                    behaviour = b.shaped(SeededResults.Shape.CLOSED.settling("product", SeededResults.Settle.NEVER));
                }
                if (b == jdk17 && rep == 2) {
                    results.run(
                            b,
                            "discarded",
                            "noise: 0.61 cores busy outside duel during main (limit 0.25)",
                            1,
                            minutes,
                            "env0000001",
                            List.of("json", "product"),
                            false);
                    minutes += 1.5;
                }
                String status = b == jdk25 && rep == 5 ? "invalid" : "ok";
                String reason = status.equals("invalid")
                        ? "load generator saturated: it used 93% of its 1 core(s) (limit 70%); give it 2 core(s)"
                        : "";
                results.run(
                        behaviour,
                        status,
                        reason,
                        b == jdk17 && rep == 2 ? 2 : 1,
                        minutes,
                        "env0000001",
                        List.of("json", "product"),
                        false);
                minutes += 1.5;
            }
        }
        for (int rep = 1; rep <= 3; rep++) {
            for (SeededResults.Behaviour b : rep % 2 == 1 ? List.of(jdk17, jdk25) : List.of(jdk25, jdk17)) {
                results.run(b, "ok", "", 1, minutes, "env0000001", List.of("curve"), true);
                minutes += 2;
            }
        }
        return directory;
    }

    /**
     * The seeded runs' timelines: json with a JFR recording (jdk25 allocating a fifth more per request, with longer
     * young pauses), product with thread CPU only (jdk25's C2 settling more slowly), the warm-up curves without one.
     * Each run's compilers and allocation are within ±2% of its target's, so the runs differ as real ones do.
     */
    static dev.duel.record.runtime.RuntimeTimeline runtime(
            String target, String scenario, int index, List<dev.duel.record.load.SecondResult> seconds) {
        boolean jdk25 = target.equals("jdk25");
        double spread = 1 + 0.02 * StrictMath.sin(index * 1.7);
        return switch (scenario) {
            case "json" ->
                new dev.duel.record.SampleRuntime(
                                250,
                                650 * spread,
                                15,
                                8,
                                990,
                                36 * 1024,
                                64 << 20,
                                jdk25 ? 2.3 : 1.0,
                                jdk25 ? 0.6 : 0.5)
                        .allocating(spread * (jdk25 ? 1.22 : 1))
                        .timeline(dev.duel.record.runtime.Profile.JFR, seconds);
            case "product" ->
                new dev.duel.record.SampleRuntime(
                                300,
                                (jdk25 ? 800 : 600) * spread,
                                20,
                                jdk25 ? 12 : 8,
                                990,
                                52 * 1024,
                                64 << 20,
                                1.5,
                                0.5)
                        .allocating(spread)
                        .timeline(dev.duel.record.runtime.Profile.THREADS, seconds);
            default -> null;
        };
    }

    @Test
    void markdown() throws Exception {
        golden("report.md", new MarkdownRenderer().render(report));
    }

    @Test
    void terminal() throws Exception {
        golden("report.txt", new TerminalRenderer().render(report));
    }

    @Test
    void summaryJson() throws Exception {
        golden("summary.json", new SummaryJsonRenderer().render(report));
    }

    @Test
    void html() throws Exception {
        // Chart pictures depend on fonts; here each is its file name, so the page itself is pinned down.
        golden(
                "report.html",
                new HtmlRenderer(spec -> spec.file().getBytes(java.nio.charset.StandardCharsets.UTF_8), STAND_IN)
                        .render(report));
    }

    @Test
    void junitXml() throws Exception {
        String xml = new JunitXmlRenderer().render(report);
        golden("report-junit.xml", xml);
        JunitSchema.validate(xml);
        // What the renderer says of itself: the seeded thresholds are 13 cases, one of them not judged, and every
        // comparison row is a case.
        assertTrue(xml.contains("<testsuite name=\"duel.thresholds\" tests=\"13\" failures=\"1\""), xml);
        assertTrue(xml.contains("<failure type=\"not-judged\""), xml);
        long rows = report.scenarios().stream()
                .mapToLong(s -> s.comparisons().size())
                .sum();
        assertEquals(13 + rows, xml.split("<testcase ", -1).length - 1);
    }

    @Test
    void jobSummary() throws Exception {
        golden("job-summary.md", new JobSummaryRenderer().render(report));
    }

    @Test
    void pullRequestComment() throws Exception {
        String comment = new PullRequestCommentRenderer()
                .render(
                        report,
                        "https://github.com/acme/shop/actions/runs/7#artifacts",
                        PullRequestCommentRenderer.GITHUB_LIMIT);
        golden("pr-comment.md", comment);
        assertTrue(comment.startsWith(PullRequestCommentRenderer.marker(report.title()) + "\n"), comment);
    }

    @Test
    void aPullRequestCommentThatWouldNotFitLeavesItsLastScenariosOutAndSaysSo() {
        String whole = new PullRequestCommentRenderer().render(report, null, PullRequestCommentRenderer.GITHUB_LIMIT);
        int limit = whole.length() - 1;
        String cut = new PullRequestCommentRenderer().render(report, null, limit);
        assertTrue(cut.length() <= limit, cut.length() + " > " + limit);
        assertTrue(
                cut.contains(" more scenario(s) left out here to stay under GitHub's " + limit + " characters"), cut);
        assertTrue(cut.endsWith("`report.html` in this job's artifacts.\n"), cut);
        assertTrue(
                cut.contains("**" + MarkdownRenderer.escape(report.headline().get(0)) + "**"),
                "the headline stays whole: " + cut);
    }

    @Test
    void chartData() throws Exception {
        golden("charts.txt", chartData(report));
    }

    /** Every chart's data as text, so that what the pictures show is pinned down without fonts. */
    static String chartData(Report report) {
        StringBuilder text = new StringBuilder();
        for (Charts.Spec spec : Charts.specs(report)) {
            text.append(spec.file())
                    .append(" | ")
                    .append(spec.kind())
                    .append(" | ")
                    .append(spec.title())
                    .append(" | x: ")
                    .append(spec.xTitle())
                    .append(" | y: ")
                    .append(spec.yTitle())
                    .append(" | categories ")
                    .append(spec.categories())
                    .append('\n');
            for (Charts.Series series : spec.series()) {
                text.append("  ")
                        .append(series.name())
                        .append(": x ")
                        .append(java.util.Arrays.toString(series.x()))
                        .append(" y ")
                        .append(java.util.Arrays.toString(series.y()))
                        .append('\n');
            }
        }
        return text.toString();
    }

    static void golden(String name, String rendered) throws Exception {
        String actual = temp == null ? rendered : rendered.replace(temp.toString(), "TEMP");
        Path file = GOLDEN.resolve(name);
        if (Boolean.getBoolean("golden.update")) {
            Files.createDirectories(GOLDEN);
            Files.writeString(file, actual);
        }
        assertTrue(Files.exists(file), file + " is missing: run with -Dgolden.update=true and review it");
        String expected = Files.readString(file);
        if (!expected.equals(actual)) {
            Path out = Path.of("target/golden-actual").resolve(name);
            Files.createDirectories(out.getParent());
            Files.writeString(out, actual);
        }
        assertEquals(
                expected,
                actual,
                name + " differs from its golden file; the actual output is in target/golden-actual/" + name);
    }
}
