package dev.duel.kubernetes;

import dev.duel.targets.Limits;
import io.fabric8.kubernetes.api.model.Capabilities;
import io.fabric8.kubernetes.api.model.PodSecurityContext;
import io.fabric8.kubernetes.api.model.PodSecurityContextBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.fabric8.kubernetes.api.model.ResourceRequirementsBuilder;
import io.fabric8.kubernetes.api.model.SeccompProfileBuilder;
import io.fabric8.kubernetes.api.model.SecurityContext;
import io.fabric8.kubernetes.api.model.SecurityContextBuilder;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeBuilder;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.fabric8.kubernetes.api.model.VolumeMountBuilder;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The parts every Pod of a session shares: resources with requests equal to limits (the Guaranteed QoS class, which
 * also gives whole-CPU containers exclusive cores under the kubelet's static CPU manager), and a locked-down security
 * context (non-root, no privilege escalation, no capabilities, read-only root file system with a writable /tmp).
 * Stateless.
 */
final class PodParts {
    /** The user of duel's image and of target images built as docs/kubernetes.md shows; any non-root id would do. */
    static final long APP_USER = 10001;

    static final String TMP_VOLUME = "tmp";

    private PodParts() {}

    /**
     * Requests = limits for cpu and memory.
     *
     * @throws IllegalArgumentException when {@code limits} lack cpus or memory, naming {@code whose}
     */
    static ResourceRequirements guaranteed(String whose, Limits limits) {
        if (limits.cpus() == null || limits.memoryBytes() == null) {
            throw new IllegalArgumentException(whose + " on Kubernetes needs limits.cpus and limits.memory (requests ="
                    + " limits: Guaranteed QoS), got limits " + limits);
        }
        Map<String, Quantity> resources = new LinkedHashMap<>(); // in this order in the golden files
        resources.put("cpu", cpu(limits.cpus()));
        resources.put("memory", memory(limits.memoryBytes()));
        return new ResourceRequirementsBuilder()
                .withRequests(resources)
                .withLimits(resources)
                .build();
    }

    /** {@code 2} for whole cores, {@code 500m} otherwise (millicores, the API's finest unit). */
    static Quantity cpu(double cores) {
        long millis = Math.round(cores * 1000);
        return new Quantity(millis % 1000 == 0 ? String.valueOf(millis / 1000) : millis + "m");
    }

    /** {@code 1Gi}, {@code 512Mi}, or bytes. */
    static Quantity memory(long bytes) {
        if (bytes % (1L << 30) == 0) {
            return new Quantity((bytes >> 30) + "Gi");
        }
        if (bytes % (1L << 20) == 0) {
            return new Quantity((bytes >> 20) + "Mi");
        }
        return new Quantity(String.valueOf(bytes));
    }

    static PodSecurityContext podSecurity(long user) {
        return new PodSecurityContextBuilder()
                .withRunAsNonRoot(true)
                .withRunAsUser(user)
                .withRunAsGroup(user)
                .withFsGroup(user)
                .withSeccompProfile(
                        new SeccompProfileBuilder().withType("RuntimeDefault").build())
                .build();
    }

    static SecurityContext containerSecurity() {
        return new SecurityContextBuilder()
                .withPrivileged(false)
                .withAllowPrivilegeEscalation(false)
                .withReadOnlyRootFilesystem(true)
                .withCapabilities(new Capabilities(null, List.of("ALL")))
                .build();
    }

    /** A memory-less scratch folder: the JVM writes its perf data and temporary files under /tmp. */
    static Volume emptyDir(String name) {
        return new VolumeBuilder()
                .withName(name)
                .withNewEmptyDir()
                .endEmptyDir()
                .build();
    }

    static VolumeMount mount(String volume, String path) {
        return new VolumeMountBuilder().withName(volume).withMountPath(path).build();
    }
}
