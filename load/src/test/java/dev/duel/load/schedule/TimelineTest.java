package dev.duel.load.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.record.Phase;
import org.junit.jupiter.api.Test;

class TimelineTest {
    private static final long S = 1_000_000_000L;

    @Test
    void phasedBoundariesAreHalfOpen() {
        Timeline t = Timeline.phased(100, 2 * S, S, 3 * S);
        assertEquals(Phase.WARMUP, t.phaseAt(100));
        assertEquals(Phase.WARMUP, t.phaseAt(100 + 2 * S - 1));
        assertEquals(Phase.GAP, t.phaseAt(100 + 2 * S));
        assertEquals(Phase.MAIN, t.phaseAt(100 + 3 * S));
        assertEquals(Phase.MAIN, t.phaseAt(100 + 6 * S - 1));
        assertEquals(Phase.ENDED, t.phaseAt(100 + 6 * S));
        assertEquals(100 + 3 * S, t.nextLoadStartNanos(100 + 2 * S + 5));
    }

    @Test
    void noWarmupMeansMainFromTheStart() {
        Timeline t = Timeline.phased(0, 0, 0, S);
        assertEquals(Phase.MAIN, t.phaseAt(0));
    }

    @Test
    void windowedMainStartsAfterTheFirstCorrectResponse() {
        Timeline t = Timeline.windowed(0, 5 * S);
        assertEquals(Phase.WARMUP, t.phaseAt(10 * S));
        assertFalse(t.mainAnchored());
        assertTrue(t.anchorMain(2 * S));
        assertFalse(t.anchorMain(3 * S), "anchored once only");
        assertEquals(Phase.WARMUP, t.phaseAt(2 * S));
        assertEquals(Phase.MAIN, t.phaseAt(2 * S + 1));
        assertEquals(Phase.ENDED, t.phaseAt(7 * S));
        assertEquals(2 * S, t.warmupNanos());
    }

    @Test
    void endAtOnlyEverShortensTheRun() {
        Timeline t = Timeline.phased(0, 0, 0, 10 * S);
        t.endAt(4 * S);
        t.endAt(8 * S);
        assertEquals(Phase.ENDED, t.phaseAt(4 * S));
        assertEquals(Phase.MAIN, t.phaseAt(4 * S - 1));
    }
}
