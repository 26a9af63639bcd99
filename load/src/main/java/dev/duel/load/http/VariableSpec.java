package dev.duel.load.http;

import dev.duel.load.InvalidSettingException;
import dev.duel.load.PlanSegment;
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
 *
 * <p>A plan split between load agents ({@link PlanSegment}) splits the values first between the agents, then
 * each agent's between its loops: segment {@code i} of {@code n} of a {@code seq:} or {@code list:} takes the values
 * at positions {@code i, i + n, i + 2n, ...}, so no two agents send the same value and together they visit every
 * value once per cycle, whatever loops each agent has; a {@code uniform:} draws from the seed mixed with the segment;
 * a {@code unique} prefix is {@code i} modulo {@code n}, so that two agents' prefixes always differ.
 */
public sealed interface VariableSpec {
    /** How to fix a reference to a variable that is not declared, naming no flag and no key. */
    String HOW_TO_DECLARE = "declare it as seq:1..100, uniform:1..100, list:a,b or unique";

    /** Values for one event loop. Not thread-safe. */
    interface Source {
        String next();
    }

    /**
     * Values for one loop of a plan run by one engine.
     *
     * @param stream  this loop's index
     * @param streams how many loops draw values
     * @param seed    the run's seed
     */
    default Source source(int stream, int streams, long seed) {
        return source(PlanSegment.WHOLE, stream, streams, seed);
    }

    /**
     * Values for one loop of one segment of a plan.
     *
     * @param segment the plan's segment this engine runs
     * @param stream  this loop's index within the engine
     * @param streams how many loops of this engine draw values
     * @param seed    the run's seed (the whole plan's)
     * @throws InvalidSettingException {@link Setting#VARIABLES}: a {@code seq:} or {@code list:} has fewer values than
     *                                 the plan has segments
     */
    Source source(PlanSegment segment, int stream, int streams, long seed);

    /** How many distinct values the spec makes, where that is finite and small enough to split; else -1. */
    default long valueCount() {
        return -1;
    }

    /** The spec as the user writes it. */
    String text();

    /**
     * The values to check before anything is sent, where they are free text (a list's); empty for
     * the kinds that make only digits, '-' and lower-case base-36 letters, which can be sent anywhere.
     */
    default List<String> freeTextValues() {
        return List.of();
    }

    /**
     * Refuses a range {@code first..last} that is empty or holds more values than a long counts (2^63 - 1): a uniform
     * draw's bound and a sequence's count are {@code last - first + 1}, which would overflow and fail every request.
     */
    private static void requireRange(String kind, long first, long last) {
        if (last < first) {
            throw new InvalidSettingException(
                    Setting.VARIABLES,
                    "'" + kind + ":" + first + ".." + last + "': write " + kind
                            + ":FIRST..LAST with integers, FIRST <= LAST");
        }
        long span = last - first; // overflows to a negative number past Long.MAX_VALUE
        if (span < 0 || span == Long.MAX_VALUE) {
            throw new InvalidSettingException(
                    Setting.VARIABLES,
                    "'" + kind + ":" + first + ".." + last + "': a range holds at most " + Long.MAX_VALUE
                            + " values (LAST - FIRST below " + Long.MAX_VALUE + "): narrow it");
        }
    }

    record Sequence(long first, long last) implements VariableSpec {
        public Sequence {
            requireRange("seq", first, last);
        }

        @Override
        public Source source(PlanSegment segment, int stream, int streams, long seed) {
            Positions positions = Positions.of(this, valueCount(), segment, stream, streams);
            return () -> Long.toString(first + positions.next());
        }

        @Override
        public long valueCount() {
            return last - first + 1;
        }

        @Override
        public String text() {
            return "seq:" + first + ".." + last;
        }
    }

    record Uniform(long first, long last) implements VariableSpec {
        public Uniform {
            requireRange("uniform", first, last);
        }

        @Override
        public Source source(PlanSegment segment, int stream, int streams, long seed) {
            // Segment 0 draws what one engine alone draws; each other segment from its own seed.
            long segmentSeed = seed + segment.index() * 0xBF58476D1CE4E5B9L;
            SplittableRandom random = new SplittableRandom(segmentSeed * 0x9E3779B97F4A7C15L + stream);
            // The bound is exclusive: at LAST = Long.MAX_VALUE draw one below and add one (FIRST > 0 there).
            return last == Long.MAX_VALUE
                    ? () -> Long.toString(random.nextLong(first - 1, last) + 1)
                    : () -> Long.toString(random.nextLong(first, last + 1));
        }

        @Override
        public String text() {
            return "uniform:" + first + ".." + last;
        }
    }

    record Values(List<String> values) implements VariableSpec {
        public Values {
            values = List.copyOf(values);
            if (values.isEmpty()) {
                throw new InvalidSettingException(Setting.VARIABLES, "list: needs at least one value");
            }
        }

        @Override
        public Source source(PlanSegment segment, int stream, int streams, long seed) {
            Positions positions = Positions.of(this, valueCount(), segment, stream, streams);
            return () -> values.get((int) positions.next());
        }

        @Override
        public long valueCount() {
            return values.size();
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
     * loop sends fewer than 36^10 (3.6 * 10^15) requests. In segment {@code i} of {@code n} the prefix
     * (unsigned) is {@code i} modulo {@code n}: two agents of one run never share a prefix.
     */
    record Unique() implements VariableSpec {
        /** Thread-safe; on Linux non-blocking (reads /dev/urandom through NativePRNG). */
        private static final SecureRandom PREFIXES = new SecureRandom();

        private static final int PREFIX_DIGITS = 13; // 2^64 - 1 in base 36

        @Override
        public Source source(PlanSegment segment, int stream, int streams, long seed) {
            String digits = Long.toUnsignedString(prefix(PREFIXES.nextLong(), segment), 36);
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

        /** {@code random} moved to the nearest number below it that is {@code segment.index} modulo its count. */
        static long prefix(long random, PlanSegment segment) {
            long count = segment.count();
            long moved = random - Long.remainderUnsigned(random, count) + segment.index();
            // Past 2^64 - 1 it would wrap to a small number of another residue: step back one count instead.
            return Long.compareUnsigned(moved, random - Long.remainderUnsigned(random, count)) < 0
                    ? moved - count
                    : moved;
        }
    }

    /**
     * Which positions of a finite list of values one loop of one segment takes, in turn: the segment's positions are
     * {@code index, index + count, ...}; the loop takes every {@code streams}-th of those from its own, and starts
     * over at the end of a cycle. Not thread-safe.
     */
    final class Positions {
        private final long segmentIndex;
        private final long segmentCount;
        private final long mine;
        private final long start;
        private final int streams;
        private long next;

        private Positions(long segmentIndex, long segmentCount, long mine, long start, int streams) {
            this.segmentIndex = segmentIndex;
            this.segmentCount = segmentCount;
            this.mine = mine;
            this.start = start;
            this.streams = streams;
            this.next = start;
        }

        static Positions of(VariableSpec spec, long size, PlanSegment segment, int stream, int streams) {
            requireValuesFor(spec, segment.count());
            // Positions index, index + count, ... below size.
            long mine = (size - segment.index() + segment.count() - 1) / segment.count();
            return new Positions(segment.index(), segment.count(), mine, stream % mine, streams);
        }

        long next() {
            long position = segmentIndex + segmentCount * next;
            next += streams;
            if (next >= mine) {
                next = start;
            }
            return position;
        }
    }

    /**
     * Checks that a {@code seq:} or {@code list:} has a value for each of {@code agents} load agents to split.
     *
     * @throws InvalidSettingException {@link Setting#VARIABLES}, naming the variable's spec and the fix
     */
    static void requireValuesFor(VariableSpec spec, int agents) {
        long values = spec.valueCount();
        if (values >= 0 && values < agents) {
            throw new InvalidSettingException(
                    Setting.VARIABLES,
                    "'" + spec.text() + "' has " + values + " values, fewer than the " + agents
                            + " load agents that split them: give it at least " + agents
                            + " values, or use fewer agents");
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
                long first;
                long last;
                try {
                    first = Long.parseLong(
                            argument.substring(0, Math.max(dots, 0)).trim());
                    last = Long.parseLong(argument.substring(dots + 2).trim());
                    if (dots < 0 || last < first) {
                        throw new NumberFormatException();
                    }
                } catch (RuntimeException e) {
                    throw new InvalidSettingException(
                            Setting.VARIABLES,
                            "'" + text + "': write " + kind + ":FIRST..LAST with integers, FIRST <= LAST");
                }
                return kind.equals("seq") ? new Sequence(first, last) : new Uniform(first, last);
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
