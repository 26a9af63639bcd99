package dev.duel.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.record.runtime.JfrWindow;
import dev.duel.record.runtime.Profile;
import dev.duel.record.runtime.RuntimeTimeline;
import dev.duel.record.runtime.ThreadCpuWindow;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;

/**
 * A timeline whose numbers can be added up by hand: warm-up seconds 0-9, gap 10-14 (no load), main 15-34, 1,000
 * correct responses in each loaded second.
 */
class RunRuntimeTest {
    /** Steady from {@code steadyStart}; the loaded seconds are 0-9 and 15-34. */
    private static RunSteadyState steady(int steadyStart) {
        List<Integer> seconds = new ArrayList<>();
        for (int s = 0; s < 35; s++) {
            if (s < 10 || s >= 15) {
                seconds.add(s);
            }
        }
        int[] at = seconds.stream().mapToInt(Integer::intValue).toArray();
        double[] ok = new double[at.length];
        java.util.Arrays.fill(ok, 1000);
        return new RunSteadyState(
                at,
                ok,
                new double[at.length],
                List.of(),
                SteadyState.Classification.WARMUP,
                "test",
                steadyStart,
                steadyStart,
                1000,
                0,
                steadyStart >= 15,
                1000,
                false,
                false,
                false,
                false,
                0,
                15,
                null,
                null);
    }

    /**
     * One window a second from -2 s (the wait for the target) to 35 s, starting at {@code offset} past each second.
     * Before 15 s: C1 100 ms, C2 400 ms; from 15 s: C1 0, C2 20 ms; GC threads 10 ms, VM thread 30 ms, others 900 ms
     * (in the gap: others 5 ms, no GC).
     */
    private static List<ThreadCpuWindow> threads(double offset, int until) {
        List<ThreadCpuWindow> windows = new ArrayList<>();
        for (int s = -2; s < until; s++) {
            double start = s + offset;
            boolean gap = start >= 10 && start < 15;
            windows.add(new ThreadCpuWindow(
                    start,
                    1,
                    start < 15 ? 100 : 0,
                    start < 15 ? 400 : 20,
                    gap ? 0 : 10,
                    gap ? 0 : 30,
                    gap ? 5 : 900,
                    0));
        }
        return windows;
    }

    /** One JFR window a second from 0 to 35 s: 8 ms of GC pauses, 50 MB allocated, 2 deoptimizations (gap: none). */
    private static List<JfrWindow> jfr(IntFunction<Long> allocated) {
        List<JfrWindow> windows = new ArrayList<>();
        for (int s = 0; s < 35; s++) {
            boolean gap = s >= 10 && s < 15;
            windows.add(new JfrWindow(
                    s,
                    1,
                    Map.of("4", 3L),
                    Map.of("4", 12.0),
                    gap ? 0 : 2,
                    gap ? 0 : 1,
                    gap ? 0 : 8,
                    gap ? 0 : 8,
                    1,
                    0.1,
                    gap ? 0 : allocated.apply(s),
                    0));
        }
        return windows;
    }

    private static RuntimeTimeline timeline(List<ThreadCpuWindow> threads, List<JfrWindow> jfr) {
        return new RuntimeTimeline(jfr == null ? Profile.THREADS : Profile.JFR, threads, jfr, null, List.of());
    }

    @Test
    void everyValueAddsUpByHand() {
        RunRuntime run = RunRuntime.of(timeline(threads(0, 35), jfr(s -> 50_000_000L)), steady(15));
        assertEquals(RunRuntime.LeftOut.NONE, run.leftOut());
        assertEquals(20, run.steadySeconds());
        // [0, 15): C1 100 x 10 loaded + 100 x 5 gap, C2 400 x 15; the two windows before the load are not counted.
        assertEquals(100 * 15 + 400 * 15, run.jitCpuMillisUntilSteady(), 1e-9);
        assertEquals(20.0 / 960, run.jitCpuShareAtSteady(), 1e-12);
        assertEquals(40.0 / 960, run.gcThreadCpuShareAtSteady(), 1e-12);
        assertEquals(8.0 / 1000, run.gcPauseShareAtSteady(), 1e-12);
        assertEquals(50_000, run.allocatedBytesPerRequest(), 1e-9);
        assertEquals(2, run.deoptimizationsPerSecond(), 1e-12);
        assertEquals(1, run.gcPausesPerSecond(), 1e-12);
    }

    @Test
    void withoutARecordingOnlyTheThreadValuesAreGiven() {
        RunRuntime run = RunRuntime.of(timeline(threads(0, 35), null), steady(15));
        assertEquals(40.0 / 960, run.gcThreadCpuShareAtSteady(), 1e-12);
        assertTrue(Double.isNaN(run.gcPauseShareAtSteady()));
        assertTrue(Double.isNaN(run.allocatedBytesPerRequest()));
        assertTrue(Double.isNaN(run.deoptimizationsPerSecond()));
    }

    /** Steady from second 5: seconds 5-9 and 15-34 count; the gap's idle seconds would dilute every share. */
    @Test
    void theGapIsNotASteadySecond() {
        RunRuntime run = RunRuntime.of(timeline(threads(0, 35), jfr(s -> 50_000_000L)), steady(5));
        assertEquals(25, run.steadySeconds());
        assertEquals(500 * 5, run.jitCpuMillisUntilSteady(), 1e-9);
        // 5 warm-up seconds at C1 100 + C2 400 of 1,440 ms, 20 main seconds at C2 20 of 960 ms.
        assertEquals((5 * 500.0 + 20 * 20) / (5 * 1440 + 20 * 960), run.jitCpuShareAtSteady(), 1e-12);
        assertEquals(8.0 / 1000, run.gcPauseShareAtSteady(), 1e-12);
        assertEquals(50_000, run.allocatedBytesPerRequest(), 1e-9);
    }

    /** Windows half a second off the load's seconds count by the part of them inside the seconds measured. */
    @Test
    void windowsCountInProportionToTheirOverlap() {
        RunRuntime run = RunRuntime.of(timeline(threads(0.5, 35), null), steady(15));
        // [0, 15): the window at -0.5 adds half of 500, those at 0.5 .. 13.5 all of 500, the one at 14.5 half.
        assertEquals(250 + 14 * 500 + 250, run.jitCpuMillisUntilSteady(), 1e-9);
        // Steady seconds 15-34 hold half of the window at 14.5 (a gap window: 505 ms, 500 of it JIT) and 19.5 windows
        // of 960 ms; the last window, from 34.5, reaches past the series and adds half of itself.
        double jit = 0.5 * 500 + 19.5 * 20;
        double total = 0.5 * 505 + 19.5 * 960;
        assertEquals(jit / total, run.jitCpuShareAtSteady(), 1e-12);
    }

    @Test
    void aTimelineThatStopsEarlyGivesNothing() {
        assertEquals(
                RunRuntime.LeftOut.NOT_COVERED,
                RunRuntime.of(timeline(threads(0, 30), null), steady(15)).leftOut(),
                "windows up to 30 s cover 15 of the 20 steady seconds");
        assertEquals(
                RunRuntime.LeftOut.NONE,
                RunRuntime.of(timeline(threads(0, 33), null), steady(15)).leftOut(),
                "18 of 20 is enough");
    }

    @Test
    void aWindowThatDoesNotKnowItsAllocationTakesAllocationPerRequestAway() {
        RunRuntime run = RunRuntime.of(timeline(threads(0, 35), jfr(s -> s == 20 ? -1L : 50_000_000L)), steady(15));
        assertTrue(Double.isNaN(run.allocatedBytesPerRequest()));
        assertEquals(8.0 / 1000, run.gcPauseShareAtSteady(), 1e-12, "the rest of the recording still counts");
        RunRuntime early = RunRuntime.of(timeline(threads(0, 35), jfr(s -> s == 2 ? -1L : 50_000_000L)), steady(15));
        assertEquals(
                50_000, early.allocatedBytesPerRequest(), 1e-9, "an unknown window before steady state is not read");
    }

    @Test
    void runsWithoutATimelineOrASteadyStateGiveNothing() {
        assertEquals(
                RunRuntime.LeftOut.NO_TIMELINE, RunRuntime.of(null, steady(15)).leftOut());
        RunSteadyState never = RunSteadyState.of(null);
        assertEquals(
                RunRuntime.LeftOut.NEVER_STEADY,
                RunRuntime.of(timeline(threads(0, 35), null), never).leftOut());
    }
}
