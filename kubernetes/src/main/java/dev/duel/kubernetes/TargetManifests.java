package dev.duel.kubernetes;

import dev.duel.targets.ServiceSpec;
import dev.duel.targets.TargetSpec;
import io.fabric8.kubernetes.api.model.Affinity;
import io.fabric8.kubernetes.api.model.AffinityBuilder;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A target as a Pod: its image, its command (a jar target runs {@code java <jvmArgs> -jar /app/<jar's file name>} in
 * its image, a command target its command), its environment and the services', its port ({@code ${port}} replaced,
 * 8080 when the suite leaves it free: a Pod has the port space to itself), a readiness probe on its ready path,
 * requests = limits (Guaranteed QoS), never restarted (a crashed target is a failed run, not a silent second start),
 * and kept off every node with a load agent. Stateless.
 */
final class TargetManifests {
    /** Where a target image holds a jar target's jar (docs/kubernetes.md). */
    static final String JAR_FOLDER = "/app/";

    /** The port of a target whose suite leaves it free. */
    static final int DEFAULT_PORT = 8080;

    static final String HOSTNAME_TOPOLOGY = "kubernetes.io/hostname";

    private TargetManifests() {}

    static int port(TargetSpec target) {
        return target.port() == null ? DEFAULT_PORT : target.port();
    }

    /** @param run the run's number in the session (1-based), part of the Pod's name */
    static Pod pod(ObjectMetas metas, TargetSpec target, String image, int run, List<ServiceSpec> services) {
        int port = port(target);
        String name = metas.names().targetPod(target.name(), run);
        Map<String, String> targetLabel = Map.of(SessionNames.TARGET_LABEL, SessionNames.dnsLabel(target.name()));
        Pod pod = new PodBuilder()
                .withMetadata(metas.of(name, Role.TARGET, targetLabel))
                .editMetadata()
                .addToAnnotations(SessionNames.TARGET_ANNOTATION, target.name())
                .endMetadata()
                .withNewSpec()
                .withRestartPolicy("Never")
                .withAutomountServiceAccountToken(false)
                .withEnableServiceLinks(false)
                .withTerminationGracePeriodSeconds(10L)
                .withSecurityContext(PodParts.podSecurity(PodParts.APP_USER))
                .withAffinity(awayFrom(metas, Role.AGENT))
                .addNewContainer()
                .withName("target")
                .withImage(image)
                .withCommand(command(target, port))
                .withEnv(env(metas, target, port, services))
                .addNewPort()
                .withName("http")
                .withContainerPort(port)
                .endPort()
                .withNewReadinessProbe()
                .withNewHttpGet()
                .withPath(target.ready().path())
                .withNewPort(port)
                .endHttpGet()
                .withPeriodSeconds(1)
                .withTimeoutSeconds(1)
                .withFailureThreshold(1)
                .endReadinessProbe()
                .withResources(PodParts.guaranteed("target " + target.name(), target.limits()))
                .withSecurityContext(PodParts.containerSecurity())
                .withVolumeMounts(PodParts.mount(PodParts.TMP_VOLUME, "/tmp"))
                .endContainer()
                .withVolumes(PodParts.emptyDir(PodParts.TMP_VOLUME))
                .endSpec()
                .build();
        return pod;
    }

    static List<String> command(TargetSpec target, int port) {
        List<String> command = new ArrayList<>();
        if (target.jar() != null) {
            command.add("java");
            target.jvmArgs().forEach(arg -> command.add(withPort(arg, port)));
            command.add("-jar");
            command.add(JAR_FOLDER + target.jar().getFileName());
        } else {
            target.command().forEach(arg -> command.add(withPort(arg, port)));
        }
        return command;
    }

    private static List<EnvVar> env(ObjectMetas metas, TargetSpec target, int port, List<ServiceSpec> services) {
        List<EnvVar> env = new ArrayList<>(PostgresManifests.targetEnv(metas, services));
        new TreeMap<>(target.env())
                .forEach((name, value) -> env.add(PostgresManifests.variable(name, withPort(value, port))));
        return env;
    }

    private static String withPort(String text, int port) {
        return text.replace("${port}", String.valueOf(port));
    }

    /**
     * Required anti-affinity: never on a node that runs a Pod of this session in {@code role}. The agents carry the
     * same rule against the target; either alone would do (the scheduler honours an existing Pod's required
     * anti-affinity too), both say it where each Pod is read.
     */
    static Affinity awayFrom(ObjectMetas metas, Role role) {
        return new AffinityBuilder()
                .withNewPodAntiAffinity()
                .addNewRequiredDuringSchedulingIgnoredDuringExecution()
                .withNewLabelSelector()
                .withMatchLabels(metas.names().labels(role))
                .endLabelSelector()
                .withTopologyKey(HOSTNAME_TOPOLOGY)
                .endRequiredDuringSchedulingIgnoredDuringExecution()
                .endPodAntiAffinity()
                .build();
    }
}
