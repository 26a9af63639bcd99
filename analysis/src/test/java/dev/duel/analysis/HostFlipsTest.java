package dev.duel.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.record.HostSpeed;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The host's flips on a CPU, from its per-second speed: levels that hold, not single noisy seconds. */
class HostFlipsTest {
    /** 20 units at the fast level, 14 at the slow one, ±5% noise, slow in [from, to) of each pair. */
    private static HostSpeed series(int seconds, long seed, int... slowStretches) {
        Random random = new Random(seed);
        List<Double> cpu0 = new ArrayList<>();
        for (int s = 0; s < seconds; s++) {
            boolean slow = false;
            for (int i = 0; i < slowStretches.length; i += 2) {
                slow |= s >= slowStretches[i] && s < slowStretches[i + 1];
            }
            cpu0.add((slow ? 14.0 : 20.0) * (1 + 0.05 * (2 * random.nextDouble() - 1)));
        }
        return new HostSpeed(List.of("0"), List.of(cpu0), List.of(0.005));
    }

    @Test
    void flipsAreFoundWhereTheLevelChangesAndHolds() {
        for (long seed = 1; seed <= 50; seed++) {
            HostFlips.Flips flips = HostFlips.of(series(120, seed, 30, 55, 80, 90), "0", 0, 120);
            assertEquals(List.of(30, 55, 80, 90), flips.flipSeconds(), "seed " + seed);
            assertEquals(35, flips.slowSeconds());
            assertEquals(0.70, flips.slowToFast(), 0.03);
            assertTrue(
                    flips.describe().matches("flipped 4 times on CPU 0 \\(to 0\\.\\d\\dx for 35 of 120 s\\)"),
                    flips.describe());
        }
    }

    @Test
    void countsAreSaidAsAReaderSaysThem() {
        assertEquals("flipped once", HostFlips.flipped(1));
        assertEquals("flipped twice", HostFlips.flipped(2));
        assertEquals("flipped 3 times", HostFlips.flipped(3));
        HostFlips.Flips two = HostFlips.of(series(120, 9, 40, 70), "0", 0, 120);
        assertTrue(two.describe().startsWith("flipped twice on CPU 0"), two.describe());
    }

    @Test
    void aSteadyHostHasNoFlipAndOneSlowSecondIsNoFlip() {
        for (long seed = 1; seed <= 50; seed++) {
            HostFlips.Flips steady = HostFlips.of(series(120, seed), "0", 0, 120);
            assertEquals(0, steady.count(), "seed " + seed);
            assertEquals("steady on CPU 0", steady.describe());
        }
        HostFlips.Flips one = HostFlips.of(series(60, 3, 20, 21), "0", 0, 60);
        assertEquals(0, one.count(), "a single slow second is noise, not a flip");
    }

    @Test
    void aStretchJudgesAgainstTheWholeSeriesFastLevel() {
        // Slow through the stretch [10, 40) asked about: slow throughout there, though it never flipped inside it.
        HostFlips.Flips inside = HostFlips.of(series(100, 5, 0, 50), "0", 10, 40);
        assertEquals(0, inside.count());
        assertEquals(30, inside.slowSeconds());
        assertTrue(inside.describe().startsWith("slow throughout on CPU 0"), inside.describe());
        assertNull(HostFlips.of(series(10, 1), "7", 0, 10), "a CPU not probed");
    }
}
