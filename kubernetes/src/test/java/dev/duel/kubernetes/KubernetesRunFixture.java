package dev.duel.kubernetes;

import dev.duel.record.RecordJson;
import dev.duel.record.RunRecord;
import dev.duel.suite.RunPlan;
import dev.duel.suite.RunnerParts;
import dev.duel.suite.Suite;
import dev.duel.suite.env.EnvironmentProbe;
import dev.duel.targets.Cgroups;
import dev.duel.targets.JdkResolver;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.List;
import java.util.Map;

/**
 * What {@link KubernetesRunTest} and {@link KubernetesRunFailuresTest} share: the fake cluster on the mock API server,
 * its kubelet of real local servers, the Ctrl-C hooks a session registers, the suite they run and how to count what a
 * session left. One per test.
 */
final class KubernetesRunFixture implements AutoCloseable {
    private final KubernetesClient client;
    private final Path temp;
    final FakeCluster cluster;
    final LocalKubelet kubelet;
    final KubernetesSessionTest.RecordingHooks hooks = new KubernetesSessionTest.RecordingHooks();

    KubernetesRunFixture(KubernetesClient client, Path temp) throws Exception {
        this.client = client;
        this.temp = temp;
        kubelet = new LocalKubelet(client, KubernetesSessionTest.NAMESPACE, Files.createDirectories(temp.resolve("k")));
        cluster = new FakeCluster(client, KubernetesSessionTest.NAMESPACE).runningWith(kubelet);
    }

    @Override
    public void close() {
        cluster.close();
        kubelet.running().forEach(kubelet::stop);
    }

    /** Two targets of one image each on a free port, two agents, PostgreSQL, short fixed phases. */
    Suite suite() throws Exception {
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

    KubernetesRun run(Suite suite) {
        KubernetesSession.Settings settings = new KubernetesSession.Settings(
                KubernetesSessionTest.NAMESPACE, Map.of(), new SecureRandom(), Clock.systemUTC(), hooks);
        return new KubernetesRun(() -> KubernetesSession.open(client, suite, settings));
    }

    /** The real local parts, the environment's look at busy processes 200 ms long instead of a second. */
    static RunnerParts local(Path home) {
        JdkResolver jdks = new JdkResolver();
        return RunnerParts.onThisMachine(jdks, new Cgroups(), home)
                .withEnvironment(new EnvironmentProbe(jdks, home, java.time.Duration.ofMillis(200)));
    }

    int sessionObjects() {
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

    static List<String> reasons(Suite suite, Path results) throws Exception {
        List<String> reasons = new java.util.ArrayList<>();
        List<RunPlan> plans = RunPlan.of(suite);
        List<RunRecord> records = records(suite, results);
        for (int i = 0; i < plans.size(); i++) {
            reasons.add(plans.get(i).fileStem() + ": " + records.get(i).status() + " "
                    + records.get(i).reason());
        }
        return reasons;
    }

    /** The final record of each planned run, in plan order. */
    static List<RunRecord> records(Suite suite, Path results) throws Exception {
        List<RunRecord> records = new java.util.ArrayList<>();
        for (RunPlan plan : RunPlan.of(suite)) {
            records.add(RecordJson.readRun(results.resolve("runs/" + plan.fileStem() + ".json")));
        }
        return records;
    }
}
