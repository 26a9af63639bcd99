package dev.duel.load.http;

import dev.duel.load.InvalidSettingException;
import dev.duel.load.Setting;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * How a request variable takes its values. Specs are immutable; each event loop draws from its
 * own {@link Source}, so no value source is shared between threads.
 *
 * <ul>
 *   <li>{@code seq:1..10000}: 1, 2, ..., 10000, 1, ... The loops split the range between them, so
 *       together they visit every value once per cycle.</li>
 *   <li>{@code uniform:1..10000}: independent uniform integers, from the run's seed.</li>
 *   <li>{@code list:a,b,c}: the values in turn, split between loops like {@code seq}.</li>
 *   <li>{@code unique}: a value never used before, by this run or another (a random prefix per
 *       loop and run, then a count: {@code <prefix>-<n>}, at most 24 characters): keys for requests
 *       that create things, such as a POST whose key must not exist yet in a database shared by
 *       every run of a suite.</li>
 * </ul>
 */
public sealed interface VariableSpec {
    /** How to fix a reference to a variable that is not declared, naming no flag and no key. */
    String HOW_TO_DECLARE = "declare it as seq:1..100, uniform:1..100, list:a,b or unique";

    /** Values for one event loop. Not thread-safe. */
    interface Source {
        String next();
    }

    /**
     * @param stream  this loop's index
     * @param streams how many loops draw values
     * @param seed    the run's seed
     */
    Source source(int stream, int streams, long seed);

    /** The spec as the user writes it. */
    String text();

    /**
     * The values to check before anything is sent, where they are free text (a list's); empty for
     * the kinds that make only digits, '-' and lower-case base-36 letters, which can be sent anywhere.
     */
    default List<String> freeTextValues() {
        return List.of();
    }

    record Sequence(long first, long last) implements VariableSpec {
        @Override
        public Source source(int stream, int streams, long seed) {
            long size = last - first + 1;
            long start = stream % size;
            return new Source() {
                private long offset = start;

                @Override
                public String next() {
                    long value = first + offset;
                    offset += streams;
                    if (offset >= size) {
                        offset = start;
                    }
                    return Long.toString(value);
                }
            };
        }

        @Override
        public String text() {
            return "seq:" + first + ".." + last;
        }
    }

    record Uniform(long first, long last) implements VariableSpec {
        @Override
        public Source source(int stream, int streams, long seed) {
            SplittableRandom random = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + stream);
            return () -> Long.toString(random.nextLong(first, last + 1));
        }

        @Override
        public String text() {
            return "uniform:" + first + ".." + last;
        }
    }

    record Values(List<String> values) implements VariableSpec {
        public Values {
            values = List.copyOf(values);
        }

        @Override
        public Source source(int stream, int streams, long seed) {
            int start = stream % values.size();
            return new Source() {
                private int index = start;

                @Override
                public String next() {
                    String value = values.get(index);
                    index += streams;
                    if (index >= values.size()) {
                        index = start;
                    }
                    return value;
                }
            };
        }

        @Override
        public String text() {
            return "list:" + String.join(",", values);
        }

        @Override
        public List<String> freeTextValues() {
            return values;
        }
    }

    /**
     * Values unique across loops and runs without asking the clock: each source (one per loop per
     * run) draws a random 64-bit prefix from {@link SecureRandom} and counts after it,
     * {@code <13 base-36 digits>-<count in base 36>}. Two sources repeat a value only if they draw
     * the same prefix: for a million sources about one chance in 10^7. At most 24 characters while a
     * loop sends fewer than 36^10 (3.6 * 10^15) requests.
     */
    record Unique() implements VariableSpec {
        /** Thread-safe; on Linux non-blocking (reads /dev/urandom through NativePRNG). */
        private static final SecureRandom PREFIXES = new SecureRandom();

        private static final int PREFIX_DIGITS = 13; // 2^64 - 1 in base 36

        @Override
        public Source source(int stream, int streams, long seed) {
            String digits = Long.toUnsignedString(PREFIXES.nextLong(), 36);
            String prefix = "0".repeat(PREFIX_DIGITS - digits.length()) + digits + "-";
            return new Source() {
                private long next;

                @Override
                public String next() {
                    return prefix + Long.toString(next++, 36);
                }
            };
        }

        @Override
        public String text() {
            return "unique";
        }
    }

    /**
     * Parses {@code seq:A..B}, {@code uniform:A..B}, {@code list:a,b,c} or {@code unique}.
     *
     * @throws InvalidSettingException {@link Setting#VARIABLES}, saying how to write one
     */
    static VariableSpec parse(String text) {
        if (text.trim().equals("unique")) {
            return new Unique();
        }
        int colon = text.indexOf(':');
        String kind = colon < 0 ? "" : text.substring(0, colon).trim();
        String argument = colon < 0 ? "" : text.substring(colon + 1).trim();
        switch (kind) {
            case "seq", "uniform" -> {
                int dots = argument.indexOf("..");
                try {
                    long first = Long.parseLong(
                            argument.substring(0, Math.max(dots, 0)).trim());
                    long last = Long.parseLong(argument.substring(dots + 2).trim());
                    if (dots < 0 || last < first) {
                        throw new NumberFormatException();
                    }
                    return kind.equals("seq") ? new Sequence(first, last) : new Uniform(first, last);
                } catch (RuntimeException e) {
                    throw new InvalidSettingException(
                            Setting.VARIABLES,
                            "'" + text + "': write " + kind + ":FIRST..LAST with integers, FIRST <= LAST");
                }
            }
            case "list" -> {
                List<String> values = Arrays.stream(argument.split(","))
                        .map(String::trim)
                        .filter(v -> !v.isEmpty())
                        .toList();
                if (values.isEmpty()) {
                    throw new InvalidSettingException(
                            Setting.VARIABLES, "'" + text + "': list: needs at least one value");
                }
                return new Values(values);
            }
            default ->
                throw new InvalidSettingException(
                        Setting.VARIABLES,
                        "'" + text + "': a variable is seq:A..B, uniform:A..B, list:a,b,c or unique");
        }
    }
}
