/**
 * A suite on Kubernetes: manifests for targets, load agents and PostgreSQL as Pods with Guaranteed QoS, the
 * coordinator Pod that runs duel, RBAC, and the session that opens them and always cleans up. Uses suite, agent, load,
 * targets and the record module; fabric8's client.
 */
package dev.duel.kubernetes;
