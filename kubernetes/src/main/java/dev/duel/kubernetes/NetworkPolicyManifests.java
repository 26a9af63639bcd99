package dev.duel.kubernetes;

import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyBuilder;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyPeer;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyPeerBuilder;
import java.util.List;
import java.util.Map;

/**
 * A session's NetworkPolicies: who may open a connection to its Pods. The target only from the session's agents (the
 * load), PostgreSQL only from the session's targets, the agents only on their port and only from Pods of the same
 * namespace (the coordinator: run it in a namespace of its own, docs/kubernetes.md). Without them any Pod of the
 * cluster could reach the agents' API (whose token starts runs) and the targets. Egress is left open: a target's own
 * calls are its business. Enforced only where the cluster's network plugin enforces NetworkPolicies. Stateless.
 */
final class NetworkPolicyManifests {
    private NetworkPolicyManifests() {}

    static List<NetworkPolicy> policies(ObjectMetas metas) {
        return List.of(
                policy(metas, "targets", Role.TARGET, sessionPods(metas, Role.AGENT), null),
                policy(metas, "services", Role.SERVICE, sessionPods(metas, Role.TARGET), null),
                policy(
                        metas,
                        "agents",
                        Role.AGENT,
                        new NetworkPolicyPeerBuilder()
                                .withNewPodSelector()
                                .endPodSelector()
                                .build(),
                        SessionNames.AGENT_PORT));
    }

    /** The session's Pods of {@code role}. */
    private static NetworkPolicyPeer sessionPods(ObjectMetas metas, Role role) {
        return new NetworkPolicyPeerBuilder()
                .withNewPodSelector()
                .withMatchLabels(metas.names().labels(role))
                .endPodSelector()
                .build();
    }

    /** Ingress to the session's Pods of {@code to} from {@code from} only, on {@code port} (null: any). */
    private static NetworkPolicy policy(ObjectMetas metas, String what, Role to, NetworkPolicyPeer from, Integer port) {
        Map<String, String> selected = metas.names().labels(to);
        var ingress =
                new io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyIngressRuleBuilder().withFrom(from);
        if (port != null) {
            ingress.addNewPort()
                    .withProtocol("TCP")
                    .withPort(new IntOrString(port))
                    .endPort();
        }
        return new NetworkPolicyBuilder()
                .withMetadata(metas.of(metas.names().networkPolicy(what), to))
                .withNewSpec()
                .withNewPodSelector()
                .withMatchLabels(selected)
                .endPodSelector()
                .withPolicyTypes("Ingress")
                .withIngress(ingress.build())
                .endSpec()
                .build();
    }
}
