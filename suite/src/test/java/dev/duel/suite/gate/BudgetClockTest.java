package dev.duel.suite.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class BudgetClockTest {
    private static final Instant T0 = Instant.parse("2026-12-07T18:00:00Z");

    private static Instant at(double seconds) {
        return T0.plusMillis(Math.round(seconds * 1_000));
    }

    @Test
    void aDiscardedPairIsMadeAgainOnlyWhenAnotherAttemptAsLongFitsWhatIsLeft() {
        // 200 s left when the pair began; its first attempt took 80 s: 120 s left, another 80 s fits.
        assertTrue(BudgetClock.anotherAttemptFits(200.0, at(0), at(0), at(80)));
        // 150 s left: 70 s after the first attempt, and another would take 80 s.
        assertFalse(BudgetClock.anotherAttemptFits(150.0, at(0), at(0), at(80)));
        // The second attempt (from 81 s to 161 s) after 400 s left: 239 s left, a third fits; after 240 s left, not.
        assertTrue(BudgetClock.anotherAttemptFits(400.0, at(0), at(81), at(161)));
        assertFalse(BudgetClock.anotherAttemptFits(240.0, at(0), at(81), at(161)));
        // Exactly what is left still fits: the budget is spent, not overrun.
        assertTrue(BudgetClock.anotherAttemptFits(160.0, at(0), at(0), at(80)));
        // No budget: the suite's retries alone decide.
        assertTrue(BudgetClock.anotherAttemptFits(null, at(0), at(0), at(10_000)));
    }

    @Test
    void aRunNotMeasuredAgainForWantOfTimeSaysWhatAnotherWouldHaveTakenAndWhatWasLeft() {
        assertEquals(
                "noise: x; not measured again: another attempt (about 83 s) would not fit the 41 s left of the budget",
                RunVerdict.noTimeForAnother("noise: x", 83.2, 40.6));
        assertEquals(
                "noise: x; not measured again: another attempt (about 83 s) would not fit the 0 s left of the budget",
                RunVerdict.noTimeForAnother("noise: x", 83.2, -12));
    }
}
