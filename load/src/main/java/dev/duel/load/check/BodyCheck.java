package dev.duel.load.check;

/**
 * A check on a response body, read as the body arrives: a connection asks each check once for a
 * {@link BodyMatcher} and feeds it every body. No check keeps a whole body, so a body of any
 * size is checked whole in a bounded memory. Immutable and thread-safe.
 */
public interface BodyCheck {
    /**
     * A matcher for one connection's bodies, one at a time.
     *
     * @param memory where the matcher asks for memory beyond its small fixed share, and gives it back
     */
    BodyMatcher matcher(CheckMemory memory);

    /** The check as the user wrote it. */
    String text();
}
