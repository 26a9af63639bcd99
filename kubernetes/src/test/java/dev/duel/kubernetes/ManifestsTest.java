package dev.duel.kubernetes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.suite.Suite;
import dev.duel.targets.Limits;
import dev.duel.targets.ServiceSpec;
import dev.duel.targets.TargetSpec;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodAffinityTerm;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The manifests, built without a cluster: their golden files, Guaranteed QoS, anti-affinity between agents and the
 * target, owner references in the cluster only, and nothing privileged.
 */
class ManifestsTest {
    @TempDir
    Path temp;

    private static final SessionNames NAMES = new SessionNames("0123abcd");
    private static final CoordinatorPod COORDINATOR = new CoordinatorPod("duel-coordinator", "uid-1234", "bench");
    private static final SessionSecret SECRET = new SessionSecret(
            "agent-token-for-tests",
            "postgres-password-for-tests",
            dev.duel.agent.AgentTls.generate(Path.of(System.getProperty("java.home"))));

    private Suite suite;
    private final ObjectMetas inCluster = new ObjectMetas(NAMES, "bench", COORDINATOR);
    private final ObjectMetas outside = new ObjectMetas(NAMES, "bench", null);

    @BeforeEach
    void load() throws Exception {
        suite = Fixtures.suite(temp);
    }

    private ServiceSpec.EmbeddedPostgres postgres() {
        return (ServiceSpec.EmbeddedPostgres) suite.services().get(0);
    }

    private Pod target(ObjectMetas metas, String name) {
        return TargetManifests.pod(metas, suite.target(name), suite.kubernetes().imageOf(name), 1, suite.services());
    }

    private List<HasMetadata> everything(ObjectMetas metas) {
        return List.of(
                SECRET.manifest(metas),
                target(metas, "jdk17"),
                target(metas, "Native_App"),
                PostgresManifests.pod(metas, postgres(), suite.kubernetes().postgresImage()),
                PostgresManifests.service(metas, postgres()),
                AgentManifests.job(metas, suite.kubernetes()),
                AgentManifests.service(metas));
    }

    private List<PodSpec> podSpecs(ObjectMetas metas) {
        return List.of(
                target(metas, "jdk17").getSpec(),
                target(metas, "Native_App").getSpec(),
                PostgresManifests.pod(metas, postgres(), suite.kubernetes().postgresImage())
                        .getSpec(),
                AgentManifests.job(metas, suite.kubernetes())
                        .getSpec()
                        .getTemplate()
                        .getSpec());
    }

    @Test
    void theManifestsAreTheirGoldenFiles() throws Exception {
        io.fabric8.kubernetes.api.model.Secret secret = SECRET.manifest(inCluster);
        assertEquals(SECRET.agentTls().certificatePem(), secret.getStringData().get(SessionSecret.TLS_CERT_KEY));
        assertEquals(SECRET.agentTls().keyPem(), secret.getStringData().get(SessionSecret.TLS_KEY_KEY));
        // A session makes its key as it opens: the golden file holds placeholders where its PEM goes.
        secret.getStringData().put(SessionSecret.TLS_CERT_KEY, "<the session's certificate, PEM>");
        secret.getStringData().put(SessionSecret.TLS_KEY_KEY, "<the session's private key, PEM>");
        Fixtures.golden("secret.yaml", secret);
        Fixtures.golden("target-jar-pod.yaml", target(inCluster, "jdk17"));
        Fixtures.golden("target-command-pod.yaml", target(outside, "Native_App"));
        Fixtures.golden(
                "postgres-pod.yaml",
                PostgresManifests.pod(inCluster, postgres(), suite.kubernetes().postgresImage()));
        Fixtures.golden("postgres-service.yaml", PostgresManifests.service(inCluster, postgres()));
        Fixtures.golden("agents-job.yaml", AgentManifests.job(inCluster, suite.kubernetes()));
        Fixtures.golden("agents-service.yaml", AgentManifests.service(inCluster));
    }

    @Test
    void everyContainerRequestsExactlyItsLimitsSoEveryPodIsGuaranteed() {
        for (PodSpec spec : podSpecs(inCluster)) {
            for (Container container : spec.getContainers()) {
                Map<String, Quantity> limits = container.getResources().getLimits();
                assertEquals(limits, container.getResources().getRequests(), container.getName());
                assertTrue(limits.containsKey("cpu") && limits.containsKey("memory"), container.getName());
            }
        }
        Map<String, Quantity> target = target(inCluster, "jdk17")
                .getSpec()
                .getContainers()
                .get(0)
                .getResources()
                .getLimits();
        assertEquals(Map.of("cpu", new Quantity("1"), "memory", new Quantity("512Mi")), target);
        Map<String, Quantity> half = target(inCluster, "Native_App")
                .getSpec()
                .getContainers()
                .get(0)
                .getResources()
                .getLimits();
        assertEquals(Map.of("cpu", new Quantity("500m"), "memory", new Quantity("300Mi")), half);
    }

    @Test
    void aTargetWithoutCpusOrMemoryIsRefusedNamingIt() {
        TargetSpec unlimited = suite.target("jdk17").withLimits(new Limits(1.0, "1", null));
        IllegalArgumentException refused = assertThrows(
                IllegalArgumentException.class, () -> TargetManifests.pod(inCluster, unlimited, "image", 1, List.of()));
        assertEquals(
                "target jdk17 on Kubernetes needs limits.cpus and limits.memory (requests = limits: Guaranteed QoS),"
                        + " got limits cpus 1.0, cpuset 1",
                refused.getMessage());
    }

    @Test
    void agentsStayOffTheTargetsNodeAndTheTargetOffTheAgents() {
        Job job = AgentManifests.job(inCluster, suite.kubernetes());
        assertEquals("Indexed", job.getSpec().getCompletionMode());
        assertEquals(3, job.getSpec().getParallelism());
        assertEquals(3, job.getSpec().getCompletions());
        PodAffinityTerm agents = job.getSpec()
                .getTemplate()
                .getSpec()
                .getAffinity()
                .getPodAntiAffinity()
                .getRequiredDuringSchedulingIgnoredDuringExecution()
                .get(0);
        assertEquals("kubernetes.io/hostname", agents.getTopologyKey());
        Map<String, String> targetLabels =
                target(inCluster, "jdk17").getMetadata().getLabels();
        assertTrue(
                targetLabels
                        .entrySet()
                        .containsAll(agents.getLabelSelector().getMatchLabels().entrySet()),
                "the agents' anti-affinity selects the target's Pod: " + agents.getLabelSelector());
        PodAffinityTerm target = target(inCluster, "jdk17")
                .getSpec()
                .getAffinity()
                .getPodAntiAffinity()
                .getRequiredDuringSchedulingIgnoredDuringExecution()
                .get(0);
        Map<String, String> agentLabels =
                job.getSpec().getTemplate().getMetadata().getLabels();
        assertTrue(agentLabels
                .entrySet()
                .containsAll(target.getLabelSelector().getMatchLabels().entrySet()));
        assertEquals("kubernetes.io/hostname", target.getTopologyKey());
        assertFalse(
                agentLabels
                        .entrySet()
                        .containsAll(agents.getLabelSelector().getMatchLabels().entrySet()),
                "an agent does not repel itself");
    }

    @Test
    void inTheClusterEveryObjectIsOwnedByTheCoordinatorsPodAndCarriesTheSessionLabel() {
        for (HasMetadata object : everything(inCluster)) {
            List<OwnerReference> owners = object.getMetadata().getOwnerReferences();
            assertEquals(1, owners.size(), object.getMetadata().getName());
            assertEquals("Pod", owners.get(0).getKind());
            assertEquals("duel-coordinator", owners.get(0).getName());
            assertEquals("uid-1234", owners.get(0).getUid());
            assertNull(owners.get(0).getBlockOwnerDeletion(), "no right to the coordinator's finalizers is needed");
            assertEquals("0123abcd", object.getMetadata().getLabels().get(SessionNames.SESSION_LABEL));
            assertEquals("bench", object.getMetadata().getNamespace());
        }
        for (HasMetadata object : everything(outside)) {
            assertTrue(
                    object.getMetadata().getOwnerReferences().isEmpty(),
                    object.getMetadata().getName());
            assertEquals("0123abcd", object.getMetadata().getLabels().get(SessionNames.SESSION_LABEL));
        }
    }

    @Test
    void aCoordinatorInAnotherNamespaceOwnsNothing() {
        ObjectMetas elsewhere = new ObjectMetas(NAMES, "bench", new CoordinatorPod("duel", "uid", "ci"));
        assertTrue(target(elsewhere, "jdk17").getMetadata().getOwnerReferences().isEmpty());
        ObjectMetas unsaid = new ObjectMetas(NAMES, "bench", new CoordinatorPod("duel", "uid", null));
        assertEquals(
                1, target(unsaid, "jdk17").getMetadata().getOwnerReferences().size());
    }

    @Test
    void noContainerIsPrivilegedOrRunsAsRootOrSharesTheHost() {
        for (PodSpec spec : podSpecs(outside)) {
            assertTrue(spec.getSecurityContext().getRunAsNonRoot());
            assertNotEquals(0L, spec.getSecurityContext().getRunAsUser());
            assertNull(spec.getHostNetwork());
            assertNull(spec.getHostPID());
            assertNull(spec.getHostIPC());
            assertFalse(spec.getAutomountServiceAccountToken(), "no Pod but duel's talks to the API");
            for (Container container : spec.getContainers()) {
                assertFalse(container.getSecurityContext().getPrivileged(), container.getName());
                assertFalse(container.getSecurityContext().getAllowPrivilegeEscalation(), container.getName());
                assertTrue(container.getSecurityContext().getReadOnlyRootFilesystem(), container.getName());
                assertEquals(
                        List.of("ALL"),
                        container.getSecurityContext().getCapabilities().getDrop());
            }
        }
    }

    @Test
    void theTargetRunsItsJarOrCommandOnItsPortWithTheDatabaseFromTheSecret() {
        Container jar = target(inCluster, "jdk17").getSpec().getContainers().get(0);
        assertEquals(List.of("java", "-Xmx256m", "-jar", "/app/minimal.jar"), jar.getCommand());
        assertEquals("/health", jar.getReadinessProbe().getHttpGet().getPath());
        assertEquals(8080, jar.getReadinessProbe().getHttpGet().getPort().getIntVal());
        assertEquals(
                List.of("DATABASE_PASSWORD", "DATABASE_URL", "PORT"),
                jar.getEnv().stream().map(e -> e.getName()).toList());
        assertEquals(
                "jdbc:postgresql://duel-0123abcd-postgres.bench.svc:5432/postgres?user=postgres"
                        + "&password=$(DATABASE_PASSWORD)",
                jar.getEnv().get(1).getValue());
        assertEquals(
                "postgres-password",
                jar.getEnv().get(0).getValueFrom().getSecretKeyRef().getKey());
        Container command =
                target(inCluster, "Native_App").getSpec().getContainers().get(0);
        assertEquals(List.of("./app", "--port", "8080"), command.getCommand());
        assertEquals(
                "duel-0123abcd-t-native-app-1",
                target(inCluster, "Native_App").getMetadata().getName());
        assertEquals(
                "Native_App",
                target(inCluster, "Native_App").getMetadata().getAnnotations().get(SessionNames.TARGET_ANNOTATION));
    }

    @Test
    void anExternalDatabaseIsPassedAsWrittenAndACommandServiceIsRefused() {
        ServiceSpec external = new ServiceSpec.ExternalPostgres("postgres", "jdbc:postgresql://db:5432/bench");
        assertEquals(
                "jdbc:postgresql://db:5432/bench",
                PostgresManifests.targetEnv(inCluster, List.of(external)).get(0).getValue());
        ServiceSpec command =
                new ServiceSpec.Command("cache", List.of("redis-server"), 6379, null, Map.of(), Limits.NONE);
        assertThrows(IllegalArgumentException.class, () -> PostgresManifests.targetEnv(inCluster, List.of(command)));
    }

    @Test
    void namesStayDnsLabels() {
        String longName = "a".repeat(80);
        String pod = NAMES.targetPod(longName, 12345);
        assertTrue(pod.length() <= 63, pod);
        assertTrue(pod.matches("[a-z0-9]([a-z0-9-]*[a-z0-9])?"), pod);
        assertEquals("duel-0123abcd-agents-2.duel-0123abcd-agents.bench.svc", NAMES.agentHost(2, "bench"));
    }
}
