package dev.duel.suite.file;

import dev.duel.suite.Suite;
import java.time.Duration;
import java.util.Locale;

/**
 * {@code interleave:}: the slice an interleaved pair hands the load over in, and whether its two sides warm up at once
 * or in turns. Only with {@code order: interleaved}. Stateless.
 */
final class InterleaveSection {
    /** The shortest slice: under it a switch's first moments (a closed loop refilling, a cold cache) would weigh much. */
    static final Duration MIN_SLICE = Duration.ofMillis(200);

    private InterleaveSection() {}

    /** The least gap between warm-up and main where a side moves back to the targets' CPUs in it. */
    static final Duration MIN_APART_GAP = Duration.ofSeconds(1);

    /**
     * {@code interleave:} as written, checked against the suite's order and, for a warm-up apart, against each
     * scenario's gap (where a side moves back onto the targets' CPUs before main).
     */
    static Suite.Interleave interleave(
            SuiteFile.InterleaveEntry entry, Suite.Order order, java.util.List<dev.duel.suite.Scenario> scenarios) {
        Suite.Interleave interleave = interleave(entry, order);
        if (interleave != null && interleave.movesSidesForWarmup()) {
            for (int i = 0; i < scenarios.size(); i++) {
                if (scenarios.get(i).timing() instanceof dev.duel.load.Timing.Phases phases
                        && phases.gap().compareTo(MIN_APART_GAP) < 0) {
                    throw new Problem(
                            "scenarios[" + i + "].phases.gap",
                            "is at least " + MIN_APART_GAP.toSeconds() + " s with interleave.warmup: "
                                    + interleave.warmup().name().toLowerCase(Locale.ROOT) + " (a side warms up on"
                                    + " other CPUs than its own and moves back in the gap, before main's slices), got "
                                    + phases.gap().toMillis() / 1e3 + " s");
                }
            }
        }
        return interleave;
    }

    static Suite.Interleave interleave(SuiteFile.InterleaveEntry entry, Suite.Order order) {
        if (order != Suite.Order.INTERLEAVED) {
            if (entry != null) {
                throw new Problem(
                        "interleave",
                        "shapes the slices of order: interleaved; this suite's order is " + order.key()
                                + ": remove it, or set order: interleaved");
            }
            return null;
        }
        if (entry == null) {
            return Suite.Interleave.DEFAULT;
        }
        Duration slice = Values.duration("interleave.slice", entry.slice(), Suite.Interleave.DEFAULT_SLICE);
        if (slice.compareTo(MIN_SLICE) < 0) {
            throw new Problem(
                    "interleave.slice",
                    "is at least " + MIN_SLICE.toMillis() + " ms (each switch's first moments would weigh too much),"
                            + " got " + entry.slice());
        }
        Suite.Interleave.Compilers compilers = compilers(entry.compilers());
        Duration stable = stable(entry.stable());
        String warmup = entry.warmup() == null ? "apart" : entry.warmup().toLowerCase(Locale.ROOT);
        for (Suite.Interleave.Warmup each : java.util.List.of(
                Suite.Interleave.Warmup.APART, Suite.Interleave.Warmup.TOGETHER, Suite.Interleave.Warmup.SPREAD)) {
            if (warmup.equals(each.name().toLowerCase(Locale.ROOT))) {
                return new Suite.Interleave(slice, each, Duration.ZERO, compilers, stable);
            }
        }
        Duration turn;
        try {
            turn = Values.duration("interleave.warmup", entry.warmup(), Duration.ZERO);
        } catch (Problem e) {
            turn = Duration.ZERO;
        }
        if (turn.isZero() || turn.toNanos() % 1_000_000_000L != 0) {
            throw new Problem(
                    "interleave.warmup",
                    "is 'apart' (each side on CPUs of its own at once, the default), 'together' (both at once on the"
                            + " targets' CPUs), 'spread' (both at once over every CPU, the load generator's too) or a"
                            + " turn of whole seconds (in turns, e.g. 5s), got " + entry.warmup());
        }
        return new Suite.Interleave(slice, Suite.Interleave.Warmup.IN_TURNS, turn, compilers, stable);
    }

    /** {@code interleave.stable}: whole seconds, at least {@link Suite.Interleave#MIN_STABLE}. */
    private static Duration stable(String written) {
        Duration stable = Values.duration("interleave.stable", written, Suite.Interleave.DEFAULT_STABLE);
        if (stable.compareTo(Suite.Interleave.MIN_STABLE) < 0 || stable.toNanos() % 1_000_000_000L != 0) {
            throw new Problem(
                    "interleave.stable",
                    "is whole seconds, at least " + Suite.Interleave.MIN_STABLE.toSeconds() + " s (the steady stretch"
                            + " each side's auto warm-up ends on; shorter, a plateau of a climb passes for its end),"
                            + " got " + written);
        }
        return stable;
    }

    private static Suite.Interleave.Compilers compilers(String written) {
        if (written == null) {
            return Suite.Interleave.Compilers.RAISED;
        }
        for (Suite.Interleave.Compilers each : Suite.Interleave.Compilers.values()) {
            if (each.key().equals(written.strip().toLowerCase(Locale.ROOT))) {
                return each;
            }
        }
        throw new Problem(
                "interleave.compilers",
                "is 'raised' (the JIT compiler threads at a higher priority while the pair warms up on shared CPUs,"
                        + " the default) or 'as-is', got " + written);
    }
}
