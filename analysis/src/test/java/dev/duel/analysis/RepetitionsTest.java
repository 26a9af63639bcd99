package dev.duel.analysis;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Which sessions' runs are paired by repetition. */
class RepetitionsTest {
    @Test
    void alternatingRepetitionsRanBackToBack() {
        // a1 b1 | b2 a2 | a3 b3, and a third target: a1 b1 c1 | c2 b2 a2
        assertTrue(Repetitions.backToBack(new int[] {1, 2, 3, 4, 5, 6}, new int[] {1, 1, 2, 2, 3, 3}));
        assertTrue(Repetitions.backToBack(new int[] {1, 2, 3, 4, 5, 6}, new int[] {1, 1, 1, 2, 2, 2}));
        assertTrue(Repetitions.backToBack(new int[] {4, 3, 2, 1}, new int[] {2, 2, 1, 1}), "any order read");
    }

    @Test
    void sequentialRepetitionsDidNot() {
        // a1 a2 a3 b1 b2 b3: repetition 1 at places 1 and 4
        assertFalse(Repetitions.backToBack(new int[] {1, 2, 3, 4, 5, 6}, new int[] {1, 2, 3, 1, 2, 3}));
    }

    @Test
    void aRunLostFromTheRecordsLeavesTheRestPaired() {
        // a1 b1 | b2 (a2 lost) | a3 b3
        assertTrue(Repetitions.backToBack(new int[] {1, 2, 3, 5, 6}, new int[] {1, 1, 2, 3, 3}));
        // a1 b1 c1 with b1 lost: a1 and c1 are two places apart, with no run of another repetition between them
        assertTrue(Repetitions.backToBack(new int[] {1, 3, 4, 5, 6}, new int[] {1, 1, 2, 2, 2}));
    }
}
