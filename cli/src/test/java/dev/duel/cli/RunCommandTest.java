package dev.duel.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.record.RecordJson;
import dev.duel.record.RunRecord;
import dev.duel.record.Status;
import dev.duel.suite.fixtures.FixtureSuites;
import dev.duel.suite.fixtures.GeneratorVerdicts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `duel run` end to end on fixture targets: exit codes, messages, dry run, resume, refusal. */
class RunCommandTest {
    @TempDir
    Path temp;

    private Path suite(String targetsYaml, int repetitions) throws Exception {
        return Files.writeString(temp.resolve("suite.yaml"), FixtureSuites.suite(targetsYaml, repetitions));
    }

    private static String fixture(String name, String app, String expected) {
        return FixtureSuites.target(name, "ok", app, expected);
    }

    @Test
    void aBrokenSuiteFileIsAUsageErrorWithLineAndColumn() throws Exception {
        Path file =
                Files.writeString(temp.resolve("broken.yaml"), "name: x\ntargets: []\nscenarios: []\nrepetitons: 3\n");
        Captured outcome = Captured.duel(
                "run", file.toString(), "--results", temp.resolve("r").toString());
        assertEquals(ExitCodes.USAGE, outcome.exitCode(), outcome.err());
        assertTrue(outcome.err().contains("broken.yaml:4:1"), outcome.err());
        assertFalse(outcome.err().contains("\tat "), "no stack trace without --verbose: " + outcome.err());
        assertFalse(Files.exists(temp.resolve("r")));
    }

    @Test
    void missingJarsAndJdksAreNamedBeforeAnythingRuns() throws Exception {
        Path file = suite("""
                  - name: ghost
                    java: '99'
                    jar: nowhere/app.jar
                """, 1);
        Captured outcome = Captured.duel(
                "run", file.toString(), "--results", temp.resolve("r").toString());
        assertEquals(ExitCodes.USAGE, outcome.exitCode(), outcome.err());
        assertTrue(outcome.err().contains("no JDK 99"), outcome.err());
        assertTrue(outcome.err().contains("no jar at " + temp.resolve("nowhere/app.jar")), outcome.err());
        assertFalse(Files.exists(temp.resolve("r")));
    }

    @Test
    void dryRunShowsTheAlternatingOrderAndRunsNothing() throws Exception {
        Path file = suite(fixture("a", "a", "a") + fixture("b", "b", "b"), 2);
        Captured outcome = Captured.duel(
                "run", file.toString(), "--results", temp.resolve("r").toString(), "--dry-run");
        assertEquals(ExitCodes.OK, outcome.exitCode(), outcome.err());
        String out = outcome.out();
        int first = out.indexOf("001  a ");
        int second = out.indexOf("002  b ");
        int third = out.indexOf("003  b ");
        int fourth = out.indexOf("004  a ");
        assertTrue(first > 0 && first < second && second < third && third < fourth, out);
        assertTrue(out.contains("limits cpus 1.0"), out);
        // Issue 24, item 16: a suite file is code; the dry run names every program it would start, whole.
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        assertTrue(
                out.contains("starts (a suite file is code: read these before running one you did not write):"), out);
        for (String target : new String[] {"a", "b"}) {
            assertTrue(
                    out.lines()
                            .anyMatch(line -> line.startsWith("  target " + target + ": " + java + " -Xmx64m")
                                    && line.contains("dev.duel.targets.fixtures.FixtureServer")),
                    out);
        }
        // Issue 32: what each start waits for and checks, and where the target learns its port, before any run.
        assertTrue(
                out.contains("ready when GET /health answers 200 (within 20 s); identity on /health: /app == \"a\""),
                out);
        assertTrue(out.contains("port: a free one, passed as ${port}\n"), out);
        assertFalse(Files.exists(temp.resolve("r")));
    }

    @Test
    void dryRunSaysWhenASuitePassesThePortNowhere() throws Exception {
        Path file = suite(fixture("a", "a", "a").replace(", '${port}']", "]") + fixture("b", "b", "b"), 1);
        Captured outcome = Captured.duel(
                "run", file.toString(), "--results", temp.resolve("r").toString(), "--dry-run");
        assertEquals(ExitCodes.OK, outcome.exitCode(), outcome.err());
        assertTrue(
                outcome.out()
                        .contains("port: a free one, but passed nowhere: no env, argument or command uses ${port}"),
                outcome.out());
    }

    @Test
    void dryRunOfARangeOfRepetitionsCountsMinToMaxAndMarksTheRunsPastMin() throws Exception {
        Path file = Files.writeString(
                temp.resolve("suite.yaml"),
                FixtureSuites.suite(fixture("a", "a", "a") + fixture("b", "b", "b"), 1)
                        .replace("repetitions: 1", "repetitions: {min: 2, max: 3, until: 'rps ci within 5%'}"));
        Captured outcome = Captured.duel(
                "run", file.toString(), "--results", temp.resolve("r").toString(), "--dry-run");
        assertEquals(ExitCodes.OK, outcome.exitCode(), outcome.err());
        String out = outcome.out();
        assertTrue(
                out.contains(": 4 to 6 runs (repetitions 2 to 3 until health rps CI within 5%), order alternate"), out);
        assertTrue(out.contains("004  a ") && !out.contains("004  a              health, repetition 2  (only"), out);
        assertTrue(
                out.contains("005  a              health, repetition 3  (only while the interval is too wide)"), out);
        assertFalse(Files.exists(temp.resolve("r")));
    }

    @Test
    void aFolderInUseIsRefusedAtOnceNamingItsHolderAndNothingInItIsTouched() throws Exception {
        // Issue 24, item 1: a second duel on a folder in use deleted the first's temporary files and, through the
        // process ledger, ended its live target. The holder here is this process (another duel's lock works alike:
        // FolderLockTest); its ledger and a half-written file must survive the refusal.
        Path file = suite(fixture("a", "a", "a"), 1);
        Path results = Files.createDirectories(temp.resolve("r"));
        Path ledger = Files.writeString(results.resolve(".processes"), "4242 1700000000000 target a\n");
        Path unfinished = Files.writeString(
                Files.createDirectories(results.resolve("runs")).resolve(".001.tmp"), "{");
        dev.duel.suite.store.FolderLock held =
                dev.duel.suite.store.FolderLock.take(results, "duel run first.yaml", said -> {});
        try {
            Captured second = Captured.duelWithoutProbe("run", file.toString(), "--results", results.toString());
            assertEquals(ExitCodes.USAGE, second.exitCode(), second.out() + second.err());
            assertTrue(
                    second.err()
                            .contains("results folder " + results + " is in use by duel PID "
                                    + ProcessHandle.current().pid()),
                    second.err());
            assertTrue(second.err().contains("duel run first.yaml"), second.err());
            assertFalse(second.out().contains("[1/"), second.out());
        } finally {
            held.close();
        }
        assertTrue(Files.exists(ledger) && Files.exists(unfinished), "the holder's files are left alone");
    }

    @Tag("slow") // starts fixture processes: CI runs it; the quick loop (-Pquick) leaves it out
    @Test
    void aSuiteRunsThenResumesAsDoneAndRefusesAChangedSuite() throws Exception {
        Path file = suite(fixture("a", "a", "a") + fixture("b", "b", "b"), 1);
        Path results = temp.resolve("r");
        Captured first = Captured.duelWithoutProbe("run", file.toString(), "--results", results.toString());
        assertTrue(first.out().contains("[1/2] a: health") && first.out().contains("[2/2] b: health"), first.out());
        assertTrue(first.out().contains("-> ok"), first.out());
        List<RunRecord> records = new ArrayList<>();
        try (Stream<Path> runs = Files.list(results.resolve("runs"))) {
            for (Path run : runs.filter(f -> f.toString().endsWith(".json")).toList()) {
                records.add(RecordJson.readRun(run));
            }
        }
        assertEquals(2, records.size());
        boolean generatorJudged = records.stream().anyMatch(GeneratorVerdicts::byTheGenerator);
        if (generatorJudged) {
            // Beside other test JVMs the generator's own gates may judge a run of 0.7 s (one 9 ms young collection of
            // this JVM was 1.3% of it): the run is still recorded whole and the resume below still finds it done.
            assertEquals(ExitCodes.NOT_CLEAN, first.exitCode(), first.out() + first.err());
        } else {
            assertEquals(ExitCodes.OK, first.exitCode(), first.out() + first.err());
        }
        assertTrue(
                records.stream().allMatch(r -> r.status() == Status.OK || GeneratorVerdicts.byTheGenerator(r)),
                records.toString());
        assertTrue(Files.exists(results.resolve("env.json")) && Files.exists(results.resolve("suite.yaml")));
        assertTrue(Files.size(results.resolve("report.md")) > 0, "duel run writes the report");
        assertTrue(first.out().contains("report: " + results.resolve("report.html")), first.out());

        Captured report = Captured.duel("report", results.toString());
        assertEquals(ExitCodes.OK, report.exitCode(), report.err());
        if (generatorJudged) {
            // A run the generator's own gates judged invalid leaves its side without a valid run: the report names it
            // with its reason instead of comparing (a CI run beside other test JVMs saw a 16 ms young collection).
            assertTrue(report.out().contains("runs left out") && report.out().contains("load generator"), report.out());
        } else {
            assertTrue(
                    report.out().contains("b against a:")
                            && report.out().contains("1 run(s) against 1 cannot show a difference"),
                    report.out());
        }
        // Runs this short (0.7 s of main) reach no steady state and may hold no whole second or too few samples for
        // a chart: the report still gives its warm-up answer, and every chart it did draw is a PNG.
        assertTrue(Files.readString(results.resolve("report.md")).contains("### health: warm-up"));
        if (Files.isDirectory(results.resolve("charts"))) {
            try (Stream<Path> charts = Files.list(results.resolve("charts"))) {
                for (Path chart : charts.toList()) {
                    byte[] head = Arrays.copyOf(Files.readAllBytes(chart), 4);
                    assertArrayEquals(new byte[] {(byte) 0x89, 'P', 'N', 'G'}, head, chart.toString());
                }
            }
        }
        for (String written : new String[] {"report.md", "report.html", "summary.json"}) {
            assertTrue(Files.size(results.resolve(written)) > 0, written);
        }
        if (!generatorJudged) { // the threshold line below is written for two valid runs
            Captured failing = Captured.duel("report", results.toString(), "--threshold", "*.errors > 0");
            assertEquals(ExitCodes.CHECKS_FAILED, failing.exitCode(), failing.out());
            assertTrue(failing.out().contains("FAIL *.errors > 0  ->  health: a.errors 0 > 0"), failing.out());
        }
        Captured missing = Captured.duel("report", temp.resolve("nothing-here").toString());
        assertEquals(ExitCodes.USAGE, missing.exitCode());
        assertTrue(
                missing.err().contains("nothing-here does not exist: give the results folder that `duel run` wrote"),
                missing.err());
        Files.createDirectories(temp.resolve("no-runs"));
        Captured wrong = Captured.duel("report", temp.resolve("no-runs").toString());
        assertEquals(ExitCodes.USAGE, wrong.exitCode());
        assertTrue(
                wrong.err().contains("holds no runs/ folder: give the results folder that `duel run` wrote"),
                wrong.err());

        Captured again = Captured.duelWithoutProbe("run", file.toString(), "--results", results.toString());
        assertTrue(
                again.exitCode() == ExitCodes.OK || generatorJudged && again.exitCode() == ExitCodes.NOT_CLEAN,
                again.exitCode() + again.err());
        assertTrue(again.out().contains("2 already done"), again.out());
        assertFalse(again.out().contains("[1/2]"), again.out());

        Files.writeString(file, Files.readString(file).replace("duration: 700ms", "duration: 800ms"));
        Captured changed = Captured.duelWithoutProbe("run", file.toString(), "--results", results.toString());
        assertEquals(ExitCodes.USAGE, changed.exitCode(), changed.err());
        assertTrue(changed.err().contains("different version of the suite"), changed.err());
    }

    @Tag("slow") // starts fixture processes: CI runs it; the quick loop (-Pquick) leaves it out
    @Test
    void aTargetThatIsNotWhatItClaimsStopsTheSuite() throws Exception {
        Path file = suite(fixture("minimal", "controllers", "minimal"), 2);
        // No run is measured here (the identity check refuses the first target), so duel's engine needs no 1 s warm-up
        // at full speed on both cores: 200 ms still takes the step.
        Files.writeString(
                file,
                Files.readString(file)
                        .replace("loadgen: {threads: 1, warmup: 1s}", "loadgen: {threads: 1, warmup: 200ms}"));
        assertTrue(Files.readString(file).contains("warmup: 200ms}"));
        Captured outcome = Captured.duelWithoutProbe(
                "run", file.toString(), "--results", temp.resolve("r").toString());
        assertEquals(ExitCodes.STOPPED, outcome.exitCode(), outcome.err());
        assertTrue(outcome.err().contains("expected app=minimal at http://127.0.0.1:"), outcome.err());
        assertTrue(outcome.err().contains("it reported app=controllers; refusing to measure"), outcome.err());
        assertTrue(outcome.err().contains("run the same command again to resume"), outcome.err());
    }

    @Tag("slow") // starts fixture processes: CI runs it; the quick loop (-Pquick) leaves it out
    @Test
    void sigtermStopsTheTargetWritesNoRecordForTheCutRunAndOnlyTheSameSuiteResumes() throws Exception {
        Path file = suite(fixture("a", "a", "a"), 1);
        // main long enough to be cut reliably, short enough to be run in full by the resume (and long enough there,
        // about 100 requests of the slow fixture, that the loadgen gate's p99 is not the single worst turnaround)
        String suiteText = Files.readString(file).replace("duration: 700ms", "duration: 2500ms");
        Files.writeString(file, suiteText);
        Path results = temp.resolve("r");
        Path runs = results.resolve("runs");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process duel = new ProcessBuilder(
                        java,
                        // duel's own start in its cheapest mode: this run is cut, so no number of its engine is judged
                        "-XX:TieredStopAtLevel=1",
                        "-XX:+UseSerialGC",
                        "-cp",
                        System.getProperty("java.class.path"),
                        Duel.class.getName(),
                        "run",
                        file.toString(),
                        "--results",
                        results.toString())
                .redirectErrorStream(true)
                .redirectOutput(temp.resolve("duel.out").toFile())
                .start();
        List<ProcessHandle> started = List.of();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (System.nanoTime() < deadline
                    && !Files.readString(temp.resolve("duel.out")).contains("health: main")) {
                Thread.sleep(50);
            }
            started = duel.descendants().toList();
            assertFalse(started.isEmpty(), "the target runs: " + Files.readString(temp.resolve("duel.out")));
            duel.destroy(); // SIGTERM, as from kill or a CI timeout
            assertTrue(duel.waitFor(30, TimeUnit.SECONDS), "duel ends on SIGTERM");
            for (ProcessHandle process : started) {
                process.onExit().get(15, TimeUnit.SECONDS);
            }
            assertFalse(Files.exists(runs.resolve("001-a-health.json")), "a cut run has no record");
            assertTrue(Files.exists(runs.resolve("001-a-health.inflight")), "the cut run is marked for the resume");
        } finally {
            duel.destroyForcibly();
            started.forEach(ProcessHandle::destroyForcibly);
        }
        // A changed suite cannot finish the cut run: its record would mix settings.
        Files.writeString(file, suiteText.replace("duration: 2500ms", "duration: 700ms"));
        Captured changed = Captured.duel("run", file.toString(), "--results", results.toString());
        assertEquals(ExitCodes.USAGE, changed.exitCode(), changed.out() + changed.err());
        assertTrue(changed.err().contains("holds runs of a different version of the suite"), changed.err());
        assertFalse(changed.out().contains("[1/1]"), "nothing ran: " + changed.out());
        assertEquals(suiteText, Files.readString(results.resolve("suite.yaml")), "the folder keeps its suite");
        assertTrue(Files.exists(runs.resolve("001-a-health.inflight")), "the cut run still waits for the resume");
        assertFalse(Files.exists(runs.resolve("001-a-health.json")));

        // The same suite resumes: the cut run is run again in full.
        Files.writeString(file, suiteText);
        Captured resumed = Captured.duel("run", file.toString(), "--results", results.toString());
        assertEquals(ExitCodes.OK, resumed.exitCode(), resumed.out() + resumed.err());
        assertTrue(resumed.out().contains("was under way when duel stopped"), resumed.out());
        assertTrue(Files.exists(runs.resolve("001-a-health.json")));
        assertFalse(Files.exists(runs.resolve("001-a-health.inflight")), "the resume cleared the mark");
    }

    @Tag("slow") // starts a fixture process
    @Test
    void aThresholdOfTheSuiteThatFailsMakesTheRunExitOne() throws Exception {
        Path file = suite(fixture("a", "a", "a"), 1);
        Files.writeString(file, Files.readString(file) + "thresholds: ['*.rps > 1000000000', '*.errors == 0']\n");
        Path results = temp.resolve("r");
        Captured outcome = Captured.duelWithoutProbe("run", file.toString(), "--results", results.toString());
        boolean generatorJudged;
        try (Stream<Path> runs = Files.list(results.resolve("runs"))) {
            generatorJudged = runs.filter(f -> f.toString().endsWith(".json"))
                    .map(f -> {
                        try {
                            return RecordJson.readRun(f);
                        } catch (dev.duel.record.RecordException e) {
                            throw new AssertionError(f + " is not a run record", e);
                        }
                    })
                    .anyMatch(GeneratorVerdicts::byTheGenerator);
        }
        // As above: a 13 ms young collection of this test JVM was 1.9% of the fixture's short main (CI, 2026-12-06),
        // and an invalid run's exit (5) outranks a failed threshold's; the thresholds are still judged and printed.
        assertEquals(
                generatorJudged ? ExitCodes.NOT_CLEAN : ExitCodes.CHECKS_FAILED,
                outcome.exitCode(),
                outcome.out() + outcome.err());
        assertTrue(outcome.out().contains("FAIL *.rps > 1000000000  ->  health: a.rps "), outcome.out());
        assertTrue(outcome.out().contains("pass *.errors == 0  ->  health: a.errors 0 == 0"), outcome.out());
    }
}
