package dev.duel.report.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.duel.report.ReportBuilder;
import dev.duel.report.ReportException;
import dev.duel.report.ReportOptions;
import dev.duel.report.SeededResults;
import dev.duel.report.model.Report;
import dev.duel.report.render.MarkdownRenderer;
import dev.duel.report.render.SummaryJsonRenderer;
import dev.duel.report.render.TerminalRenderer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each run counts once, by what its record holds: a folder given twice (however spelled), a symlink to it and a copy
 * of it add no run; two records that claim one run but differ are refused; two sessions of one suite are two sets of
 * runs.
 */
class ResultsReaderTest {
    private static final SeededResults.Behaviour A =
            new SeededResults.Behaviour("jdk17", "17.0.15", 13_700, 8_800, 270_000, 0.01);
    private static final SeededResults.Behaviour B =
            new SeededResults.Behaviour("jdk25", "25.0.3", 15_000, 8_100, 300_000, 0.02);

    @TempDir
    Path temp;

    /** A suite of three runs a side of one scenario, with a threshold, as {@code duel run} leaves its folder. */
    static Path folder(Path directory, Instant start) throws Exception {
        SeededResults results = new SeededResults(directory, 7, start);
        results.environment("e", List.of());
        results.suite("seeded", List.of("*.errors == 0"));
        results.interleaved(A, B, 3, List.of("json"));
        return directory;
    }

    private static Report report(Path... folders) throws ReportException {
        return new ReportBuilder(new ResultsReader().read(List.of(folders)), ReportOptions.DEFAULT).build();
    }

    /** The report's text in the three formats a user reads or a program parses. */
    private static List<String> rendered(Report report) {
        return List.of(
                new MarkdownRenderer().render(report),
                new SummaryJsonRenderer().render(report),
                new TerminalRenderer().render(report));
    }

    @Test
    void aFolderGivenTwiceIsReadOnceHoweverItIsSpelled() throws Exception {
        Path r = folder(temp.resolve("r"), Instant.parse("2026-11-30T06:00:00Z"));
        Path link = Files.createSymbolicLink(temp.resolve("link"), r);
        List<String> once = rendered(report(r));
        assertTrue(once.get(2).contains("jdk25 3 of 3"), once.get(2));
        assertEquals(once, rendered(report(r, r)), "r r");
        assertEquals(once, rendered(report(r, r.resolve("."))), "r r/.");
        assertEquals(once, rendered(report(r, link)), "r and a symlink to it");
        assertEquals(once, rendered(report(r, r, link)), "r thrice");
        ResultsReader.Results twice = new ResultsReader().read(List.of(r, r));
        assertEquals(6, twice.runs().size());
        assertEquals(List.of("*.errors == 0"), twice.thresholds(), "the suite's threshold once");
        assertEquals(6, twice.duplicates().size(), "every record of the second r is named as left out");
    }

    @Test
    void aRunReachedThroughACopiedFolderCountsOnce() throws Exception {
        Path r = folder(temp.resolve("r"), Instant.parse("2026-11-30T06:00:00Z"));
        Path copy = temp.resolve("copy");
        copyTree(r, copy);
        // The copy went on: a fourth run of each side only it holds.
        SeededResults more = new SeededResults(temp.resolve("more"), 8, Instant.parse("2026-11-30T06:06:00Z"));
        more.interleaved(A, B, 1, List.of("json"));
        moveRuns(temp.resolve("more"), copy, 7);
        ResultsReader.Results results = new ResultsReader().read(List.of(r, copy));
        assertEquals(8, results.runs().size(), "six runs read twice count once, the copy's own two count");
        assertEquals(6, results.duplicates().size());
        ResultsReader.Duplicate first = results.duplicates().get(0);
        assertEquals(copy.toString(), first.source());
        assertEquals(r.toString(), first.firstSource());
        assertEquals(r.resolve("runs").resolve(first.file().getFileName()), first.first());
        String terminal = new TerminalRenderer().render(report(r, copy));
        assertTrue(terminal.contains("jdk17 4 of 4") && terminal.contains("jdk25 4 of 4"), terminal);
    }

    @Test
    void twoSessionsOfOneSuiteAreTwoSetsOfRuns() throws Exception {
        Path a = folder(temp.resolve("a"), Instant.parse("2026-11-30T06:00:00Z"));
        Path b = folder(temp.resolve("b"), Instant.parse("2026-11-30T07:00:00Z"));
        ResultsReader.Results results = new ResultsReader().read(List.of(a, b));
        assertEquals(12, results.runs().size(), "same suite, machine, indexes and targets; other starts");
        assertEquals(List.of(), results.duplicates());
    }

    @Test
    void aChangedCopyOfARunIsRefusedNamingBothFiles() throws Exception {
        Path r = folder(temp.resolve("r"), Instant.parse("2026-11-30T06:00:00Z"));
        Path copy = temp.resolve("copy");
        copyTree(r, copy);
        Path original = r.resolve("runs/002-jdk25-json.json");
        Path changed = copy.resolve("runs/002-jdk25-json.json");
        SeededResults.edit(changed, record -> ((ObjectNode) record.at("/results/0/load/main")).put("okPerSecond", 1.5));
        ReportException e = assertThrows(ReportException.class, () -> new ResultsReader().read(List.of(r, copy)));
        assertEquals(
                original + " and " + changed + " are the same run (suite seeded, run 002 attempt 1 of jdk25, started"
                        + " 2026-11-30T06:01:00Z on environment e) but their contents differ (first at"
                        + " results[0].load.main.okPerSecond): one of them was changed after duel wrote it. Remove"
                        + " the changed copy, or give only the folder that holds the original, and run duel report"
                        + " again",
                e.getMessage());
    }

    @Test
    void whatIsNotARecordIsLeftOutNamedAndTheRestIsReported() throws Exception {
        // Issue 24, item 2: one bad file in runs/ made duel report (and the end-of-suite report) fail.
        Path r = folder(temp.resolve("r"), Instant.parse("2026-11-30T06:00:00Z"));
        List<String> clean = rendered(report(r));
        Path runs = r.resolve("runs");
        Path first;
        try (Stream<Path> files = Files.list(runs)) {
            first = files.filter(f -> f.toString().endsWith(".json"))
                    .sorted()
                    .findFirst()
                    .orElseThrow();
        }
        Path hidden = Files.writeString(runs.resolve("._" + first.getFileName()), "\u0000\u0005\u0016\u0007Mac OS X");
        Path backup = Files.copy(first, runs.resolve("." + first.getFileName() + ".swp.json"));
        Path folderNamedJson = Files.createDirectories(runs.resolve("notes.json"));
        byte[] whole = Files.readAllBytes(first);
        Files.write(first, java.util.Arrays.copyOf(whole, whole.length / 2)); // a disk that filled mid-write
        Files.writeString(r.resolve("repetitions.json"), "{\"scenario\": ");

        ResultsReader.Results read = new ResultsReader().read(List.of(r));
        assertEquals(5, read.runs().size(), "the other five runs are read");
        List<Path> skipped =
                read.skipped().stream().map(ResultsReader.Skipped::file).toList();
        assertEquals(
                java.util.Set.of(hidden, backup, folderNamedJson, first, r.resolve("repetitions.json")),
                java.util.Set.copyOf(skipped));
        for (ResultsReader.Skipped each : read.skipped()) {
            assertTrue(each.why().contains(each.file().toString()), each.why());
        }
        Report report = report(r);
        String terminal = new TerminalRenderer().render(report);
        for (Path file : skipped) {
            assertTrue(terminal.contains("left out: " + file), terminal);
        }
        assertTrue(terminal.contains(hidden + " is a hidden file"), terminal);
        assertTrue(terminal.contains(first + " is not a readable run record: not JSON"), terminal);
        assertTrue(!clean.get(2).contains("left out: "), "a clean folder names nothing");

        // With no record left, the refusal still names each file and why.
        try (Stream<Path> files = Files.list(runs)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".json") && Files.isRegularFile(f))
                    .toList()) {
                Files.write(file, new byte[] {'{'});
            }
        }
        ReportException none = assertThrows(ReportException.class, () -> report(r));
        assertTrue(none.getMessage().contains("(left out: "), none.getMessage());
        assertTrue(none.getMessage().contains(hidden + " is a hidden file"), none.getMessage());
    }

    static void copyTree(Path from, Path to) throws Exception {
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path path : walk.sorted().toList()) {
                Path target = to.resolve(from.relativize(path).toString());
                if (Files.isDirectory(path)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(path, target);
                }
            }
        }
    }

    /** Moves the runs of a scratch folder into {@code to}, numbered from {@code index} on, as a resume writes them. */
    private static void moveRuns(Path from, Path to, int index) throws Exception {
        try (Stream<Path> files = Files.list(from.resolve("runs"))) {
            for (Path file : files.sorted().toList()) {
                String name = file.getFileName().toString();
                String renamed = String.format(java.util.Locale.ROOT, "%03d", index++) + name.substring(3);
                String json = Files.readString(file).replaceFirst("\"index\" : \\d+", "\"index\" : " + (index - 1));
                Files.writeString(to.resolve("runs").resolve(renamed), json);
            }
        }
    }
}
