package dev.duel.kubernetes;

import java.util.Map;
import java.util.Optional;

/**
 * The Pod duel itself runs in, when it runs inside the cluster: named by the downward API ({@code POD_NAME},
 * {@code POD_UID}, {@code POD_NAMESPACE} in its environment, docs/kubernetes.md). Every object of a session names it
 * as owner, so that deleting the coordinator deletes them too (the garbage collector follows owner references), even
 * when duel is killed before it can clean up. Immutable.
 *
 * @param namespace its namespace, or null when the environment does not say (then taken to be the session's)
 */
public record CoordinatorPod(String name, String uid, String namespace) {
    public static final String NAME_VARIABLE = "POD_NAME";
    public static final String UID_VARIABLE = "POD_UID";
    public static final String NAMESPACE_VARIABLE = "POD_NAMESPACE";

    public CoordinatorPod {
        if (name == null || name.isBlank() || uid == null || uid.isBlank()) {
            throw new IllegalArgumentException("a coordinator Pod needs its name and uid");
        }
    }

    /** The coordinator named by {@code env}, or empty outside a cluster (either variable missing). */
    public static Optional<CoordinatorPod> fromEnvironment(Map<String, String> env) {
        String name = env.get(NAME_VARIABLE);
        String uid = env.get(UID_VARIABLE);
        if (name == null || name.isBlank() || uid == null || uid.isBlank()) {
            return Optional.empty();
        }
        return Optional.of(new CoordinatorPod(name, uid, env.get(NAMESPACE_VARIABLE)));
    }

    /**
     * Whether objects in {@code sessionNamespace} may name this Pod as owner: owner references never cross
     * namespaces (the garbage collector would delete such an object at once).
     */
    public boolean canOwnIn(String sessionNamespace) {
        return namespace == null || namespace.equals(sessionNamespace);
    }
}
