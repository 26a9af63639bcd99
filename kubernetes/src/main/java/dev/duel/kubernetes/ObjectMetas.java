package dev.duel.kubernetes;

import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import java.util.List;
import java.util.Map;

/**
 * The metadata every object of a session carries: its name in the session's namespace, the session's labels, and an
 * owner reference to the coordinator's Pod when duel runs in that namespace (without {@code blockOwnerDeletion}, which
 * would need the right to update the coordinator Pod's finalizers). Immutable.
 *
 * @param owner the coordinator's Pod, or null outside the cluster (or in another namespace)
 */
record ObjectMetas(SessionNames names, String namespace, CoordinatorPod owner) {
    ObjectMetas {
        owner = owner != null && owner.canOwnIn(namespace) ? owner : null;
    }

    ObjectMeta of(String name, Role role) {
        return of(name, role, Map.of());
    }

    /** @param extraLabels labels beyond the session's and the role's */
    ObjectMeta of(String name, Role role, Map<String, String> extraLabels) {
        ObjectMetaBuilder meta =
                new ObjectMetaBuilder().withName(name).withNamespace(namespace).withLabels(labels(role, extraLabels));
        if (owner != null) {
            meta.withOwnerReferences(ownerReference());
        }
        return meta.build();
    }

    /** The labels of an object of {@code role}; a Pod template's labels, which carry no name or owner. */
    Map<String, String> labels(Role role, Map<String, String> extraLabels) {
        Map<String, String> labels = names.labels(role);
        labels.putAll(extraLabels);
        return labels;
    }

    List<OwnerReference> ownerReferences() {
        return owner == null ? List.of() : List.of(ownerReference());
    }

    private OwnerReference ownerReference() {
        return new OwnerReferenceBuilder()
                .withApiVersion("v1")
                .withKind("Pod")
                .withName(owner.name())
                .withUid(owner.uid())
                .build();
    }
}
