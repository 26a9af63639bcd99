package dev.duel.record.micro;

import com.fasterxml.jackson.annotation.JsonProperty;

/** A JMH benchmark mode, written as JMH's own short word ("avgt", "thrpt", "sample", "ss"). */
public enum MicroMode {
    /** Operations per unit of time: higher is faster. */
    @JsonProperty("thrpt")
    THROUGHPUT,
    /** Time per operation: lower is faster. */
    @JsonProperty("avgt")
    AVERAGE_TIME,
    /** Time per operation, sampled: lower is faster. */
    @JsonProperty("sample")
    SAMPLE_TIME,
    /** Time of one cold operation: lower is faster. */
    @JsonProperty("ss")
    SINGLE_SHOT;

    /** True when a higher score is faster (throughput); false for the time modes. */
    public boolean higherIsFaster() {
        return this == THROUGHPUT;
    }

    /** The mode read from JMH's word, or null for a word JMH does not write. */
    public static MicroMode ofJmh(String word) {
        return switch (word) {
            case "thrpt" -> THROUGHPUT;
            case "avgt" -> AVERAGE_TIME;
            case "sample" -> SAMPLE_TIME;
            case "ss" -> SINGLE_SHOT;
            default -> null;
        };
    }
}
