package dev.duel.kubernetes;

import io.fabric8.kubernetes.api.model.ContainerStateBuilder;
import io.fabric8.kubernetes.api.model.ContainerStatusBuilder;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.PodConditionBuilder;
import io.fabric8.kubernetes.api.model.PodStatus;
import io.fabric8.kubernetes.api.model.PodStatusBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What a cluster's controllers would do on the mock API server, driven by watches (no sleeps): the Job controller
 * makes an Indexed Job's Pods (labelled with their completion index), the scheduler puts each Pod on a node (agents on
 * node-agent-INDEX, the target on node-target, services on node-services), and the kubelet marks it Running and
 * Ready, or stuck pulling its image when {@link #imagePullFails} names its role.
 */
final class FakeCluster implements AutoCloseable {
    private final KubernetesClient client;
    private final String namespace;
    private final List<Watch> watches = new ArrayList<>();
    private final AtomicInteger addresses = new AtomicInteger(1);
    private volatile Role imagePullFails;
    private volatile boolean kubeletRuns = true;
    private volatile Kubelet kubelet;

    /** What runs a Pod's containers: by default nothing (the Pod gets an address 10.0.0.N and answers nothing). */
    interface Kubelet {
        /** Runs {@code pod} (scheduled: its node named); its address, or null for none of its own (10.0.0.N). */
        String start(Pod pod) throws Exception;

        /** Its Pod was deleted: stop what {@link #start} started for it. */
        void stop(String podName);
    }

    FakeCluster(KubernetesClient client, String namespace) {
        this.client = client;
        this.namespace = namespace;
        watches.add(client.batch().v1().jobs().inNamespace(namespace).watch(new Watcher<>() {
            @Override
            public void eventReceived(Action action, Job job) {
                if (action == Action.ADDED) {
                    startPods(job);
                }
            }

            @Override
            public void onClose(WatcherException cause) {}
        }));
        watches.add(client.pods().inNamespace(namespace).watch(new Watcher<>() {
            @Override
            public void eventReceived(Action action, Pod pod) {
                if (action == Action.ADDED && kubeletRuns) {
                    run(pod);
                } else if (action == Action.DELETED && kubelet != null) {
                    kubelet.stop(pod.getMetadata().getName());
                }
            }

            @Override
            public void onClose(WatcherException cause) {}
        }));
    }

    /** Pods of {@code role} created from now on wait for an image that cannot be pulled. */
    FakeCluster imagePullFails(Role role) {
        this.imagePullFails = role;
        return this;
    }

    /** Pods created from now on run their containers with {@code kubelet} before they are Ready. */
    FakeCluster runningWith(Kubelet kubelet) {
        this.kubelet = kubelet;
        return this;
    }

    /** The container of Pod {@code name} ends now with {@code exitCode} (its process killed, say), as the kubelet says. */
    void terminate(String name, int exitCode, String reason) {
        Kubelet running = kubelet;
        if (running != null) {
            running.stop(name);
        }
        Pod pod = client.pods().inNamespace(namespace).withName(name).get();
        client.pods()
                .inNamespace(namespace)
                .resource(new PodBuilder(pod)
                        .withStatus(new PodStatusBuilder()
                                .withPhase("Failed")
                                .withPodIP(pod.getStatus().getPodIP())
                                .withContainerStatuses(new ContainerStatusBuilder()
                                        .withName(pod.getSpec()
                                                .getContainers()
                                                .get(0)
                                                .getName())
                                        .withState(new ContainerStateBuilder()
                                                .withNewTerminated()
                                                .withExitCode(exitCode)
                                                .withReason(reason)
                                                .endTerminated()
                                                .build())
                                        .build())
                                .build())
                        .build())
                .updateStatus();
    }

    /** Pods created from now on are never scheduled: the cluster has no room. */
    FakeCluster full() {
        this.kubeletRuns = false;
        return this;
    }

    private void startPods(Job job) {
        int count = job.getSpec().getCompletions();
        for (int index = 0; index < count; index++) {
            String name = job.getMetadata().getName() + "-" + index + "-x" + index;
            Map<String, String> labels = new java.util.LinkedHashMap<>(
                    job.getSpec().getTemplate().getMetadata().getLabels());
            labels.put(KubernetesSession.COMPLETION_INDEX_LABEL, String.valueOf(index));
            labels.put("job-name", job.getMetadata().getName());
            client.pods()
                    .inNamespace(namespace)
                    .resource(new PodBuilder()
                            .withNewMetadata()
                            .withName(name)
                            .withNamespace(namespace)
                            .withLabels(labels)
                            .withOwnerReferences(new OwnerReferenceBuilder()
                                    .withApiVersion("batch/v1")
                                    .withKind("Job")
                                    .withName(job.getMetadata().getName())
                                    .withUid(job.getMetadata().getUid())
                                    .withController(true)
                                    .build())
                            .endMetadata()
                            .withSpec(job.getSpec().getTemplate().getSpec())
                            .build())
                    .create();
        }
    }

    private void run(Pod pod) {
        Map<String, String> labels = pod.getMetadata().getLabels();
        String role = labels.get(SessionNames.ROLE_LABEL);
        String node = Role.AGENT.label().equals(role)
                ? "node-agent-" + labels.get(KubernetesSession.COMPLETION_INDEX_LABEL)
                : Role.TARGET.label().equals(role) ? "node-target" : "node-services";
        Pod scheduled;
        try {
            scheduled = client.pods()
                    .inNamespace(namespace)
                    .withName(pod.getMetadata().getName())
                    .edit(p -> new PodBuilder(p)
                            .editSpec()
                            .withNodeName(node)
                            .endSpec()
                            .build());
        } catch (KubernetesClientException e) {
            if (e.getCode() == 404) {
                return; // deleted before the scheduler got to it (a session closed early): nothing to run
            }
            throw e;
        }
        Role failing = imagePullFails;
        boolean pulls = failing == null || !failing.label().equals(role);
        String address = null;
        if (pulls && kubelet != null) {
            try {
                address = kubelet.start(scheduled);
            } catch (Exception e) {
                throw new IllegalStateException(
                        "the fake kubelet could not run " + pod.getMetadata().getName(), e);
            }
        }
        PodStatus status = !pulls
                ? new PodStatusBuilder()
                        .withPhase("Pending")
                        .withContainerStatuses(new ContainerStatusBuilder()
                                .withName(pod.getSpec().getContainers().get(0).getName())
                                .withState(new ContainerStateBuilder()
                                        .withNewWaiting()
                                        .withReason("ImagePullBackOff")
                                        .withMessage("Back-off pulling image")
                                        .endWaiting()
                                        .build())
                                .build())
                        .build()
                : new PodStatusBuilder()
                        .withPhase("Running")
                        .withPodIP(address != null ? address : "10.0.0." + addresses.getAndIncrement())
                        .withConditions(new PodConditionBuilder()
                                .withType("Ready")
                                .withStatus("True")
                                .build())
                        .build();
        try {
            client.pods()
                    .inNamespace(namespace)
                    .resource(new PodBuilder(scheduled).withStatus(status).build())
                    .updateStatus();
        } catch (KubernetesClientException e) {
            if (e.getCode() != 404) {
                throw e;
            }
            // Deleted while its containers started: its DELETED event may have come first, so stop them here too.
            if (kubelet != null) {
                kubelet.stop(pod.getMetadata().getName());
            }
        }
    }

    @Override
    public void close() {
        watches.forEach(Watch::close);
    }
}
