package dev.duel.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.record.RecordJson;
import dev.duel.record.RunRecord;
import dev.duel.record.Status;
import dev.duel.suite.fixtures.GeneratorVerdicts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code duel smoke} as CI runs it: embedded PostgreSQL and both reference apps (built earlier in
 * the reactor), four alternating runs, then the folder checked from outside as well.
 */
@Tag("slow") // both reference apps and PostgreSQL: CI runs it; the quick loop (-Pquick) leaves it out
class SmokeCommandTest {
    @TempDir
    Path temp;

    @Test
    void theWholePipelinePassesAndLeavesCompleteRecords() throws Exception {
        Path checkout = Path.of("").toAbsolutePath().getParent();
        System.setProperty("duel.home", checkout.toString());
        Captured outcome;
        try {
            outcome = Captured.duel("smoke", "--results", temp.toString());
        } finally {
            System.clearProperty("duel.home");
        }
        List<Path> files;
        try (Stream<Path> all = Files.walk(temp)) {
            files = all.filter(Files::isRegularFile).toList();
        }
        assertTrue(
                files.stream().noneMatch(f -> f.getFileName().toString().endsWith(".tmp")),
                "half-written files: " + files);
        assertTrue(
                files.stream().noneMatch(f -> f.getFileName().toString().endsWith(".inflight")),
                "runs left in flight: " + files);
        List<Path> records = files.stream()
                .filter(f -> f.getParent().getFileName().toString().equals("runs")
                        && f.getFileName().toString().matches("\\d{3}-.*\\.json"))
                .sorted()
                .toList();
        assertEquals(4, records.size(), files.toString());
        List<RunRecord> runs = new ArrayList<>();
        for (Path record : records) {
            runs.add(RecordJson.readRun(record));
        }
        List<RunRecord> byTheGenerator =
                runs.stream().filter(GeneratorVerdicts::byTheGenerator).toList();
        if (outcome.exitCode() == ExitCodes.NOT_CLEAN && !byTheGenerator.isEmpty()) {
            // Beside other test JVMs the generator's own gates judged a run (one 32 ms pause of this JVM in a 2 s main,
            // 9 of 729 requests held back over 1 ms, both seen): the pipeline still measured and recorded it whole.
            byTheGenerator.forEach(run -> System.out.println(
                    "smoke run " + run.index() + " invalid by the load generator's gate, not judged: " + run.reason()));
        } else {
            assertEquals(ExitCodes.OK, outcome.exitCode(), outcome.out() + outcome.err());
            assertTrue(outcome.out().contains("smoke: ok"), outcome.out());
        }
        for (RunRecord run : runs) {
            assertTrue(run.status() == Status.OK || GeneratorVerdicts.byTheGenerator(run), run.toString());
            Path log = temp.resolve(run.log());
            assertTrue(Files.size(log) > 0, "empty log " + log);
            assertTrue(run.results().get(0).load().main().ok() > 0);
        }
        assertTrue(Files.size(temp.resolve("report.html")) > 0, "the session writes the report");
        assertTrue(Files.exists(temp.resolve("env.json")));
        assertTrue(Files.exists(temp.resolve("services/postgres.log")));
    }
}
