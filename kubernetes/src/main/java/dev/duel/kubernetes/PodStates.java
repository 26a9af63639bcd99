package dev.duel.kubernetes;

import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodCondition;
import io.fabric8.kubernetes.api.model.PodStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * What a Pod's status says in the words a person needs: Ready or not, broken for good (an image that cannot be
 * pulled, a container that exited: waiting longer cannot help), and why it is not Ready yet (unschedulable, with the
 * scheduler's message). Stateless.
 */
final class PodStates {
    /** Container waiting reasons that do not go away by waiting. */
    private static final Set<String> HOPELESS_WAITING = Set.of(
            "ErrImagePull",
            "ImagePullBackOff",
            "InvalidImageName",
            "CreateContainerConfigError",
            "CreateContainerError",
            "CrashLoopBackOff");

    private PodStates() {}

    static boolean ready(Pod pod) {
        return conditions(pod).stream().anyMatch(c -> "Ready".equals(c.getType()) && "True".equals(c.getStatus()));
    }

    /** Why {@code pod} will never become Ready, or null while it still may. */
    static String hopeless(Pod pod) {
        PodStatus status = pod.getStatus();
        if (status == null) {
            return null;
        }
        if ("Failed".equals(status.getPhase()) || "Succeeded".equals(status.getPhase())) {
            return "it ended (" + status.getPhase() + (status.getMessage() == null ? "" : ": " + status.getMessage())
                    + ")";
        }
        for (ContainerStatus container : containers(status)) {
            if (container.getState() == null) {
                continue;
            }
            if (container.getState().getWaiting() != null
                    && HOPELESS_WAITING.contains(
                            container.getState().getWaiting().getReason())) {
                return "container " + container.getName() + " is "
                        + container.getState().getWaiting().getReason()
                        + messageOf(container.getState().getWaiting().getMessage());
            }
            if (container.getState().getTerminated() != null) {
                return "container " + container.getName() + " exited with code "
                        + container.getState().getTerminated().getExitCode()
                        + messageOf(container.getState().getTerminated().getReason());
            }
        }
        return null;
    }

    /** The exit code of {@code pod}'s first container once it ended (it is never restarted), else null. */
    static Integer exitCode(Pod pod) {
        if (pod.getStatus() == null) {
            return null;
        }
        return containers(pod.getStatus()).stream()
                .filter(c -> c.getState() != null && c.getState().getTerminated() != null)
                .map(c -> c.getState().getTerminated().getExitCode())
                .findFirst()
                .orElse(null);
    }

    /** {@code name: phase on node, not scheduled: <scheduler's message>, container x waiting: ImagePullBackOff}. */
    static String describe(Pod pod) {
        PodStatus status = pod.getStatus();
        List<String> parts = new ArrayList<>();
        parts.add(status == null || status.getPhase() == null ? "no status yet" : status.getPhase());
        String node = pod.getSpec() == null ? null : pod.getSpec().getNodeName();
        parts.add(node == null ? "on no node yet" : "on node " + node);
        for (PodCondition condition : conditions(pod)) {
            if ("PodScheduled".equals(condition.getType()) && "False".equals(condition.getStatus())) {
                parts.add("not scheduled: " + condition.getReason() + messageOf(condition.getMessage()));
            }
        }
        if (status != null) {
            for (ContainerStatus container : containers(status)) {
                if (container.getState() != null && container.getState().getWaiting() != null) {
                    parts.add("container " + container.getName() + " waiting: "
                            + container.getState().getWaiting().getReason());
                }
            }
        }
        parts.add(ready(pod) ? "Ready" : "not Ready");
        return pod.getMetadata().getName() + " (" + String.join(", ", parts) + ")";
    }

    private static String messageOf(String message) {
        return message == null || message.isBlank() ? "" : " (" + message + ")";
    }

    private static List<PodCondition> conditions(Pod pod) {
        return pod.getStatus() == null || pod.getStatus().getConditions() == null
                ? List.of()
                : pod.getStatus().getConditions();
    }

    private static List<ContainerStatus> containers(PodStatus status) {
        return status.getContainerStatuses() == null ? List.of() : status.getContainerStatuses();
    }
}
