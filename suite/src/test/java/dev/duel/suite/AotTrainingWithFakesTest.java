package dev.duel.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.record.RunRecord;
import dev.duel.record.Status;
import dev.duel.suite.aot.AotCaches;
import dev.duel.suite.file.SuiteLoader;
import dev.duel.suite.run.RunAttempt;
import dev.duel.suite.store.ResultStore;
import dev.duel.suite.store.RunInputs;
import dev.duel.targets.JdkResolver;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The AOT cache's training through the whole runner on a simulated machine ({@link FakeMachine}, whose targets write
 * the cache when stopped after {@code -XX:AOTCacheOutput}, as a JDK 25 JVM does): trained once up front, measured runs
 * started with it, a failed training failing the target's runs, a resume reusing the cache and refusing a changed one.
 * The same against a real JDK 25 is {@link AotCacheRealTest}.
 */
class AotTrainingWithFakesTest {
    @TempDir
    Path temp;

    private final List<String> messages = new ArrayList<>();

    private static final String SUITE = """
            name: aot
            targets:
              - name: plain
                java: '25'
                jar: app.jar
                jvmArgs: [-Xmx64m]
              - name: cached
                java: '25'
                jar: app.jar
                jvmArgs: [-Xmx64m]
                aotCache: {train: json, for: 3s}
            scenarios:
              - name: json
                request: {path: /json}
                model: {vus: 2}
                phases: {warmup: 1s, gap: 100ms, duration: 2s}
            repetitions: 2
            cooldown: 0s
            loadgen: {threads: 1, warmup: 1s}
            gates:
              quiet: {maxCores: 4.0, for: 1s, maxWait: 5s, retries: 1}
              loadgen: {maxUtilization: 1.0}
            """;

    @BeforeEach
    void needsJdk25() throws IOException {
        org.junit.jupiter.api.Assumptions.assumeTrue(
                new JdkResolver().installed().stream().anyMatch(jdk -> jdk.feature() >= 25), "needs a JDK 25");
        Files.writeString(temp.resolve("app.jar"), "never run by the fakes");
    }

    private SuiteOutcome run(FakeMachine machine) throws Exception {
        return run(machine, SUITE);
    }

    private SuiteOutcome run(FakeMachine machine, String yaml) throws Exception {
        Suite suite = new SuiteLoader(temp).load(Files.writeString(temp.resolve("suite.yaml"), yaml));
        SuiteListener listener = new SuiteListener() {
            @Override
            public void message(String text) {
                messages.add(text);
            }
        };
        return new SuiteRunner(suite, results(), listener, machine.parts()).run();
    }

    private Path results() {
        return temp.resolve("results");
    }

    private Path cache() {
        return results().resolve("aot/cached.aot").toAbsolutePath();
    }

    private List<RunRecord> records() throws IOException {
        return TestFiles.finalRecords(results());
    }

    @Test
    void theCacheIsTrainedOnceUpFrontAndEveryMeasuredRunStartsWithIt() throws Exception {
        FakeMachine machine = new FakeMachine();
        SuiteOutcome outcome = run(machine);
        assertEquals(4, outcome.ok(), outcome.toString());
        assertEquals(
                List.of(
                        "loadgen prepared",
                        "start cached",
                        "stop cached",
                        "start plain",
                        "stop plain",
                        "start cached",
                        "stop cached",
                        "start cached",
                        "stop cached",
                        "start plain",
                        "stop plain"),
                List.copyOf(machine.events),
                "the training first, before any measured run");
        List<List<String>> args = List.copyOf(machine.startedJvmArgs);
        assertEquals(List.of("-Xmx64m", "-XX:AOTCacheOutput=" + cache()), args.get(0), "trained as it is measured");
        assertEquals(List.of("-Xmx64m"), args.get(1));
        assertEquals(List.of("-Xmx64m", "-XX:AOTCache=" + cache(), "-XX:AOTMode=on"), args.get(2));
        assertEquals(args.get(2), args.get(3));
        assertEquals(5, machine.loadRuns(), "one training load, four measured");
        String written = Files.readString(cache());
        assertEquals("cache of cached after 1 load run(s)", written, "written as the training JVM exited");

        List<RunRecord> records = records();
        for (RunRecord record : records) {
            RunRecord.AotCache aot = record.targetInfo().aotCache();
            if (record.target().equals("plain")) {
                assertNull(aot);
                continue;
            }
            assertEquals("aot/cached.aot", aot.file());
            assertEquals(RunInputs.sha256(cache()), aot.sha256());
            assertEquals(written.length(), aot.sizeBytes());
            // The fake clock: 0.9 s to ready, the fake load's 1 s warm-up, 0.1 s gap and 2 s main.
            assertEquals(4_000, aot.trainingMillis());
            assertEquals("json", aot.trainScenario());
            assertEquals(3.0, aot.trainSeconds());
            assertNull(aot.trainingMemoryBytes(), "the target has no memory limit");
            assertEquals(List.of("-Xmx64m"), record.targetInfo().jvmArgs(), "the suite's arguments as written");
        }
        RunInputs inputs = new ResultStore(results()).inputs();
        assertEquals(RunInputs.sha256(cache()), inputs.target("cached").aotCacheSha256());
        assertNull(inputs.target("plain").aotCacheSha256());
        assertTrue(
                messages.stream().anyMatch(m -> m.startsWith("trained cached's AOT cache in 4.0 s")),
                messages.toString());
    }

    @Test
    void aTrainingThatWritesNoCacheFailsTheTargetsRunsNeverRunningThemWithoutIt() throws Exception {
        FakeMachine machine = new FakeMachine().writesNoAotCache();
        SuiteOutcome outcome = run(machine);
        assertEquals(2, outcome.ok(), outcome.toString());
        assertEquals(2, outcome.failed(), outcome.toString());
        for (RunRecord record : records()) {
            if (record.target().equals("cached")) {
                assertEquals(Status.FAILED, record.status());
                assertEquals(
                        "AOT cache training failed: the training JVM exited (code 3) without writing cached.aot (log:"
                                + " aot/cached-training.log)",
                        record.reason());
                assertNull(record.targetInfo().aotCache());
                assertEquals(List.of("fake cached: last words"), record.lastLogLines());
            } else {
                assertEquals(Status.OK, record.status());
            }
        }
        assertEquals(
                1,
                machine.startedJvmArgs.stream()
                        .filter(args -> args.stream().anyMatch(a -> a.startsWith("-XX:AOTCache")))
                        .count(),
                "the training only: no measured run started, with or without a cache");
        assertFalse(Files.exists(cache()));
        assertTrue(messages.stream()
                .anyMatch(m -> m.startsWith("warning: cached's AOT cache: AOT cache training failed")));
    }

    @Test
    void anAotErrorInTheTrainingLogFailsTheTraining() throws Exception {
        FakeMachine machine = new FakeMachine().logLines("[3.1s][error][aot] An error has occurred while processing");
        run(machine);
        RunRecord cached = records().stream()
                .filter(r -> r.target().equals("cached"))
                .findFirst()
                .orElseThrow();
        assertEquals(Status.FAILED, cached.status());
        assertTrue(
                cached.reason()
                        .startsWith("AOT cache training failed: the JVM reported an AOT error: [3.1s][error][aot] An"
                                + " error"),
                cached.reason());
        assertFalse(Files.exists(cache()), "a cache the JVM complained about is never measured with");
    }

    @Test
    void theTrainingGetsMemoryForItsDumpWithoutChangingTheGcTheJvmPicks() {
        assertNull(AotCaches.trainingMemory(null));
        assertEquals(1L << 30, AotCaches.trainingMemory(512L << 20));
        assertEquals(1_791L << 20, AotCaches.trainingMemory(1_536L << 20), "stays below the server-class line");
        assertEquals((2L << 30) + (512L << 20), AotCaches.trainingMemory(2L << 30));
    }

    @Test
    void aMemoryLimitedTargetTrainsWithItsHeapSizedAsMeasured() throws Exception {
        FakeMachine machine = new FakeMachine();
        run(machine, SUITE.replace("    aotCache:", "    limits: {memory: 256m}\n    aotCache:"));
        assertEquals(
                List.of("-Xmx64m", "-XX:AOTCacheOutput=" + cache(), "-XX:MaxRAM=" + (256L << 20)),
                List.copyOf(machine.startedJvmArgs).get(0));
        RunRecord cached = records().stream()
                .filter(r -> r.target().equals("cached"))
                .findFirst()
                .orElseThrow();
        assertEquals(512L << 20, cached.targetInfo().aotCache().trainingMemoryBytes());
        assertEquals(256L << 20, cached.targetInfo().memoryBytes(), "measured under its own limit");
    }

    @Test
    void aMeasuredRunWhoseJvmWarnsAboutItsCacheFailsInsteadOfRunningWithoutIt() throws Exception {
        FakeMachine machine =
                new FakeMachine().logLines("[0.01s][warning][aot] The shared archive file has the wrong version");
        SuiteOutcome outcome = run(machine);
        assertEquals(2, outcome.failed(), outcome.toString());
        for (RunRecord record : records()) {
            assertEquals(record.target().equals("cached") ? Status.FAILED : Status.OK, record.status());
            if (record.target().equals("cached")) {
                assertEquals(
                        "the JVM warned about its AOT cache as it started ([0.01s][warning][aot] The shared archive"
                                + " file has the wrong version): the run would not measure the cache the suite names",
                        record.reason());
            }
        }
        assertEquals(
                3, machine.loadRuns(), "the training and plain's two runs; no load against a JVM without its cache");
    }

    @Test
    void aotWarningsAndErrorsAreFoundInTheLog() {
        assertEquals(
                "[0.01s][warning][aot] The shared archive file was created by a different version",
                RunAttempt.aotWarning(List.of(
                        "listening on 8080",
                        "[0.01s][warning][aot] The shared archive file was created by a different version")));
        assertEquals(
                "[0.01s][error][cds] Unable to map shared spaces",
                RunAttempt.aotWarning(List.of("[0.01s][error][cds] Unable to map shared spaces")));
        assertNull(RunAttempt.aotWarning(List.of("listening on 8080", "[0.5s][warning][gc] something else")));
    }

    @Test
    void aResumeReusesTheCacheAndRefusesOneThatChanged() throws Exception {
        run(new FakeMachine());
        RunRecord lastCached = records().stream()
                .filter(r -> r.target().equals("cached"))
                .reduce((a, b) -> b)
                .orElseThrow();
        String sha = RunInputs.sha256(cache());
        // The suite was killed before its last run of the cached target: the resume redoes it with the cache trained.
        Path last = results()
                .resolve("runs")
                .resolve(String.format("%03d-%s-json.json", lastCached.index(), lastCached.target()));
        Files.delete(last);
        FakeMachine resumed = new FakeMachine();
        assertEquals(1, run(resumed).ok());
        assertFalse(
                resumed.startedJvmArgs.stream().anyMatch(args -> args.contains("-XX:AOTCacheOutput=" + cache())),
                "no training again");
        assertEquals(sha, RunInputs.sha256(cache()));
        assertTrue(messages.stream().anyMatch(m -> m.startsWith("reusing cached's AOT cache aot/cached.aot")));

        Files.delete(last);
        Files.writeString(cache(), "another cache");
        SuiteException refused = assertThrows(SuiteException.class, () -> run(new FakeMachine()));
        assertTrue(
                refused.getMessage()
                        .contains("cached's AOT cache aot/cached.aot changed (SHA-256 " + sha.substring(0, 12)),
                refused.getMessage());
    }
}
