package dev.duel.kubernetes;

import java.time.Duration;

/**
 * A target's fresh Pod for one run, Ready.
 *
 * @param target     the target's name in the suite
 * @param podName    its Pod
 * @param nodeName   the node it runs on
 * @param podIp      its Pod's address
 * @param port       the port it listens on in its Pod
 * @param readyAfter from the request that created it to the coordinator seeing it Ready: scheduling, image pull, the
 *                   process's start and a readiness probe every second included, so not a start-up time to compare
 */
public record TargetPod(String target, String podName, String nodeName, String podIp, int port, Duration readyAfter) {
    /** {@code podIp:port}, where the agents send their load. */
    public String address() {
        return podIp + ":" + port;
    }
}
