package dev.duel.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The interleaved pair's turns: one sender at every moment, ABBA or BAAB blocks drawn from the seed. */
class TurnsTest {
    private static final long MS = 1_000_000L;
    private static final long SLICE = 2_000 * MS;

    @Test
    void everySliceOfMainHasExactlyOneSenderAndEveryBlockTwoOfEach() {
        for (long seed = 1; seed <= 50; seed++) {
            Turns a = new Turns(0, 0, SLICE, seed);
            Turns b = new Turns(1, 0, SLICE, seed);
            for (long slice = 0; slice < 400; slice++) {
                assertNotEquals(a.holdsSlice(slice), b.holdsSlice(slice), "seed " + seed + ", slice " + slice);
                assertEquals(a.sideOf(slice), b.sideOf(slice));
            }
            for (long block = 0; block < 100; block++) {
                int heldByA = 0;
                for (int i = 0; i < Turns.SLICES_PER_BLOCK; i++) {
                    heldByA += a.holdsSlice(block * 4 + i) ? 1 : 0;
                }
                assertEquals(2, heldByA, "two slices of each side in block " + block);
                // ABBA or BAAB: the outer two slices belong to one side, the inner two to the other.
                assertEquals(a.sideOf(block * 4), a.sideOf(block * 4 + 3));
                assertEquals(a.sideOf(block * 4 + 1), a.sideOf(block * 4 + 2));
            }
        }
    }

    @Test
    void aLinearDriftCancelsInsideEveryBlock() {
        // Slice k measured at speed 1 + 0.01 k: the mean position of A's slices in a block equals B's.
        Turns a = new Turns(0, 0, SLICE, 7);
        for (long block = 0; block < 50; block++) {
            double sumA = 0;
            double sumB = 0;
            for (int i = 0; i < 4; i++) {
                long slice = block * 4 + i;
                if (a.holdsSlice(slice)) {
                    sumA += slice;
                } else {
                    sumB += slice;
                }
            }
            assertEquals(sumA, sumB, 1e-9);
        }
    }

    @Test
    void theBlocksOrdersAreDrawnNotFixed() {
        Turns a = new Turns(0, 0, SLICE, 3);
        int abba = 0;
        int blocks = 4_000;
        for (long block = 0; block < blocks; block++) {
            abba += a.sideOf(block * 4) == 0 ? 1 : 0;
        }
        // Binomial(4000, 1/2): sd 31.6; six of them either way.
        assertTrue(Math.abs(abba - blocks / 2) < 190, "ABBA blocks: " + abba + " of " + blocks);
        // Another seed draws other orders.
        Turns other = new Turns(0, 0, SLICE, 4);
        int same = 0;
        for (long block = 0; block < 400; block++) {
            same += a.sideOf(block * 4) == other.sideOf(block * 4) ? 1 : 0;
        }
        assertTrue(same > 140 && same < 260, "two seeds agree on " + same + " of 400 blocks");
    }

    @Test
    void theNextSliceIsTheFirstThisSideHoldsAtOrAfterTheMoment() {
        for (int side = 0; side < 2; side++) {
            Turns turns = new Turns(side, 0, SLICE, 11);
            for (long at = 0; at < 200 * SLICE; at += 333 * MS) {
                long next = turns.nextSliceNanos(at);
                assertTrue(next >= at);
                assertTrue(turns.holdsInMain(next), "holds at " + next);
                for (long between = at; between < next; between += 100 * MS) {
                    assertFalse(turns.holdsInMain(between), "a slice held before the one found, at " + between);
                }
                assertTrue(next - at <= 3 * SLICE, "at most three slices of the other side in a row");
            }
        }
    }

    @Test
    void warmUpTogetherOrInTurnsSideZeroFirst() {
        Turns together = new Turns(1, 0, SLICE, 1);
        assertTrue(together.holdsInWarmup(0));
        assertTrue(together.holdsInWarmup(123_456 * MS));
        Turns a = new Turns(0, 5_000 * MS, SLICE, 1);
        Turns b = new Turns(1, 5_000 * MS, SLICE, 1);
        for (long at = 0; at < 60_000 * MS; at += 250 * MS) {
            assertNotEquals(a.holdsInWarmup(at), b.holdsInWarmup(at), "at " + at);
        }
        assertTrue(a.holdsInWarmup(4_999 * MS));
        assertTrue(b.holdsInWarmup(5_000 * MS));
        assertEquals(10_000 * MS, a.nextWarmupTurnNanos(5_000 * MS));
        assertEquals(5_000 * MS, b.nextWarmupTurnNanos(10));
    }

    @Test
    void aRunAloneAlwaysHoldsAndBadTurnsAreRefused() {
        assertTrue(Turns.ALWAYS.holdsInMain(17 * SLICE));
        assertTrue(Turns.ALWAYS.holdsInWarmup(3));
        assertFalse(Turns.ALWAYS.interleaved());
        assertThrows(IllegalArgumentException.class, () -> new Turns(2, 0, SLICE, 1));
        assertThrows(IllegalArgumentException.class, () -> new Turns(0, 0, 0, 1));
        assertThrows(IllegalArgumentException.class, () -> new Turns(0, -1, SLICE, 1));
    }
}
