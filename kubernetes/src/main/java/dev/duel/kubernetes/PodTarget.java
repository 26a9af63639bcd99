package dev.duel.kubernetes;

import dev.duel.targets.LimitedGroup;
import dev.duel.targets.ResourceReading;
import dev.duel.targets.TargetProcess;
import dev.duel.targets.TargetSpec;
import java.util.List;

/**
 * A target running in its fresh Pod for one run, as the suite runner sees it: where the agents send the load (the
 * Pod's address), the node it runs on, when it was Ready. What duel reads of a local process through /proc and its
 * control group (CPU, memory, throttling, its threads, its JVM's facts, its first accepted connection, its log) is not
 * read from here: {@link ResourceReading#UNKNOWN}, -1, no lines; whether it still runs is its Pod's status. Stopping
 * deletes its Pod. Thread-safe.
 */
final class PodTarget implements TargetProcess {
    private final TargetSpec spec;
    private final TargetPod pod;
    private final List<String> command;
    private final KubernetesSession session;
    private volatile boolean stopped;
    /** Its container's exit code once read, else null. */
    private volatile Integer exit;

    PodTarget(TargetSpec spec, TargetPod pod, KubernetesSession session) {
        this.spec = spec;
        this.pod = pod;
        this.command = TargetManifests.command(spec, pod.port());
        this.session = session;
    }

    @Override
    public TargetSpec spec() {
        return spec;
    }

    /** No process of duel's machine: -1. */
    @Override
    public long pid() {
        return -1;
    }

    @Override
    public String host() {
        return pod.podIp();
    }

    /** The node its Pod runs on. */
    @Override
    public String machine() {
        return pod.nodeName();
    }

    @Override
    public int port() {
        return pod.port();
    }

    /**
     * From the request that created its Pod to the Pod seen Ready: scheduling, the image's pull, the process's start and
     * the kubelet's readiness probe (every second) included.
     */
    @Override
    public long readyMillis() {
        return pod.readyAfter().toMillis();
    }

    /** Not measured: the kubelet, not duel, connects to the Pod first. */
    @Override
    public long firstAcceptMillis() {
        return -1;
    }

    /** The command its container runs. */
    @Override
    public List<String> command() {
        return command;
    }

    @Override
    public LimitedGroup group() {
        return PodGroup.INSTANCE;
    }

    /** Until its container ended, as its Pod's status says (asked each time, until it is known to have ended). */
    @Override
    public boolean alive() {
        return exitCode() == null;
    }

    /** Its container's exit code once it ended, -1 once its Pod is gone, null while it runs or when it cannot be read. */
    @Override
    public Integer exitCode() {
        Integer known = exit;
        if (known != null || stopped) {
            return known;
        }
        try {
            known = session.targetExitCode(pod.podName());
        } catch (KubernetesSessionException e) {
            // Unreadable now: the run goes on, and a target that really died fails the load's checks.
            return null;
        }
        exit = known;
        return known;
    }

    @Override
    public ResourceReading read() {
        return ResourceReading.UNKNOWN;
    }

    @Override
    public List<String> lastLogLines(int count) {
        return List.of();
    }

    /** Deletes its Pod and waits until it is gone; its exit code when it had ended before, else -1 (not read). */
    @Override
    public int stop() {
        Integer ended = exit;
        if (!stopped) {
            stopped = true;
            try {
                session.stopTarget();
            } catch (KubernetesSessionException e) {
                // The session's clean-up deletes it by label at the end; say so now.
                System.err.println("duel: " + e.getMessage());
            }
        }
        return ended != null ? ended : -1;
    }
}
