package dev.duel.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.record.RecordJson;
import dev.duel.record.Status;
import dev.duel.record.micro.MicroRecord;
import dev.duel.suite.Suite;
import dev.duel.suite.file.SuiteLoader;
import dev.duel.suite.micro.MicroPlan;
import dev.duel.targets.JdkResolver;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MicroCommandTest {
    @TempDir
    Path temp;

    @Test
    void oneJdkIsAUsageError() {
        Captured outcome = Captured.duel("micro", "--jdk", "17");
        assertEquals(ExitCodes.USAGE, outcome.exitCode());
        assertTrue(
                outcome.err().contains("name two JDKs to compare, e.g. duel micro --jdk 17 --jdk 25"), outcome.err());
    }

    @Test
    void aFileTakesNoPlanFlags() throws Exception {
        Path file = Files.writeString(temp.resolve("micro.yaml"), "jdks: {a: 17, b: 17}\n");
        Captured outcome = Captured.duel("micro", file.toString(), "--forks", "2");
        assertEquals(ExitCodes.USAGE, outcome.exitCode());
        assertTrue(outcome.err().contains("put --forks in the file instead"), outcome.err());
    }

    @Test
    void reportOnAMicroFolderWritesTheMicroReport() throws Exception {
        Path folder = temp.resolve("micro");
        Path committed = Path.of("../report/src/test/resources/records/micro");
        try (Stream<Path> files = Files.walk(committed)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                Path to = folder.resolve(committed.relativize(file).toString());
                Files.createDirectories(to.getParent());
                Files.copy(file, to);
            }
        }
        Captured outcome = Captured.duel("report", folder.toString());
        assertEquals(ExitCodes.OK, outcome.exitCode(), outcome.err());
        assertTrue(
                outcome.out()
                        .contains("jdk25's HttpBenchmark.postQuote [app=minimal, size=1000] is 22% faster"
                                + " in-process"),
                outcome.out());
        assertTrue(Files.readString(folder.resolve("report.md")).contains("## Benchmarks"));
        assertTrue(Files.exists(folder.resolve("report.html")));
        assertTrue(Files.readString(folder.resolve("summary.json")).contains("\"baseline\" : \"jdk17\""));
    }

    @Test
    void aSuiteNamingBenchmarksRunsThemOnEachJdkOfItsTargets() throws Exception {
        Path suiteFile = Files.writeString(temp.resolve("suite.yaml"), """
                name: chain
                targets:
                  - {name: jdk17, java: 17, jar: minimal.jar, limits: {cpuset: "1"}}
                  - {name: jdk25, java: 25, jar: minimal.jar, limits: {cpuset: "1"}}
                  - {name: jdk25-again, java: 25, jar: minimal.jar, limits: {cpuset: "1"}}
                scenarios:
                  - name: quote
                    request: {path: /quote, method: POST, body: '{}'}
                    micro: HttpBenchmark.postQuote app=minimal
                  - name: json
                    request: {path: /json}
                """);
        Suite suite = new SuiteLoader(temp).load(suiteFile);
        MicroPlan plan = SuiteMicro.plan(suite, new JdkResolver(), temp);
        assertEquals(
                List.of("jdk17", "jdk25"),
                plan.jdks().stream().map(MicroPlan.MicroJdk::name).toList());
        assertEquals(List.of("(^|\\.)\\QHttpBenchmark.postQuote\\E$"), plan.includes());
        assertEquals(Map.of("app", List.of("minimal")), plan.params());
        assertEquals("1", plan.cpus());
        assertEquals(temp.resolve("reference/micro/target/benchmarks.jar"), plan.jar());
        Suite none = new SuiteLoader(temp)
                .load(Files.writeString(
                        suiteFile,
                        Files.readString(suiteFile).replace("micro: HttpBenchmark.postQuote app=minimal", "")));
        assertNull(SuiteMicro.plan(none, new JdkResolver(), temp));
    }

    /**
     * Real JMH forks on both JDKs, as short as JMH allows: one fork each, one 200 ms iteration, over 10,000 records
     * instead of the benchmark's million (its setup builds, filters and sorts them in every fork before any iteration).
     */
    @Test
    @Tag("slow")
    void realForksOnBothJdksGiveRecordsAndAReport() throws Exception {
        Path jar = Path.of("../reference/micro/target/benchmarks.jar").toAbsolutePath();
        Path results = temp.resolve("results");
        Captured outcome = Captured.duel(
                "micro",
                "--jdk",
                "17",
                "--jdk",
                "25",
                "--jar",
                jar.toString(),
                "-b",
                "ProcessLogicBenchmark.filter",
                "-p",
                "size=10000",
                "--forks",
                "1",
                "--warmup-iterations",
                "0",
                "--iterations",
                "1",
                "--time",
                "200ms",
                "--results",
                results.toString());
        assertEquals(ExitCodes.OK, outcome.exitCode(), outcome.out() + outcome.err());
        MicroRecord record =
                RecordJson.readMicro(results.resolve("runs/002-jdk25-ProcessLogicBenchmark.filter+size=10000.json"));
        assertEquals(Status.OK, record.status());
        assertEquals("ms/op", record.unit());
        assertTrue(record.allocBytesPerOp() > 0, "bytes/op from -prof gc");
        assertTrue(record.jit().build().startsWith("25."), record.jit().build());
        assertTrue(outcome.out().contains("1 fork(s) against 1 give no 95% interval"), outcome.out());
    }
}
