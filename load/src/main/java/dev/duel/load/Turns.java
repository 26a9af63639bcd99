package dev.duel.load;

/**
 * Which of two engines sends load when, for an interleaved pair: two targets alive at once, the whole load on one at a
 * time. Each engine runs its own plan against its own target with the same time line (they begin at one instant,
 * {@link StartGate#startNanos}); this says, as a pure function of the moment, whether this engine's side holds the
 * load.
 *
 * <p>Warm-up: both sides send at once ({@code warmupTurnNanos} 0), or each holds alternating turns of
 * {@code warmupTurnNanos} counted from the run's start, side 0 first. Gap: neither. Main: slices of
 * {@code sliceNanos} counted from main's start, in blocks of four, each block ABBA or BAAB (A is side 0) drawn from
 * {@code seed} and the block's index alone: a drift that is linear over a block cancels inside it, and the draw keeps a
 * disturbance that comes back at a fixed period from lining up with one side. Both sides compute the same blocks from
 * the same seed, so between them every moment of main has exactly one sender.
 *
 * <p>Immutable and thread-safe. Times are nanoseconds since the run's start or since main's start, as each method says.
 *
 * @param side            0 (A) or 1 (B); {@link #ALWAYS} holds the load throughout
 * @param warmupTurnNanos length of a warm-up turn, nanoseconds; 0: both sides warm up at once
 * @param sliceNanos      length of a slice of main, nanoseconds
 * @param seed            the seed of the blocks' orders
 */
public record Turns(int side, long warmupTurnNanos, long sliceNanos, long seed) {
    /** A run made alone: it holds the load whenever its phase sends load. */
    public static final Turns ALWAYS = new Turns(-1, 0, Long.MAX_VALUE, 0);

    /** Slices in a block: ABBA or BAAB. */
    public static final int SLICES_PER_BLOCK = 4;

    public Turns {
        if (side < -1 || side > 1) {
            throw new IllegalArgumentException("a side is 0 or 1, got " + side);
        }
        if (warmupTurnNanos < 0 || sliceNanos <= 0) {
            throw new IllegalArgumentException(
                    "warm-up turns of 0 or more and slices of more than 0 ns: " + warmupTurnNanos + ", " + sliceNanos);
        }
    }

    /** True for one side of an interleaved pair, false for a run made alone. */
    public boolean interleaved() {
        return side >= 0;
    }

    /** Whether this side sends {@code sinceStartNanos} into warm-up. */
    public boolean holdsInWarmup(long sinceStartNanos) {
        if (!interleaved() || warmupTurnNanos == 0) {
            return true;
        }
        return Math.floorMod(Math.floorDiv(sinceStartNanos, warmupTurnNanos), 2) == side;
    }

    /** The start of this side's next warm-up turn at or after {@code sinceStartNanos}, since the run's start. */
    public long nextWarmupTurnNanos(long sinceStartNanos) {
        if (holdsInWarmup(sinceStartNanos)) {
            return sinceStartNanos;
        }
        return (Math.floorDiv(sinceStartNanos, warmupTurnNanos) + 1) * warmupTurnNanos;
    }

    /** The slice of main {@code sinceMainNanos} falls in: 0 from main's start. */
    public long sliceAt(long sinceMainNanos) {
        return Math.floorDiv(sinceMainNanos, sliceNanos);
    }

    /** The side that holds slice {@code slice} of main (0 or 1); for a run made alone, its own. */
    public int sideOf(long slice) {
        if (!interleaved()) {
            return side;
        }
        long block = Math.floorDiv(slice, SLICES_PER_BLOCK);
        int position = Math.floorMod(slice, SLICES_PER_BLOCK);
        boolean abba = (mix(seed, block) & 1) == 0;
        boolean outer = position == 0 || position == SLICES_PER_BLOCK - 1;
        // ABBA: A holds the outer slices; BAAB: B does.
        return outer == abba ? 0 : 1;
    }

    /** Whether this side holds slice {@code slice} of main. */
    public boolean holdsSlice(long slice) {
        return !interleaved() || sideOf(slice) == side;
    }

    /** Whether this side sends {@code sinceMainNanos} into main. */
    public boolean holdsInMain(long sinceMainNanos) {
        return holdsSlice(sliceAt(sinceMainNanos));
    }

    /** The start of this side's next slice at or after {@code sinceMainNanos}, since main's start. */
    public long nextSliceNanos(long sinceMainNanos) {
        long slice = sliceAt(sinceMainNanos);
        if (holdsSlice(slice)) {
            return sinceMainNanos;
        }
        // Every block holds two slices of each side: the next one is at most two blocks on.
        for (long next = slice + 1; ; next++) {
            if (holdsSlice(next)) {
                return next * sliceNanos;
            }
        }
    }

    /** A splitmix64 finaliser of (seed, block): neighbouring blocks get unrelated draws. */
    private static long mix(long seed, long block) {
        long z = seed * 0x9E3779B97F4A7C15L + (block + 1) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
