package dev.duel.targets.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.duel.record.runtime.JfrWindow;
import dev.duel.record.runtime.ThreadCpuWindow;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A recording's events cut into the thread windows' edges (issue 12, item 1). */
class JfrTimelineTest {
    private static final Instant ORIGIN = Instant.parse("2026-11-30T10:00:00Z");
    /** Windows [-0.5, 0), [0, 1), [1, 2). */
    private static final List<ThreadCpuWindow> EDGES = List.of(edge(-0.5, 0.5), edge(0, 1), edge(1, 1));

    @Test
    void eventsGoToTheWindowTheirStartFallsInAndOutsideEveryWindowAreLeftOut() {
        JfrEvents events = new JfrEvents(
                List.of(
                        new JfrEvents.Compilation(at(-0.2), 3, 1.5),
                        new JfrEvents.Compilation(at(0.0), 4, 10),
                        new JfrEvents.Compilation(at(0.9), 4, 20),
                        new JfrEvents.Compilation(at(0.95), 1, 0.25),
                        new JfrEvents.Compilation(at(5), 4, 99)),
                List.of(at(1.0), at(1.999), at(-3)),
                List.of(new JfrEvents.Pause(at(0.5), 4, 4), new JfrEvents.Pause(at(0.6), 6, 6)),
                List.of(new JfrEvents.Pause(at(0.5), 10, 6)),
                List.of(new JfrEvents.Safepoint(at(1.2), 0.5), new JfrEvents.Safepoint(at(1.3), 0.25)),
                List.of(),
                List.of());
        List<JfrWindow> windows = JfrTimeline.windows(events, ORIGIN, EDGES);
        assertEquals(3, windows.size());
        assertEquals(Map.of("3", 1L), windows.get(0).compilationsByTier());
        assertEquals(Map.of("4", 2L, "1", 1L), windows.get(1).compilationsByTier());
        assertEquals(30.25, windows.get(1).compileMillis(), 1e-9);
        assertEquals(Map.of(), windows.get(2).compilationsByTier());
        assertEquals(0, windows.get(1).deoptimizations());
        assertEquals(2, windows.get(2).deoptimizations());
        assertEquals(2, windows.get(1).gcPauses(), "pause phases win over collections");
        assertEquals(10, windows.get(1).gcPauseMillis(), 1e-9);
        assertEquals(6, windows.get(1).longestGcPauseMillis(), 1e-9);
        assertEquals(0, windows.get(2).longestGcPauseMillis());
        assertEquals(2, windows.get(2).safepoints());
        assertEquals(0.75, windows.get(2).safepointMillis(), 1e-9);
        assertEquals(-1, windows.get(1).allocatedBytes(), "no readings");
        assertEquals(-1, windows.get(1).classesLoaded());
        assertEquals(-0.5, windows.get(0).startSeconds());
        assertEquals(0.5, windows.get(0).seconds());
    }

    @Test
    void withoutPausePhasesTheCollectionsSumOfPausesCounts() {
        JfrEvents events = new JfrEvents(
                List.of(),
                List.of(),
                List.of(),
                List.of(new JfrEvents.Pause(at(0.5), 10, 6), new JfrEvents.Pause(at(0.7), 0, 0)),
                List.of(),
                List.of(),
                List.of());
        JfrWindow window = JfrTimeline.windows(events, ORIGIN, EDGES).get(1);
        assertEquals(1, window.gcPauses(), "a concurrent collection without a pause is not a pause");
        assertEquals(10, window.gcPauseMillis(), 1e-9);
        assertEquals(6, window.longestGcPauseMillis(), 1e-9);
    }

    @Test
    void countersAreInterpolatedAtTheEdgesNewThreadsCountWholeAndUnbracketedWindowsAreMinusOne() {
        JfrEvents events = new JfrEvents(
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                List.of(
                        // period at -1 s: threads 1 and 2
                        new JfrEvents.Allocation(at(-1), 1, 1_000),
                        new JfrEvents.Allocation(at(-0.999), 2, 500),
                        // period at 0.5 s: 1 grew by 3,000, 2 ended, 3 is new with 1,500
                        new JfrEvents.Allocation(at(0.5), 1, 4_000),
                        new JfrEvents.Allocation(at(0.5001), 3, 1_500),
                        // period at 1.5 s: 1 grew by 2,000
                        new JfrEvents.Allocation(at(1.5), 1, 6_000),
                        new JfrEvents.Allocation(at(1.5), 3, 1_500)),
                List.of(
                        new JfrEvents.Counter(at(-1), 1_000),
                        new JfrEvents.Counter(at(1), 1_100),
                        new JfrEvents.Counter(at(3), 1_300)));
        List<JfrWindow> windows = JfrTimeline.windows(events, ORIGIN, EDGES);
        // cumulative: -1 s -> 0, 0.5 s -> 4,500, 1.5 s -> 6,500; the window [1, 2) ends after the last reading
        assertEquals(1_500, windows.get(0).allocatedBytes(), "-0.5 s at 1,500 to 0 s at 3,000");
        assertEquals(2_500, windows.get(1).allocatedBytes(), "0 s at 3,000 to 1 s at 5,500");
        assertEquals(-1, windows.get(2).allocatedBytes());
        assertEquals(25, windows.get(0).classesLoaded());
        assertEquals(50, windows.get(1).classesLoaded());
        assertEquals(100, windows.get(2).classesLoaded());
    }

    private static ThreadCpuWindow edge(double start, double seconds) {
        return new ThreadCpuWindow(start, seconds, 0, 0, 0, 0, 0, 0);
    }

    private static Instant at(double seconds) {
        return ORIGIN.plusNanos(Math.round(seconds * 1e9));
    }
}
