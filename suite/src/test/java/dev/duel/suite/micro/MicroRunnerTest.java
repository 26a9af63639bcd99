package dev.duel.suite.micro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.record.RecordJson;
import dev.duel.record.SampleRecords;
import dev.duel.record.Status;
import dev.duel.record.micro.MicroMode;
import dev.duel.record.micro.MicroRecord;
import dev.duel.suite.SuiteException;
import dev.duel.targets.Jdk;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MicroRunnerTest {
    private static final String LISTING = """
            Benchmarks:\s
            dev.duel.reference.micro.HttpBenchmark.postQuote
              param "app" = {controllers, minimal}
              param "size" = {1000}
            dev.duel.reference.micro.ProcessLogicBenchmark.sort
              param "size" = {1000000}
            """;

    private static final String FLAGS = """
                 int UseAVX                                   = 2                                      {ARCH product} {default}
            openjdk version "25.0.3" 2026-04-21 LTS
            OpenJDK Runtime Environment Temurin-25.0.3+9 (build 25.0.3+9-LTS)
            """;

    @TempDir
    Path temp;

    /** Answers -lp and -XX:+PrintFlagsFinal; a JMH run writes a one-fork JSON whose score is the run's number. */
    final class FakeJmh implements MicroProcesses {
        final List<List<String>> runs = new ArrayList<>();
        int failOn = -1;

        @Override
        public String output(List<String> command) {
            return command.contains("-lp") ? LISTING : FLAGS;
        }

        @Override
        public int run(List<String> command, Path log, long timeoutSeconds) throws IOException {
            runs.add(command);
            Files.writeString(log, "JMH output");
            if (runs.size() == failOn) {
                return 1;
            }
            String json = command.get(command.indexOf("-rff") + 1);
            String benchmark =
                    command.get(command.indexOf("-jar") + 2).replace("^\\Q", "").replace("\\E$", "");
            Files.writeString(Path.of(json), """
                    [{"jmhVersion":"1.37","benchmark":"%s","mode":"avgt","jvmArgs":["-Xmx1g"],
                      "params":{"size":"1000"},
                      "primaryMetric":{"score":%d.5,"scoreUnit":"us/op","rawData":[[%d.0,%d.0]]},
                      "secondaryMetrics":{"gc.alloc.rate.norm":{"score":2048.0,"scoreUnit":"B/op"}}}]
                    """.formatted(benchmark, runs.size(), runs.size(), runs.size() + 1));
            return 0;
        }
    }

    private MicroPlan plan(List<String> includes) {
        Jdk a = new Jdk(temp.resolve("jdk17"), 17, "17.0.15", "Debian");
        Jdk b = new Jdk(temp.resolve("jdk25"), 25, "25.0.3", "Eclipse Adoptium");
        return new MicroPlan(
                jar(),
                List.of(new MicroPlan.MicroJdk("jdk17", a), new MicroPlan.MicroJdk("jdk25", b)),
                includes,
                Map.of("app", List.of("minimal")),
                2,
                1,
                Duration.ofSeconds(1),
                2,
                Duration.ofSeconds(1),
                null);
    }

    private Path jar() {
        Path jar = temp.resolve("benchmarks.jar");
        try {
            if (!Files.exists(jar)) {
                Files.writeString(jar, "jar");
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return jar;
    }

    private MicroRunner runner(FakeJmh jmh) {
        return new MicroRunner(jmh, Clock.fixed(Instant.parse("2026-11-30T06:00:00Z"), ZoneOffset.UTC), line -> {});
    }

    private static List<MicroRecord> records(Path folder) throws Exception {
        List<MicroRecord> records = new ArrayList<>();
        try (Stream<Path> files = Files.list(folder.resolve("runs"))) {
            for (Path file :
                    files.filter(f -> f.toString().endsWith(".json")).sorted().toList()) {
                records.add(RecordJson.readMicro(file));
            }
        }
        return records;
    }

    @Test
    void forksAlternateBetweenJdksAndSwapWhichGoesFirstEachRound() throws Exception {
        FakeJmh jmh = new FakeJmh();
        Path folder = temp.resolve("results");
        MicroRunner.Outcome outcome = runner(jmh).run(plan(List.of("HttpBenchmark")), folder, env());
        assertEquals(new MicroRunner.Outcome(4, 0, 0), outcome);
        List<MicroRecord> records = records(folder);
        assertEquals(
                List.of("jdk17 1", "jdk25 1", "jdk25 2", "jdk17 2"),
                records.stream().map(r -> r.jdk() + " " + r.fork()).toList());
        MicroRecord first = records.get(0);
        assertEquals(Map.of("app", "minimal", "size", "1000"), first.params());
        assertEquals(List.of(1.0, 2.0), first.iterationScores());
        assertEquals(1.5, first.score());
        assertEquals(2048.0, first.allocBytesPerOp());
        assertEquals(MicroMode.AVERAGE_TIME, first.mode());
        assertEquals(2, first.jit().useAvx());
        assertEquals("25.0.3+9-LTS", first.jit().build());
        assertTrue(jmh.runs.get(0).containsAll(List.of("-p", "app=minimal", "-prof", "gc", "-f", "1")));
        assertTrue(Files.exists(folder.resolve("runs/001-jdk17-HttpBenchmark.postQuote+app=minimal+size=1000.json")));
        assertTrue(Files.exists(folder.resolve("env.json")));
    }

    @Test
    void aFailedForkIsRecordedAndAResumeRunsOnlyWhatIsMissing() throws Exception {
        FakeJmh jmh = new FakeJmh();
        jmh.failOn = 2;
        Path folder = temp.resolve("results");
        runner(jmh).run(plan(List.of("sort")), folder, env());
        MicroRecord failed = records(folder).get(1);
        assertEquals(Status.FAILED, failed.status());
        assertNull(failed.score());
        assertTrue(failed.reason().startsWith("JMH exited with 1"), failed.reason());
        Files.delete(folder.resolve("runs/003-jdk25-ProcessLogicBenchmark.sort+size=1000000.json"));
        FakeJmh again = new FakeJmh();
        assertEquals(new MicroRunner.Outcome(1, 3, 0), runner(again).run(plan(List.of("sort")), folder, env()));
    }

    @Test
    void aFolderOfAnotherPlanAndAnUnknownBenchmarkAreRefused() throws Exception {
        Path folder = temp.resolve("results");
        runner(new FakeJmh()).run(plan(List.of("sort")), folder, env());
        IllegalArgumentException other = assertThrows(
                IllegalArgumentException.class,
                () -> runner(new FakeJmh()).run(plan(List.of("HttpBenchmark")), folder, env()));
        assertTrue(other.getMessage().contains("another micro plan"), other.getMessage());
        IllegalArgumentException unknown = assertThrows(
                IllegalArgumentException.class,
                () -> runner(new FakeJmh()).run(plan(List.of("Nope")), temp.resolve("other"), env()));
        assertTrue(unknown.getMessage().contains("'Nope' matches no benchmark"), unknown.getMessage());
    }

    @Test
    void jdk17SpellsUseAvxAsIntx() {
        dev.duel.record.micro.JitFacts facts = JitProbe.parse("""
                     intx UseAVX                                   = 3                                    {ARCH product} {default}
                OpenJDK Runtime Environment (build 17.0.15+6-Debian-1deb12u1)
                """, "v4", "Debian");
        assertEquals(new dev.duel.record.micro.JitFacts("v4", 3, "Debian", "17.0.15+6-Debian-1deb12u1"), facts);
        assertNull(JitProbe.parse("no flags", "", "x").useAvx());
    }

    @Test
    void theListingGivesEveryParameterCombination() {
        MicroBenchmarks benchmarks = MicroBenchmarks.parse(LISTING);
        assertEquals(3, benchmarks.select(List.of(), Map.of()).size());
        assertTrue(benchmarks.has("HttpBenchmark.postQuote"));
        assertTrue(!benchmarks.has("HttpBenchmark.getJson"));
    }

    @Test
    void aMicroFileIsCheckedAtTheKeyItIsAbout() throws Exception {
        Path file = temp.resolve("micro.yaml");
        Files.writeString(file, "jdks: {a: 17, b: 17}\nforks: 0\n");
        SuiteException e = assertThrows(
                SuiteException.class, () -> new MicroFileLoader(new dev.duel.targets.JdkResolver()).load(file));
        assertTrue(e.getMessage().endsWith("micro.yaml:2:1: forks: is 0, expected 1 or more"), e.getMessage());
        Files.writeString(file, "jdks: {a: 17, b: 17}\nfork: 3\n");
        e = assertThrows(
                SuiteException.class, () -> new MicroFileLoader(new dev.duel.targets.JdkResolver()).load(file));
        assertTrue(e.getMessage().contains("micro.yaml:2:1: unknown key 'fork'"), e.getMessage());
    }

    private static dev.duel.record.Environment env() {
        return SampleRecords.environment("env0000001", "2026-11-30T06:00:00Z", List.of());
    }
}
