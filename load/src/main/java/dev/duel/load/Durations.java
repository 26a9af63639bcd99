package dev.duel.load;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Durations as people write them: {@code 500ms}, {@code 10s}, {@code 1.5s}, {@code 2m}, {@code 1h}; a bare number is seconds. */
public final class Durations {
    private static final Pattern DURATION = Pattern.compile("(\\d+(?:\\.\\d+)?)(ns|us|ms|s|m|h)?");

    private Durations() {}

    /**
     * @throws IllegalArgumentException saying how to write one; a plain one, as a duration may be any
     *                                  setting: the caller, who knows which, names it
     */
    public static Duration parse(String text) {
        Matcher m = DURATION.matcher(text == null ? "" : text.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a duration: write e.g. 500ms, 10s, 2m or 1h");
        }
        double amount = Double.parseDouble(m.group(1));
        String unit = m.group(2) == null ? "s" : m.group(2);
        double nanos = amount
                * switch (unit) {
                    case "ns" -> 1;
                    case "us" -> 1e3;
                    case "ms" -> 1e6;
                    case "s" -> 1e9;
                    case "m" -> 60e9;
                    default -> 3600e9;
                };
        return Duration.ofNanos(Math.round(nanos));
    }
}
