package dev.duel.suite.file;

import dev.duel.load.Durations;
import dev.duel.targets.Limits;
import java.time.Duration;
import java.util.regex.Pattern;

/**
 * The values a suite file writes as text, parsed at their key: durations, CPU lists, fractions, ports, and limits
 * (cpus, a CPU list, a memory size). Each wrong value is a {@link Problem} at the key {@code at}. Stateless, so
 * thread-safe.
 */
final class Values {
    private Values() {}

    /**
     * The names that become parts of file names (the suite's, its scenarios'; targets' are checked
     * by {@code TargetSpec} with the same rule): no '/', no leading '.', so that neither {@code a/b}
     * nor {@code ..} can leave the results folder or hide a record from the report.
     */
    static final Pattern FILE_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]*");

    static Duration duration(String at, String text, Duration fallback) {
        if (text == null) {
            return fallback;
        }
        try {
            return Durations.parse(text);
        } catch (IllegalArgumentException e) {
            throw new Problem(at, at, e.getMessage(), e);
        }
    }

    static String cpuset(String at, String text) {
        if (text != null && !text.matches("\\d+(-\\d+)?(,\\d+(-\\d+)?)*")) {
            throw new Problem(at, "is a CPU list like \"0\" or \"0-1\", got '" + text + "'");
        }
        return text;
    }

    static double fraction(String at, String text) {
        String trimmed = text.trim();
        try {
            double value = trimmed.endsWith("%")
                    ? Double.parseDouble(trimmed.substring(0, trimmed.length() - 1)) / 100
                    : Double.parseDouble(trimmed);
            if (value >= 0 && value <= 1) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new Problem(at, "is between 0 and 1 (or 0% and 100%), got " + text);
    }

    /** {@code auto} (null: the run picks a free port) or a port number. */
    static Integer port(String at, String text) {
        if (text == null || text.equals("auto")) {
            return null;
        }
        try {
            int port = Integer.parseInt(text.trim());
            if (port > 0 && port <= 65_535) {
                return port;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new Problem(at, "is 'auto' or a number from 1 to 65535, got '" + text + "'");
    }

    /** @param entry the target or service, named in front of Limits' own words ({@code limits.memory is like ...}) */
    static Limits limits(String entry, String at, SuiteFile.LimitsEntry l) {
        if (l == null) {
            return Limits.NONE;
        }
        Long memory;
        try {
            memory = l.memory() == null ? null : Limits.parseMemory(l.memory());
        } catch (IllegalArgumentException e) {
            throw Problem.named(entry, at + ".memory", e);
        }
        try {
            return new Limits(l.cpus(), l.cpuset(), memory);
        } catch (IllegalArgumentException e) {
            throw Problem.named(entry, at, e);
        }
    }
}
