package dev.duel.record;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Locale;

/** How a run ended, as its record says; written in lower case ("ok", "failed", ...). */
public enum Status {
    /** Measured cleanly: feeds the statistics. */
    @JsonProperty("ok")
    OK,
    /** The target did not start, crashed, answered wrongly, or was not what it claimed. */
    @JsonProperty("failed")
    FAILED,
    /**
     * The machine was noisy during the run: kept beside its repeat; when the retries ran out, the run's
     * final record stays discarded.
     */
    @JsonProperty("discarded")
    DISCARDED,
    /** The load generator, not the target, was the limit. */
    @JsonProperty("invalid")
    INVALID;

    /** The word the record uses. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
