package dev.duel.kubernetes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.suite.Suite;
import dev.duel.targets.Limits;
import dev.duel.targets.TargetSpec;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A session's whole life against fabric8's mock API server in CRUD mode, with {@link FakeCluster} doing the
 * controllers' and kubelet's part: create, wait for readiness, a fresh target per run, node names, clean-up on close
 * and on Ctrl-C (the shutdown hook's Runnable run directly), and failures that name what to fix.
 */
@EnableKubernetesMockClient(crud = true)
class KubernetesSessionTest {
    static final String NAMESPACE = "bench";

    KubernetesMockServer server;
    KubernetesClient client;

    @TempDir
    Path temp;

    private Suite suite;
    private FakeCluster cluster;
    private final RecordingHooks hooks = new RecordingHooks();

    /** Registered hooks, never given to the JVM. */
    static final class RecordingHooks implements ShutdownHooks {
        final List<Thread> registered = new ArrayList<>();

        @Override
        public void add(Thread hook) {
            registered.add(hook);
        }

        @Override
        public boolean remove(Thread hook) {
            return registered.remove(hook);
        }
    }

    @BeforeEach
    void setUp() throws Exception {
        suite = Fixtures.suite(temp);
        cluster = new FakeCluster(client, NAMESPACE);
    }

    @AfterEach
    void tearDown() {
        cluster.close();
    }

    private KubernetesSession.Settings settings(Map<String, String> environment) {
        return new KubernetesSession.Settings(
                NAMESPACE,
                environment,
                new SecureRandom(),
                Clock.fixed(Instant.parse("2026-12-01T00:00:00Z"), ZoneOffset.UTC),
                hooks);
    }

    private static final Map<String, String> IN_CLUSTER = Map.of(
            CoordinatorPod.NAME_VARIABLE, "duel-coordinator",
            CoordinatorPod.UID_VARIABLE, "uid-42",
            CoordinatorPod.NAMESPACE_VARIABLE, NAMESPACE);

    /** Every object of the session, whatever its kind. */
    private List<HasMetadata> objects(String session) {
        String label = SessionNames.SESSION_LABEL;
        return Stream.of(
                        client.pods()
                                .inNamespace(NAMESPACE)
                                .withLabel(label, session)
                                .list()
                                .getItems(),
                        client.services()
                                .inNamespace(NAMESPACE)
                                .withLabel(label, session)
                                .list()
                                .getItems(),
                        client.batch()
                                .v1()
                                .jobs()
                                .inNamespace(NAMESPACE)
                                .withLabel(label, session)
                                .list()
                                .getItems(),
                        client.secrets()
                                .inNamespace(NAMESPACE)
                                .withLabel(label, session)
                                .list()
                                .getItems(),
                        client.network()
                                .v1()
                                .networkPolicies()
                                .inNamespace(NAMESPACE)
                                .withLabel(label, session)
                                .list()
                                .getItems())
                .flatMap(List::stream)
                .map(HasMetadata.class::cast)
                .toList();
    }

    private static Set<String> kinds(List<HasMetadata> objects) {
        return objects.stream().map(HasMetadata::getKind).collect(Collectors.toSet());
    }

    @Test
    void ctrlCWhileTheSessionOpensLeavesNothingBehind() throws Exception {
        // Issue 24, item 9: create() never looked at the clean-up flag, so what it created after Ctrl-C's hook had
        // swept (the Job, the agents' Pods) stayed. Here the hook runs as soon as it is registered: before anything
        // is created, the worst moment for the old code.
        ShutdownHooks ctrlCAtOnce = new ShutdownHooks() {
            @Override
            public void add(Thread hook) {
                hook.run();
            }

            @Override
            public boolean remove(Thread hook) {
                return false;
            }
        };
        KubernetesSession.Settings settings = new KubernetesSession.Settings(
                NAMESPACE,
                IN_CLUSTER,
                new SecureRandom(),
                Clock.fixed(Instant.parse("2026-12-01T00:00:00Z"), ZoneOffset.UTC),
                ctrlCAtOnce);
        KubernetesSessionException closed =
                assertThrows(KubernetesSessionException.class, () -> KubernetesSession.open(client, suite, settings));
        assertTrue(closed.getMessage().contains("was closed (Ctrl-C?) while it opened"), closed.getMessage());
        String label = SessionNames.SESSION_LABEL;
        assertEquals(
                List.of(),
                client.pods().inNamespace(NAMESPACE).withLabel(label).list().getItems());
        assertEquals(
                List.of(),
                client.services().inNamespace(NAMESPACE).withLabel(label).list().getItems());
        assertEquals(
                List.of(),
                client.batch()
                        .v1()
                        .jobs()
                        .inNamespace(NAMESPACE)
                        .withLabel(label)
                        .list()
                        .getItems());
        assertEquals(
                List.of(),
                client.secrets().inNamespace(NAMESPACE).withLabel(label).list().getItems());
        assertEquals(
                List.of(),
                client.network()
                        .v1()
                        .networkPolicies()
                        .inNamespace(NAMESPACE)
                        .withLabel(label)
                        .list()
                        .getItems());
    }

    // Issue 24, item 14: any Pod of the cluster could reach the agents' API and the targets.
    @Test
    void aSessionsNetworkPoliciesLetInOnlyWhoMustConnect() throws Exception {
        KubernetesSession session = KubernetesSession.open(client, suite, settings(IN_CLUSTER));
        String id = session.id();
        Map<String, io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy> policies = new java.util.HashMap<>();
        client.network()
                .v1()
                .networkPolicies()
                .inNamespace(NAMESPACE)
                .withLabel(SessionNames.SESSION_LABEL, id)
                .list()
                .getItems()
                .forEach(policy -> policies.put(policy.getMetadata().getName(), policy));
        String prefix = "duel-" + id + "-allow-";
        assertEquals(Set.of(prefix + "targets", prefix + "services", prefix + "agents"), policies.keySet());
        for (String[] rule : new String[][] {{"targets", "target", "agent"}, {"services", "service", "target"}}) {
            var spec = policies.get(prefix + rule[0]).getSpec();
            assertEquals(List.of("Ingress"), spec.getPolicyTypes());
            assertEquals(rule[1], spec.getPodSelector().getMatchLabels().get(SessionNames.ROLE_LABEL));
            assertEquals(id, spec.getPodSelector().getMatchLabels().get(SessionNames.SESSION_LABEL));
            var from =
                    spec.getIngress().get(0).getFrom().get(0).getPodSelector().getMatchLabels();
            assertEquals(Map.of(SessionNames.SESSION_LABEL, id, SessionNames.ROLE_LABEL, rule[2]), from, rule[0]);
        }
        var agents = policies.get(prefix + "agents").getSpec();
        assertEquals("agent", agents.getPodSelector().getMatchLabels().get(SessionNames.ROLE_LABEL));
        assertEquals(
                9400, agents.getIngress().get(0).getPorts().get(0).getPort().getIntVal());
        assertEquals(null, agents.getIngress().get(0).getFrom().get(0).getNamespaceSelector(), "this namespace only");
        session.close();
        assertEquals(List.of(), objects(id), "deleted with the session");

        // A coordinator in another namespace is let in by its namespace; one outside the cluster by the port alone.
        KubernetesSession elsewhere = KubernetesSession.open(
                client,
                suite,
                settings(Map.of(
                        CoordinatorPod.NAME_VARIABLE, "duel-coordinator",
                        CoordinatorPod.UID_VARIABLE, "uid-43",
                        CoordinatorPod.NAMESPACE_VARIABLE, "duel-ops")));
        var fromOps = client.network()
                .v1()
                .networkPolicies()
                .inNamespace(NAMESPACE)
                .withName("duel-" + elsewhere.id() + "-allow-agents")
                .get()
                .getSpec()
                .getIngress()
                .get(0);
        assertEquals(
                Map.of("kubernetes.io/metadata.name", "duel-ops"),
                fromOps.getFrom().get(0).getNamespaceSelector().getMatchLabels());
        elsewhere.close();
        KubernetesSession outside = KubernetesSession.open(client, suite, settings(Map.of()));
        var fromAnywhere = client.network()
                .v1()
                .networkPolicies()
                .inNamespace(NAMESPACE)
                .withName("duel-" + outside.id() + "-allow-agents")
                .get()
                .getSpec()
                .getIngress()
                .get(0);
        assertTrue(fromAnywhere.getFrom() == null || fromAnywhere.getFrom().isEmpty(), fromAnywhere.toString());
        assertEquals(9400, fromAnywhere.getPorts().get(0).getPort().getIntVal());
        outside.close();
    }

    @Test
    void aSessionCreatesWaitsRunsFreshTargetsCollectsNodesAndCleansUp() throws Exception {
        KubernetesSession session = KubernetesSession.open(client, suite, settings(IN_CLUSTER));
        String id = session.id();
        assertEquals(1, hooks.registered.size(), "the Ctrl-C clean-up is registered while the session lives");
        assertTrue(session.ownedByCoordinator());
        assertEquals(Set.of("Pod", "Service", "Job", "Secret", "NetworkPolicy"), kinds(objects(id)));
        for (HasMetadata object : objects(id)) {
            if (!"agent".equals(object.getMetadata().getLabels().get(SessionNames.ROLE_LABEL))
                    || !(object instanceof Pod)) {
                assertEquals(
                        "uid-42",
                        object.getMetadata().getOwnerReferences().get(0).getUid(),
                        object.getMetadata().getName());
            }
        }

        // Each address pins the session's certificate, which the Secret gives every agent to serve TLS with.
        io.fabric8.kubernetes.api.model.Secret secret = client.secrets()
                .inNamespace(NAMESPACE)
                .withName("duel-" + id + "-secret")
                .get();
        String certificate = secret.getStringData() != null
                ? secret.getStringData().get(SessionSecret.TLS_CERT_KEY)
                : new String(
                        java.util.Base64.getDecoder().decode(secret.getData().get(SessionSecret.TLS_CERT_KEY)),
                        java.nio.charset.StandardCharsets.UTF_8);
        String pin = dev.duel.agent.AgentTls.fingerprint(
                (java.security.cert.X509Certificate) java.security.cert.CertificateFactory.getInstance("X.509")
                        .generateCertificate(new java.io.ByteArrayInputStream(
                                certificate.getBytes(java.nio.charset.StandardCharsets.US_ASCII))));
        assertEquals(
                List.of(
                        "duel-" + id + "-agents-0.duel-" + id + "-agents.bench.svc:9400#" + pin,
                        "duel-" + id + "-agents-1.duel-" + id + "-agents.bench.svc:9400#" + pin,
                        "duel-" + id + "-agents-2.duel-" + id + "-agents.bench.svc:9400#" + pin),
                session.agentAddresses());
        assertEquals(
                List.of("node-agent-0", "node-agent-1", "node-agent-2"),
                session.agents().stream().map(AgentPod::nodeName).toList());
        assertEquals(64, session.agentToken().length());

        TargetPod first = session.startTarget(suite.target("jdk17"));
        assertEquals("duel-" + id + "-t-jdk17-1", first.podName());
        assertEquals("node-target", first.nodeName());
        assertTrue(first.address().matches("10\\.0\\.0\\.\\d+:8080"), first.address());
        assertEquals(java.time.Duration.ZERO, first.readyAfter());
        assertNull(session.targetExitCode(first.podName()), "its container runs");

        Map<String, String> nodes = session.nodeNames();
        assertEquals("node-target", nodes.get(first.podName()));
        assertEquals("node-services", nodes.get("duel-" + id + "-postgres"));
        assertEquals(5, nodes.size(), "three agents, PostgreSQL, the target: " + nodes);
        session.agents().forEach(agent -> assertNotEquals(first.nodeName(), agent.nodeName()));

        TargetPod second = session.startTarget(suite.target("Native_App"));
        assertEquals("duel-" + id + "-t-native-app-2", second.podName());
        assertNull(
                client.pods().inNamespace(NAMESPACE).withName(first.podName()).get(),
                "every run starts a fresh target: the previous Pod is gone");
        session.stopTarget();
        assertNull(
                client.pods().inNamespace(NAMESPACE).withName(second.podName()).get());

        session.close();
        assertEquals(List.of(), objects(id), "nothing of the session is left");
        assertTrue(hooks.registered.isEmpty(), "the hook goes once the session is closed");
        session.close();
    }

    @Test
    void ctrlCDeletesEverythingByTheSessionLabel() throws Exception {
        KubernetesSession session = KubernetesSession.open(client, suite, settings(Map.of()));
        session.startTarget(suite.target("jdk17"));
        assertFalse(session.ownedByCoordinator());
        assertTrue(
                session.agentAddresses().stream()
                        .allMatch(a -> a.matches("10\\.0\\.0\\.\\d+:9400#sha256:[0-9a-f]{64}")),
                "outside the cluster the agents are reached at their Pods' addresses: " + session.agentAddresses());
        objects(session.id())
                .forEach(o -> assertTrue(o.getMetadata().getOwnerReferences().isEmpty()
                        || "Job"
                                .equals(o.getMetadata()
                                        .getOwnerReferences()
                                        .get(0)
                                        .getKind())));

        hooks.registered.get(0).run(); // what the JVM runs on SIGINT
        assertEquals(List.of(), objects(session.id()));
        KubernetesSessionException closed =
                assertThrows(KubernetesSessionException.class, () -> session.startTarget(suite.target("jdk17")));
        assertEquals("session " + session.id() + " is closed (Ctrl-C?): no target is started", closed.getMessage());
        assertEquals(List.of(), objects(session.id()), "the runner's thread, still going, starts nothing more");
        session.close();
    }

    @Test
    void connectFindsTheClusterFromTheUsualConfiguration() throws Exception {
        Map<String, String> properties = Map.of(
                "kubernetes.master", client.getMasterUrl().toString(),
                "kubernetes.trust.certificates", "true",
                "kubernetes.auth.tryKubeConfig", "false",
                "kubernetes.auth.tryServiceAccount", "false",
                "kubernetes.namespace", NAMESPACE);
        properties.forEach(System::setProperty);
        try {
            KubernetesSession session = KubernetesSession.connect(suite, null);
            assertEquals(NAMESPACE, session.namespace());
            assertEquals(3, session.agentAddresses().size());
            session.close();
            assertEquals(List.of(), objects(session.id()));
        } finally {
            properties.keySet().forEach(System::clearProperty);
        }
    }

    @Test
    void anotherSessionsObjectsAreLeftAlone() throws Exception {
        KubernetesSession mine = KubernetesSession.open(client, suite, settings(Map.of()));
        KubernetesSession theirs = KubernetesSession.open(client, suite, settings(Map.of()));
        mine.close();
        assertEquals(List.of(), objects(mine.id()));
        assertEquals(Set.of("Pod", "Service", "Job", "Secret", "NetworkPolicy"), kinds(objects(theirs.id())));
        theirs.close();
    }

    @Test
    void anAgentWhoseImageCannotBePulledFailsTheSessionAtOnceNamingItAndLeavesNothing() throws Exception {
        cluster.imagePullFails(Role.AGENT);
        KubernetesSessionException failed = assertThrows(
                KubernetesSessionException.class, () -> KubernetesSession.open(client, suite, settings(Map.of())));
        assertTrue(failed.getMessage().startsWith("the load agents' Pods (Job duel-"), failed.getMessage());
        assertTrue(
                failed.getMessage().contains("cannot become Ready: ")
                        && failed.getMessage().contains("container agent is ImagePullBackOff (Back-off pulling image)"),
                failed.getMessage());
        assertEquals(List.of(), client.pods().inNamespace(NAMESPACE).list().getItems());
        assertEquals(
                List.of(),
                client.batch().v1().jobs().inNamespace(NAMESPACE).list().getItems());
        assertTrue(hooks.registered.isEmpty());
    }

    @Test
    void podsThatNeverBecomeReadyFailAfterTheTimeoutWithEachPodsState() throws Exception {
        Suite quick = Fixtures.suite(temp, Fixtures.SUITE.replace("readyTimeout: 30s", "readyTimeout: 200ms"));
        cluster.full();
        KubernetesSessionException failed = assertThrows(
                KubernetesSessionException.class, () -> KubernetesSession.open(client, quick, settings(Map.of())));
        assertTrue(
                failed.getMessage()
                        .startsWith("the services' Pods were not Ready after 200 ms (kubernetes.readyTimeout): 1"
                                + " of 1 Pods exist: duel-"),
                failed.getMessage());
        assertTrue(
                failed.getMessage().endsWith("-postgres (no status yet, on no node yet, not Ready)"),
                failed.getMessage());
        assertEquals(List.of(), client.pods().inNamespace(NAMESPACE).list().getItems());
    }

    @Test
    void aSuiteWithoutTheSectionOrATargetWithoutLimitsCreatesNothing() throws Exception {
        Suite plain = Fixtures.suite(temp, Fixtures.SUITE.substring(0, Fixtures.SUITE.indexOf("kubernetes:")));
        KubernetesSessionException noSection = assertThrows(
                KubernetesSessionException.class, () -> KubernetesSession.open(client, plain, settings(Map.of())));
        assertEquals(
                "suite k8s has no kubernetes: section: add one with duel's image and each target's"
                        + " (docs/kubernetes.md)",
                noSection.getMessage());
        assertEquals(List.of(), client.pods().inNamespace(NAMESPACE).list().getItems());
        assertTrue(hooks.registered.isEmpty());

        Suite unlimited = withTargets(suite, List.of(suite.target("jdk17").withLimits(new Limits(1.0, null, null))));
        KubernetesSessionException noMemory = assertThrows(
                KubernetesSessionException.class, () -> KubernetesSession.open(client, unlimited, settings(Map.of())));
        assertEquals(
                "target jdk17 on Kubernetes needs limits.cpus and limits.memory (requests = limits: Guaranteed QoS),"
                        + " got limits cpus 1.0",
                noMemory.getMessage());
        assertEquals(List.of(), client.secrets().inNamespace(NAMESPACE).list().getItems());
        assertTrue(hooks.registered.isEmpty());
    }

    private static Suite withTargets(Suite suite, List<TargetSpec> targets) {
        return new Suite(
                suite.name(),
                suite.file(),
                targets,
                suite.services(),
                suite.scenarios(),
                suite.together(),
                suite.repetitions(),
                suite.order(),
                suite.seed(),
                suite.cooldown(),
                suite.loadgen(),
                suite.gates(),
                suite.thresholds(),
                suite.aotCaches(),
                suite.kubernetes(),
                suite.interleave());
    }
}
