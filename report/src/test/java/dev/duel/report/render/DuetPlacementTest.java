package dev.duel.report.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.report.ReportBuilder;
import dev.duel.report.ReportOptions;
import dev.duel.report.model.Report;
import dev.duel.report.read.ResultsReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A duet on one core compares the two co-located, which can rank them apart from how each runs alone (measured: the
 * demo's /json, jdk25 -8.9% side by side on CPU 0 against -20% alternating, docs/methodology.md): the scenario says
 * so once, from where the kernel let each target run, and says nothing when the sides had CPUs of their own.
 */
class DuetPlacementTest {
    private static final Path RECORDS = Path.of("src/test/resources/records/duet-busy");

    @TempDir
    Path temp;

    private static List<String> notes(Path results) throws Exception {
        Report report = new ReportBuilder(new ResultsReader().read(List.of(results)), ReportOptions.DEFAULT).build();
        return report.scenarios().stream()
                .filter(s -> s.name().equals("json"))
                .findFirst()
                .orElseThrow()
                .notes();
    }

    private static List<String> duetNotes(Path results) throws Exception {
        return notes(results).stream().filter(n -> n.startsWith("duet: ")).toList();
    }

    @Test
    void sidesOnOneCoreAreSaidToBeComparedCoLocated() throws Exception {
        Path results = temp.resolve("one-core");
        GoldenReportTest.copyTree(RECORDS, results);
        List<String> notes = duetNotes(results);
        assertEquals(1, notes.size(), notes(results).toString());
        assertTrue(notes.get(0).startsWith("duet: jdk17 and jdk25 ran side by side on CPU 0: "), notes.get(0));
        assertTrue(notes.get(0).contains("co-located"), notes.get(0));
    }

    @Test
    void sidesOnCpusOfTheirOwnAreNotNoted() throws Exception {
        Path results = temp.resolve("apart");
        GoldenReportTest.copyTree(RECORDS, results);
        Path jdk25 = results.resolve("runs/003-jdk25-json.json");
        String text = Files.readString(jdk25);
        String moved = text.replace("\"cpusAllowed\" : \"0\"", "\"cpusAllowed\" : \"1\"");
        assertTrue(!moved.equals(text), "the record says where its target ran");
        Files.writeString(jdk25, moved);
        assertEquals(List.of(), duetNotes(results));
    }

    @Test
    void withoutTheKernelsAffinityTheSuitesCpusetsDecide() throws Exception {
        Path results = temp.resolve("cpuset");
        GoldenReportTest.copyTree(RECORDS, results);
        for (String run : List.of("runs/003-jdk25-json.json", "runs/004-jdk17-json.json")) {
            Path file = results.resolve(run);
            String text = Files.readString(file);
            String without = text.replaceAll("(?s)\"affinity\" : \\[.*?\\]", "\"affinity\" : null");
            assertTrue(!without.equals(text), "the record holds its affinity");
            Files.writeString(file, without);
        }
        assertEquals(1, duetNotes(results).size(), notes(results).toString());
    }
}
