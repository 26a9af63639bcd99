package dev.duel.report.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.report.model.Report;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * One glossary of verdict words: docs/reports.md holds exactly the table report.md prints from {@link Report.Verdict},
 * and no document or golden report uses a retired verdict word except to name it as retired (the line names today's
 * word beside it).
 */
class VerdictGlossaryTest {
    private static final Path REPORTS_DOC = Path.of("../docs/reports.md");
    private static final String BEGIN = "<!-- verdict words: generated from Report.Verdict -->\n";
    private static final String END = "<!-- end of verdict words -->";
    /** A retired word, and today's word a line naming the retired one must name too. */
    private static final Map<String, String> RETIRED =
            Map.of("within noise", "cannot tell", "no steady-state verdict", "no verdict");

    static String glossaryTable() {
        StringBuilder md = new StringBuilder();
        MarkdownRenderer.table(md, List.of("word", "meaning"), Report.Verdict.glossary());
        return md.toString();
    }

    @Test
    void theDocumentsGlossaryIsTheOneTheReportPrints() throws Exception {
        String doc = Files.readString(REPORTS_DOC, StandardCharsets.UTF_8);
        int begin = doc.indexOf(BEGIN);
        int end = doc.indexOf(END);
        assertTrue(begin >= 0 && end > begin, "docs/reports.md keeps the glossary between its two markers");
        String expected = BEGIN + glossaryTable();
        String actual = doc.substring(begin, end);
        if (!actual.equals(expected) && Boolean.getBoolean("golden.update")) {
            Files.writeString(REPORTS_DOC, doc.substring(0, begin) + expected + doc.substring(end));
            return;
        }
        assertEquals(expected, actual, "docs/reports.md's verdict words; run with -Dgolden.update=true");
        // Every word the glossary gives is a word a report prints.
        for (Report.Verdict verdict : Report.Verdict.values()) {
            assertTrue(expected.contains("| " + MarkdownRenderer.escape(verdict.word()) + " |"), verdict.word());
        }
    }

    @Test
    void noDocumentOrGoldenReportUsesARetiredWordButToNameItRetired() throws Exception {
        List<Path> files = new ArrayList<>();
        files.add(Path.of("../README.md"));
        try (Stream<Path> docs = Files.list(Path.of("../docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).forEach(files::add);
        }
        try (Stream<Path> golden = Files.walk(Path.of("src/test/resources/golden"))) {
            golden.filter(Files::isRegularFile).forEach(files::add);
        }
        assertTrue(files.size() > 20, files.toString());
        List<String> found = new ArrayList<>();
        for (Path file : files) {
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i);
                for (Map.Entry<String, String> word : RETIRED.entrySet()) {
                    if (line.contains(word.getKey()) && !line.contains(word.getValue())) {
                        found.add(file + ":" + (i + 1) + ": " + word.getKey());
                    }
                }
            }
        }
        assertEquals(List.of(), found, "retired verdict words: name today's beside them, or use today's");
    }
}
