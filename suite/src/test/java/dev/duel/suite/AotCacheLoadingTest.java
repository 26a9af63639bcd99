package dev.duel.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.suite.aot.AotCacheSpec;
import dev.duel.suite.file.SuiteLoader;
import dev.duel.suite.run.Preflight;
import dev.duel.targets.Jdk;
import dev.duel.targets.JdkResolver;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code aotCache: {train: SCENARIO, for: 30s}} in a suite file: its errors at their line and column, and the refusal
 * of a JDK older than 25 before anything runs ({@link Preflight}).
 */
class AotCacheLoadingTest {
    @TempDir
    Path temp;

    private final SuiteLoader loader = new SuiteLoader(Path.of("/opt/duel"));

    private static final String SUITE = """
            name: aot
            targets:
              - name: jdk25
                java: '25'
                jar: app.jar
              - name: jdk25-aot
                java: '25'
                jar: app.jar
                aotCache: {train: json, for: 30s}
            scenarios:
              - name: boot
                kind: startup
              - name: json
                request: {path: /json}
            repetitions: 2
            """;

    private Path write(String yaml) throws IOException {
        return Files.writeString(temp.resolve("suite.yaml"), yaml);
    }

    private String failure(String yaml) throws IOException {
        return TestFiles.loadFailure(loader, temp.resolve("suite.yaml"), yaml);
    }

    private String at(String yaml, String text, String key) {
        return TestFiles.at(temp.resolve("suite.yaml"), yaml, text, key);
    }

    @Test
    void aTargetWithACacheNamesItsTrainingAndOthersHaveNone() throws Exception {
        Suite suite = loader.load(write(SUITE));
        assertEquals(new AotCacheSpec("json", Duration.ofSeconds(30)), suite.aotCache("jdk25-aot"));
        assertNull(suite.aotCache("jdk25"));
    }

    @Test
    void aScenarioThatDoesNotExistIsRefusedAtItsKey() throws Exception {
        String yaml = SUITE.replace("train: json", "train: jsn");
        assertEquals(
                at(yaml, "train: jsn", "train") + "targets[1] (jdk25-aot).aotCache.train: no scenario is named 'jsn';"
                        + " scenarios are [boot, json]",
                failure(yaml));
    }

    @Test
    void aStartupScenarioCannotTrainACache() throws Exception {
        String yaml = SUITE.replace("train: json", "train: boot");
        assertEquals(
                at(yaml, "train: boot", "train") + "targets[1] (jdk25-aot).aotCache.train: 'boot' is a startup"
                        + " scenario, which sends no requests to train with: name a scenario that sends load",
                failure(yaml));
    }

    @Test
    void theTrainingTimeIsNeededAndPositive() throws Exception {
        String missing = SUITE.replace("{train: json, for: 30s}", "{train: json}");
        assertTrue(
                failure(missing)
                        .startsWith(at(missing, "aotCache", "aotCache")
                                + "targets[1] (jdk25-aot).aotCache.for: is missing"),
                failure(missing));
        String zero = SUITE.replace("for: 30s", "for: 0s");
        assertEquals(
                at(zero, "aotCache", "for") + "targets[1] (jdk25-aot).aotCache.for: must be positive, got 0s",
                failure(zero));
        String words = SUITE.replace("for: 30s", "for: half a minute");
        assertTrue(failure(words).startsWith(at(words, "aotCache", "for")), failure(words));
    }

    @Test
    void unknownKeysInTheCacheAreParserErrorsWithTheKeysThatExist() throws Exception {
        String yaml = SUITE.replace("for: 30s", "during: 30s");
        String message = failure(yaml);
        assertTrue(message.startsWith(at(yaml, "aotCache", "during")), message);
        assertTrue(
                message.contains("unknown key 'during' in targets[1].aotCache; expected one of: for, train"), message);
    }

    @Test
    void aCommandTargetHasNoJvmToCache() throws Exception {
        String yaml =
                SUITE.replace("    java: '25'\n    jar: app.jar\n    aotCache", "    command: [./app]\n    aotCache");
        assertEquals(
                at(yaml, "aotCache", "aotCache")
                        + "targets[1] (jdk25-aot).aotCache: needs a jar target (java and jar): the cache belongs to"
                        + " the JVM it trains",
                failure(yaml));
    }

    @Test
    void aJdkOlderThan25IsRefusedBeforeAnythingRunsNamingTheTargetAndTheJdk() throws Exception {
        Jdk jdk17 = new Jdk(Path.of("/usr/lib/jvm/java-17"), 17, "17.0.15", "Debian");
        Jdk jdk24 = new Jdk(Path.of("/usr/lib/jvm/jdk-24"), 24, "24.0.2", "Eclipse Adoptium");
        Jdk jdk25 = new Jdk(Path.of("/usr/lib/jvm/jdk-25"), 25, "25.0.3", "Eclipse Adoptium");
        Suite suite = loader.load(write(SUITE.replace(
                "java: '25'\n    jar: app.jar\n    aotCache", "java: '17'\n    jar: app.jar\n    aotCache")));
        AotCacheSpec aot = suite.aotCache("jdk25-aot");
        assertEquals(
                "target jdk25-aot: aotCache needs JDK 25 or later (JEP 514's one-step -XX:AOTCacheOutput), and java:"
                        + " '17' is JDK 17 (Debian 17.0.15 (/usr/lib/jvm/java-17)): name JDK 25 or later, or remove"
                        + " aotCache",
                Preflight.aotCacheProblem(suite.target("jdk25-aot"), jdk17, aot));
        assertTrue(Preflight.aotCacheProblem(suite.target("jdk25-aot"), jdk24, aot)
                .contains("JDK 24's two-step training is not supported"));
        assertNull(Preflight.aotCacheProblem(suite.target("jdk25-aot"), jdk25, aot));
        assertNull(Preflight.aotCacheProblem(suite.target("jdk25"), jdk17, null), "no cache asked: any JDK");
    }

    @Test
    void theRunnerRefusesTheSuiteOnThisMachinesJdk17BeforeAnythingRuns() throws Exception {
        Files.writeString(temp.resolve("app.jar"), "not run");
        Suite suite = loader.load(write(SUITE.replace(
                "java: '25'\n    jar: app.jar\n    aotCache", "java: '17'\n    jar: app.jar\n    aotCache")));
        FakeMachine machine = new FakeMachine();
        Path results = temp.resolve("results");
        SuiteRunner runner = new SuiteRunner(suite, results, new SuiteListener() {}, machine.parts());
        JdkResolver jdks = new JdkResolver();
        org.junit.jupiter.api.Assumptions.assumeTrue(
                jdks.installed().stream().anyMatch(jdk -> jdk.feature() == 17), "needs a JDK 17");
        String message = assertThrows(SuiteException.class, runner::run).getMessage();
        assertTrue(message.contains("target jdk25-aot: aotCache needs JDK 25 or later"), message);
        assertTrue(message.contains("java: '17' is JDK 17 ("), message);
        assertTrue(machine.events.isEmpty(), "nothing ran: " + machine.events);
        assertTrue(!Files.exists(results.resolve("runs")), "no run was written");
    }
}
