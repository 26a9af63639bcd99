package dev.duel.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Issue 24, item 10: {@code --duration 99999999999h} parsed to 292 years of nanoseconds, overflowed the engine's time
 * line and the run ended at once. A run's phases now last at most {@link Timing#LONGEST}, each refusal naming its
 * setting.
 */
class TimingLimitsTest {
    private static InvalidSettingException refused(Runnable make) {
        return assertThrows(InvalidSettingException.class, make::run);
    }

    @Test
    void phasesLongerThanTheLongestRunAreRefusedNamingTheSetting() {
        Duration huge = Durations.parse("99999999999h");
        Duration second = Duration.ofSeconds(1);
        assertEquals(
                Setting.DURATION,
                refused(() -> new Timing.Phases(second, Duration.ZERO, huge)).setting());
        assertEquals(
                Setting.WARMUP,
                refused(() -> new Timing.Phases(huge, Duration.ZERO, second)).setting());
        assertEquals(
                Setting.GAP,
                refused(() -> new Timing.Phases(second, huge, second)).setting());
        assertEquals(
                Setting.MAX_WARMUP,
                refused(() -> new Timing.Phases(new Timing.Warmup.UntilSteady(huge), Duration.ZERO, second))
                        .setting());
        // Each within the bound, together past it.
        InvalidSettingException together =
                refused(() -> new Timing.Phases(Duration.ofDays(20), Duration.ZERO, Duration.ofDays(20)));
        assertTrue(together.getMessage().contains("at most 30 days (2592000 s) together"), together.getMessage());
        assertEquals(
                Setting.WINDOWS,
                refused(() -> new Timing.Windows(100_000, Duration.ofMinutes(1), second))
                        .setting());
        // The longest run allowed is still a run.
        new Timing.Phases(Duration.ofDays(10), Duration.ZERO, Duration.ofDays(20));
    }
}
