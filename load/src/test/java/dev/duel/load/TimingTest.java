package dev.duel.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The settings of a warm-up until steady are checked where they are made, whatever front end gave them. */
class TimingTest {
    @Test
    void aWarmUpUntilSteadyWithoutAMinimumHasAFloorOfZero() {
        assertEquals(Duration.ZERO, new Timing.Warmup.UntilSteady(Duration.ofSeconds(30)).min());
    }

    @Test
    void aMinimumAboveTheMaximumIsRefusedNamingTheFix() {
        InvalidSettingException e = assertThrows(
                InvalidSettingException.class,
                () -> new Timing.Warmup.UntilSteady(Duration.ofSeconds(50), Duration.ofSeconds(46)));
        assertEquals(Setting.MIN_WARMUP, e.setting());
        assertEquals("is 50.0 s, above the maximum warm-up of 46.0 s: lower it, or raise the maximum", e.problem());
    }

    @Test
    void aNegativeMinimumIsRefused() {
        InvalidSettingException e = assertThrows(
                InvalidSettingException.class,
                () -> new Timing.Warmup.UntilSteady(Duration.ofSeconds(-1), Duration.ofSeconds(46)));
        assertEquals(Setting.MIN_WARMUP, e.setting());
    }

    @Test
    void aMinimumEqualToTheMaximumIsAllowed() {
        assertEquals(
                Duration.ofSeconds(46),
                new Timing.Warmup.UntilSteady(Duration.ofSeconds(46), Duration.ofSeconds(46)).min());
    }
}
