package dev.duel.load.check;

/**
 * One connection's reader of response bodies for one {@link BodyCheck}: {@link #begin} a body,
 * {@link #feed} its bytes as they arrive, {@link #end} it for the verdict; or {@link #abandon} it
 * when the response is cut short. A matcher holds at most a small fixed amount of memory (a JSON
 * check: one partial token up to {@link JsonPointerMatcher#FREE_TOKEN_BYTES}) plus what its
 * {@link CheckMemory} granted, which it gives back at {@link #end} or {@link #abandon}.
 *
 * <p>Not thread-safe: confined to its connection's event loop.
 */
public interface BodyMatcher {
    /** Starts a new body; {@code values} are the request's variable values, in template order. */
    void begin(String[] values);

    /** The next {@code length} bytes of the body, from {@code offset}; the array is not kept. */
    void feed(byte[] bytes, int offset, int length);

    /** True once the verdict no longer depends on the bytes still to come. */
    boolean decided();

    /**
     * The body is complete.
     *
     * @return null if the body passes, or a description of what failed
     */
    String end();

    /**
     * The body will not be completed: lets go of any memory held for it. Safe to call at any time; the next body
     * starts with {@link #begin}.
     */
    void abandon();

    /** Runs a whole body through a fresh matcher of {@code check}: for tests and one-off checks. */
    static String verify(BodyCheck check, byte[] body, String[] values) {
        BodyMatcher matcher = check.matcher(CheckMemory.UNLIMITED);
        matcher.begin(values);
        matcher.feed(body, 0, body.length);
        return matcher.end();
    }
}
