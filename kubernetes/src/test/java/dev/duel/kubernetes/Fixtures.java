package dev.duel.kubernetes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.suite.Suite;
import dev.duel.suite.SuiteException;
import dev.duel.suite.file.SuiteLoader;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.logging.Level;
import java.util.logging.Logger;

/** A suite with a kubernetes: section, and golden manifest files. */
final class Fixtures {
    /** {@code mvn -pl kubernetes test -Dgolden.update=true} rewrites them; review the diff. */
    static final Path GOLDEN = Path.of("src/test/resources/golden");

    static final String SUITE = """
            name: k8s
            targets:
              - name: jdk17
                java: '17'
                jar: minimal.jar
                jvmArgs: [-Xmx256m]
                env: {PORT: '${port}'}
                port: '8080'
                ready: {path: /health}
                limits: {cpus: 1, memory: 512m}
              - name: Native_App
                command: [./app, --port, '${port}']
                limits: {cpus: 0.5, memory: 300m}
            services:
              postgres: {embedded: true, limits: {cpus: 1, memory: 1g}}
            scenarios:
              - name: json
                request: {path: /json}
            kubernetes:
              image: registry.example/duel:0.1.0
              agents: 3
              agentLimits: {cpus: 2, memory: 1g}
              readyTimeout: 30s
              images:
                jdk17: registry.example/minimal:jdk17
                Native_App: registry.example/native:1
            """;

    /** The mock server logs every request at INFO; kept here so the setting is not collected with the logger. */
    private static final Logger MOCK_SERVER_LOG = Logger.getLogger("io.fabric8.mockwebserver");

    static {
        MOCK_SERVER_LOG.setLevel(Level.parse(System.getProperty("mock.log", "WARNING")));
    }

    private Fixtures() {}

    static Suite suite(Path folder) throws IOException, SuiteException {
        return suite(folder, SUITE);
    }

    static Suite suite(Path folder, String yaml) throws IOException, SuiteException {
        Path file = Files.writeString(folder.resolve("k8s.yaml"), yaml);
        return new SuiteLoader(Path.of("/opt/duel")).load(file);
    }

    static String yaml(Object manifest) {
        return new KubernetesSerialization().asYaml(manifest);
    }

    static void golden(String name, Object manifest) throws IOException {
        String actual = yaml(manifest);
        Path file = GOLDEN.resolve(name);
        if (Boolean.getBoolean("golden.update")) {
            Files.createDirectories(GOLDEN);
            Files.writeString(file, actual);
        }
        assertTrue(Files.exists(file), file + " is missing: run with -Dgolden.update=true and review it");
        assertEquals(Files.readString(file), actual, name + " differs from its golden file");
    }
}
