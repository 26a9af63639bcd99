package dev.duel.record.load;

import com.fasterxml.jackson.annotation.JsonProperty;

/** How the length of a run's warm-up was chosen; written in lower case. */
public enum WarmupMode {
    /** A length given up front ({@code warmup: 10s}). */
    @JsonProperty("fixed")
    FIXED,
    /** Until a judge found the per-second series steady, or a cap ({@code warmup: auto}). */
    @JsonProperty("auto")
    AUTO;

    /** The word records and reports use. */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
