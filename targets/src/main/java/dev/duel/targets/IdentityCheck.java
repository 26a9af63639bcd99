package dev.duel.targets;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * One fact a target must state about itself in its ready response before it is measured, such as
 * {@code /app == "minimal"} or {@code /runtime contains "25."}. Immutable.
 */
public record IdentityCheck(String pointer, Operator operator, String expected) {
    public enum Operator {
        EQUALS,
        CONTAINS
    }

    /** Parses {@code /pointer == "text"} or {@code /pointer contains "text"} (quotes optional). */
    public static IdentityCheck parse(String text) {
        String trimmed = text.trim();
        for (Operator operator : Operator.values()) {
            String word = operator == Operator.EQUALS ? " == " : " contains ";
            int at = trimmed.indexOf(word);
            if (at > 0) {
                String pointer = trimmed.substring(0, at).trim();
                String value = trimmed.substring(at + word.length()).trim();
                if (value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")) {
                    value = value.substring(1, value.length() - 1);
                }
                try {
                    JsonPointer.compile(pointer);
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(
                            "identity: '" + pointer + "' is not a JSON pointer (write it like /app)");
                }
                return new IdentityCheck(pointer, operator, value);
            }
        }
        throw new IllegalArgumentException(
                "identity: write /pointer == \"value\" or /pointer contains \"value\", got '" + text + "'");
    }

    /** What the target said at the pointer, or null when it said nothing there. */
    public String actual(JsonNode response) {
        JsonNode value = response.at(pointer);
        return value.isMissingNode() || value.isNull() ? null : value.isValueNode() ? value.asText() : value.toString();
    }

    public boolean passes(JsonNode response) {
        String actual = actual(response);
        return actual != null && (operator == Operator.EQUALS ? actual.equals(expected) : actual.contains(expected));
    }

    @Override
    public String toString() {
        return pointer + (operator == Operator.EQUALS ? " == \"" : " contains \"") + expected + "\"";
    }
}
