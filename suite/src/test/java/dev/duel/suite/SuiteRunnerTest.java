package dev.duel.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.duel.suite.fixtures.FixtureSuites;
import dev.duel.targets.Cgroups;
import dev.duel.targets.JdkResolver;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Whole suites against fixture targets: records, order, failures, refusals. */
class SuiteRunnerTest {
    @TempDir
    Path temp;

    private SuiteOutcome run(String yaml) throws Exception {
        Path file = Files.writeString(temp.resolve("fixtures.yaml"), yaml);
        Suite suite = new SuiteLoader(temp).load(file);
        return new SuiteRunner(suite, temp.resolve("results"), SuiteListener.NONE, new JdkResolver(), new Cgroups(), temp).run();
    }

    private List<JsonNode> records() throws IOException {
        try (Stream<Path> files = Files.list(temp.resolve("results/runs"))) {
            return files.filter(f -> f.toString().endsWith(".json") && !f.getFileName().toString().contains("discarded"))
                    .sorted().map(f -> {
                        try {
                            return AtomicJson.MAPPER.readTree(f.toFile());
                        } catch (IOException e) {
                            throw new AssertionError(f + " is not JSON", e);
                        }
                    }).toList();
        }
    }

    @Test
    void twoTargetsAlternateAndEveryRunLeavesACompleteRecord() throws Exception {
        SuiteOutcome outcome = run(FixtureSuites.suite(FixtureSuites.target("a", "ok", "a", "a") + FixtureSuites.target("b", "ok", "b", "b"), 2));
        assertEquals(4, outcome.ok(), outcome.toString());
        List<JsonNode> records = records();
        assertEquals(List.of("a", "b", "b", "a"), records.stream().map(r -> r.get("target").asText()).toList());
        for (JsonNode record : records) {
            assertEquals("ok", record.get("status").asText(), record.toPrettyString());
            assertTrue(record.at("/startup/readyMillis").asLong() > 0);
            JsonNode result = record.at("/results/0");
            assertTrue(result.at("/load/main/ok").asLong() > 0);
            assertTrue(result.at("/target/main/cpuMillis").asDouble() > 0, result.toPrettyString());
            assertTrue(result.at("/target/main/cores").asDouble() > 0);
            assertTrue(result.has("rssBytes"));
            assertTrue(record.at("/targetInfo/limitsMechanism").asText().length() > 0);
            assertTrue(record.at("/gates/quietMet").asBoolean());
            assertEquals(outcome.directory().resolve("env.json").toFile().exists(), true);
        }
        JsonNode env = AtomicJson.MAPPER.readTree(temp.resolve("results/env.json").toFile());
        assertTrue(env.get("logicalCores").asInt() > 0);
        assertTrue(env.get("fingerprint").asText().length() == 12);
        assertEquals(env.get("fingerprint").asText(), records.get(0).get("environment").asText());
    }

    @Test
    void aTargetThatCrashesIsAFailedRunAndTheSuiteGoesOn() throws Exception {
        String yaml = FixtureSuites.suite(FixtureSuites.target("steady", "ok", "steady", "steady") + FixtureSuites.target("crashy", "crash", "crashy", "crashy"), 1)
                .replace("duration: 700ms", "duration: 2s");
        SuiteOutcome outcome = run(yaml);
        assertEquals(1, outcome.ok());
        assertEquals(1, outcome.failed());
        JsonNode crashed = records().stream().filter(r -> r.get("target").asText().equals("crashy")).findFirst().orElseThrow();
        assertEquals("failed", crashed.get("status").asText());
        assertTrue(crashed.get("reason").asText().contains("exited with code 3"), crashed.get("reason").asText());
        assertTrue(crashed.get("lastLogLines").toString().contains("fixture crashing"));
    }

    @Test
    void aTargetThatIsNotWhatItClaimsStopsTheSuite() throws Exception {
        String yaml = FixtureSuites.suite(FixtureSuites.target("real", "ok", "controllers", "minimal"), 2);
        SuiteException e = assertThrows(SuiteException.class, () -> run(yaml));
        assertTrue(e.getMessage().matches("expected app=minimal at http://127\\.0\\.0\\.1:\\d+/health, it reported app=controllers; refusing to measure"),
                e.getMessage());
        assertEquals("failed", records().get(0).get("status").asText());
        assertEquals(1, records().size(), "nothing after the refusal");
    }

    @Test
    void aRunThatSawOutsideCpuIsDiscardedRepeatedAndThenReportedAsNoisy() throws Exception {
        String yaml = FixtureSuites.suite(FixtureSuites.target("a", "ok", "a", "a"), 1)
                .replace("quiet: {maxCores: 4.0, for: 1s, maxWait: 5s, retries: 1}", "quiet: {maxCores: 0.3, for: 200ms, maxWait: 1s, retries: 1}");
        // Two busy loops that are not duel's: whatever else the machine does, they alone exceed 0.3 cores.
        List<Process> noise = List.of(busyLoop(), busyLoop());
        SuiteOutcome outcome;
        try {
            outcome = run(yaml);
        } finally {
            noise.forEach(Process::destroyForcibly);
        }
        assertEquals(0, outcome.ok(), outcome.toString());
        assertEquals(1, outcome.discarded(), outcome.toString());
        assertTrue(!outcome.clean() && outcome.problems().get(0).contains("could not get a clean run"), outcome.problems().toString());
        JsonNode last = records().get(0);
        assertEquals("discarded", last.get("status").asText());
        assertEquals(2, last.get("attempt").asInt(), "retries: 1 means one repeat");
        assertTrue(last.get("reason").asText().matches("noise: \\d+\\.\\d\\d cores busy outside duel during main \\(limit 0\\.30\\); no clean run after 2 attempts"),
                last.get("reason").asText());
        assertTrue(last.at("/gates/outsideDuringCores").asDouble() > 0.3, last.get("gates").toString());
        Path firstAttempt = temp.resolve("results/runs/001-a-health.discarded-1.json");
        assertEquals("discarded", AtomicJson.MAPPER.readTree(firstAttempt.toFile()).get("status").asText());
        assertTrue(Files.exists(temp.resolve("results/runs/001-a-health.attempt-2.log")));
    }

    @Test
    void aRunWhoseLoadGeneratorWasTheLimitIsInvalidAndSaysHowManyCoresItNeeds() throws Exception {
        String yaml = FixtureSuites.suite(FixtureSuites.target("a", "ok", "a", "a"), 1)
                .replace("loadgen: {maxUtilization: 1.0}", "loadgen: {maxUtilization: 0.001}").replace("duration: 700ms", "duration: 2s");
        SuiteOutcome outcome = run(yaml);
        assertEquals(1, outcome.invalid(), outcome + "\n" + records().get(0).at("/results/0/load/engine"));
        JsonNode record = records().get(0);
        assertEquals("invalid", record.get("status").asText());
        assertTrue(record.get("reason").asText().startsWith("load generator saturated: it used "), record.get("reason").asText());
        assertTrue(record.get("reason").asText().contains("core"), record.get("reason").asText());
        assertTrue(record.at("/results/0/load/main/ok").asLong() > 0, "what was measured is kept");
    }

    private static Process busyLoop() throws IOException {
        return new ProcessBuilder("sh", "-c", "while :; do :; done").redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    }
}
