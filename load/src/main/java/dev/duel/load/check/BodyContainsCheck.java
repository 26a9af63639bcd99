package dev.duel.load.check;

import java.nio.charset.StandardCharsets;
import java.util.List;

/** The body contains a text (UTF-8), which may use request variables. Immutable and thread-safe. */
final class BodyContainsCheck implements BodyCheck {
    private final ValueTemplate needle;
    private final byte[] constantNeedle;
    private final String text;

    BodyContainsCheck(String needle, List<String> variableNames, String text) {
        if (needle.isEmpty()) {
            throw new IllegalArgumentException("'body contains' needs a text to look for");
        }
        this.needle = new ValueTemplate(needle, variableNames);
        this.constantNeedle = this.needle.constant() ? needle.getBytes(StandardCharsets.UTF_8) : null;
        this.text = text;
    }

    @Override
    public String verify(byte[] body, int length, boolean truncated, String[] values) {
        byte[] wanted =
                constantNeedle != null ? constantNeedle : needle.resolve(values).getBytes(StandardCharsets.UTF_8);
        if (indexOf(body, length, wanted) >= 0) {
            return null;
        }
        String where = truncated ? " in the first " + length + " bytes kept for checks" : "";
        return "body does not contain \"" + new String(wanted, StandardCharsets.UTF_8) + "\"" + where;
    }

    static int indexOf(byte[] haystack, int length, byte[] needle) {
        int last = length - needle.length;
        byte first = needle[0];
        outer:
        for (int i = 0; i <= last; i++) {
            if (haystack[i] != first) {
                continue;
            }
            for (int j = 1; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    @Override
    public String text() {
        return text;
    }
}
