package dev.duel.load.check;

import java.util.ArrayList;
import java.util.List;

/**
 * Which status codes count as correct: a value ({@code 200}), a class ({@code 2xx}), a range
 * ({@code 200..299}) or a list of these. Decided from the status line alone, so a failing
 * response can keep its body for the example. Immutable and thread-safe.
 */
public final class StatusCheck {
    private final boolean[] accepted = new boolean[1000];
    private final String text;

    private StatusCheck(String text) {
        this.text = text;
    }

    /** The default when no status check is given: any 2xx. */
    public static StatusCheck successful() {
        return parseList("2xx");
    }

    /** Parses a comma-separated list of {@code 200}, {@code 2xx} and {@code 200..299} (or {@code 200-299}). */
    public static StatusCheck parseList(String list) {
        StatusCheck check = new StatusCheck(list.trim());
        List<String> parts = new ArrayList<>();
        for (String part : list.split(",")) {
            if (!part.isBlank()) {
                parts.add(part.trim());
            }
        }
        if (parts.isEmpty()) {
            throw new IllegalArgumentException("status check needs a value, e.g. 'status == 200'");
        }
        for (String part : parts) {
            int from;
            int to;
            if (part.matches("[1-5][xX][xX]")) {
                from = (part.charAt(0) - '0') * 100;
                to = from + 99;
            } else if (part.matches("\\d{3}(\\.\\.|-)\\d{3}")) {
                from = Integer.parseInt(part.substring(0, 3));
                to = Integer.parseInt(part.substring(part.length() - 3));
            } else if (part.matches("\\d{3}")) {
                from = Integer.parseInt(part);
                to = from;
            } else {
                throw new IllegalArgumentException("'" + part + "' is not a status: write 200, 2xx or 200..299");
            }
            if (from < 100 || to > 599 || to < from) {
                throw new IllegalArgumentException("'" + part + "' is outside the status codes 100..599");
            }
            for (int s = from; s <= to; s++) {
                check.accepted[s] = true;
            }
        }
        return check;
    }

    public boolean accepts(int status) {
        return status >= 0 && status < accepted.length && accepted[status];
    }

    @Override
    public String toString() {
        return "status in " + text;
    }
}
