package dev.duel.load.http;

import dev.duel.load.InvalidSettingException;
import dev.duel.load.Setting;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import java.nio.charset.StandardCharsets;

/**
 * How text becomes request bytes, and what text cannot be sent, in one place (see
 * docs/load-engine.md, "Encoding"):
 *
 * <ul>
 *   <li>The request target (path and query) is ASCII: a character outside ASCII is sent
 *       percent-encoded as UTF-8 ({@code é} as {@code %C3%A9}); a space, CR, LF or any other
 *       control character is refused, since it would end or split the request line. Everything
 *       else is sent as written, so values may carry '/', '?' or text already percent-encoded.</li>
 *   <li>Header values and bodies are UTF-8, literal text and variable values alike; a header value
 *       with CR, LF or another control character (HTAB aside) is refused, since it would end the
 *       header early or add one (header injection).</li>
 * </ul>
 *
 * Stateless, so thread-safe.
 */
final class RequestText {
    private static final byte[] HEX = "0123456789ABCDEF".getBytes(StandardCharsets.US_ASCII);

    private RequestText() {}

    /** Where a text goes in the request. */
    enum Place {
        TARGET,
        HEADER,
        BODY
    }

    /**
     * The literal request target made sendable: non-ASCII percent-encoded.
     *
     * @throws InvalidSettingException {@link Setting#URL} for a space or a control character
     */
    static String literalTarget(String target) {
        int bad = firstForbidden(target, Place.TARGET);
        if (bad >= 0) {
            throw new InvalidSettingException(
                    Setting.URL,
                    "the path has " + describe(target.charAt(bad))
                            + ", which cannot be sent in a request line; write a space as %20");
        }
        StringBuilder ascii = new StringBuilder(target.length());
        for (byte b : target.getBytes(StandardCharsets.UTF_8)) {
            if (b >= 0) {
                ascii.append((char) b);
            } else {
                ascii.append('%').append((char) HEX[(b >> 4) & 0xF]).append((char) HEX[b & 0xF]);
            }
        }
        return ascii.toString();
    }

    /**
     * @throws InvalidSettingException {@link Setting#HEADERS} for a control character other than HTAB
     */
    static void checkLiteralHeader(Header header) {
        int bad = firstForbidden(header.value(), Place.HEADER);
        if (bad >= 0) {
            throw new InvalidSettingException(
                    Setting.HEADERS,
                    "header " + header.name() + " has "
                            + describe(header.value().charAt(bad)) + " in its value, which cannot be sent in a header");
        }
    }

    /**
     * Checks one value a variable can take, for one place it is used in.
     *
     * @param where "the URL", "header X-Id", "the body"
     * @throws InvalidSettingException {@link Setting#VARIABLES}, naming the variable, the value and the fix
     */
    static void checkValue(String variable, String value, Place place, String where) {
        int bad = firstForbidden(value, place);
        if (bad < 0) {
            return;
        }
        char c = value.charAt(bad);
        String why = c == '\r' || c == '\n'
                ? (place == Place.TARGET
                        ? ", which would end the request line early"
                        : ", which would end the header early and start another (header injection)")
                : c == ' ' ? "; write a space in a URL as %20" : ", which cannot be sent there";
        throw new InvalidSettingException(
                Setting.VARIABLES,
                "${" + variable + "} can be '" + escaped(value) + "', used in " + where + ": it has " + describe(c)
                        + why);
    }

    /** The index of the first character that cannot be sent at {@code place}, or -1. */
    static int firstForbidden(String text, Place place) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean control = c < 0x20 || c == 0x7f;
            boolean forbidden = switch (place) {
                case TARGET -> control || c == ' ';
                case HEADER -> control && c != '\t';
                case BODY -> false;
            };
            if (forbidden) {
                return i;
            }
        }
        return -1;
    }

    /** Writes a checked value into the request target: ASCII as is, the rest percent-encoded UTF-8. */
    static void writeTarget(ByteBuf out, String value) {
        for (int i = 0, n = value.length(); i < n; i++) {
            char c = value.charAt(i);
            if (c < 0x80) {
                out.writeByte(c);
            } else {
                // rare: encode the rest of the value at once, surrogate pairs included
                for (byte b : value.substring(i).getBytes(StandardCharsets.UTF_8)) {
                    if (b >= 0) {
                        out.writeByte(b);
                    } else {
                        out.writeByte('%').writeByte(HEX[(b >> 4) & 0xF]).writeByte(HEX[b & 0xF]);
                    }
                }
                return;
            }
        }
    }

    /** Writes a header or body value as UTF-8. */
    static void writeUtf8(ByteBuf out, String value) {
        ByteBufUtil.writeUtf8(out, value);
    }

    /** The bytes {@link #writeUtf8} writes. */
    static int utf8Length(String value) {
        return ByteBufUtil.utf8Bytes(value);
    }

    private static String describe(char c) {
        return switch (c) {
            case ' ' -> "a space";
            case '\r' -> "a line break (CR)";
            case '\n' -> "a line break (LF)";
            default -> String.format("the control character U+%04X", (int) c);
        };
    }

    /** The value with control characters written as escapes, so a message stays on its lines. */
    private static String escaped(String value) {
        StringBuilder out = new StringBuilder(value.length() + 8);
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '\r' -> out.append("\\r");
                case '\n' -> out.append("\\n");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20 || c == 0x7f) {
                        out.append(String.format("\\u%04X", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.toString();
    }
}
