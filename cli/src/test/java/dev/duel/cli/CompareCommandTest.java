package dev.duel.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.cli.compare.Jars;
import dev.duel.record.RecordJson;
import dev.duel.record.RunRecord;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code duel compare}: wrong inputs refused in one line, the suite it writes, and one comparison end to end. */
class CompareCommandTest {
    @TempDir
    Path temp;

    /** A jar that starts the fixture server on SERVER_PORT, marked as Spring Boot, its classes on the test's path. */
    private Path springBootLikeJar(String name) throws Exception {
        String classPath = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .map(entry -> Path.of(entry).toUri().toString())
                .collect(Collectors.joining(" "));
        return Jars.write(
                temp.resolve(name),
                Map.of(
                        "Main-Class", "dev.duel.cli.compare.EnvPortServer",
                        "Spring-Boot-Version", "3.5.7",
                        "Class-Path", classPath));
    }

    private static void assertOneLineUsageError(Captured outcome, String expected) {
        assertEquals(ExitCodes.USAGE, outcome.exitCode(), outcome.err());
        String err = outcome.err().strip();
        assertTrue(err.startsWith("duel: "), err);
        assertFalse(err.contains("\n"), "one line, no usage dump: " + err);
        assertTrue(err.contains(expected), err);
        assertTrue(err.endsWith("(see 'duel compare --help')"), err);
    }

    @Test
    void wrongInputsAreOneLineEachNamingTheFix() throws Exception {
        Path jar = springBootLikeJar("app.jar");
        Path other = springBootLikeJar("other.jar");
        String a = jar.toString();
        String b = other.toString();
        assertOneLineUsageError(Captured.duel("compare", a, "--path", "/json"), "give two of one thing to compare");
        assertOneLineUsageError(
                Captured.duel("compare", a, b, "--jdk", "17", "--jdk", "25", "--path", "/json"),
                "two things differ (two jars and two JDKs)");
        assertOneLineUsageError(Captured.duel("compare", a, b), "missing required option: '--path=PATH'");
        assertOneLineUsageError(
                Captured.duel("compare", a, b, "--path", "json"), "--path takes a path starting with '/'");
        assertOneLineUsageError(
                Captured.duel("compare", temp.resolve("nowhere.jar").toString(), b, "--path", "/json"),
                "nowhere.jar does not exist: give the application's jar");
        Path text = Files.writeString(temp.resolve("notes.jar"), "not a zip");
        assertOneLineUsageError(
                Captured.duel("compare", text.toString(), b, "--path", "/json"), "notes.jar is not a jar");
        assertOneLineUsageError(
                Captured.duel("compare", a, b, "--path", "/json", "--header", "Accept application/json"),
                "--header takes 'NAME: VALUE'");
        assertOneLineUsageError(
                Captured.duel("compare", a, b, "--path", "/json", "--env", "PROFILE"), "--env takes NAME=VALUE");
        assertOneLineUsageError(
                Captured.duel("compare", a, b, "--path", "/json", "--port-env", "P", "--port-property", "p"),
                "give one");
        assertOneLineUsageError(
                Captured.duel("compare", a, b, "--path", "/json", "--memory", "half"), "--memory is a size like 512m");
        assertOneLineUsageError(Captured.duel("compare", a, b, "--path", "/json", "--budget", "1x"), "--budget");
        assertOneLineUsageError(
                Captured.duel("compare", a, "--jdk", "17", "--jdk", "99", "--path", "/json"), "no JDK 99 found");
        assertOneLineUsageError(
                Captured.duel("compare", a, b, "--path", "/json", "--name", "x"), "--name is given twice");
        assertOneLineUsageError(Captured.duel("compare", a, b, "--path", "/json", "--duraton", "1s"), "--duration");
        assertFalse(Files.exists(Path.of("results")) && hasCompareFolder(), "nothing was written by a refusal");
    }

    private static boolean hasCompareFolder() throws Exception {
        try (Stream<Path> folders = Files.list(Path.of("results"))) {
            return folders.anyMatch(p -> p.getFileName().toString().startsWith("compare-app-vs-other"));
        }
    }

    @Test
    void aDryRunPrintsTheSuiteAndThePlanAndLeavesNothing() throws Exception {
        Path jar = springBootLikeJar("app.jar");
        Captured plan = Captured.duel(
                "compare",
                jar.toString(),
                "--jvm-args",
                "-XX:+UseSerialGC -Xmx64m",
                "--jvm-args",
                "-XX:+UseParallelGC -Xmx64m",
                "--path",
                "/health",
                "--results",
                temp.resolve("r").toString(),
                "--dry-run");
        assertEquals(ExitCodes.OK, plan.exitCode(), plan.err());
        String out = plan.out();
        assertTrue(out.contains("name: 'compare-UseSerialGC-vs-UseParallelGC'"), out);
        assertTrue(out.contains("env: {SERVER_PORT: '${port}'}"), out);
        assertTrue(out.contains("is UseParallelGC faster than UseSerialGC on /health?"), out);
        assertTrue(out.contains("ready when GET /health answers 200"), out);
        assertTrue(out.contains("passed as SERVER_PORT=${port}"), out);
        assertTrue(out.contains("in turns with 002-"), out);
        assertFalse(Files.exists(temp.resolve("r")), "a plan leaves nothing behind");
    }

    /**
     * End to end: two builds of an app (two jars) compared in interleaved pairs, the answer printed, the suite written
     * beside the report, and that suite accepted again unchanged by {@code duel run}.
     */
    @Test
    @Tag("slow")
    void twoJarsAreComparedAndTheSuiteItWroteRunsAgain() throws Exception {
        Path a = springBootLikeJar("app-1.0.jar");
        Path b = springBootLikeJar("app-1.1.jar");
        Path results = temp.resolve("results");
        Captured compared = Captured.duel(
                "compare",
                a.toString(),
                b.toString(),
                "--path",
                "/health",
                "--check",
                "json:/app == \"env-port\"",
                "--jvm-args",
                "-Xmx64m -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Xshare:auto",
                "--vus",
                "2",
                "--max-warmup",
                "4s",
                "--duration",
                "2s",
                "--budget",
                "10s",
                "--memory",
                "256m",
                "--results",
                results.toString());
        String out = compared.out();
        assertTrue(
                compared.exitCode() == ExitCodes.OK || compared.exitCode() == ExitCodes.NOT_CLEAN,
                compared.exitCode() + "\n" + out + compared.err());
        assertTrue(out.contains("duel compare: is app-1.1 faster than app-1.0 on /health?"), out);
        Path suite = results.resolve("suite.yaml");
        assertTrue(out.contains("The suite it ran, to edit and run again: duel run " + suite), out);
        assertTrue(Files.exists(results.resolve("report.md")), out);
        List<RunRecord> records = new java.util.ArrayList<>();
        try (Stream<Path> files = Files.list(results.resolve("runs"))) {
            for (Path file : files.filter(p -> p.toString().endsWith(".json")).toList()) {
                records.add(RecordJson.readRun(file));
            }
        }
        // Three pairs on a quiet machine; on a busy one a pair's attempts are discarded and the budget may end it
        // sooner, and every attempt keeps its record.
        assertTrue(records.size() >= 2, records.size() + " records: " + out);
        assertEquals(
                List.of("app-1.0", "app-1.1"),
                records.stream().map(RunRecord::target).distinct().sorted().toList());
        // Issue 31: where the pair warmed up in turns on the CPU both share, each side's compilers held raised through
        // it (duel runs as root here, or with CAP_SYS_NICE); warmed apart, each on a CPU of its own, as they were.
        for (RunRecord record : records) {
            if (record.status() != dev.duel.record.Status.OK) {
                continue;
            }
            boolean inTurns = record.results().get(0).load().settings().warmupTurnMillis() != null;
            assertEquals(
                    inTurns ? Integer.valueOf(dev.duel.targets.runtime.CompilerPriority.RAISED_NICE) : null,
                    record.duet().warmupCompilerNice(),
                    record.index() + " " + record.target() + (inTurns ? " warmed up in turns" : " warmed up apart"));
        }
        // After the runs' progress the answer comes first: the report's headline line for the path, whatever it is.
        String after = out.substring(out.indexOf("duel report: compare-app-1.0-vs-app-1.1"));
        assertTrue(after.lines().skip(1).findFirst().orElse("").startsWith("  health: "), after);
        assertTrue(after.indexOf("  health: ") < after.indexOf("duel compare: done in"), after);
        Captured again = Captured.duel("run", suite.toString(), "--results", results.toString(), "--dry-run");
        assertEquals(ExitCodes.OK, again.exitCode(), again.err());
        assertTrue(again.out().contains("suite compare-app-1.0-vs-app-1.1"), again.out());
    }
}
