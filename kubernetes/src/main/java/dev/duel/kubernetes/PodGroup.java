package dev.duel.kubernetes;

import dev.duel.targets.LimitedGroup;
import dev.duel.targets.ResourceReading;
import java.util.List;

/**
 * How a target Pod's limits are enforced: by the kubelet, its container's requests equal to its limits (Guaranteed QoS,
 * the CPU quota and memory limit in the node's control groups). duel's process is on another machine, so it reads
 * none of the group's counters ({@link ResourceReading#UNKNOWN}) and names no member. Immutable.
 */
final class PodGroup implements LimitedGroup {
    static final String MECHANISM = "kubernetes: requests = limits (Guaranteed QoS)";

    static final PodGroup INSTANCE = new PodGroup();

    private PodGroup() {}

    @Override
    public String mechanism() {
        return MECHANISM;
    }

    /** The kubelet enforces a Guaranteed container's CPU quota and memory limit, not duel. */
    @Override
    public boolean enforced() {
        return true;
    }

    @Override
    public List<String> wrap(List<String> command) {
        return command;
    }

    @Override
    public List<String> extraJvmArguments() {
        return List.of();
    }

    @Override
    public ResourceReading read(long rootPid) {
        return ResourceReading.UNKNOWN;
    }

    @Override
    public void close() {
        // the Pod is deleted by the session
    }
}
