package dev.duel.kubernetes;

import dev.duel.suite.Suite;
import dev.duel.targets.ServiceSpec;
import dev.duel.targets.TargetSpec;
import io.fabric8.kubernetes.api.model.DeletionPropagation;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.KubernetesResourceList;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.Informable;
import io.fabric8.kubernetes.client.dsl.MixedOperation;
import io.fabric8.kubernetes.client.dsl.Resource;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Predicate;

/**
 * A suite's objects on Kubernetes for one {@code duel run --kubernetes}: its Secret, its services (PostgreSQL) with
 * their Services, its load agents (an Indexed Job behind a headless Service), and one fresh target Pod per run. Every
 * object carries {@code duel.dev/session=<id>} and, when duel runs in the same namespace, an owner reference to
 * duel's own Pod. Everything is deleted on {@link #close()}, by a JVM shutdown hook on Ctrl-C, and by the cluster's
 * garbage collector when the coordinator Pod is deleted.
 *
 * <p>What a runner does: {@link #open}; per run {@link #startTarget} (which deletes the previous target Pod first: a
 * fresh process every run), drive {@link #agentAddresses()} at {@link TargetPod#address()} with
 * {@link #agentToken()}, then {@link #stopTarget()}; {@link #nodeNames()} for the record; {@link #close()}.
 *
 * <p>Thread-safety: {@link #startTarget}, {@link #stopTarget} and {@link #close} are synchronized; the clean-up may run
 * at the same time from the shutdown hook, and runs once.
 */
public final class KubernetesSession implements AutoCloseable {
    /** The label Kubernetes puts on an Indexed Job's Pods with their index. */
    static final String COMPLETION_INDEX_LABEL = "batch.kubernetes.io/job-completion-index";

    /** How often a failed request to the API server is retried (after 0.1, 0.2 and 0.4 s). */
    static final int REQUEST_RETRIES = 3;

    /**
     * What a session depends on beyond the client and the suite, injected so tests can fix them.
     *
     * @param namespace   where the objects go, or null for the client's namespace
     * @param environment duel's environment ({@code POD_NAME}, {@code POD_UID}, {@code POD_NAMESPACE})
     * @param random      the session's id and secrets
     * @param clock       the targets' {@link TargetPod#readyAfter()}
     * @param hooks       where the Ctrl-C clean-up is registered
     */
    public record Settings(
            String namespace, Map<String, String> environment, SecureRandom random, Clock clock, ShutdownHooks hooks) {
        /** The JVM's environment, randomness, clock and shutdown hooks. */
        public static Settings of(String namespace) {
            return new Settings(
                    namespace, System.getenv(), new SecureRandom(), Clock.systemUTC(), ShutdownHooks.RUNTIME);
        }
    }

    private final KubernetesClient client;
    private final Suite suite;
    private final Suite.Kubernetes kubernetes;
    private final ObjectMetas metas;
    private final SessionSecret secret;
    private final Clock clock;
    private final ShutdownHooks hooks;
    private final Thread hook;
    private final AtomicBoolean cleaned = new AtomicBoolean();
    private List<AgentPod> agents = List.of();
    /** The client {@link #connect} made, closed with the session; null when the caller gave its own. */
    private KubernetesClient ownClient;

    private String currentTarget;
    private int runs;

    /** duel's own Pod when it runs in the cluster (in any namespace), else null: who may reach the agents. */
    private final CoordinatorPod coordinator;

    private KubernetesSession(
            KubernetesClient client,
            Suite suite,
            ObjectMetas metas,
            CoordinatorPod coordinator,
            SessionSecret secret,
            Settings settings) {
        this.client = client;
        this.coordinator = coordinator;
        this.suite = suite;
        this.kubernetes = suite.kubernetes();
        this.metas = metas;
        this.secret = secret;
        this.clock = settings.clock();
        this.hooks = settings.hooks();
        this.hook = new Thread(
                this::cleanUp, "duel-kubernetes-cleanup-" + metas.names().id());
    }

    /**
     * {@link #open} on the cluster that fabric8's usual configuration names (the kubeconfig's current context, or the
     * service account of the Pod duel runs in), with the JVM's environment, randomness, clock and shutdown hooks. The
     * client is closed with the session.
     *
     * @param namespace the session's namespace, or null for the configuration's
     */
    public static KubernetesSession connect(Suite suite, String namespace)
            throws KubernetesSessionException, InterruptedException {
        // fabric8 retries a failed request 10 times with doubling waits from 100 ms: about 100 s before an unreachable
        // API server is said, and as long again for each kind the clean-up deletes. Three retries ride out a blip.
        Config config = new ConfigBuilder(Config.autoConfigure(null))
                .withRequestRetryBackoffLimit(REQUEST_RETRIES)
                .build();
        KubernetesClient client =
                new KubernetesClientBuilder().withConfig(config).build();
        try {
            KubernetesSession session = open(client, suite, Settings.of(namespace));
            session.ownClient = client;
            return session;
        } catch (KubernetesSessionException | InterruptedException | RuntimeException e) {
            client.close();
            throw e;
        }
    }

    /**
     * Creates the session's Secret, services and agents and waits until every one of their Pods is Ready, within the
     * suite's {@code kubernetes.readyTimeout}. On failure everything created is deleted again.
     *
     * @throws KubernetesSessionException the suite cannot run there (no {@code kubernetes:} section, a target without
     *                                    limits...), the API refused an object, or a Pod did not become Ready in time
     *                                    (each Pod's state named)
     */
    public static KubernetesSession open(KubernetesClient client, Suite suite, Settings settings)
            throws KubernetesSessionException, InterruptedException {
        if (suite.kubernetes() == null) {
            throw new KubernetesSessionException("suite " + suite.name()
                    + " has no kubernetes: section: add one with duel's image and each target's (docs/kubernetes.md)");
        }
        String namespace = settings.namespace() != null ? settings.namespace() : client.getNamespace();
        if (namespace == null) {
            throw new KubernetesSessionException(
                    "no namespace: give --namespace, or set one in the kubeconfig's context");
        }
        CoordinatorPod owner =
                CoordinatorPod.fromEnvironment(settings.environment()).orElse(null);
        ObjectMetas metas = new ObjectMetas(SessionNames.random(settings.random()), namespace, owner);
        SessionSecret secret;
        try {
            secret = SessionSecret.random(settings.random());
        } catch (IllegalStateException e) {
            // The agents' certificate is made here, with this JVM's keytool: nothing exists in the cluster yet.
            throw new KubernetesSessionException(
                    "the agents' TLS certificate could not be made on this machine ("
                            + e.getMessage()
                            + "): run duel on a full JDK (its bin/keytool makes the certificate) with a writable"
                            + " temporary folder",
                    e);
        }
        KubernetesSession session = new KubernetesSession(client, suite, metas, owner, secret, settings);
        session.checkTargets();
        session.hooks.add(session.hook);
        try {
            session.create();
            session.agents = session.awaitAgents();
            return session;
        } catch (KubernetesSessionException | InterruptedException | RuntimeException e) {
            session.close();
            throw e;
        }
    }

    /** Every target's Pod can be made (its limits, its services) before anything is created. */
    private void checkTargets() throws KubernetesSessionException {
        for (TargetSpec target : suite.targets()) {
            try {
                TargetManifests.pod(metas, target, kubernetes.imageOf(target.name()), 0, suite.services());
            } catch (IllegalArgumentException e) {
                throw new KubernetesSessionException(e.getMessage(), e);
            }
        }
    }

    private void create() throws KubernetesSessionException, InterruptedException {
        String namespace = metas.namespace();
        try {
            // Who may connect to what, before any Pod exists to be reached.
            for (io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy policy :
                    NetworkPolicyManifests.policies(metas, coordinator)) {
                opening();
                client.network()
                        .v1()
                        .networkPolicies()
                        .inNamespace(namespace)
                        .resource(policy)
                        .create();
            }
            opening();
            client.secrets()
                    .inNamespace(namespace)
                    .resource(secret.manifest(metas))
                    .create();
            List<String> servicePods = new ArrayList<>();
            for (ServiceSpec service : suite.services()) {
                if (service instanceof ServiceSpec.EmbeddedPostgres postgres) {
                    opening();
                    client.pods()
                            .inNamespace(namespace)
                            .resource(PostgresManifests.pod(metas, postgres, kubernetes.postgresImage()))
                            .create();
                    opening();
                    client.services()
                            .inNamespace(namespace)
                            .resource(PostgresManifests.service(metas, postgres))
                            .create();
                    servicePods.add(metas.names().service(postgres.name()));
                }
            }
            opening();
            client.services()
                    .inNamespace(namespace)
                    .resource(AgentManifests.service(metas))
                    .create();
            opening();
            client.batch()
                    .v1()
                    .jobs()
                    .inNamespace(namespace)
                    .resource(AgentManifests.job(metas, kubernetes))
                    .create();
            opening();
            if (!servicePods.isEmpty()) {
                await(
                        "the services' Pods",
                        client.pods()
                                .inNamespace(namespace)
                                .withLabels(metas.names().labels(Role.SERVICE)),
                        servicePods.size(),
                        kubernetes.readyTimeout());
            }
        } catch (KubernetesClientException e) {
            throw new KubernetesSessionException(refused(e), e);
        }
    }

    private List<AgentPod> awaitAgents() throws KubernetesSessionException, InterruptedException {
        List<Pod> pods = await(
                "the load agents' Pods (Job " + metas.names().agentsJob() + ")",
                client.pods()
                        .inNamespace(metas.namespace())
                        .withLabels(metas.names().labels(Role.AGENT)),
                kubernetes.agents(),
                kubernetes.readyTimeout());
        boolean inCluster = metas.owner() != null;
        List<AgentPod> found = new ArrayList<>();
        for (Pod pod : pods) {
            int index = completionIndex(pod);
            String ip = pod.getStatus().getPodIP();
            String host = inCluster ? metas.names().agentHost(index, metas.namespace()) : ip;
            found.add(new AgentPod(
                    index,
                    pod.getMetadata().getName(),
                    pod.getSpec().getNodeName(),
                    ip,
                    new dev.duel.agent.AgentAddress(
                                    host,
                                    SessionNames.AGENT_PORT,
                                    secret.agentTls().fingerprint())
                            .toString()));
        }
        found.sort(Comparator.comparingInt(AgentPod::index));
        return List.copyOf(found);
    }

    private static int completionIndex(Pod pod) throws KubernetesSessionException {
        String index = pod.getMetadata().getLabels() == null
                ? null
                : pod.getMetadata().getLabels().get(COMPLETION_INDEX_LABEL);
        if (index == null && pod.getMetadata().getAnnotations() != null) {
            index = pod.getMetadata().getAnnotations().get(COMPLETION_INDEX_LABEL);
        }
        if (index == null) {
            throw new KubernetesSessionException(
                    "agent Pod " + pod.getMetadata().getName()
                            + " has no completion index: the cluster is older than Kubernetes 1.24 (Indexed Jobs)");
        }
        return Integer.parseInt(index);
    }

    /**
     * Waits until {@code count} Pods of {@code pods} are Ready; stops early when one can never be (its image cannot be
     * pulled, it exited).
     */
    private List<Pod> await(String what, Informable<Pod> pods, int count, Duration timeout)
            throws KubernetesSessionException, InterruptedException {
        Predicate<List<Pod>> done = list -> list.stream().anyMatch(p -> PodStates.hopeless(p) != null)
                || (list.size() >= count && list.stream().allMatch(PodStates::ready));
        CompletableFuture<List<Pod>> future = pods.informOnCondition(done);
        List<Pod> found;
        try {
            found = future.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            future.cancel(true);
            throw new KubernetesSessionException(what + " were not Ready after " + timeout.toMillis() + " ms ("
                    + "kubernetes.readyTimeout): " + describe(pods.informOnCondition(list -> true), count));
        } catch (ExecutionException e) {
            throw new KubernetesSessionException(
                    what + ": watching them failed: " + e.getCause().getMessage(), e);
        } catch (InterruptedException e) {
            future.cancel(true);
            throw e;
        }
        for (Pod pod : found) {
            String hopeless = PodStates.hopeless(pod);
            if (hopeless != null) {
                throw new KubernetesSessionException(
                        what + " cannot become Ready: " + pod.getMetadata().getName() + ": " + hopeless + "; "
                                + describe(CompletableFuture.completedFuture(found), count));
            }
        }
        return found;
    }

    private static String describe(CompletableFuture<List<Pod>> pods, int count) {
        List<Pod> list;
        try {
            list = pods.get(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "(their state could not be read)";
        } catch (ExecutionException | TimeoutException e) {
            return "(their state could not be read: " + e + ")";
        }
        List<String> states = list.stream().map(PodStates::describe).sorted().toList();
        return list.size() + " of " + count + " Pods exist"
                + (states.isEmpty() ? "" : ": " + String.join("; ", states));
    }

    /**
     * A fresh Pod of {@code target} for the next run, Ready: the previous target Pod is deleted first and gone before
     * this one is created, so two targets never share the cluster.
     */
    public synchronized TargetPod startTarget(TargetSpec target)
            throws KubernetesSessionException, InterruptedException {
        stopTarget();
        runs++;
        Pod pod = TargetManifests.pod(metas, target, kubernetes.imageOf(target.name()), runs, suite.services());
        String name = pod.getMetadata().getName();
        Instant created = clock.instant();
        if (cleaned.get()) {
            throw new KubernetesSessionException("session " + id() + " is closed (Ctrl-C?): no target is started");
        }
        try {
            client.pods().inNamespace(metas.namespace()).resource(pod).create();
            currentTarget = name;
            if (cleaned.get()) {
                // The shutdown hook set the flag before it listed the Pods; this one may have been created after.
                stopTarget();
                throw new KubernetesSessionException(
                        "session " + id() + " was closed (Ctrl-C?) while its target started");
            }
            Pod ready = await(
                            "target " + target.name() + "'s Pod",
                            client.pods().inNamespace(metas.namespace()).withName(name),
                            1,
                            kubernetes.readyTimeout())
                    .get(0);
            return new TargetPod(
                    target.name(),
                    name,
                    ready.getSpec().getNodeName(),
                    ready.getStatus().getPodIP(),
                    TargetManifests.port(target),
                    Duration.between(created, clock.instant()));
        } catch (KubernetesClientException e) {
            throw new KubernetesSessionException(refused(e), e);
        }
    }

    /**
     * The exit code of target Pod {@code podName}'s container once it ended (the kubelet does not restart it), -1 when
     * the Pod is gone (deleted outside duel, evicted), null while it runs. Listed by the session's target label: the
     * Role grants list, not get.
     */
    public Integer targetExitCode(String podName) throws KubernetesSessionException {
        List<Pod> pods;
        try {
            pods = client.pods()
                    .inNamespace(metas.namespace())
                    .withLabels(metas.names().labels(Role.TARGET))
                    .list()
                    .getItems();
        } catch (KubernetesClientException e) {
            throw new KubernetesSessionException("target Pod " + podName + " could not be read: " + e.getMessage(), e);
        }
        for (Pod pod : pods) {
            if (podName.equals(pod.getMetadata().getName())) {
                return PodStates.exitCode(pod);
            }
        }
        return -1;
    }

    /** Deletes the current target's Pod (its process gets SIGTERM, then SIGKILL after 10 s) and waits until it is gone. */
    public synchronized void stopTarget() throws KubernetesSessionException {
        if (currentTarget == null) {
            return;
        }
        String name = currentTarget;
        try {
            var resource = client.pods().inNamespace(metas.namespace()).withName(name);
            resource.delete();
            resource.waitUntilCondition(
                    Objects::isNull, kubernetes.readyTimeout().toMillis(), TimeUnit.MILLISECONDS);
            currentTarget = null;
        } catch (KubernetesClientException e) {
            throw new KubernetesSessionException("target Pod " + name + " could not be deleted: " + e.getMessage(), e);
        }
    }

    /** The load agents, Ready, by index. */
    public List<AgentPod> agents() {
        return agents;
    }

    /** {@code host:9400#sha256:...} of each agent, by index: what the agent coordinator connects to. */
    public List<String> agentAddresses() {
        return agents.stream().map(AgentPod::address).toList();
    }

    /** The bearer token every agent of this session demands. */
    public String agentToken() {
        return secret.agentToken();
    }

    public String namespace() {
        return metas.namespace();
    }

    /** The session's id, the value of its {@code duel.dev/session} label. */
    public String id() {
        return metas.names().id();
    }

    /** Whether the objects name duel's own Pod as owner (duel runs in the cluster, in this namespace). */
    public boolean ownedByCoordinator() {
        return metas.owner() != null;
    }

    /** By Pod name, the node each of the session's Pods runs on now (absent while a Pod is not scheduled). */
    public Map<String, String> nodeNames() {
        Map<String, String> nodes = new TreeMap<>();
        for (Pod pod : client.pods()
                .inNamespace(metas.namespace())
                .withLabel(SessionNames.SESSION_LABEL, id())
                .list()
                .getItems()) {
            if (pod.getSpec() != null && pod.getSpec().getNodeName() != null) {
                nodes.put(pod.getMetadata().getName(), pod.getSpec().getNodeName());
            }
        }
        return nodes;
    }

    /** What the JVM's shutdown hook runs: the clean-up by label, once. */
    Runnable shutdownHook() {
        return hook::run;
    }

    /** Deletes every object of the session (by its label) and removes the shutdown hook. Idempotent. */
    @Override
    public synchronized void close() {
        cleanUp();
        hooks.remove(hook);
        if (ownClient != null) {
            ownClient.close();
        }
    }

    /**
     * Refuses to create more once the session was closed (Ctrl-C's hook ran {@link #cleanUp} while it opened), after
     * deleting what was created since that clean-up listed the session's objects: before this check the Job and the
     * agents' Pods created after Ctrl-C were left behind.
     */
    private void opening() throws KubernetesSessionException {
        if (cleaned.get()) {
            sweep();
            throw new KubernetesSessionException(
                    "session " + id() + " was closed (Ctrl-C?) while it opened: what it" + " had created is deleted");
        }
    }

    private void cleanUp() {
        if (!cleaned.compareAndSet(false, true)) {
            return;
        }
        sweep();
    }

    /** Deletes every object of the session, as far as the cluster lets it; says what is left and how to delete it. */
    private void sweep() {
        List<String> left = new ArrayList<>();
        // The Job first, so that its controller does not start another agent while its Pods go.
        left.addAll(deleteAll("job", client.batch().v1().jobs()));
        left.addAll(deleteAll("pod", client.pods()));
        left.addAll(deleteAll("service", client.services()));
        left.addAll(deleteAll("networkpolicy", client.network().v1().networkPolicies()));
        // By name, not by label: listing Secrets would be reading every Secret of the namespace, a right duel
        // should not need (docs/kubernetes.md's Role gives only create and delete on them).
        try {
            client.secrets()
                    .inNamespace(metas.namespace())
                    .withName(metas.names().secret())
                    .delete();
        } catch (KubernetesClientException e) {
            left.add("secret " + metas.names().secret() + " (" + e.getMessage() + ")");
        }
        if (!left.isEmpty()) {
            System.err.println("duel: could not delete " + String.join(", ", left) + "; delete them with: kubectl"
                    + " delete jobs,pods,services,networkpolicies,secrets -n " + metas.namespace() + " -l "
                    + SessionNames.SESSION_LABEL + "=" + id());
        }
    }

    /** Deletes each object of the session of one kind; what could not be deleted, named. */
    private <T extends HasMetadata, L extends KubernetesResourceList<T>, R extends Resource<T>> List<String> deleteAll(
            String kind, MixedOperation<T, L, R> objects) {
        List<String> left = new ArrayList<>();
        List<T> items;
        try {
            items = objects.inNamespace(metas.namespace())
                    .withLabel(SessionNames.SESSION_LABEL, id())
                    .list()
                    .getItems();
        } catch (KubernetesClientException e) {
            return List.of("the " + kind + "s (" + e.getMessage() + ")");
        }
        for (T item : items) {
            String name = item.getMetadata().getName();
            try {
                objects.inNamespace(metas.namespace())
                        .withName(name)
                        .withPropagationPolicy(DeletionPropagation.BACKGROUND)
                        .delete();
            } catch (KubernetesClientException e) {
                left.add(kind + " " + name + " (" + e.getMessage() + ")");
            }
        }
        return left;
    }

    private String refused(KubernetesClientException e) {
        if (e.getCode() < 100) {
            // No HTTP answer at all: fabric8's own message says only "An error has occurred."; the network's says why.
            Throwable why = e;
            while (why.getCause() != null && !why.getClass().getName().startsWith("java.net.")) {
                why = why.getCause();
            }
            return "the Kubernetes API server " + client.getMasterUrl() + " did not answer (" + why
                    + "): check the kubeconfig's current context, or run duel in the cluster (docs/kubernetes.md)";
        }
        String why = e.getCode() == 403
                ? "forbidden: give duel's service account the Role in docs/kubernetes.md"
                : e.getCode() == 409 ? "an object of that name exists" : e.getMessage();
        return "Kubernetes refused to create session " + id() + "'s objects in namespace " + metas.namespace() + ": "
                + why;
    }
}
