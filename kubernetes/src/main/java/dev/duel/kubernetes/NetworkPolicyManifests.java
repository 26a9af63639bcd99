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
 * load), PostgreSQL only from the session's targets, the agents only on their port and only from the coordinator's
 * namespace (run it in a namespace of its own, docs/kubernetes.md), or from anywhere on that port when duel runs
 * outside the cluster. Without them any Pod of the
 * cluster could reach the agents' API (whose token starts runs) and the targets. Egress is left open: a target's own
 * calls are its business. Enforced only where the cluster's network plugin enforces NetworkPolicies. Stateless.
 */
final class NetworkPolicyManifests {
    private NetworkPolicyManifests() {}

    /** @param coordinator duel's own Pod when it runs in the cluster, else null */
    static List<NetworkPolicy> policies(ObjectMetas metas, CoordinatorPod coordinator) {
        NetworkPolicyPeer toAgents;
        if (coordinator == null) {
            toAgents = null; // outside the cluster: its address is not a Pod's; the port is still the only one open
        } else if (coordinator.namespace().equals(metas.namespace())) {
            toAgents = new NetworkPolicyPeerBuilder()
                    .withNewPodSelector()
                    .endPodSelector()
                    .build();
        } else {
            toAgents = new NetworkPolicyPeerBuilder()
                    .withNewNamespaceSelector()
                    .withMatchLabels(Map.of("kubernetes.io/metadata.name", coordinator.namespace()))
                    .endNamespaceSelector()
                    .build();
        }
        return List.of(
                policy(metas, "targets", Role.TARGET, sessionPods(metas, Role.AGENT), null),
                policy(metas, "services", Role.SERVICE, sessionPods(metas, Role.TARGET), null),
                policy(metas, "agents", Role.AGENT, toAgents, SessionNames.AGENT_PORT));
    }

    /** The session's Pods of {@code role}. */
    private static NetworkPolicyPeer sessionPods(ObjectMetas metas, Role role) {
        return new NetworkPolicyPeerBuilder()
                .withNewPodSelector()
                .withMatchLabels(metas.names().labels(role))
                .endPodSelector()
                .build();
    }

    /**
     * Ingress to the session's Pods of {@code to} from {@code from} only (null: from anywhere), on {@code port} (null:
     * any).
     */
    private static NetworkPolicy policy(ObjectMetas metas, String what, Role to, NetworkPolicyPeer from, Integer port) {
        Map<String, String> selected = metas.names().labels(to);
        var ingress = new io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyIngressRuleBuilder();
        if (from != null) {
            ingress.withFrom(from);
        }
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
