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

    @Test
    void anAutoWarmUpLastsItsCapUntilEndedAndThenGapAndMainFollowWithTheirLengths() {
        Timeline t = Timeline.untilSteady(0, 120 * S, 2 * S, 20 * S);
        assertEquals(Phase.WARMUP, t.phaseAt(119 * S), "until decided, warm-up runs to its cap");
        assertEquals(142 * S, t.endNanos());
        assertFalse(t.warmupSettled());

        assertTrue(t.endWarmupAt(30 * S));
        assertTrue(t.warmupSettled());
        assertEquals(Phase.WARMUP, t.phaseAt(30 * S - 1));
        assertEquals(Phase.GAP, t.phaseAt(30 * S));
        assertEquals(Phase.MAIN, t.phaseAt(32 * S));
        assertEquals(Phase.ENDED, t.phaseAt(52 * S));
        assertEquals(30 * S, t.warmupNanos());
        assertEquals(32 * S, t.nextLoadStartNanos(31 * S));
        assertFalse(t.endWarmupAt(20 * S), "the end of warm-up moves once only");
    }

    @Test
    void anAutoWarmUpCannotBeEndedAtOrAfterItsCapNorAfterAStop() {
        Timeline capped = Timeline.untilSteady(0, 10 * S, 0, S);
        assertFalse(capped.endWarmupAt(10 * S));
        assertEquals(10 * S, capped.warmupNanos());

        Timeline stopped = Timeline.untilSteady(0, 10 * S, 0, S);
        stopped.endAt(4 * S);
        assertFalse(stopped.endWarmupAt(5 * S), "a run stopped at 4 s has no main");
        assertEquals(Phase.ENDED, stopped.phaseAt(4 * S));
        assertEquals(4 * S, stopped.endNanos());
    }

    @Test
    void aFixedWarmUpCannotBeEndedEarly() {
        Timeline t = Timeline.phased(0, 10 * S, 0, S);
        assertTrue(t.warmupSettled());
        assertFalse(t.endWarmupAt(5 * S));
        assertEquals(Phase.WARMUP, t.phaseAt(5 * S));
    }
}
