package dev.duel.suite.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.duel.record.Resources;
import dev.duel.targets.ResourceReading;
import dev.duel.targets.RunQueueWaits;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What a target or a service used in one phase, from its readings at the phase's two ends. */
class PhaseResourcesTest {
    private static ResourceReading reading(long cpuNanos, RunQueueWaits waits) {
        return new ResourceReading(cpuNanos, 100, 10, 5_000_000, 300L << 20, 400L << 20, 200L << 20, waits);
    }

    @Test
    void thePhasesRunQueueWaitIsItsThreadsGrowthInMilliseconds() {
        ResourceReading start = reading(1_000_000_000L, new RunQueueWaits(Map.of(1L, 2_000_000L, 2L, 9_000_000L)));
        // thread 2 ended within the phase (lost), thread 3 began in it
        ResourceReading end = reading(2_500_000_000L, new RunQueueWaits(Map.of(1L, 302_000_000L, 3L, 20_000_000L)));
        Resources phase = ScenarioMeasurement.between(start, end, 2.0, 30_000);
        assertEquals(320.0, phase.runQueueWaitMillis(), 1e-9);
        assertEquals(0.16, phase.runQueueWaitCores(), 1e-12, "320 ms over 2 s");
        assertEquals(0.75, phase.cores(), 1e-12);
    }

    @Test
    void aWaitThatCouldNotBeReadAtEitherEndIsNotMeasured() {
        ResourceReading known = reading(0, new RunQueueWaits(Map.of(1L, 5L)));
        ResourceReading unknown = reading(0, null);
        assertNull(ScenarioMeasurement.between(unknown, known, 1, 0).runQueueWaitMillis());
        assertNull(ScenarioMeasurement.between(known, unknown, 1, 0).runQueueWaitMillis());
        assertNull(ScenarioMeasurement.between(ResourceReading.UNKNOWN, ResourceReading.UNKNOWN, 1, 0)
                .runQueueWaitMillis());
    }
}
