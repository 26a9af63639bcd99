package dev.duel.load;

/** Why a request did not count as correct. */
public enum FailureKind {
    /** The connection could not be opened (refused, timed out, unreachable). Not a sent request. */
    CONNECT,
    /** No complete response within the request timeout; the connection is closed. */
    TIMEOUT,
    /** The connection was closed or reset before the response was complete. */
    RESET,
    /** The bytes received are not a valid HTTP/1.x response. */
    PROTOCOL,
    /** A complete response whose status failed the status check. */
    STATUS,
    /** A complete response whose body failed a body or JSON check. */
    CHECK;

    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
