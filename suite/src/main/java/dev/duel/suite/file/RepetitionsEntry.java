package dev.duel.suite.file;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * {@code repetitions} as written: a whole number ({@code repetitions: 6}), or a range with a rule
 * ({@code repetitions: {min: 3, max: 12, until: 'rps ci within 5%'}}). Immutable.
 *
 * @param count the plain number, or null for the mapping form
 * @param min   the mapping's min, or null when not written
 * @param max   the mapping's max, or null when not written
 * @param until the mapping's rule, or null when not written
 * @param budget the mapping's time budget as written ("8m"), or null when not written
 */
public record RepetitionsEntry(Integer count, Integer min, Integer max, String until, String budget) {

    /** The mapping form; only these four keys are known to the parser. */
    @JsonCreator
    public static RepetitionsEntry range(
            @JsonProperty("min") Integer min,
            @JsonProperty("max") Integer max,
            @JsonProperty("until") String until,
            @JsonProperty("budget") String budget) {
        return new RepetitionsEntry(null, min, max, until, budget);
    }

    /** The plain form: {@code repetitions: 6}. */
    @JsonCreator
    public static RepetitionsEntry of(int count) {
        return new RepetitionsEntry(count, null, null, null, null);
    }
}
