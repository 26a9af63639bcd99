package dev.duel.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.record.RecordJson;
import dev.duel.record.RunRecord;
import dev.duel.record.Status;
import dev.duel.suite.file.SuiteLoader;
import dev.duel.suite.fixtures.FixtureSuites;
import dev.duel.suite.fixtures.RealPartsWithoutProbe;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * kill -9 of a running suite, then resume: completed runs kept, the interrupted one redone, nothing
 * partial, and the target the killed suite left running ended before anything is measured.
 */
@Tag("slow") // a real duel killed and resumed, with fixture processes: CI runs it; the quick loop (-Pquick) leaves
// it out
class ResumeTest {
    @TempDir
    Path temp;

    private List<Path> runFiles(Path runs) throws Exception {
        if (!Files.isDirectory(runs)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(runs)) {
            return files.sorted().toList();
        }
    }

    @Test
    void aSuiteKilledMidRunResumesWithEveryCompletedRunKept() throws Exception {
        String yaml = FixtureSuites.paced(FixtureSuites.suite(
                FixtureSuites.target("a", "ok", "a", "a") + FixtureSuites.target("b", "ok", "b", "b"), 2));
        Path file = Files.writeString(temp.resolve("fixtures.yaml"), yaml);
        Path results = temp.resolve("results");
        Path runs = results.resolve("runs");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        // A cheap JVM (C1 only): the killed suite's speed is not what this test measures.
        Process suite = new ProcessBuilder(
                        java,
                        "-XX:TieredStopAtLevel=1",
                        "-XX:+UseSerialGC",
                        "-cp",
                        System.getProperty("java.class.path"),
                        RunSuiteMain.class.getName(),
                        file.toString(),
                        results.toString())
                .redirectErrorStream(true)
                .redirectOutput(temp.resolve("first.log").toFile())
                .start();
        // Wait until run 1 is complete and run 2 is under way, then kill -9 (with the target it started).
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (System.nanoTime() < deadline
                && !(Files.exists(runs.resolve("001-a-health.json"))
                        && Files.exists(runs.resolve("002-b-health.inflight"))
                        && Files.exists(runs.resolve("002-b-health.log"))
                        && Files.size(runs.resolve("002-b-health.log")) > 0)) {
            Thread.sleep(50);
        }
        assertTrue(suite.isAlive(), "the suite was still running when killed");
        List<ProcessHandle> started = suite.descendants().toList();
        suite.destroyForcibly();
        suite.waitFor(10, TimeUnit.SECONDS);
        try {
            resumeAndCheck(file, results, runs, started);
        } finally {
            started.forEach(ProcessHandle::destroyForcibly);
        }
    }

    private void resumeAndCheck(Path file, Path results, Path runs, List<ProcessHandle> started) throws Exception {
        assertTrue(
                started.stream().anyMatch(ProcessHandle::isAlive),
                "kill -9 of duel leaves its target running: " + started);
        FileTime firstRecordTime = Files.getLastModifiedTime(runs.resolve("001-a-health.json"));
        String firstRecord = Files.readString(runs.resolve("001-a-health.json"));
        assertFalse(Files.exists(runs.resolve("002-b-health.json")), "run 2 was killed before its record");

        Suite loaded = new SuiteLoader(temp).load(file);
        SuiteOutcome outcome =
                new SuiteRunner(loaded, results, SuiteListener.NONE, RealPartsWithoutProbe.onThisMachine(temp)).run();

        assertTrue(
                started.stream().noneMatch(ProcessHandle::isAlive),
                "the resumed suite ended the target the killed one left");
        assertFalse(Files.exists(results.resolve(".processes")), "no process is noted once the suite ended");
        assertEquals(1, outcome.skipped());
        // Resume is about which runs are redone and which kept, not about the load generator's gate: on a 2-core
        // machine the in-process generator of a test JVM sometimes holds its users back past the 1 ms turnaround
        // bound (measured here: p99 1.44 ms), which makes a run invalid, a completed run all the same.
        assertEquals(3, outcome.ok() + outcome.invalid(), outcome.toString());
        assertEquals(0, outcome.failed() + outcome.discarded(), outcome.toString());
        assertEquals(
                firstRecordTime,
                Files.getLastModifiedTime(runs.resolve("001-a-health.json")),
                "completed runs are never rewritten");
        assertEquals(firstRecord, Files.readString(runs.resolve("001-a-health.json")));
        List<String> names =
                runFiles(runs).stream().map(p -> p.getFileName().toString()).collect(Collectors.toList());
        assertTrue(names.stream().noneMatch(n -> n.endsWith(".tmp") || n.endsWith(".inflight")), names.toString());
        Map<String, Long> records = names.stream()
                .filter(n -> n.endsWith(".json"))
                .collect(Collectors.groupingBy(n -> n, Collectors.counting()));
        assertEquals(
                Map.of(
                        "001-a-health.json",
                        1L,
                        "002-b-health.json",
                        1L,
                        "003-b-health.json",
                        1L,
                        "004-a-health.json",
                        1L),
                records);
        for (Path record : runFiles(runs)) {
            if (record.toString().endsWith(".json")) {
                RunRecord run = RecordJson.readRun(record);
                assertTrue(
                        run.status() == Status.OK
                                || (run.status() == Status.INVALID
                                        && run.reason().startsWith("load generator")),
                        record + ": " + run.status() + " " + run.reason());
            }
        }
    }
}
