package dev.duel.load.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Which collectors' times are pauses of duel's JVM. */
class GcPausesTest {
    @Test
    void pausesOfEveryCollectorCountAndConcurrentCyclesDoNot() {
        GcPauses.Reading g1 = GcPauses.sum(List.of(
                new GcPauses.Collector("G1 Young Generation", 40, 120),
                new GcPauses.Collector("G1 Concurrent GC", 4, 6),
                new GcPauses.Collector("G1 Old Generation", 0, 0)));
        assertEquals(new GcPauses.Reading(44, 126), g1);
        GcPauses.Reading zgc = GcPauses.sum(List.of(
                new GcPauses.Collector("ZGC Minor Cycles", 30, 3_000),
                new GcPauses.Collector("ZGC Minor Pauses", 90, 9),
                new GcPauses.Collector("ZGC Major Cycles", 2, 800),
                new GcPauses.Collector("ZGC Major Pauses", 6, 1)));
        assertEquals(new GcPauses.Reading(96, 10), zgc);
        GcPauses.Reading undefined = GcPauses.sum(
                List.of(new GcPauses.Collector("Copy", 12, 30), new GcPauses.Collector("MarkSweepCompact", -1, -1)));
        assertEquals(new GcPauses.Reading(12, 30), undefined);
    }

    @Test
    void aPhaseSeesThePausesBetweenItsTwoReadings() {
        GcPauses.Reading start = new GcPauses.Reading(10, 25);
        assertEquals(new GcPauses.Reading(3, 7), new GcPauses.Reading(13, 32).since(start));
        GcPauses.Reading now = GcPauses.read();
        assertTrue(now.pauses() >= 0 && now.millis() >= 0, now.toString());
    }
}
