package dev.duel.kubernetes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a suite may not ask of a run on Kubernetes, said before anything is created. */
class KubernetesRunRefusalTest {
    @TempDir
    Path temp;

    @Test
    void aSuiteOfLoadScenariosRunsThere() throws Exception {
        assertNull(KubernetesRun.refusal(Fixtures.suite(temp)));
    }

    @Test
    void aStartupScenarioWouldTimeThePodsWayToReady() throws Exception {
        String yaml = Fixtures.SUITE.replace(
                "scenarios:\n", "scenarios:\n  - name: boot\n    kind: startup\n    starts: 2\n");
        assertEquals(
                "scenario boot: a startup scenario on Kubernetes would time each Pod's scheduling, image pull and"
                        + " readiness probe (every second), not the target's start: run it on one machine (another"
                        + " suite file without --kubernetes)",
                KubernetesRun.refusal(Fixtures.suite(temp, yaml)));
    }

    @Test
    void anAotCacheWouldStayInTheTrainingPod() throws Exception {
        String yaml = Fixtures.SUITE.replace(
                "    jvmArgs: [-Xmx256m]\n", "    jvmArgs: [-Xmx256m]\n    aotCache: {train: json, for: 3s}\n");
        assertEquals(
                "target jdk17: aotCache on Kubernetes would be written in the training Pod, where no later Pod finds"
                        + " it: build the cache into the target's image and pass its flags in jvmArgs, or run without"
                        + " --kubernetes",
                KubernetesRun.refusal(Fixtures.suite(temp, yaml)));
    }

    @Test
    void aDuetNeedsOneMachine() throws Exception {
        String yaml = Fixtures.SUITE
                .replace("limits: {cpus: 1, memory: 512m}", "limits: {cpus: 0.5, memory: 300m}")
                .replace("scenarios:\n", "order: duet\nscenarios:\n");
        assertEquals(
                "order: duet runs both targets side by side on one machine's CPUs, their loads from duel's own engine:"
                        + " on Kubernetes use order: alternate or random, or run the duet without --kubernetes",
                KubernetesRun.refusal(Fixtures.suite(temp, yaml)));
    }
}
