package dev.duel.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.duel.suite.fixtures.FixtureSuites;
import dev.duel.suite.fixtures.KilledDuels;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 24's kill line, through the command a user types: {@code kill -9} of {@code duel run} (a JVM of its own) at ten
 * moments drawn from a fixed seed, each followed by the same command. Every record written before a kill is kept
 * unchanged, no process any killed duel started is left, each next command takes the dead one's folder lock over, and
 * the final report uses the runs an uninterrupted suite uses. (suite's ResumeTest does the same to the runner alone.)
 */
@Tag("slow") // real duels killed, with fixture targets: CI runs it; the quick loop (-Pquick) leaves it out
class KilledRunTest {
    private static final int KILLS = 10;

    @TempDir
    Path temp;

    @Test
    void duelRunKilledAtTenMomentsAndRunAgainEachTimeReportsTheRunsOfAnUninterruptedSuite() throws Exception {
        String yaml = FixtureSuites.paced(FixtureSuites.suite(
                FixtureSuites.target("a", "ok", "a", "a") + FixtureSuites.target("b", "ok", "b", "b"), 2));
        Path file = Files.writeString(temp.resolve("fixtures.yaml"), yaml);
        Path results = temp.resolve("killed");
        Path runs = results.resolve("runs");
        Random moments = new Random(2_024);
        Map<String, String> written = new LinkedHashMap<>();
        List<ProcessHandle> started = new ArrayList<>();
        int killed = 0;
        try {
            for (int kill = 0; kill < KILLS; kill++) {
                Process duel = start(file, results, kill);
                Thread.sleep(300 + moments.nextInt(4_000)); // from its JVM's start to well into a run
                started.addAll(duel.descendants().toList());
                if (!duel.isAlive()) {
                    // It ended before this kill: only by finishing the suite. A refusal of the dead duel's folder
                    // lock, or any other error, exits at once with another code.
                    int exit = duel.exitValue();
                    assertTrue(
                            exit == ExitCodes.OK || exit == ExitCodes.NOT_CLEAN,
                            "attempt " + kill + " exited " + exit + ": "
                                    + Files.readString(temp.resolve("attempt-" + kill + ".out")));
                    break;
                }
                duel.destroyForcibly(); // SIGKILL: no shutdown hook, no lock released, no record finished
                assertTrue(duel.waitFor(10, TimeUnit.SECONDS));
                killed++;
                KilledDuels.assertKeptAndAdd(written, runs, "kill " + kill);
            }
            assertTrue(killed >= 5, "the suite lasted through most kills: " + killed);

            Captured last = Captured.duelWithoutProbe("run", file.toString(), "--results", results.toString());
            assertTrue(
                    last.exitCode() == ExitCodes.OK || last.exitCode() == ExitCodes.NOT_CLEAN,
                    last.exitCode() + ": " + last.out() + last.err());
            assertEquals(List.of(), KilledDuels.alive(started), "every process a killed duel started was ended");
            assertFalse(Files.exists(results.resolve(".processes")), "none noted once the suite ended");
            Map<String, String> end = KilledDuels.records(runs);
            written.forEach((name, text) -> assertEquals(text, end.get(name), name + " kept unchanged"));

            Path clean = temp.resolve("uninterrupted");
            Captured uninterrupted = Captured.duelWithoutProbe("run", file.toString(), "--results", clean.toString());
            assertTrue(
                    uninterrupted.exitCode() == ExitCodes.OK || uninterrupted.exitCode() == ExitCodes.NOT_CLEAN,
                    uninterrupted.out() + uninterrupted.err());
            assertEquals(finalRecords(clean.resolve("runs")), finalRecords(runs), "each planned run once, whole");
            assertEquals(runsConsidered(clean), runsConsidered(results), "the reports consider the same runs");
            KilledDuels.assertNothingPartial(runs);
        } finally {
            started.forEach(ProcessHandle::destroyForcibly);
        }
    }

    private Process start(Path file, Path results, int attempt) throws java.io.IOException {
        // duel's own start in its cheapest mode: these runs are killed, or redone, never judged
        return new ProcessBuilder(KilledDuels.cheapJvm(
                        Captured.class.getName(), "run", file.toString(), "--results", results.toString()))
                .redirectErrorStream(true)
                .redirectOutput(temp.resolve("attempt-" + attempt + ".out").toFile())
                .start();
    }

    /** Per target, the report's count of the runs it considered ("3 of 4 valid": 4), from summary.json. */
    private static Map<String, String> runsConsidered(Path results) throws Exception {
        JsonNode summary =
                new ObjectMapper().readTree(results.resolve("summary.json").toFile());
        Map<String, String> considered = new LinkedHashMap<>();
        for (JsonNode target : summary.get("targets")) {
            String runs = target.get("runs").asText();
            considered.put(target.get("name").asText(), runs.replaceAll("^\\d+ of (\\d+).*$", "$1"));
        }
        return considered;
    }

    private static List<String> finalRecords(Path runs) throws Exception {
        return KilledDuels.records(runs).keySet().stream()
                .filter(name -> name.matches("\\d{3}-[^.]+\\.json"))
                .toList();
    }
}
