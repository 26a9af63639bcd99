package dev.duel.load.check;

/**
 * A check on a complete response body. Immutable and thread-safe; the body is passed in.
 */
public interface BodyCheck {
    /**
     * @param body      the body bytes; only the first {@code length} are valid
     * @param truncated true if the body was longer than the bytes kept for checks
     * @param values    the values of the request's variables, in template order
     * @return null if the body passes, or a description of what failed
     */
    String verify(byte[] body, int length, boolean truncated, String[] values);

    /** The check as the user wrote it. */
    String text();
}
