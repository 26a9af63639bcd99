package dev.duel.kubernetes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.record.JvmFacts;
import dev.duel.record.Phase;
import dev.duel.record.RecordJson;
import dev.duel.record.RunRecord;
import dev.duel.record.Status;
import dev.duel.record.load.AgentShare;
import dev.duel.record.load.LoadResult;
import dev.duel.suite.RunPlan;
import dev.duel.suite.Suite;
import dev.duel.suite.SuiteListener;
import dev.duel.suite.SuiteOutcome;
import dev.duel.suite.SuiteRunner;
import dev.duel.suite.fixtures.GeneratorVerdicts;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
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
 * {@link KubernetesRunFailuresTest} has the failures, so that two test JVMs run them side by side.
 */
@Tag("slow")
@EnableKubernetesMockClient(crud = true)
class KubernetesRunTest {
    KubernetesMockServer server;
    KubernetesClient client;

    @TempDir
    Path temp;

    private KubernetesRunFixture fixture;

    @BeforeEach
    void setUp() throws Exception {
        fixture = new KubernetesRunFixture(client, temp);
    }

    @AfterEach
    void tearDown() {
        fixture.close();
    }

    @Test
    void aSuiteRunsThroughTheSessionsAgentsAgainstFreshTargetPodsAndLeavesNothing() throws Exception {
        Suite suite = fixture.suite();
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
        try (KubernetesRun run = fixture.run(suite)) {
            outcome = run.runner(
                            suite,
                            results,
                            listener,
                            KubernetesRunFixture.local(temp),
                            SuiteRunner.Resume.REFUSE_CHANGES)
                    .run();
            assertEquals(
                    1, fixture.hooks.registered.size(), "the Ctrl-C clean-up is registered while the session lives");
            id = run.session().id();
        }
        List<RunRecord> records = KubernetesRunFixture.records(suite, results);
        long byTheGenerator =
                records.stream().filter(GeneratorVerdicts::byTheGenerator).count();
        // Beside other test JVMs an agent's own gate may judge a run (5 of 140 requests held back over 1 ms seen): it
        // still ran through the session's agents against its fresh Pod, which is what this test is about.
        assertEquals(
                2,
                outcome.ok() + byTheGenerator,
                outcome + "\n" + messages + "\n" + KubernetesRunFixture.reasons(suite, results));
        assertTrue(outcome.clean() || byTheGenerator > 0, outcome.toString());

        assertEquals(0, fixture.sessionObjects(), "every object of the session is deleted");
        assertTrue(fixture.hooks.registered.isEmpty());
        assertEquals(
                java.util.Set.of(),
                fixture.kubelet.runningAfterDeletions(java.time.Duration.ofSeconds(20)),
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
            assertTrue(
                    record.status() == Status.OK || GeneratorVerdicts.byTheGenerator(record),
                    record.status() + " " + record.reason());
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
            long answered = fixture.kubelet.targetRequests.get(pod).get();
            assertTrue(
                    answered >= sent - load.main().interrupted() && answered <= sent,
                    "the target Pod's server answered what the agents sent: " + answered + " of " + sent);
            assertEquals(
                    Phase.MAIN, load.seconds().get(load.seconds().size() - 1).phase());
        }
    }
}
