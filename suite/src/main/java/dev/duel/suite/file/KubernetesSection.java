package dev.duel.suite.file;

import dev.duel.suite.Suite;
import dev.duel.targets.Limits;
import dev.duel.targets.ServiceSpec;
import dev.duel.targets.TargetSpec;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/** {@code kubernetes:}: what {@code duel run --kubernetes} needs beyond the local suite. Stateless, so thread-safe. */
final class KubernetesSection {
    private KubernetesSection() {}

    /** Default image of an embedded PostgreSQL on Kubernetes: the official image, the major version duel embeds. */
    static final String DEFAULT_POSTGRES_IMAGE = "postgres:17";

    /**
     * {@code kubernetes:}: duel's image, at least one agent with cpus and memory, an image for each target and no
     * other name, cpus and memory limits on every target (requests = limits: Guaranteed QoS), services that can run
     * there (embedded PostgreSQL becomes a Pod, an external one is reached by its URL, a command cannot be).
     */
    static Suite.Kubernetes kubernetes(
            SuiteFile.KubernetesEntry k, List<TargetSpec> targets, List<ServiceSpec> services) {
        if (k == null) {
            return null;
        }
        if (k.image() == null || k.image().isBlank()) {
            throw new Problem("kubernetes.image", "is missing: the image with duel that the load agents run");
        }
        int agents = k.agents() == null ? 1 : k.agents();
        if (agents < 1) {
            throw new Problem("kubernetes.agents", "at least 1, got " + agents);
        }
        Limits agentLimits = k.agentLimits() == null
                ? new Limits(1.0, null, 1L << 30)
                : Values.limits("kubernetes.agentLimits", "kubernetes.agentLimits", k.agentLimits());
        if (agentLimits.cpus() == null || agentLimits.memoryBytes() == null) {
            throw new Problem(
                    "kubernetes.agentLimits", "needs cpus and memory (requests = limits), e.g. {cpus: 2, memory: 1g}");
        }
        Map<String, String> images = k.images() == null ? Map.of() : k.images();
        Set<String> names = targets.stream().map(TargetSpec::name).collect(Collectors.toSet());
        for (Map.Entry<String, String> image : images.entrySet()) {
            if (!names.contains(image.getKey())) {
                throw new Problem(
                        "kubernetes.images." + image.getKey(),
                        "no target is named '" + image.getKey() + "'; targets are " + new java.util.TreeSet<>(names));
            }
            if (image.getValue() == null || image.getValue().isBlank()) {
                throw new Problem("kubernetes.images." + image.getKey(), "is empty: name the target's image");
            }
        }
        for (int i = 0; i < targets.size(); i++) {
            TargetSpec target = targets.get(i);
            if (!images.containsKey(target.name())) {
                throw new Problem(
                        "kubernetes.images",
                        "no image for target '" + target.name() + "': add '" + target.name() + ": <image>'");
            }
            if (target.limits().cpus() == null || target.limits().memoryBytes() == null) {
                throw new Problem(
                        "targets[" + i + "].limits",
                        "a target on Kubernetes needs limits.cpus and limits.memory (its Pod's requests = limits:"
                                + " Guaranteed QoS)");
            }
        }
        for (ServiceSpec service : services) {
            if (service instanceof ServiceSpec.Command) {
                throw new Problem(
                        "services." + service.name(),
                        "a command service cannot run on Kubernetes (no image): use 'postgres: embedded' or a url");
            }
        }
        String postgresImage = k.postgresImage() == null ? DEFAULT_POSTGRES_IMAGE : k.postgresImage();
        Duration readyTimeout = Values.duration("kubernetes.readyTimeout", k.readyTimeout(), Duration.ofMinutes(5));
        if (readyTimeout.isZero() || readyTimeout.isNegative()) {
            throw new Problem("kubernetes.readyTimeout", "must be positive, got " + k.readyTimeout());
        }
        return new Suite.Kubernetes(k.image(), agents, agentLimits, images, postgresImage, readyTimeout);
    }
}
