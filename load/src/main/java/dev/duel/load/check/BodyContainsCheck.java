package dev.duel.load.check;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The body contains a text (UTF-8), which may use request variables. Searched as the body arrives
 * (Knuth-Morris-Pratt, so a match split across reads is found), holding only the text and its
 * table. Immutable and thread-safe; its matchers are not.
 */
final class BodyContainsCheck implements BodyCheck {
    private final ValueTemplate needle;
    /** The text and its table when it uses no variable, computed once; else null. */
    private final byte[] constantNeedle;

    private final int[] constantTable;
    private final String text;

    BodyContainsCheck(String needle, List<String> variableNames, String text) {
        if (needle.isEmpty()) {
            throw new IllegalArgumentException("'body contains' needs a text to look for");
        }
        this.needle = new ValueTemplate(needle, variableNames);
        this.constantNeedle = this.needle.constant() ? needle.getBytes(StandardCharsets.UTF_8) : null;
        this.constantTable = constantNeedle == null ? null : table(constantNeedle);
        this.text = text;
    }

    @Override
    public BodyMatcher matcher(CheckMemory memory) {
        return new Matcher();
    }

    @Override
    public String text() {
        return text;
    }

    /**
     * For each prefix of {@code needle}, the length of its longest proper prefix that is also its
     * suffix: where a search resumes after a mismatch.
     */
    static int[] table(byte[] needle) {
        int[] table = new int[needle.length];
        int k = 0;
        for (int i = 1; i < needle.length; i++) {
            while (k > 0 && needle[i] != needle[k]) {
                k = table[k - 1];
            }
            if (needle[i] == needle[k]) {
                k++;
            }
            table[i] = k;
        }
        return table;
    }

    /** One connection's search: how much of the text the bytes so far end with. */
    private final class Matcher implements BodyMatcher {
        private byte[] wanted;
        private int[] table;
        /** Bytes of {@link #wanted} that the body read so far ends with. */
        private int matched;

        private boolean found;

        @Override
        public void begin(String[] values) {
            if (constantNeedle != null) {
                wanted = constantNeedle;
                table = constantTable;
            } else {
                wanted = needle.resolve(values).getBytes(StandardCharsets.UTF_8);
                table = wanted.length == 0 ? null : table(wanted);
            }
            matched = 0;
            // A variable's value may be empty, and every body contains the empty text.
            found = wanted.length == 0;
        }

        @Override
        public void feed(byte[] bytes, int offset, int length) {
            if (found) {
                return;
            }
            byte[] wanted = this.wanted;
            int[] table = this.table;
            int matched = this.matched;
            int end = offset + length;
            byte first = wanted[0];
            for (int i = offset; i < end; i++) {
                byte b = bytes[i];
                if (matched == 0) {
                    if (b != first) {
                        continue; // the common case, kept short
                    }
                } else {
                    while (matched > 0 && b != wanted[matched]) {
                        matched = table[matched - 1];
                    }
                    if (b != wanted[matched]) {
                        continue;
                    }
                }
                if (++matched == wanted.length) {
                    found = true;
                    return;
                }
            }
            this.matched = matched;
        }

        @Override
        public boolean decided() {
            return found;
        }

        @Override
        public String end() {
            if (wanted == null) {
                throw new IllegalStateException("end() of a body not begun: call begin() first");
            }
            return found ? null : "body does not contain \"" + new String(wanted, StandardCharsets.UTF_8) + "\"";
        }

        @Override
        public void abandon() {
            // nothing held beyond the text itself
        }
    }
}
