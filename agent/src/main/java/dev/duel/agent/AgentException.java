package dev.duel.agent;

/**
 * A call to an agent failed: it could not be reached, refused the call, or answered something unreadable. The
 * message names the agent and says what to do.
 */
public final class AgentException extends Exception {
    private static final long serialVersionUID = 1L;

    /** The HTTP status the agent answered, or 0 when it did not answer. */
    private final int status;

    public AgentException(String message, int status) {
        super(message);
        this.status = status;
    }

    public AgentException(String message, Throwable cause) {
        super(message, cause);
        this.status = 0;
    }

    /** The HTTP status the agent answered, or 0 when it did not answer (connection refused, timeout). */
    public int status() {
        return status;
    }
}
