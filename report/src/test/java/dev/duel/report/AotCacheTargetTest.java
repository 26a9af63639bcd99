package dev.duel.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.duel.report.model.Report;
import dev.duel.report.read.ResultsReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A target measured with an AOT cache says so in the report's targets table, beside its JVM flags (issue 12). */
class AotCacheTargetTest {
    @TempDir
    Path temp;

    @Test
    void theTargetsRowNamesTheCacheItsRunsStartedWith() throws Exception {
        SeededResults results = new SeededResults(temp, 16, Instant.parse("2026-11-30T06:00:00Z"));
        results.environment("e", List.of());
        SeededResults.Behaviour plain = new SeededResults.Behaviour("jdk25", "25", 1000, 5_000, 20_000, 0);
        SeededResults.Behaviour cached = new SeededResults.Behaviour("jdk25-aot", "25", 1100, 5_000, 20_000, 0);
        for (int i = 0; i < 2; i++) {
            results.run(plain, "ok", "", 1, 2 * i, "e", List.of("s"), false);
            Path run = results.run(cached, "ok", "", 1, 2 * i + 1, "e", List.of("s"), false);
            String json = Files.readString(run);
            Files.writeString(
                    run,
                    json.replace(
                            "\"aotCache\" : null",
                            "\"aotCache\" : {\"file\": \"aot/jdk25-aot.aot\", \"sha256\": \"ab\", \"sizeBytes\":"
                                    + " 43515904, \"trainingMillis\": 36300, \"trainScenario\": \"json\","
                                    + " \"trainSeconds\": 30.0, \"trainingMemoryBytes\": 1073741824}"));
        }

        Report report = new ReportBuilder(new ResultsReader().read(List.of(temp)), ReportOptions.DEFAULT).build();

        assertEquals(
                List.of(
                        "-XX:MaxRAMPercentage=75",
                        "-XX:MaxRAMPercentage=75; AOT cache 42 MiB (trained on json for 30 s)"),
                report.targets().stream().map(Report.TargetRow::jvmArgs).toList());
    }
}
