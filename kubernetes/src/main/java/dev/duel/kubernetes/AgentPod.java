package dev.duel.kubernetes;

/**
 * One load agent of a session, Ready.
 *
 * @param index    its completion index in the Job (0 to agents - 1): its segment of the load, in this order
 * @param podName  its Pod
 * @param nodeName the node it runs on
 * @param podIp    its Pod's address
 * @param address  {@code host:9400#sha256:...} where the coordinator reaches it, the session's certificate pinned: its
 *                 DNS name under the headless Service when duel
 *                 runs in the cluster, its Pod's address otherwise
 */
public record AgentPod(int index, String podName, String nodeName, String podIp, String address) {}
