package dev.duel.suite;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.record.RecordException;
import dev.duel.record.RecordJson;
import dev.duel.record.RunRecord;
import dev.duel.suite.file.SuiteLoader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** What the suite's tests read back: a results folder's final run records, a key's place in a suite file. */
public final class TestFiles {
    private TestFiles() {}

    /** The final records of {@code results}/runs ({@code NNN-target-scenarios.json}), in run order. */
    static List<RunRecord> finalRecords(Path results) throws IOException {
        return records(results, "\\d{3}-[^.]*\\.json");
    }

    /** The records of {@code results}/runs whose file names match {@code regex}, in file name order. */
    static List<RunRecord> records(Path results, String regex) throws IOException {
        try (Stream<Path> files = Files.list(results.resolve("runs"))) {
            return files.filter(f -> f.getFileName().toString().matches(regex))
                    .sorted()
                    .map(f -> {
                        try {
                            return RecordJson.readRun(f);
                        } catch (RecordException e) {
                            throw new AssertionError(e);
                        }
                    })
                    .toList();
        }
    }

    /** The loader's message about {@code yaml}, written to {@code file}; the test fails when it loads. */
    public static String loadFailure(SuiteLoader loader, Path file, String yaml) throws IOException {
        Files.writeString(file, yaml);
        return assertThrows(SuiteException.class, () -> loader.load(file)).getMessage();
    }

    /** {@code file:LINE:COLUMN: } of the first {@code key} at or after the first {@code text} of {@code yaml}. */
    public static String at(Path file, String yaml, String text, String key) {
        int found = yaml.indexOf(text);
        assertTrue(found >= 0, "the suite has no " + text);
        int keyAt = yaml.indexOf(key, found);
        int lineStart = yaml.lastIndexOf('\n', keyAt) + 1;
        long line = yaml.substring(0, keyAt).chars().filter(c -> c == '\n').count() + 1;
        return file + ":" + line + ":" + (keyAt - lineStart + 1) + ": ";
    }
}
