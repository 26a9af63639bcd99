package dev.duel.report.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.record.RecordJson;
import dev.duel.record.SampleRecords;
import dev.duel.record.Status;
import dev.duel.record.micro.MicroMode;
import dev.duel.record.micro.MicroRecord;
import dev.duel.report.ReportBuilder;
import dev.duel.report.ReportOptions;
import dev.duel.report.build.MicroChain;
import dev.duel.report.build.MicroReportBuilder;
import dev.duel.report.model.MicroReport;
import dev.duel.report.model.Report;
import dev.duel.report.read.MicroReader;
import dev.duel.report.read.ResultsReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The micro report in every format against golden files, from the committed fork records in
 * {@code src/test/resources/records/micro}: typed {@link MicroRecord}s from a seed, serialised by the records' codec.
 * Regenerate with {@code -Dgolden.update=true} and review the diff.
 */
class MicroGoldenTest {
    static final Path MICRO_RECORDS = Path.of("src/test/resources/records/micro");
    private static Locale previous;
    private static MicroReport report;

    @BeforeAll
    static void build() throws Exception {
        previous = Locale.getDefault();
        Locale.setDefault(Locale.GERMANY);
        if (Boolean.getBoolean("golden.update")) {
            seeded(MICRO_RECORDS);
        }
        report = new MicroReportBuilder(0.95).build(MicroReader.read(MICRO_RECORDS));
    }

    @AfterAll
    static void restore() {
        Locale.setDefault(previous);
    }

    /**
     * jdk17 against jdk25, forks alternating, 3 a side: postQuote clearly faster on jdk25 with less allocation,
     * serialize clearly slower, sort cannot tell, a throughput benchmark faster (higher is faster there), and filter
     * thin (jdk25's third fork failed).
     */
    static Path seeded(Path folder) throws Exception {
        Files.createDirectories(folder.resolve("runs"));
        Files.write(
                folder.resolve("env.json"),
                RecordJson.bytes(SampleRecords.environment("env0000001", "2026-11-30T06:00:00Z", List.of())));
        Files.writeString(folder.resolve(MicroReader.PLAN), "{ \"forks\" : 3 }\n");
        record Case(
                String benchmark,
                Map<String, String> params,
                MicroMode mode,
                String unit,
                double a,
                double b,
                double allocA,
                double allocB) {}
        List<Case> cases = List.of(
                new Case(
                        "dev.duel.reference.micro.HttpBenchmark.postQuote",
                        Map.of("app", "minimal", "size", "1000"),
                        MicroMode.AVERAGE_TIME,
                        "us/op",
                        53.2,
                        41.0,
                        25_106,
                        22_870),
                new Case(
                        "dev.duel.reference.micro.ProcessLogicBenchmark.serialize",
                        Map.of("size", "1000000"),
                        MicroMode.AVERAGE_TIME,
                        "ms/op",
                        38.5,
                        64.4,
                        48_000_000,
                        48_000_000),
                new Case(
                        "dev.duel.reference.micro.ProcessLogicBenchmark.sort",
                        Map.of("size", "1000000"),
                        MicroMode.AVERAGE_TIME,
                        "ms/op",
                        74.9,
                        74.0,
                        8_000_024,
                        8_000_024),
                new Case(
                        "dev.duel.reference.micro.ProcessLogicBenchmark.filter",
                        Map.of("size", "1000000"),
                        MicroMode.AVERAGE_TIME,
                        "ms/op",
                        24.1,
                        23.3,
                        4_000_016,
                        4_000_016),
                new Case(
                        "dev.duel.reference.micro.Counting.count",
                        Map.of(),
                        MicroMode.THROUGHPUT,
                        "ops/ms",
                        1_250,
                        1_410,
                        0,
                        0));
        Random random = new Random(42);
        Instant at = Instant.parse("2026-11-30T06:00:00Z");
        int sequence = 0;
        for (int round = 1; round <= 3; round++) {
            for (Case c : cases) {
                List<String> order = round % 2 == 1 ? List.of("jdk17", "jdk25") : List.of("jdk25", "jdk17");
                for (String jdk : order) {
                    sequence++;
                    boolean a = jdk.equals("jdk17");
                    double center = a ? c.a() : c.b();
                    List<Double> scores = new ArrayList<>();
                    for (int i = 0; i < 3; i++) {
                        scores.add(Math.round(center * (1 + 0.03 * random.nextGaussian()) * 1000) / 1000.0);
                    }
                    double alloc = a ? c.allocA() : c.allocB();
                    MicroRecord record = SampleRecords.micro(
                            jdk,
                            a ? "17.0.15" : "25.0.3",
                            c.benchmark(),
                            c.params(),
                            round,
                            at.plusSeconds(10L * sequence).toString(),
                            c.mode(),
                            c.unit(),
                            scores,
                            alloc == 0 ? null : alloc);
                    if (!a && round == 3 && c.benchmark().endsWith("filter")) {
                        record = failed(record);
                    }
                    Files.write(
                            folder.resolve(String.format(
                                    Locale.ROOT, "runs/%03d-%s-%s.json", sequence, jdk, record.shortBenchmark())),
                            RecordJson.bytes(record));
                }
            }
        }
        return folder;
    }

    private static MicroRecord failed(MicroRecord r) {
        return new MicroRecord(
                r.schemaVersion(),
                r.duelVersion(),
                r.environment(),
                r.jdk(),
                r.jdkVersion(),
                r.jdkHome(),
                r.benchmark(),
                r.params(),
                r.fork(),
                r.startedAt(),
                r.finishedAt(),
                Status.FAILED,
                "JMH exited with 1 (see runs/030-jdk25-ProcessLogicBenchmark.filter+size=1000000.log)",
                null,
                "",
                r.warmupIterations(),
                r.warmupSeconds(),
                r.measurementIterations(),
                r.measurementSeconds(),
                List.of(),
                null,
                null,
                "",
                List.of(),
                null,
                r.jit());
    }

    @Test
    void theCommittedRecordsAreWhatTheSeedWrites() throws Exception {
        Path regenerated = seeded(Files.createTempDirectory("micro-seed"));
        for (Path file : GoldenReportTest.files(MICRO_RECORDS)) {
            assertEquals(
                    Files.readString(MICRO_RECORDS.resolve(file)),
                    Files.readString(regenerated.resolve(file)),
                    file + " differs from what the seed writes; run with -Dgolden.update=true");
        }
        assertEquals(GoldenReportTest.files(MICRO_RECORDS), GoldenReportTest.files(regenerated));
    }

    @Test
    void terminal() throws Exception {
        GoldenReportTest.golden("micro/report.txt", new MicroRenderer().terminal(report));
    }

    @Test
    void markdown() throws Exception {
        GoldenReportTest.golden("micro/report.md", new MicroRenderer().markdown(report));
    }

    @Test
    void html() throws Exception {
        GoldenReportTest.golden("micro/report.html", new MicroRenderer().html(report));
    }

    @Test
    void summaryJson() throws Exception {
        GoldenReportTest.golden("micro/summary.json", new MicroRenderer().json(report));
    }

    @Test
    void theModeDecidesWhichWayIsFasterAndThinDataIsSaid() {
        List<String> sentences = MicroRenderer.sentences(report);
        assertTrue(
                sentences.get(0).startsWith("jdk25's HttpBenchmark.postQuote [app=minimal, size=1000] is "),
                sentences.get(0));
        assertTrue(sentences.get(0).contains("% faster in-process (time per operation -"), sentences.get(0));
        assertTrue(sentences.get(1).contains("% slower in-process (time per operation +"), sentences.get(1));
        assertTrue(sentences.get(2).contains(": cannot tell in-process"), sentences.get(2));
        assertTrue(sentences.get(3).contains("thin data: 3 fork(s) against 2, fewer than 3 a side"), sentences.get(3));
        assertTrue(sentences.get(4).contains("% faster in-process (operations per time +"), sentences.get(4));
        assertTrue(
                sentences.get(0).contains("bytes/op: 24.5 KiB for jdk17 and 22.3 KiB for jdk25 (-8.9%"),
                sentences.get(0));
        assertEquals(
                Report.Verdict.BETTER, report.rows().get(0).comparisons().get(0).verdict());
        assertEquals(
                List.of("3 jdk25 ProcessLogicBenchmark.filter [size=1000000]: JMH exited with 1 (see runs/"
                        + "030-jdk25-ProcessLogicBenchmark.filter+size=1000000.log)"),
                report.failed());
    }

    @Test
    void theChainPutsTheInProcessResultBesideTheHttpOne() throws Exception {
        Path results = Files.createTempDirectory("chain");
        GoldenReportTest.seeded(results);
        Files.writeString(
                results.resolve("suite.yaml"),
                "name: seeded\nscenarios:\n  - name: json\n    micro: HttpBenchmark.postQuote app=minimal\n",
                StandardCharsets.UTF_8);
        GoldenReportTest.copyTree(MICRO_RECORDS, results.resolve("micro"));
        Report plain = new ReportBuilder(new ResultsReader().read(List.of(results)), ReportOptions.DEFAULT).build();
        Report chained = MicroChain.attach(plain, results, 0.95);
        List<String> chain = chained.micro().chain();
        assertEquals(1, chain.size());
        assertTrue(
                chain.get(0)
                        .matches("json: in-process \\(JMH HttpBenchmark.postQuote \\[app=minimal, size=1000]\\): "
                                + "jdk25 \\d+% faster \\(time per operation -\\d+%, 95% CI -\\d+% to -\\d+%\\) \\| over HTTP under limits: "
                                + "jdk25 \\d+(\\.\\d)?% more requests/s \\(95% CI \\+.* to \\+.*\\)"),
                chain.get(0));
        assertTrue(new TerminalRenderer().render(chained).contains("in-process (JMH) beside HTTP\n  " + chain.get(0)));
        assertTrue(new MarkdownRenderer().render(chained).contains("## In-process (JMH) beside HTTP"));
        assertTrue(new HtmlRenderer(s -> null).render(chained).contains("<h2>In-process (JMH) beside HTTP</h2>"));
        assertTrue(new SummaryJsonRenderer().render(chained).contains("\"chain\" : [ \"json: in-process"));
        assertTrue(!new SummaryJsonRenderer().render(plain).contains("\"micro\""), "no micro key without micro");
    }

    /** A micro phase stopped before its first fork leaves micro.json alone: the HTTP report stands, and says why. */
    @Test
    void anUnreadableMicroFolderCostsOnlyItsOwnSection() throws Exception {
        Path results = Files.createTempDirectory("chain");
        GoldenReportTest.seeded(results);
        GoldenReportTest.copyTree(MICRO_RECORDS, results.resolve("micro"));
        try (var runs = Files.list(results.resolve("micro").resolve("runs"))) {
            for (Path run : runs.toList()) {
                Files.delete(run);
            }
        }
        Report plain = new ReportBuilder(new ResultsReader().read(List.of(results)), ReportOptions.DEFAULT).build();
        Report chained = MicroChain.attach(plain, results, 0.95);
        assertEquals(plain.scenarios(), chained.scenarios());
        assertEquals(1, chained.micro().chain().size());
        assertTrue(
                chained.micro().chain().get(0).startsWith("no in-process results: "),
                chained.micro().chain().get(0));
        assertTrue(new TerminalRenderer()
                .render(chained)
                .contains(chained.micro().chain().get(0)));
        assertTrue(new HtmlRenderer(s -> null).render(chained).contains("<h2>In-process (JMH) beside HTTP</h2>"));
    }

    @Test
    void aScenarioNamingABenchmarkWithoutForksSaysSo() {
        Report.ScenarioReport none = null;
        assertEquals("no HTTP result of this scenario in the report", MicroChain.http(none, "jdk17", "jdk25"));
        List<String> lines = MicroChain.lines(
                new Report(
                        "t", "v", List.of(), List.of(), "jdk17", "", List.of(), List.of(), List.of(), List.of(),
                        List.of(), List.of(), null),
                report,
                Map.of("product", "HttpBenchmark.getJson"));
        assertEquals(
                List.of("product: in-process (JMH HttpBenchmark.getJson): no forks of it in " + MICRO_RECORDS), lines);
    }
}
