package dev.duel.record.load;

import dev.duel.record.Phase;

/**
 * One failed request kept as an example, so that a failure can be understood without reproducing it.
 *
 * @param kind            why it failed
 * @param offsetMillis    when it ended, in milliseconds since the run started
 * @param phase           the phase it started in
 * @param detail          what went wrong, in words (the failed check, the exception, ...)
 * @param status          the response status, or 0 when no status line arrived
 * @param headers         the response header block as received, or "" when none arrived
 * @param bodyPrefix      at most the first 200 bytes of the body as UTF-8 text, or ""
 * @param request         the request line that was sent, with variables filled in
 */
public record FailureExample(
        FailureKind kind,
        long offsetMillis,
        Phase phase,
        String detail,
        int status,
        String headers,
        String bodyPrefix,
        String request) {
    public static final int BODY_PREFIX_BYTES = 200;
}
