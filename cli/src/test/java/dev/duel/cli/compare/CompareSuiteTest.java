package dev.duel.cli.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.load.http.Header;
import dev.duel.suite.Suite;
import dev.duel.suite.file.SuiteLoader;
import dev.duel.targets.TargetSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The suite file {@code duel compare} writes: it loads as the suite it means, whatever the user typed. */
class CompareSuiteTest {
    @TempDir
    Path temp;

    private static CompareSuite comparison(PortSetting port, List<String> paths, List<String> env) {
        Path jar = Path.of("/opt/apps/it's-app.jar");
        return new CompareSuite(
                "compare-jdk17-vs-jdk25",
                List.of(
                        new CompareSuite.Target("jdk17", "17", jar, List.of("-Xmx256m")),
                        new CompareSuite.Target("jdk25", "25", jar, List.of("-Xmx256m"))),
                port,
                null,
                paths,
                List.of("Accept: application/json"),
                List.of(),
                env,
                8,
                new CompareSuite.Limits(1.0, "0", "512m", "1"),
                new CompareSuite.Phases("75s", "12s", "8m"),
                "duel compare app.jar --jdk 17 --jdk 25 --path '/a b'");
    }

    private Suite load(CompareSuite comparison) throws Exception {
        Path file = Files.writeString(temp.resolve("suite.yaml"), comparison.yaml());
        return new SuiteLoader(temp).load(file);
    }

    @Test
    void theFileLoadsAsInterleavedPairsWithinTheBudgetOnePathAScenario() throws Exception {
        Suite suite = load(comparison(
                new PortSetting(PortSetting.Kind.ENV, "SERVER_PORT", "a Spring Boot jar"),
                List.of("/api/items/1", "/api/items?page=2&size=10", "/it's"),
                List.of("SPRING_PROFILES_ACTIVE=bench, fast", "GREETING=it's: {here}")));
        assertEquals("compare-jdk17-vs-jdk25", suite.name());
        assertEquals(Suite.Order.INTERLEAVED, suite.order());
        assertEquals(Duration.ofMinutes(8), suite.repetitions().budget());
        assertEquals(3, suite.repetitions().min());
        assertEquals(List.of("api-items-1", "api-items", "it-s"), suite.together());
        assertEquals("/api/items?page=2&size=10", suite.scenarios().get(1).path());
        assertEquals("/it's", suite.scenarios().get(2).path());
        assertEquals(
                List.of(new Header("Accept", "application/json")),
                suite.scenarios().get(0).headers());
        assertEquals(List.of("status == 200"), suite.scenarios().get(0).checks());
        for (TargetSpec target : suite.targets()) {
            assertEquals(Path.of("/opt/apps/it's-app.jar"), target.jar());
            assertEquals(
                    Map.of(
                            "SERVER_PORT",
                            "${port}",
                            "SPRING_PROFILES_ACTIVE",
                            "bench, fast",
                            "GREETING",
                            "it's: {here}"),
                    target.env());
            assertEquals(List.of("-Xmx256m"), target.jvmArgs());
            assertEquals("/api/items/1", target.ready().path(), "ready on the first path");
        }
        assertEquals(
                List.of("17", "25"),
                suite.targets().stream().map(TargetSpec::java).toList());
    }

    @Test
    void aPortPropertyGoesInTheJvmArgumentsAndNotInTheEnvironment() throws Exception {
        Suite suite =
                load(comparison(PortSetting.given(PortSetting.Kind.PROPERTY, "server.port"), List.of("/"), List.of()));
        TargetSpec target = suite.targets().get(0);
        assertEquals(List.of("-Xmx256m", "-Dserver.port=${port}"), target.jvmArgs());
        assertTrue(target.env().isEmpty(), target.env().toString());
        assertEquals(List.of("root"), suite.together());
    }

    @Test
    void theFileSaysWhatWroteItAndHowToRunItAgain() {
        String yaml = comparison(PortSetting.given(PortSetting.Kind.ENV, "PORT"), List.of("/json"), List.of())
                .yaml();
        assertTrue(yaml.startsWith("# Written by duel compare:\n#   duel compare app.jar --jdk 17 --jdk 25"), yaml);
        assertTrue(yaml.contains("duel run <this file>"), yaml);
        assertTrue(yaml.contains("# The port: given with --port-env"), yaml);
    }

    @Test
    void namesAreMadeOfWhatASuiteAllowsAndUnique() {
        assertEquals(
                List.of("json", "json-2", "root", "a.b_c"),
                CompareSuite.scenarioNames(List.of("/json", "/json?x=1", "/", "/a.b_c")));
        assertEquals("x", CompareSuite.name("__.-x--", "fallback"));
        assertEquals("fallback", CompareSuite.name("/", "fallback"));
        assertEquals(40, CompareSuite.name("a".repeat(60), "f").length());
        assertNull(comparison(PortSetting.given(PortSetting.Kind.ENV, "PORT"), List.of("/"), List.of())
                .readyPath());
        assertThrows(
                IllegalArgumentException.class,
                () -> comparison(PortSetting.given(PortSetting.Kind.ENV, "PORT"), List.of(), List.of()));
    }
}
