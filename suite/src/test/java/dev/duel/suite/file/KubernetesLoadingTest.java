package dev.duel.suite.file;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.suite.Suite;
import dev.duel.suite.TestFiles;
import dev.duel.targets.Limits;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code kubernetes:} in a suite file: its defaults, and its errors at their line and column. */
class KubernetesLoadingTest {
    @TempDir
    Path temp;

    private final SuiteLoader loader = new SuiteLoader(Path.of("/opt/duel"));

    private static final String SUITE = """
            name: k8s
            targets:
              - name: jdk17
                java: '17'
                jar: app.jar
                limits: {cpus: 1, memory: 512m}
              - name: jdk25
                java: '25'
                jar: app.jar
                limits: {cpus: 1, memory: 512m}
            services:
              postgres: embedded
            scenarios:
              - name: json
                request: {path: /json}
            kubernetes:
              image: registry.example/duel:0.1.0
              images:
                jdk17: registry.example/minimal:jdk17
                jdk25: registry.example/minimal:jdk25
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
    void theSectionGivesImagesAndDefaultsTheRest() throws Exception {
        Suite.Kubernetes kubernetes = loader.load(write(SUITE)).kubernetes();
        assertEquals(
                new Suite.Kubernetes(
                        "registry.example/duel:0.1.0",
                        1,
                        new Limits(1.0, null, 1L << 30),
                        Map.of("jdk17", "registry.example/minimal:jdk17", "jdk25", "registry.example/minimal:jdk25"),
                        "postgres:17",
                        Duration.ofMinutes(5)),
                kubernetes);
        assertEquals("registry.example/minimal:jdk25", kubernetes.imageOf("jdk25"));
    }

    @Test
    void theSuiteThatKubernetesTryYamlRunsHasItsSection() throws Exception {
        Suite.Kubernetes kubernetes =
                loader.load(Path.of("../suites/jdk17-vs-jdk25.yaml")).kubernetes();
        assertEquals("duel:dev", kubernetes.image());
        assertEquals(Map.of("jdk17", "duel-minimal:jdk17", "jdk25", "duel-minimal:jdk25"), kubernetes.targetImages());
    }

    @Test
    void aSuiteWithoutTheSectionHasNone() throws Exception {
        assertNull(loader.load(write(SUITE.substring(0, SUITE.indexOf("kubernetes:"))))
                .kubernetes());
    }

    @Test
    void agentsAndTheirLimitsAreGiven() throws Exception {
        String yaml = SUITE.replace(
                "  images:", "  agents: 3\n  agentLimits: {cpus: 2, memory: 2g}\n  readyTimeout: 90s\n  images:");
        Suite.Kubernetes kubernetes = loader.load(write(yaml)).kubernetes();
        assertEquals(3, kubernetes.agents());
        assertEquals(new Limits(2.0, null, 2L << 30), kubernetes.agentLimits());
        assertEquals(Duration.ofSeconds(90), kubernetes.readyTimeout());
    }

    @Test
    void aTargetWithoutLimitsIsRefusedAtTheTarget() throws Exception {
        String yaml = SUITE.replaceFirst("    limits: \\{cpus: 1, memory: 512m}\n", "");
        assertEquals(
                at(yaml, "- name: jdk17", "name")
                        + "targets[0] (jdk17).limits: a target on Kubernetes needs limits.cpus and limits.memory (its"
                        + " Pod's requests = limits: Guaranteed QoS)",
                failure(yaml));
        String cpusOnly = SUITE.replaceFirst("\\{cpus: 1, memory: 512m}", "{cpus: 1}");
        assertTrue(
                failure(cpusOnly).startsWith(at(cpusOnly, "- name: jdk17", "limits") + "targets[0] (jdk17).limits: "),
                failure(cpusOnly));
    }

    @Test
    void everyTargetNeedsAnImageAndNoOtherNameHasOne() throws Exception {
        String missing = SUITE.replace("    jdk25: registry.example/minimal:jdk25\n", "");
        assertEquals(
                at(missing, "kubernetes:", "images")
                        + "kubernetes.images: no image for target 'jdk25': add 'jdk25: <image>'",
                failure(missing));
        String unknown = SUITE.replace("    jdk25: registry", "    jdk26: registry");
        assertEquals(
                at(unknown, "kubernetes:", "jdk26")
                        + "kubernetes.images.jdk26: no target is named 'jdk26'; targets are [jdk17, jdk25]",
                failure(unknown));
    }

    @Test
    void duelsImageIsNeededAndAgentsArePositive() throws Exception {
        String noImage = SUITE.replace("  image: registry.example/duel:0.1.0\n", "");
        assertEquals(
                at(noImage, "kubernetes:", "kubernetes")
                        + "kubernetes.image: is missing: the image with duel that the load agents run",
                failure(noImage));
        String noAgents = SUITE.replace("  images:", "  agents: 0\n  images:");
        assertEquals(at(noAgents, "agents: 0", "agents") + "kubernetes.agents: at least 1, got 0", failure(noAgents));
        String noMemory = SUITE.replace("  images:", "  agentLimits: {cpus: 2}\n  images:");
        assertEquals(
                at(noMemory, "agentLimits", "agentLimits")
                        + "kubernetes.agentLimits: needs cpus and memory (requests = limits), e.g. {cpus: 2, memory:"
                        + " 1g}",
                failure(noMemory));
    }

    @Test
    void aCommandServiceCannotRunThere() throws Exception {
        String yaml = SUITE.replace("  postgres: embedded", "  cache:\n    command: [redis-server]\n    port: '6379'");
        assertEquals(
                at(yaml, "services:", "cache")
                        + "services.cache: a command service cannot run on Kubernetes (no image): use 'postgres:"
                        + " embedded' or a url",
                failure(yaml));
    }

    @Test
    void unknownKeysAreParserErrorsWithTheKeysThatExist() throws Exception {
        String yaml = SUITE.replace("  images:", "  replicas: 2\n  images:");
        String message = failure(yaml);
        assertTrue(message.startsWith(at(yaml, "replicas", "replicas")), message);
        assertTrue(
                message.contains("unknown key 'replicas' in kubernetes; expected one of: agentLimits, agents, image,"
                        + " images, postgresImage, readyTimeout"),
                message);
    }
}
