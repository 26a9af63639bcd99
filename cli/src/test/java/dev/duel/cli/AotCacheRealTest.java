package dev.duel.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.record.RecordJson;
import dev.duel.record.RunRecord;
import dev.duel.record.Status;
import dev.duel.suite.Suite;
import dev.duel.suite.SuiteListener;
import dev.duel.suite.SuiteOutcome;
import dev.duel.suite.SuiteRunner;
import dev.duel.suite.file.SuiteLoader;
import dev.duel.suite.fixtures.GeneratorVerdicts;
import dev.duel.suite.fixtures.RealPartsWithoutProbe;
import dev.duel.targets.JdkResolver;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real AOT cache: the minimal reference app on JDK 25, under 1 CPU and 512 MiB as the suites run it, trained for
 * 2 s on /json, then measured once (1 s of main, the host drift probe fixed: the test is about the cache); the
 * measured JVM's own log ({@code -Xlog:aot}) says it opened that cache and used its AOT-linked classes. About 15 s. In
 * the cli module because the reactor builds the reference apps before it (in suite, the jar would not exist yet on a
 * clean clone and the test would skip).
 */
@Tag("slow") // real JVMs: CI runs it; the quick loop leaves it out
class AotCacheRealTest {
    @TempDir
    Path temp;

    @Test
    void aTrainedCacheIsWrittenAndTheMeasuredRunStartsWithIt() throws Exception {
        Path jar = Path.of("..", "reference", "minimal", "target", "minimal.jar")
                .toAbsolutePath()
                .normalize();
        assertTrue(Files.isRegularFile(jar), "the reactor builds the minimal reference app before cli: " + jar);
        Assumptions.assumeTrue(
                new JdkResolver().installed().stream().anyMatch(jdk -> jdk.feature() >= 25), "needs a JDK 25");
        String yaml = """
                name: aot-real
                targets:
                  - name: jdk25-aot
                    java: '25'
                    jar: %s
                    jvmArgs: [-XX:MaxRAMPercentage=75, -Xlog:aot]
                    env: {PORT: '${port}'}
                    limits: {cpus: 1.0, memory: 512m}
                    aotCache: {train: json, for: 2s}
                scenarios:
                  - name: json
                    request: {path: /json}
                    checks: ['status == 200', 'json:/id == 42']
                    model: {vus: 4}
                    phases: {warmup: 300ms, gap: 0s, duration: 1s}
                repetitions: 1
                cooldown: 0s
                loadgen: {threads: 1, warmup: 200ms}
                gates:
                  quiet: {maxCores: 4.0, for: 200ms, maxWait: 5s, retries: 0}
                  loadgen: {maxUtilization: 1.0}
                """.formatted(jar);
        Suite suite = new SuiteLoader(temp).load(Files.writeString(temp.resolve("aot.yaml"), yaml));
        Path results = temp.resolve("results");
        SuiteOutcome outcome =
                new SuiteRunner(suite, results, SuiteListener.NONE, RealPartsWithoutProbe.onThisMachine(temp)).run();

        Path cache = results.resolve("aot/jdk25-aot.aot").toAbsolutePath();
        String training = Files.readString(results.resolve("aot/jdk25-aot-training.log"));
        assertTrue(training.contains("AOTCache creation is complete: " + cache), training);
        RunRecord record;
        try (Stream<Path> files = Files.list(results.resolve("runs"))) {
            record = RecordJson.readRun(files.filter(f -> f.toString().endsWith(".json"))
                    .findFirst()
                    .orElseThrow());
        }
        if (GeneratorVerdicts.byTheGenerator(record)) {
            // Beside other test JVMs the generator's own gate may judge the run (9 of 105 requests held back over
            // 1 ms seen): the run still ran with the cache, which is what this test is about.
            System.out.println("AOT run invalid by the load generator's gate, not judged: " + record.reason());
        } else {
            assertEquals(Status.OK, record.status(), record.reason() + " " + record.lastLogLines() + " " + outcome);
        }
        RunRecord.AotCache aot = record.targetInfo().aotCache();
        assertEquals(Files.size(cache), aot.sizeBytes());
        assertTrue(aot.sizeBytes() > 1_000_000, "a cache of the app's classes and profiles: " + aot);
        assertTrue(aot.trainingMillis() >= 2_000, "at least the 2 s of load: " + aot);
        assertTrue(
                record.targetInfo().command().contains("-XX:AOTCache=" + cache),
                record.targetInfo().command().toString());
        assertTrue(record.targetInfo().command().contains("-XX:AOTMode=on"));
        String measured = Files.readString(results.resolve(record.log()));
        assertTrue(measured.contains("Opened AOT cache " + cache), measured);
        assertTrue(measured.contains("Using AOT-linked classes: true"), measured);
    }
}
