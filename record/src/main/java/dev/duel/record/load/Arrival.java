package dev.duel.record.load;

import com.fasterxml.jackson.annotation.JsonProperty;

/** Spacing of open-model arrivals; written in lower case. */
public enum Arrival {
    /** Evenly spaced at the rate. */
    @JsonProperty("uniform")
    UNIFORM,
    /** Independent arrivals: exponential gaps with the rate as their mean (seeded). */
    @JsonProperty("poisson")
    POISSON;

    /** The word records and reports use. */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
