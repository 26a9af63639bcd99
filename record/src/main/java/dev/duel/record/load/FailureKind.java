package dev.duel.record.load;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Locale;

/**
 * Why a request did not count as correct. Written in lower case in records, as map keys and as
 * values (records written before the schema was versioned spelled example kinds in upper case;
 * {@link dev.duel.record.RecordJson} reads both).
 */
public enum FailureKind {
    /** The connection could not be opened (refused, timed out, unreachable). Not a sent request. */
    @JsonProperty("connect")
    CONNECT,
    /** No complete response within the request timeout; the connection is closed. */
    @JsonProperty("timeout")
    TIMEOUT,
    /** The connection was closed or reset before the response was complete. */
    @JsonProperty("reset")
    RESET,
    /** The bytes received are not a valid HTTP/1.x response. */
    @JsonProperty("protocol")
    PROTOCOL,
    /** A complete response whose status failed the status check. */
    @JsonProperty("status")
    STATUS,
    /** A complete response whose body failed a body or JSON check. */
    @JsonProperty("check")
    CHECK;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
