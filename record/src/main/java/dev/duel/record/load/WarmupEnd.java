package dev.duel.record.load;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;

/**
 * When and why a phased run's warm-up ended. Immutable.
 *
 * @param mode              how the warm-up's length was chosen
 * @param reason            what ended it
 * @param endedAtMillis     milliseconds from the run's start to the end of warm-up (for {@link Reason#STOPPED}, to
 *                          the stop)
 * @param steadySinceMillis {@link Reason#STEADY}: milliseconds from the run's start to the start of the second from
 *                          which the judge found the correct responses per second steady; null otherwise
 * @param relativeHalfWidth auto mode: the judge's last relative 95% interval half-width of correct responses per
 *                          second (a fraction of the mean: 0.03 is 3%), or null if the judge never gave one (or the mode
 *                          is fixed)
 */
public record WarmupEnd(
        WarmupMode mode,
        Reason reason,
        double endedAtMillis,
        @JsonSetter(nulls = Nulls.SET) Double steadySinceMillis,
        @JsonSetter(nulls = Nulls.SET) Double relativeHalfWidth) {

    /** What ended a warm-up; written in lower case with underscores. */
    public enum Reason {
        /** A fixed warm-up ran its length. */
        @JsonProperty("fixed_length")
        FIXED_LENGTH,
        /** Auto: the judge found the series steady. */
        @JsonProperty("steady")
        STEADY,
        /** Auto: the cap came first; the run has no steady state within the cap. */
        @JsonProperty("cap")
        CAP,
        /** The run was ended during warm-up (a user's stop); main never ran. */
        @JsonProperty("stopped")
        STOPPED
    }
}
