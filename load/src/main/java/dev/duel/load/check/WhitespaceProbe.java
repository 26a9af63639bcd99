package dev.duel.load.check;

import java.io.OutputStream;

/**
 * What a JSON parser has read but not yet consumed ({@code releaseBuffered} writes it here): how many bytes, and
 * whether they are all JSON whitespace. Nothing is copied. Not thread-safe: confined to its matcher.
 */
final class WhitespaceProbe extends OutputStream {
    private int bytes;
    private boolean whitespace = true;

    WhitespaceProbe reset() {
        bytes = 0;
        whitespace = true;
        return this;
    }

    /** Bytes written since {@link #reset}. */
    int bytes() {
        return bytes;
    }

    /** True if every byte written since {@link #reset} was a space, tab, line feed or carriage return. */
    boolean whitespace() {
        return whitespace;
    }

    @Override
    public void write(int b) {
        bytes++;
        whitespace = whitespace && isWhitespace((byte) b);
    }

    @Override
    public void write(byte[] array, int offset, int length) {
        bytes += length;
        whitespace = whitespace && isWhitespace(array, offset, length);
    }

    /** True if {@code length} bytes of {@code array} from {@code offset} are all JSON whitespace (RFC 8259). */
    static boolean isWhitespace(byte[] array, int offset, int length) {
        for (int i = offset, end = offset + length; i < end; i++) {
            if (!isWhitespace(array[i])) {
                return false;
            }
        }
        return true;
    }

    private static boolean isWhitespace(byte b) {
        return b == ' ' || b == '\n' || b == '\r' || b == '\t';
    }
}
