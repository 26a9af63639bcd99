package dev.duel.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.suite.fixtures.FixtureSuites;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code duel run --kubernetes}: what is checked before any cluster is asked, a dry run that creates nothing, and a
 * real connection (fabric8's usual configuration, here the mock API server in CRUD mode, where no kubelet ever makes a
 * Pod Ready) that stops the suite naming the Pods that never became Ready and deletes what it created. A whole suite
 * through the session's agents runs in the kubernetes module (KubernetesRunTest), where the fake cluster lives.
 */
@EnableKubernetesMockClient(crud = true)
class KubernetesRunCommandTest {
    static final String SECTION = """
            kubernetes:
              image: registry.example/duel:0.1.0
              agents: 2
              readyTimeout: 1s
              images: {a: registry.example/a:1, b: registry.example/b:1}
            """;

    KubernetesMockServer server;
    KubernetesClient client;

    @TempDir
    Path temp;

    private Path suite(String extra) throws Exception {
        String targets = FixtureSuites.target("a", "ok", "a", "a") + FixtureSuites.target("b", "ok", "b", "b");
        return Files.writeString(temp.resolve("suite.yaml"), FixtureSuites.suite(targets, 1) + extra);
    }

    /** {@code duel run FILE FLAGS... --results r} is a usage error saying exactly {@code message}; nothing is made. */
    private void usageError(Path file, List<String> flags, String message) {
        List<String> args = new java.util.ArrayList<>(List.of("run", file.toString()));
        args.addAll(flags);
        args.addAll(List.of("--results", temp.resolve("r").toString()));
        Captured outcome = Captured.duel(args.toArray(String[]::new));
        assertEquals(ExitCodes.USAGE, outcome.exitCode(), outcome.err());
        assertEquals(message + "\n", outcome.err());
        assertFalse(Files.exists(temp.resolve("r")));
    }

    @Test
    void aSuiteWithoutAKubernetesSectionIsAUsageErrorNamingTheFix() throws Exception {
        Path file = suite("");
        usageError(
                file,
                List.of("--kubernetes"),
                "duel: " + file + " has no kubernetes: section: add one naming duel's image and each target's"
                        + " (docs/kubernetes.md), or run without --kubernetes");
    }

    @Test
    void aNamespaceWithoutKubernetesIsAUsageErrorNamingTheFix() throws Exception {
        usageError(
                suite(SECTION),
                List.of("--namespace", "bench"),
                "duel: --namespace bench is for a run on Kubernetes: add --kubernetes, or drop --namespace");
    }

    @Test
    void aStartupScenarioOnKubernetesIsAUsageErrorNamingIt() throws Exception {
        Path file = Files.writeString(
                temp.resolve("suite.yaml"),
                Files.readString(suite(SECTION))
                        .replace("scenarios:\n", "scenarios:\n  - name: boot\n    kind: startup\n    starts: 2\n"));
        usageError(
                file,
                List.of("--kubernetes"),
                "duel: " + file + ": scenario boot: a startup scenario on Kubernetes would time each Pod's scheduling,"
                        + " image pull and readiness probe (every second), not the target's start: run it on one"
                        + " machine (another suite file without --kubernetes)");
    }

    @Test
    void aDryRunOnKubernetesSaysWhereItWouldRunAndAsksNoCluster() throws Exception {
        Captured outcome = Captured.duel(
                "run",
                suite(SECTION).toString(),
                "--kubernetes",
                "--namespace",
                "nowhere",
                "--results",
                temp.resolve("r").toString(),
                "--dry-run");
        assertEquals(ExitCodes.OK, outcome.exitCode(), outcome.err());
        assertTrue(
                outcome.out()
                        .contains("on Kubernetes: each run's target a fresh Pod of its image (requests = limits), 2"
                                + " load agent(s) of registry.example/duel:0.1.0 on other nodes"),
                outcome.out());
        assertEquals(List.of(), client.pods().inNamespace("nowhere").list().getItems());
    }

    @Test
    void podsThatNeverBecomeReadyStopTheSuiteNamedAndLeaveNothingInTheCluster() throws Exception {
        Map<String, String> properties = Map.of(
                "kubernetes.master", client.getMasterUrl().toString(),
                "kubernetes.trust.certificates", "true",
                "kubernetes.auth.tryKubeConfig", "false",
                "kubernetes.auth.tryServiceAccount", "false");
        properties.forEach(System::setProperty);
        Captured outcome;
        try {
            outcome = Captured.duel(
                    "run",
                    suite(SECTION).toString(),
                    "--kubernetes",
                    "--namespace",
                    "bench",
                    "--results",
                    temp.resolve("r").toString());
        } finally {
            properties.keySet().forEach(System::clearProperty);
        }
        assertEquals(ExitCodes.STOPPED, outcome.exitCode(), outcome.err());
        assertTrue(
                outcome.err().startsWith("duel: the load agents' Pods (Job duel-")
                        && outcome.err()
                                .contains(" were not Ready after 1000 ms (kubernetes.readyTimeout): 0 of 2"
                                        + " Pods exist"),
                outcome.err());
        assertTrue(outcome.out().contains("creating the suite's Pods on Kubernetes"), outcome.out());
        assertEquals(List.of(), client.pods().inNamespace("bench").list().getItems());
        assertEquals(
                List.of(),
                client.batch().v1().jobs().inNamespace("bench").list().getItems());
        assertEquals(List.of(), client.services().inNamespace("bench").list().getItems());
        assertEquals(List.of(), client.secrets().inNamespace("bench").list().getItems());
        Path runs = temp.resolve("r/runs");
        if (Files.exists(runs)) {
            try (var files = Files.list(runs)) {
                assertFalse(files.anyMatch(f -> f.toString().endsWith(".json")), "no run was recorded");
            }
        }
    }
}
