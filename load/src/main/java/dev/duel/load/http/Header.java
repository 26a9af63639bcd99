package dev.duel.load.http;

import dev.duel.load.InvalidSettingException;
import dev.duel.load.Setting;

/**
 * One request header; the value may contain {@code ${variable}} references. Immutable. A header
 * that cannot be sent is an {@link InvalidSettingException} naming {@link Setting#HEADERS}.
 */
public record Header(String name, String value) {
    public Header {
        if (name == null || name.isBlank() || !name.chars().allMatch(Header::isTokenChar)) {
            throw new InvalidSettingException(Setting.HEADERS, "'" + name + "' is not a valid header name");
        }
        if (value == null || value.indexOf('\r') >= 0 || value.indexOf('\n') >= 0) {
            throw new InvalidSettingException(Setting.HEADERS, "header " + name + " has a line break in its value");
        }
    }

    /** Parses {@code "Name: value"}. */
    public static Header parse(String text) {
        int colon = text.indexOf(':');
        if (colon <= 0) {
            throw new InvalidSettingException(Setting.HEADERS, "a header is written 'Name: value', got '" + text + "'");
        }
        return new Header(
                text.substring(0, colon).trim(), text.substring(colon + 1).trim());
    }

    private static boolean isTokenChar(int c) {
        return c > 0x20 && c < 0x7f && "()<>@,;:\\\"/[]?={}".indexOf(c) < 0;
    }
}
