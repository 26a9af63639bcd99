package dev.duel.load.check;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.core.JsonToken;
import dev.duel.load.InvalidSettingException;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.List;

/**
 * The JSON value at a pointer equals (or differs from) a literal or a request variable, or merely
 * exists. The body is parsed as it arrives, up to the value at the pointer, never kept or built into
 * a tree ({@link JsonPointerMatcher}). Immutable and thread-safe (Jackson's factory is); its matchers are not.
 */
final class JsonPointerCheck implements BodyCheck {
    enum Operator {
        EQUALS,
        NOT_EQUALS,
        EXISTS
    }

    static final JsonFactory JSON = new JsonFactory();

    private final JsonPointer pointer;
    private final Operator operator;
    /** A JSON literal (number, string, true, false, null), or null when the expected value is a template. */
    private final JsonToken expectedToken;

    private final String expectedText;
    private final ValueTemplate expectedTemplate;
    /** True when the expected value is one bare variable: it then matches a number or a string. */
    private final boolean bareVariable;

    private final String text;

    JsonPointerCheck(String pointer, Operator operator, String literal, List<String> variableNames, String text) {
        try {
            this.pointer = JsonPointer.compile(pointer);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("'" + pointer + "' is not a JSON pointer (write it like /items/0/id)");
        }
        this.operator = operator;
        this.text = text;
        if (operator == Operator.EXISTS) {
            expectedToken = null;
            expectedText = null;
            expectedTemplate = null;
            bareVariable = false;
            return;
        }
        String trimmed = literal.trim();
        if (trimmed.matches("\\$\\{[A-Za-z_][A-Za-z0-9_]*}")) {
            expectedTemplate = new ValueTemplate(trimmed, variableNames);
            bareVariable = true;
            expectedToken = null;
            expectedText = null;
            return;
        }
        bareVariable = false;
        try (JsonParser parser = JSON.createParser(trimmed)) {
            JsonToken token = parser.nextToken();
            if (token == null || token.isStructStart()) {
                throw new IllegalArgumentException();
            }
            String value = parser.getText();
            if (parser.nextToken() != null) {
                throw new IllegalArgumentException();
            }
            ValueTemplate template = new ValueTemplate(value, variableNames);
            expectedToken = token;
            expectedText = value;
            expectedTemplate = token == JsonToken.VALUE_STRING && !template.constant() ? template : null;
        } catch (InvalidSettingException undeclared) {
            throw undeclared; // a well-formed literal that uses an undeclared variable
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException(
                    "'" + literal + "' is not a JSON literal: write 42, \"text\", true, false, null or ${var}");
        }
    }

    @Override
    public BodyMatcher matcher(CheckMemory memory) {
        return new JsonPointerMatcher(this, memory);
    }

    JsonPointer pointer() {
        return pointer;
    }

    /** The verdict when the body holds no value at the pointer. */
    String missing() {
        return operator == Operator.NOT_EQUALS ? null : "no JSON value at " + pointer;
    }

    /**
     * The verdict on the value at the pointer: {@code token} is its first token, {@code parser}
     * stands on it (a string or number whole, an object or array only begun).
     */
    String judge(JsonToken token, JsonParser parser, String[] values) throws IOException {
        if (operator == Operator.EXISTS) {
            return null;
        }
        boolean equal = matches(token, parser, values);
        if (equal == (operator == Operator.EQUALS)) {
            return null;
        }
        String actual = token.isStructStart()
                ? (token == JsonToken.START_OBJECT ? "an object" : "an array")
                : token == JsonToken.VALUE_STRING ? "\"" + parser.getText() + "\"" : parser.getText();
        String expected = describeExpected(values);
        return operator == Operator.EQUALS
                ? pointer + " is " + actual + ", expected " + expected
                : pointer + " is " + actual + ", expected anything else";
    }

    private boolean matches(JsonToken actual, JsonParser parser, String[] values) throws IOException {
        if (bareVariable) {
            String expected = expectedTemplate.resolve(values);
            if (actual.isNumeric()) {
                return numericEquals(parser, expected);
            }
            return actual == JsonToken.VALUE_STRING && sameText(parser, expected);
        }
        if (expectedToken.isNumeric()) {
            return actual.isNumeric() && numericEquals(parser, expectedText);
        }
        if (expectedToken == JsonToken.VALUE_STRING) {
            String expected = expectedTemplate == null ? expectedText : expectedTemplate.resolve(values);
            return actual == JsonToken.VALUE_STRING && sameText(parser, expected);
        }
        return actual == expectedToken;
    }

    /**
     * True if the text of the parser's token is {@code expected}, read from the parser's own characters: a check
     * passed on every response makes no string of the value.
     */
    private static boolean sameText(JsonParser parser, String expected) throws IOException {
        int length = parser.getTextLength();
        if (length != expected.length()) {
            return false;
        }
        char[] chars = parser.getTextCharacters();
        int offset = parser.getTextOffset();
        for (int i = 0; i < length; i++) {
            if (chars[offset + i] != expected.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private String describeExpected(String[] values) {
        if (bareVariable) {
            return expectedTemplate.resolve(values) + " (" + expectedTemplate + ")";
        }
        if (expectedToken == JsonToken.VALUE_STRING) {
            return "\"" + (expectedTemplate == null ? expectedText : expectedTemplate.resolve(values)) + "\"";
        }
        return expectedText;
    }

    /**
     * True if the parser's number equals {@code expected} as a decimal (42 equals 42.0 and 4.2e1). The same digits
     * are equal without building a decimal of either: the case of every passing response.
     */
    private static boolean numericEquals(JsonParser parser, String expected) throws IOException {
        String trimmed = expected.trim();
        if (sameText(parser, trimmed)) {
            return true;
        }
        try {
            return new BigDecimal(parser.getText()).compareTo(new BigDecimal(trimmed)) == 0;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    @Override
    public String text() {
        return text;
    }
}
