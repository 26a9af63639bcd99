package dev.duel.kubernetes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.record.JvmFacts;
import dev.duel.record.Phase;
import dev.duel.record.RecordJson;
import dev.duel.record.RunRecord;
import dev.duel.record.Status;
import dev.duel.record.load.AgentShare;
import dev.duel.record.load.LoadResult;
import dev.duel.suite.EnvironmentProbe;
import dev.duel.suite.RunPlan;
import dev.duel.suite.RunnerParts;
import dev.duel.suite.Suite;
import dev.duel.suite.SuiteListener;
import dev.duel.suite.SuiteOutcome;
import dev.duel.suite.SuiteRunner;
import dev.duel.targets.Cgroups;
import dev.duel.targets.JdkResolver;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A whole suite run on Kubernetes ({@code duel run --kubernetes}'s runner) against fabric8's mock API server in CRUD
 * mode, where {@link FakeCluster} schedules the Pods and {@link LocalKubelet} runs them as real servers on this
 * machine: two duel agents on addresses of their own, and each run's target a fresh HTTP server at its Pod's port.
 * The load really flows through the agents; the records read like local ones plus the nodes; nothing is left.
 */
@Tag("slow")
@EnableKubernetesMockClient(crud = true)
class KubernetesRunTest {
    KubernetesMockServer server;
    KubernetesClient client;

    @TempDir
    Path temp;

    private FakeCluster cluster;
    private LocalKubelet kubelet;
    private final KubernetesSessionTest.RecordingHooks hooks = new KubernetesSessionTest.RecordingHooks();

    @BeforeEach
    void setUp() throws Exception {
        kubelet = new LocalKubelet(client, KubernetesSessionTest.NAMESPACE, Files.createDirectories(temp.resolve("k")));
        cluster = new FakeCluster(client, KubernetesSessionTest.NAMESPACE).runningWith(kubelet);
    }

    @AfterEach
    void tearDown() {
        cluster.close();
        kubelet.running().forEach(kubelet::stop);
    }

    /** Two targets of one image each on a free port, two agents, PostgreSQL, short fixed phases. */
    private Suite suite() throws Exception {
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        Files.writeString(temp.resolve("app.jar"), "the image's jar, hashed here as a local run hashes it");
        String yaml = """
                name: k8s-run
                targets:
                  - name: jdk17
                    java: '17'
                    jar: app.jar
                    port: '%1$d'
                    ready: {path: /health}
                    limits: {cpus: 1, memory: 512m}
                  - name: jdk25
                    java: '25'
                    jar: app.jar
                    port: '%1$d'
                    ready: {path: /health}
                    limits: {cpus: 1, memory: 512m}
                services:
                  postgres: {embedded: true, limits: {cpus: 1, memory: 1g}}
                scenarios:
                  - name: json
                    request: {path: /json}
                    model: {vus: 2}
                    phases: {warmup: 300ms, gap: 100ms, duration: 1s}
                repetitions: 1
                cooldown: 0s
                loadgen: {threads: 1, warmup: 0s}
                gates:
                  quiet: {maxCores: 64.0, for: 200ms, maxWait: 2s, retries: 0}
                  loadgen: {maxUtilization: 1.0}
                kubernetes:
                  image: registry.example/duel:0.1.0
                  agents: 2
                  readyTimeout: 30s
                  images:
                    jdk17: registry.example/minimal:jdk17
                    jdk25: registry.example/minimal:jdk25
                """.formatted(port);
        return Fixtures.suite(temp, yaml);
    }

    private KubernetesRun run(Suite suite) {
        KubernetesSession.Settings settings = new KubernetesSession.Settings(
                KubernetesSessionTest.NAMESPACE, Map.of(), new SecureRandom(), Clock.systemUTC(), hooks);
        return new KubernetesRun(() -> KubernetesSession.open(client, suite, settings));
    }

    /** The real local parts, the environment's look at busy processes 200 ms long instead of a second. */
    private static RunnerParts local(Path home) {
        JdkResolver jdks = new JdkResolver();
        return RunnerParts.onThisMachine(jdks, new Cgroups(), home)
                .withEnvironment(new EnvironmentProbe(jdks, home, java.time.Duration.ofMillis(200)));
    }

    private int sessionObjects() {
        String label = SessionNames.SESSION_LABEL;
        String ns = KubernetesSessionTest.NAMESPACE;
        return client.pods().inNamespace(ns).withLabel(label).list().getItems().size()
                + client.services()
                        .inNamespace(ns)
                        .withLabel(label)
                        .list()
                        .getItems()
                        .size()
                + client.batch()
                        .v1()
                        .jobs()
                        .inNamespace(ns)
                        .withLabel(label)
                        .list()
                        .getItems()
                        .size()
                + client.secrets().inNamespace(ns).list().getItems().size();
    }

    private static List<String> reasons(Suite suite, Path results) throws Exception {
        List<String> reasons = new java.util.ArrayList<>();
        for (RunPlan plan : RunPlan.of(suite)) {
            RunRecord record = RecordJson.readRun(results.resolve("runs/" + plan.fileStem() + ".json"));
            reasons.add(plan.fileStem() + ": " + record.status() + " " + record.reason());
        }
        return reasons;
    }

    @Test
    void aSuiteRunsThroughTheSessionsAgentsAgainstFreshTargetPodsAndLeavesNothing() throws Exception {
        Suite suite = suite();
        List<String> messages = new CopyOnWriteArrayList<>();
        SuiteListener listener = new SuiteListener() {
            @Override
            public void message(String text) {
                messages.add(text);
            }
        };
        Path results = temp.resolve("results");
        SuiteOutcome outcome;
        String id;
        try (KubernetesRun run = run(suite)) {
            outcome = run.runner(suite, results, listener, local(temp), SuiteRunner.Resume.REFUSE_CHANGES)
                    .run();
            assertEquals(1, hooks.registered.size(), "the Ctrl-C clean-up is registered while the session lives");
            id = run.session().id();
        }
        assertEquals(2, outcome.ok(), outcome + "\n" + messages + "\n" + reasons(suite, results));
        assertTrue(outcome.clean(), outcome.toString());

        assertEquals(0, sessionObjects(), "every object of the session is deleted");
        assertTrue(hooks.registered.isEmpty());
        assertEquals(
                java.util.Set.of(),
                kubelet.runningAfterDeletions(java.time.Duration.ofSeconds(20)),
                "every Pod's server was stopped");
        assertEquals(
                1,
                messages.stream()
                        .filter(m -> m.startsWith("warning: the host drift probe could not run (it would time"
                                + " duel's machine, not the target's node on Kubernetes)"))
                        .count(),
                messages.toString());

        for (RunPlan plan : RunPlan.of(suite)) {
            RunRecord record = RecordJson.readRun(results.resolve("runs/" + plan.fileStem() + ".json"));
            assertEquals(Status.OK, record.status(), record.reason());
            RunRecord.TargetInfo info = record.targetInfo();
            assertEquals("node-target", info.host(), "the target's node");
            assertEquals(PodGroup.MECHANISM, info.limitsMechanism());
            assertTrue(info.limitsEnforced(), "the kubelet enforces a Guaranteed Pod's limits");
            assertEquals(JvmFacts.UNKNOWN, info.jvm(), "the JVM in the Pod is not asked from duel's machine");
            assertEquals(List.of("java", "-jar", "/app/app.jar"), info.command(), "what the Pod's container runs");
            assertEquals(-1, record.startup().pid());
            assertEquals(-1, record.startup().firstAcceptMillis());
            assertTrue(record.startup().readyMillis() >= 0);
            assertNull(record.hostProbe().before(), "the host probe is not run on duel's machine");

            RunRecord.ScenarioResult result = record.results().get(0);
            assertEquals(Map.of(), result.services(), "the services are the session's Pods, not read here");
            LoadResult load = result.load();
            List<AgentShare> shares = load.agents();
            assertEquals(2, shares.size());
            assertEquals(
                    List.of("node-agent-0", "node-agent-1"),
                    shares.stream().map(AgentShare::host).toList(),
                    "each share names its agent's node");
            assertTrue(shares.stream().allMatch(s -> s.name().startsWith("duel-") && s.lost() == null));
            long ok = load.main().ok();
            assertTrue(ok > 0, "the load flowed");
            assertEquals(
                    ok,
                    shares.stream().mapToLong(s -> s.result().main().ok()).sum(),
                    "the merged count is the agents' sum");
            long sent = load.main().sent()
                    + (load.warmup() == null ? 0 : load.warmup().sent());
            String pod = "duel-" + id + "-t-" + plan.target() + "-" + plan.index();
            long answered = kubelet.targetRequests.get(pod).get();
            assertTrue(
                    answered >= sent - load.main().interrupted() && answered <= sent,
                    "the target Pod's server answered what the agents sent: " + answered + " of " + sent);
            assertEquals(
                    Phase.MAIN, load.seconds().get(load.seconds().size() - 1).phase());
        }
    }

    @Test
    void aTargetWhoseContainerExitsMidRunFailsThatRunWithItsExitCodeAndTheNextRunsFresh() throws Exception {
        Suite suite = suite();
        Path results = temp.resolve("results");
        AtomicReference<KubernetesRun> current = new AtomicReference<>();
        SuiteListener listener = new SuiteListener() {
            @Override
            public void phase(RunPlan plan, String scenario, Phase phase) {
                if (phase == Phase.MAIN && plan.index() == 1) {
                    cluster.terminate("duel-" + current.get().session().id() + "-t-jdk17-1", 137, "OOMKilled");
                }
            }
        };
        SuiteOutcome outcome;
        try (KubernetesRun run = run(suite)) {
            current.set(run);
            outcome = run.runner(suite, results, listener, local(temp), SuiteRunner.Resume.REFUSE_CHANGES)
                    .run();
        }
        assertEquals(1, outcome.failed(), outcome.toString());
        assertEquals(1, outcome.ok(), outcome + "\n" + reasons(suite, results));
        RunRecord failed = RecordJson.readRun(results.resolve("runs/001-jdk17-json.json"));
        assertEquals(Status.FAILED, failed.status());
        assertEquals("the target exited with code 137 during json", failed.reason());
        assertEquals(0, sessionObjects(), "every object of the session is deleted");
    }

    @Test
    void ctrlCInTheMiddleOfARunStopsTheLoadAndDeletesEverything() throws Exception {
        Suite suite = suite();
        Path results = temp.resolve("results");
        AtomicReference<SuiteRunner> runner = new AtomicReference<>();
        try (KubernetesRun run = run(suite)) {
            SuiteListener listener = new SuiteListener() {
                @Override
                public void phase(RunPlan plan, String scenario, Phase phase) {
                    if (phase == Phase.MAIN) {
                        // What the two JVM shutdown hooks do on SIGINT: the runner's abort and the session's clean-up.
                        runner.get().abort();
                        hooks.registered.get(0).run();
                    }
                }
            };
            runner.set(run.runner(suite, results, listener, local(temp), SuiteRunner.Resume.REFUSE_CHANGES));
            assertThrows(InterruptedException.class, () -> runner.get().run());
        }
        assertEquals(0, sessionObjects(), "every object of the session is deleted");
        assertEquals(java.util.Set.of(), kubelet.runningAfterDeletions(java.time.Duration.ofSeconds(20)));
        Files.createDirectories(results.resolve("runs"));
        try (var runs = Files.list(results.resolve("runs"))) {
            assertEquals(
                    List.of(),
                    runs.filter(f -> f.toString().endsWith(".json")).toList(),
                    "the run cut short writes no record: a resume redoes it");
        }
    }
}
