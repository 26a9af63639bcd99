package dev.duel.kubernetes;

/** A session could not be set up or a Pod did not become Ready; the message says which object, why, and what to do. */
public final class KubernetesSessionException extends Exception {
    private static final long serialVersionUID = 1L;

    public KubernetesSessionException(String message) {
        super(message);
    }

    public KubernetesSessionException(String message, Throwable cause) {
        super(message, cause);
    }
}
