package dev.duel.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.record.HostSpeed;
import dev.duel.record.load.SliceResult;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;

/** One interleaved pair's ratio from its slices: blocks of ABBA or BAAB, flips of the host left out. */
class InterleavedRatioTest {
    private static final double SLICE_MILLIS = 2_000;

    /**
     * Both sides' slices of {@code slices} slices of main, each block ABBA or BAAB drawn from {@code seed} (as the
     * engine's turns draw them), rate(slice, side) each.
     */
    private static List<List<SliceResult>> slices(int slices, long seed, RateOf rate) {
        java.util.Random draw = new java.util.Random(seed);
        List<List<SliceResult>> sides = List.of(new ArrayList<>(), new ArrayList<>());
        boolean abba = true;
        for (long slice = 0; slice < slices; slice++) {
            if (slice % 4 == 0) {
                abba = draw.nextBoolean();
            }
            boolean outer = slice % 4 == 0 || slice % 4 == 3;
            int side = outer == abba ? 0 : 1;
            long ok = Math.round(rate.of(slice, side) * SLICE_MILLIS / 1_000);
            List<Long> tenths = new ArrayList<>(Collections.nCopies(10, ok / 10));
            tenths.set(9, ok - 9 * (ok / 10));
            sides.get(side).add(new SliceResult(slice, 10_000 + slice * SLICE_MILLIS, SLICE_MILLIS, ok, 0, tenths));
        }
        return sides;
    }

    @FunctionalInterface
    interface RateOf {
        double of(long slice, int side);
    }

    @Test
    void aConstantRatioIsFoundExactlyWhateverALinearDriftDoes() {
        for (long seed = 1; seed <= 20; seed++) {
            // The host slows by 1% a slice, for both: ABBA and BAAB put each side's slices at the same mean time.
            List<List<SliceResult>> sides =
                    slices(40, seed, (slice, side) -> 20_000 * (1 - 0.01 * slice) * (side == 1 ? 1.1 : 1.0));
            InterleavedRatio.Pair pair = InterleavedRatio.of(sides.get(0), sides.get(1), null, null);
            assertEquals(9, pair.blocks(), "ten blocks, the first of them main's lead-in");
            assertTrue(pair.leadInLeftOut());
            assertEquals(1.1, pair.ratio(), 0.002, "seed " + seed);
            assertEquals(0, pair.blocksCutByFlip());
        }
    }

    @Test
    void blocksANeighbourStartedOrStoppedInAreLeftOutOfBothSidesAndThoseItRanThroughKept() {
        // Main from 10 s, blocks of 8 s; from main's 30 s to its 50 s another process takes 40% of the CPU from
        // whichever side holds the load, and the noise gate's windows of main show it busy outside duel, second by
        // second. It starts inside block 3 ([24, 32) s) and stops inside block 6 ([48, 56) s): there one side's slices
        // met it and the other's did not. Blocks 4 and 5 it ran all through: both sides met it alike, their ratio
        // holds.
        int biased = 0;
        for (long seed = 1; seed <= 20; seed++) {
            List<List<SliceResult>> sides = slices(40, seed, (slice, side) -> {
                double mainSeconds = slice * SLICE_MILLIS / 1_000;
                boolean neighbour = mainSeconds >= 30 && mainSeconds < 50;
                return 20_000 * (neighbour ? 0.6 : 1.0) * (side == 1 ? 1.1 : 1.0);
            });
            List<dev.duel.record.RunRecord.NoiseWindow> windows = new ArrayList<>();
            for (int second = 0; second < 80; second++) {
                boolean busy = second >= 30 && second < 50;
                windows.add(new dev.duel.record.RunRecord.NoiseWindow(
                        "json",
                        false,
                        dev.duel.record.Phase.MAIN,
                        second + 0.004,
                        1.0,
                        busy ? 0.4 : 0.01,
                        0,
                        busy ? 0.6 : 1.0,
                        0,
                        1.0,
                        false,
                        busy));
            }
            double mainStart = InterleavedRatio.mainStartMillis(sides.get(1));
            assertEquals(10_000, mainStart, 1e-9);
            List<double[]> main = InterleavedRatio.mainWindows(windows, "json", mainStart);
            assertEquals(80, main.size());
            assertEquals(
                    0,
                    InterleavedRatio.mainWindows(windows, "product", mainStart).size());

            InterleavedRatio.Pair blind = InterleavedRatio.of(sides.get(0), sides.get(1), null, null);
            InterleavedRatio.Pair seeing = InterleavedRatio.of(sides.get(0), sides.get(1), null, null, List.of(main));
            biased += Math.abs(blind.ratio() - 1.1) > 0.01 ? 1 : 0;
            assertEquals(9, blind.blocks());
            assertEquals(7, seeing.blocks(), seeing.describe());
            assertEquals(2, seeing.blocksCutByOther());
            assertEquals(1.1, seeing.ratio(), 0.002, "seed " + seed);
            assertTrue(seeing.describe().contains("2 cut by another process"), seeing.describe());
            // Each side alone sees the same blocks: the suite's gate keeps the pair on them.
            for (List<SliceResult> side : sides) {
                int[] counts = InterleavedRatio.blocks(side, main);
                assertEquals(10, counts[0], "blocks");
                assertEquals(2, counts[1], "cut");
            }
        }
        assertTrue(biased >= 10, "blind to the windows, the neighbour leans the ratio in most draws: " + biased);
    }

    @Test
    void aBlockTheHostFlipsInsideIsLeftOutOfBothSidesAndCounted() {
        // Main from 10 s; the host on CPU 0 runs at half speed from 29 s to 45 s: it flips inside block 2 ([26, 34) s)
        // and block 4 ([42, 50) s), each time in the middle of a slice, and block 3 ([34, 42) s) lies wholly in the
        // slow stretch.
        DoubleUnaryOperator speedAt = second -> second >= 29 && second < 45 ? 0.5 : 1.0;
        List<List<SliceResult>> sides = slices(24, 5, (slice, side) -> {
            double start = 10 + slice * 2;
            double speed = (speedAt.applyAsDouble(start) + speedAt.applyAsDouble(start + 1)) / 2;
            return 20_000 * speed * (side == 1 ? 0.9 : 1.0);
        });
        List<Double> cpu0 = new ArrayList<>();
        for (int second = 0; second < 70; second++) {
            cpu0.add(20.0 * speedAt.applyAsDouble(second));
        }
        HostSpeed speed = new HostSpeed(List.of("0"), List.of(cpu0), List.of(0.005));
        InterleavedRatio.Pair blind = InterleavedRatio.of(sides.get(0), sides.get(1), null, null);
        InterleavedRatio.Pair seeing = InterleavedRatio.of(sides.get(0), sides.get(1), speed, List.of("0"));
        assertEquals(2, seeing.blocksCutByFlip(), seeing.describe());
        assertEquals(3, seeing.blocks());
        assertEquals(0.9, seeing.ratio(), 0.002, "the blocks left are exact");
        // Without the host's speed the cut blocks stay in, and pull the ratio off (which way depends on the draw).
        assertEquals(5, blind.blocks());
        assertTrue(
                Math.abs(blind.ratio() - 0.9) > Math.abs(seeing.ratio() - 0.9) + 0.002,
                "a flip inside a block moves its ratio: " + blind.describe());
        assertTrue(seeing.describe().contains("2 cut by a flip of the host left out"), seeing.describe());
        // Each side alone, knowing only when its own slices ran, finds the same two blocks cut (the lead-in is counted,
        // as the gate counts every block): the suite's noise gate judges the pair on them.
        for (List<SliceResult> side : sides) {
            assertEquals(
                    List.of(6, 0, 2),
                    java.util.Arrays.stream(InterleavedRatio.blocks(side, List.of(), speed, List.of("0")))
                            .boxed()
                            .toList());
            assertEquals(
                    List.of(6, 0, 0),
                    java.util.Arrays.stream(InterleavedRatio.blocks(side, List.of(), speed, List.of("1")))
                            .boxed()
                            .toList(),
                    "CPU 1 was not probed: nothing is judged on it");
        }
    }

    @Test
    void aProbeThatDoesNotMoveBeyondItsOwnSpreadCutsNothing() {
        List<List<SliceResult>> sides = slices(40, 3, (slice, side) -> 20_000);
        List<Double> cpu0 = new ArrayList<>();
        java.util.Random random = new java.util.Random(7);
        for (int second = 0; second < 100; second++) {
            cpu0.add(20.0 * (1 + 0.05 * (random.nextDouble() * 2 - 1)));
        }
        HostSpeed speed = new HostSpeed(List.of("0"), List.of(cpu0), List.of(0.005));
        assertEquals(
                0,
                InterleavedRatio.of(sides.get(0), sides.get(1), speed, List.of("0"))
                        .blocksCutByFlip());
    }

    @Test
    void incompleteBlocksAreLeftOutAndTheFirstTenthsAreMeasured() {
        List<List<SliceResult>> sides = slices(22, 9, (slice, side) -> 10_000);
        InterleavedRatio.Pair pair = InterleavedRatio.of(sides.get(0), sides.get(1), null, null);
        assertEquals(4, pair.blocks());
        assertEquals(1, pair.blocksIncomplete(), "slices 20 and 21 make half a block");
        assertEquals(1.0, pair.firstTenthShare(), 1e-9);
        assertTrue(pair.logStandardError() > 0 || pair.logStandardError() != pair.logStandardError());
        assertEquals(1.0, pair.ratio(), 1e-12);
    }

    @Test
    void thePairsOwnErrorComesFromTheBlocksSpread() {
        java.util.Random random = new java.util.Random(11);
        List<List<SliceResult>> sides = slices(
                80, 13, (slice, side) -> 20_000 * Math.exp(0.05 * random.nextGaussian()) * (side == 1 ? 1.05 : 1));
        InterleavedRatio.Pair pair = InterleavedRatio.of(sides.get(0), sides.get(1), null, null);
        assertEquals(19, pair.blocks());
        // Slice noise 5%: a block's log ratio has sd 0.05 (two slices a side), so the mean of 20 has about 0.011.
        assertEquals(0.011, pair.logStandardError(), 0.005);
        assertEquals(1.05, pair.ratio(), 3 * pair.logStandardError());
    }

    /**
     * Main's first slice follows the switch from warm-up: measured on the demo's /products/{id}, its side served 4-16%
     * less there than in its other slices. Left in, whichever side the first block's draw puts first takes that; as the
     * lead-in, the block is left out of both sides where a later block is whole, and kept (and not said left out) in a
     * main of one block.
     */
    @Test
    void mainsFirstBlockIsALeadInLeftOutOfBothSides() {
        for (long seed = 1; seed <= 20; seed++) {
            List<List<SliceResult>> sides =
                    slices(8, seed, (slice, side) -> 20_000 * (side == 1 ? 1.05 : 1.0) * (slice == 0 ? 0.85 : 1.0));
            InterleavedRatio.Pair pair = InterleavedRatio.of(sides.get(0), sides.get(1), null, null);
            assertEquals(1, pair.blocks(), pair.describe());
            assertTrue(pair.leadInLeftOut());
            assertEquals(1.05, pair.ratio(), 1e-3, "seed " + seed + ": the slow first slice is in no side's rate");
            assertTrue(
                    pair.describe().contains("over 1 blocks of 4 x 2 s after main's lead-in block"), pair.describe());

            List<List<SliceResult>> one = slices(4, seed, (slice, side) -> 20_000 * (side == 1 ? 1.05 : 1.0));
            InterleavedRatio.Pair alone = InterleavedRatio.of(one.get(0), one.get(1), null, null);
            assertEquals(1, alone.blocks());
            assertTrue(!alone.leadInLeftOut(), "a main of one block keeps it");
        }
    }
}
