package dev.duel.kubernetes;

import dev.duel.agent.AgentIdentity;
import dev.duel.suite.Suite;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.EnvVarBuilder;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServiceBuilder;
import io.fabric8.kubernetes.api.model.VolumeBuilder;
import io.fabric8.kubernetes.api.model.VolumeMountBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import java.util.List;

/**
 * The load agents as one Indexed Job (N Pods at once, each with its index, host name {@code <job>-<index>}) behind a
 * headless Service that gives each a DNS name, every agent kept off the target's node by required anti-affinity, its
 * token mounted read-only from the session's Secret. A failed agent is not replaced ({@code backoffLimit: 0}): a lost
 * agent makes its run invalid, and a fresh one would have another clock offset and no lease. Stateless.
 */
final class AgentManifests {
    static final String SECRET_FOLDER = "/var/run/duel";

    /**
     * What each agent's container is given after the image's entry point ({@code duel}): the agent command, listening
     * on every address of its Pod on {@link SessionNames#AGENT_PORT} over TLS with the session's certificate, with
     * the token file and its Pod's name.
     */
    static final List<String> AGENT_ARGS = List.of(
            "agent",
            "--bind",
            "0.0.0.0",
            "--port",
            String.valueOf(SessionNames.AGENT_PORT),
            "--token-file",
            SECRET_FOLDER + "/" + SessionSecret.TOKEN_KEY,
            "--tls-cert",
            SECRET_FOLDER + "/" + SessionSecret.TLS_CERT_KEY,
            "--tls-key",
            SECRET_FOLDER + "/" + SessionSecret.TLS_KEY_KEY,
            "--name",
            "$(POD_NAME)");

    private AgentManifests() {}

    static Job job(ObjectMetas metas, Suite.Kubernetes kubernetes) {
        SessionNames names = metas.names();
        return new JobBuilder()
                .withMetadata(metas.of(names.agentsJob(), Role.AGENT))
                .withNewSpec()
                .withCompletionMode("Indexed")
                .withCompletions(kubernetes.agents())
                .withParallelism(kubernetes.agents())
                .withBackoffLimit(0)
                .withNewTemplate()
                .withNewMetadata()
                .withLabels(metas.labels(Role.AGENT, java.util.Map.of()))
                .endMetadata()
                .withNewSpec()
                .withSubdomain(names.agentsService())
                .withRestartPolicy("Never")
                .withAutomountServiceAccountToken(false)
                .withEnableServiceLinks(false)
                .withSecurityContext(PodParts.podSecurity(PodParts.APP_USER))
                .withAffinity(TargetManifests.awayFrom(metas, Role.TARGET))
                .addNewContainer()
                .withName("agent")
                .withImage(kubernetes.image())
                .withArgs(AGENT_ARGS)
                // Its name for the records, and its node's: the agent reports the node as its host (/v1/hello), so
                // each share of a record says which machine sent it.
                .withEnv(
                        downward("POD_NAME", "metadata.name"),
                        downward(AgentIdentity.NODE_NAME_VARIABLE, "spec.nodeName"))
                .addNewPort()
                .withName("agent")
                .withContainerPort(SessionNames.AGENT_PORT)
                .endPort()
                .withNewReadinessProbe()
                .withNewTcpSocket()
                .withNewPort(SessionNames.AGENT_PORT)
                .endTcpSocket()
                .withPeriodSeconds(1)
                .endReadinessProbe()
                .withResources(PodParts.guaranteed("kubernetes.agentLimits", kubernetes.agentLimits()))
                .withSecurityContext(PodParts.containerSecurity())
                .withVolumeMounts(
                        PodParts.mount(PodParts.TMP_VOLUME, "/tmp"),
                        new VolumeMountBuilder()
                                .withName("token")
                                .withMountPath(SECRET_FOLDER)
                                .withReadOnly(true)
                                .build())
                .endContainer()
                .withVolumes(
                        PodParts.emptyDir(PodParts.TMP_VOLUME),
                        new VolumeBuilder()
                                .withName("token")
                                .withNewSecret()
                                .withSecretName(names.secret())
                                .withDefaultMode(0400)
                                .addNewItem()
                                .withKey(SessionSecret.TOKEN_KEY)
                                .withPath(SessionSecret.TOKEN_KEY)
                                .endItem()
                                .addNewItem()
                                .withKey(SessionSecret.TLS_CERT_KEY)
                                .withPath(SessionSecret.TLS_CERT_KEY)
                                .endItem()
                                .addNewItem()
                                .withKey(SessionSecret.TLS_KEY_KEY)
                                .withPath(SessionSecret.TLS_KEY_KEY)
                                .endItem()
                                .endSecret()
                                .build())
                .endSpec()
                .endTemplate()
                .endSpec()
                .build();
    }

    /** A variable set from the Pod's own field {@code fieldPath} by the downward API. */
    private static EnvVar downward(String name, String fieldPath) {
        return new EnvVarBuilder()
                .withName(name)
                .withNewValueFrom()
                .withNewFieldRef()
                .withFieldPath(fieldPath)
                .endFieldRef()
                .endValueFrom()
                .build();
    }

    /** Headless: no virtual address, one DNS record per Ready agent, which the agents' subdomain makes their names. */
    static Service service(ObjectMetas metas) {
        return new ServiceBuilder()
                .withMetadata(metas.of(metas.names().agentsService(), Role.AGENT))
                .withNewSpec()
                .withClusterIP("None")
                .withSelector(metas.labels(Role.AGENT, java.util.Map.of()))
                .addNewPort()
                .withName("agent")
                .withPort(SessionNames.AGENT_PORT)
                .withNewTargetPort(SessionNames.AGENT_PORT)
                .endPort()
                .endSpec()
                .build();
    }
}
