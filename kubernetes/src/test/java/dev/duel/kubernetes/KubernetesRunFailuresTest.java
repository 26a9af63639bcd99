package dev.duel.kubernetes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.duel.record.Phase;
import dev.duel.record.RecordJson;
import dev.duel.record.RunRecord;
import dev.duel.record.Status;
import dev.duel.suite.RunPlan;
import dev.duel.suite.Suite;
import dev.duel.suite.SuiteListener;
import dev.duel.suite.SuiteOutcome;
import dev.duel.suite.SuiteRunner;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * As {@link KubernetesRunTest}, when a target's container exits mid-run and when Ctrl-C comes in the middle of a run.
 */
@Tag("slow")
@EnableKubernetesMockClient(crud = true)
class KubernetesRunFailuresTest {
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
    void aTargetWhoseContainerExitsMidRunFailsThatRunWithItsExitCodeAndTheNextRunsFresh() throws Exception {
        Suite suite = fixture.suite();
        Path results = temp.resolve("results");
        AtomicReference<KubernetesRun> current = new AtomicReference<>();
        SuiteListener listener = new SuiteListener() {
            @Override
            public void phase(RunPlan plan, String scenario, Phase phase) {
                if (phase == Phase.MAIN && plan.index() == 1) {
                    fixture.cluster.terminate("duel-" + current.get().session().id() + "-t-jdk17-1", 137, "OOMKilled");
                }
            }
        };
        SuiteOutcome outcome;
        try (KubernetesRun run = fixture.run(suite)) {
            current.set(run);
            outcome = run.runner(
                            suite,
                            results,
                            listener,
                            KubernetesRunFixture.local(temp),
                            SuiteRunner.Resume.REFUSE_CHANGES)
                    .run();
        }
        assertEquals(1, outcome.failed(), outcome.toString());
        assertEquals(1, outcome.ok(), outcome + "\n" + KubernetesRunFixture.reasons(suite, results));
        RunRecord failed = RecordJson.readRun(results.resolve("runs/001-jdk17-json.json"));
        assertEquals(Status.FAILED, failed.status());
        assertEquals("the target exited with code 137 during json", failed.reason());
        assertEquals(0, fixture.sessionObjects(), "every object of the session is deleted");
    }

    @Test
    void ctrlCInTheMiddleOfARunStopsTheLoadAndDeletesEverything() throws Exception {
        Suite suite = fixture.suite();
        Path results = temp.resolve("results");
        AtomicReference<SuiteRunner> runner = new AtomicReference<>();
        try (KubernetesRun run = fixture.run(suite)) {
            SuiteListener listener = new SuiteListener() {
                @Override
                public void phase(RunPlan plan, String scenario, Phase phase) {
                    if (phase == Phase.MAIN) {
                        // What the two JVM shutdown hooks do on SIGINT: the runner's abort and the session's clean-up.
                        runner.get().abort();
                        fixture.hooks.registered.get(0).run();
                    }
                }
            };
            runner.set(run.runner(
                    suite, results, listener, KubernetesRunFixture.local(temp), SuiteRunner.Resume.REFUSE_CHANGES));
            assertThrows(InterruptedException.class, () -> runner.get().run());
        }
        assertEquals(0, fixture.sessionObjects(), "every object of the session is deleted");
        assertEquals(java.util.Set.of(), fixture.kubelet.runningAfterDeletions(java.time.Duration.ofSeconds(20)));
        Files.createDirectories(results.resolve("runs"));
        try (var runs = Files.list(results.resolve("runs"))) {
            assertEquals(
                    List.of(),
                    runs.filter(f -> f.toString().endsWith(".json")).toList(),
                    "the run cut short writes no record: a resume redoes it");
        }
    }
}
