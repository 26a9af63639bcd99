package dev.duel.kubernetes;

import dev.duel.agent.AgentIdentity;
import dev.duel.load.sink.SinkServer;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A kubelet for {@link FakeCluster} whose containers are real servers on this machine, so that a session's load
 * really flows: each agent Pod is a duel agent process ({@link LocalAgentMain}: {@code duel agent}'s code,
 * {@code NODE_NAME} in its environment) with the token and TLS key of the session's Secret, listening on port 9400 of an
 * address of its own in 127.0.0.0/8 (its "Pod IP"); each target Pod is a {@link SinkServer} on 127.0.0.1 at the Pod's container
 * port, started for its run and closed when its Pod is deleted. Service Pods run nothing. Thread-safe.
 */
final class LocalKubelet implements FakeCluster.Kubelet {
    private final KubernetesClient client;
    private final String namespace;
    private final Path logs;
    private final Map<String, AutoCloseable> running = new ConcurrentHashMap<>();
    /** Requests each target Pod's server answered, by Pod name, kept after it stopped. */
    final Map<String, AtomicLong> targetRequests = new ConcurrentHashMap<>();

    final List<String> log = new CopyOnWriteArrayList<>();

    LocalKubelet(KubernetesClient client, String namespace, Path logs) {
        this.client = client;
        this.namespace = namespace;
        this.logs = logs;
    }

    @Override
    public String start(Pod pod) throws Exception {
        String name = pod.getMetadata().getName();
        String role = pod.getMetadata().getLabels().get(SessionNames.ROLE_LABEL);
        if (Role.AGENT.label().equals(role)) {
            String address = "127." + ThreadLocalRandom.current().nextInt(1, 255) + "."
                    + ThreadLocalRandom.current().nextInt(0, 256) + "."
                    + ThreadLocalRandom.current().nextInt(1, 255);
            Path tokenFile = mounted(pod, name, SessionSecret.TOKEN_KEY);
            Path tlsCert = mounted(pod, name, SessionSecret.TLS_CERT_KEY);
            Path tlsKey = mounted(pod, name, SessionSecret.TLS_KEY_KEY);
            // As the agent's container runs (its Pod's name, its node from the downward API), but with a young
            // generation large enough that a fresh agent on this shared machine collects no garbage in a 1-2 s main
            // phase: the GC gate (1% of main, per agent) would else make runs invalid for a reason not tested here.
            // C1 only: a cheaper start, and no agent collected any garbage in KubernetesRunTest with it (-Xlog:gc).
            ProcessBuilder builder = new ProcessBuilder(
                            Path.of(System.getProperty("java.home"), "bin", "java")
                                    .toString(),
                            "-XX:+UseSerialGC",
                            "-XX:TieredStopAtLevel=1",
                            "-Xms256m",
                            "-Xmx512m",
                            "-Xmn192m",
                            "-Xss512k",
                            "-cp",
                            System.getProperty("java.class.path"),
                            LocalAgentMain.class.getName(),
                            name,
                            address,
                            tokenFile.toString(),
                            tlsCert.toString(),
                            tlsKey.toString())
                    .redirectError(logs.resolve(name + ".log").toFile());
            builder.environment()
                    .put(AgentIdentity.NODE_NAME_VARIABLE, pod.getSpec().getNodeName());
            Process agent = builder.start();
            running.put(name, () -> {
                agent.destroy();
                if (!agent.waitFor(10, TimeUnit.SECONDS)) {
                    agent.destroyForcibly();
                }
            });
            // Ready once it listens: its first line says where.
            String first = new BufferedReader(new InputStreamReader(agent.getInputStream(), StandardCharsets.UTF_8))
                    .readLine();
            if (first == null || !first.contains(" listening on ")) {
                throw new IllegalStateException(name + " did not start: " + first + "; see " + logs);
            }
            return address;
        }
        if (Role.TARGET.label().equals(role)) {
            int port = pod.getSpec().getContainers().get(0).getPorts().get(0).getContainerPort();
            SinkServer sink = SinkServer.start(1, port, 200, SinkServer.DEFAULT_BODY.getBytes(StandardCharsets.UTF_8));
            AtomicLong requests = targetRequests.computeIfAbsent(name, n -> new AtomicLong());
            running.put(name, () -> {
                requests.set(sink.requests());
                sink.close();
            });
            return "127.0.0.1";
        }
        return null;
    }

    /**
     * The Secret's {@code key} as a file of the agent's, as a kubelet mounts it from the session's Secret: defaultMode
     * 0400 with the Pod's fsGroup added, so 0440, root's, in the Pod's group; here nobody's (uid 65534) in this
     * process's group, which the agent must accept as its own (it refuses a token file open to others).
     */
    private Path mounted(Pod pod, String agent, String key) throws java.io.IOException {
        Path file = Files.writeString(logs.resolve(agent + "." + key), secretValue(pod, key));
        Files.setPosixFilePermissions(file, java.nio.file.attribute.PosixFilePermissions.fromString("r--r-----"));
        Files.setAttribute(file, "unix:uid", 65534);
        return file;
    }

    /** The value of {@code key} in the Secret the agent's Pod mounts. */
    private String secretValue(Pod pod, String key) {
        String secretName = pod.getSpec().getVolumes().stream()
                .filter(v -> v.getSecret() != null)
                .findFirst()
                .orElseThrow()
                .getSecret()
                .getSecretName();
        Secret secret =
                client.secrets().inNamespace(namespace).withName(secretName).get();
        if (secret.getStringData() != null && secret.getStringData().containsKey(key)) {
            return secret.getStringData().get(key);
        }
        return new String(Base64.getDecoder().decode(secret.getData().get(key)), StandardCharsets.UTF_8);
    }

    @Override
    public void stop(String podName) {
        AutoCloseable started = running.remove(podName);
        if (started != null) {
            try {
                started.close();
            } catch (Exception e) {
                log.add(podName + ": stopping it failed: " + e);
            }
        }
    }

    /** The Pods whose servers still run. */
    java.util.Set<String> running() {
        return Map.copyOf(running).keySet();
    }

    /**
     * The Pods whose servers still run once every deletion the API server has made was delivered: the watch hands
     * DELETED events to {@link #stop} one after another on its own thread (each agent up to its exit), so a test that
     * has seen the Pods gone from the API server waits for the kubelet side here, up to {@code timeout}.
     */
    java.util.Set<String> runningAfterDeletions(java.time.Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!running.isEmpty() && System.nanoTime() - deadline < 0) {
            Thread.sleep(20);
        }
        return running();
    }
}
