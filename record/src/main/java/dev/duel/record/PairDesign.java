package dev.duel.record;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * How the two runs of a pair shared their time: both loads at once, or the whole load on one at a time. Written in
 * lower case in records ("simultaneous", "interleaved").
 */
public enum PairDesign {
    /** {@code order: duet}: both sides loaded at the same instants; compared second by second. */
    @JsonProperty("simultaneous")
    SIMULTANEOUS,
    /**
     * {@code order: interleaved}: both sides alive at once, the load on one at a time in slices (ABBA or BAAB blocks);
     * compared block by block.
     */
    @JsonProperty("interleaved")
    INTERLEAVED
}
