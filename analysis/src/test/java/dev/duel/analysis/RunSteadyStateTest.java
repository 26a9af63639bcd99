package dev.duel.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.record.Phase;
import dev.duel.record.SampleRecords;
import dev.duel.record.load.LatencySummary;
import dev.duel.record.load.LoadResult;
import dev.duel.record.load.PhaseResult;
import dev.duel.record.load.SecondResult;
import dev.duel.record.load.WarmupEnd;
import dev.duel.record.load.WarmupMode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.IntToDoubleFunction;
import org.junit.jupiter.api.Test;

/** Which seconds of a record's per-second series feed a run's steady state, and what it yields. */
class RunSteadyStateTest {
    /** How often the engine's auto warm-up asks the judge (load's WarmupJudge.CHECK_EVERY_SECONDS). */
    private static final int ENGINE_CHECK_SECONDS = 2;

    private static final LatencySummary LATENCY = SampleRecords.latency(20_000, 500, 400, 900, 2_000, 4_000);

    /**
     * A phased run: warm-up [0, warmupMillis), gap, main of mainMillis; {@code rate} gives each second's correct
     * answers (by run second), p99 is 2 ms throughout. Seconds are labelled by the phase at their start.
     */
    private static LoadResult run(double warmupMillis, double gapMillis, double mainMillis, IntToDoubleFunction rate) {
        double mainStart = warmupMillis + gapMillis;
        List<SecondResult> seconds = new ArrayList<>();
        for (int s = 0; s * 1000.0 < mainStart + mainMillis; s++) {
            double at = s * 1000.0;
            Phase phase = at < warmupMillis ? Phase.WARMUP : at < mainStart ? Phase.GAP : Phase.MAIN;
            long ok = phase == Phase.GAP ? 0 : Math.round(rate.applyAsDouble(s));
            seconds.add(new SecondResult(s, phase, ok, 0, 500, 2_000 * (1 + 0.001 * (s % 3)), 5_000));
        }
        PhaseResult warmup = SampleRecords.phase(Phase.WARMUP, warmupMillis, 500, Map.of(), LATENCY);
        PhaseResult main = SampleRecords.phase(Phase.MAIN, mainMillis, 1000, Map.of(), LATENCY);
        return SampleRecords.load(
                SampleRecords.closedSettings("http://127.0.0.1:8080/", 8, warmupMillis, gapMillis, mainMillis, 0, 0),
                warmup,
                main,
                List.of(),
                seconds,
                SampleRecords.engine(0.2, 2, mainMillis, 20_000),
                "2026-11-30T06:00:00Z",
                "2026-11-30T06:01:00Z");
    }

    /** ±1% around {@code level}, the same every time. */
    private static double wobble(int second, double level) {
        return level * (1 + 0.01 * ((second * 7) % 5 - 2) / 2.0);
    }

    @Test
    void theGapIsLeftOutAndTimeToSteadyAndWarmupCostCountFromTheFirstCorrectAnswer() {
        // No answer in seconds 0-1 (the target was still compiling its first request), then 500/s to the end of
        // warm-up at 10 s, gap to 15 s, 1000/s in main to 35 s.
        RunSteadyState run = RunSteadyState.of(run(10_000, 5_000, 20_000, s -> s < 2 ? 0 : s < 10 ? 500 : 1000));
        assertEquals(2, run.seconds()[0], "the series starts at the first correct answer");
        assertEquals(15, run.mainStartSecond());
        assertTrue(Arrays.stream(run.seconds()).noneMatch(s -> s >= 10 && s < 15), Arrays.toString(run.seconds()));
        assertEquals(8 + 20, run.seconds().length);
        assertEquals(SteadyState.Classification.WARMUP, run.classification(), run.why());
        assertEquals(15, run.steadyStartSecond());
        assertEquals(13, run.secondsToSteady(), "from second 2 to second 15, the gap's seconds included");
        assertEquals(1000, run.steadyRequestsPerSecond(), 1e-9);
        assertEquals(8 * (1000 - 500), run.warmupCostRequests(), 1e-6, "8 warm-up seconds 500 short each");
        assertTrue(run.steadyThroughMain());
    }

    @Test
    void aSecondThatAPhaseEdgeCutsIsLeftOut() {
        // Warm-up ends at 9.5 s: second 9 holds half a second of answers (and is still labelled warm-up).
        RunSteadyState run = RunSteadyState.of(run(9_500, 5_000, 20_500, s -> s == 9 ? 250 : wobble(s, 1000)));
        assertFalse(Arrays.stream(run.seconds()).anyMatch(s -> s == 9), Arrays.toString(run.seconds()));
        assertEquals(SteadyState.Classification.FLAT, run.classification(), run.why());
        assertEquals(0, run.warmupCostRequests());
    }

    @Test
    void aFinalSegmentThatBeginsInsideMainLeavesMainsLatencyOut() {
        // Still rising through main's first 6 seconds, then flat: steady from second 21, main began at 15.
        RunSteadyState run = RunSteadyState.of(run(
                10_000, 5_000, 20_000, s -> s < 10 ? 400 : s < 21 ? 500 + 50 * (s - 10) : wobble(s, 1000)));
        assertTrue(run.steady(), run.why());
        assertTrue(run.steadyStartSecond() > 15, run.toString());
        assertFalse(run.steadyThroughMain());
        assertEquals(
                new SteadyValues.Value(run.steadyRequestsPerSecond(), List.of()),
                SteadyValues.value(SteadyValues.Measure.REQUESTS_PER_SECOND, run, 1_000, 20_000));
        // Main's latency and CPU mix warm-up in: counted, marked (every run counts).
        assertEquals(
                new SteadyValues.Value(2_000, List.of(SteadyValues.Mark.STEADY_INSIDE_MAIN)),
                SteadyValues.value(SteadyValues.Measure.LATENCY_PERCENTILE, run, 2_000, 20_000));
        assertEquals(
                List.of(SteadyValues.Mark.STEADY_INSIDE_MAIN),
                SteadyValues.value(SteadyValues.Measure.CPU_PER_REQUEST, run, 50, 20_000)
                        .marks());
    }

    /** The demo of issue 11: 8 s warm-up, 6 s main, rising all along; the classifier alone took a 5 s ramp as steady. */
    @Test
    void aFinalSegmentShorterThanTheStableLengthIsNoSteadyState() {
        RunSteadyState run = RunSteadyState.of(run(8_000, 2_000, 6_000, s -> 1000 + 1500 * s));
        assertEquals(SteadyState.Classification.NO_STEADY_STATE, run.classification(), run.why());
        assertTrue(Double.isNaN(run.steadyRequestsPerSecond()));
        assertEquals(-1, run.secondsToSteady());
        // A run that never settled counts with main's mean, marked.
        SteadyValues.Value value = SteadyValues.value(SteadyValues.Measure.REQUESTS_PER_SECOND, run, 1_000, 20_000);
        assertEquals(List.of(SteadyValues.Mark.NEVER_STEADY), value.marks());
        assertEquals(run.mainRequestsPerSecond(), value.value());
    }

    /**
     * Issue 11: an auto warm-up that ran long (ramp to second 110, then flat with 3% noise; the engine ended it at
     * 120 s, 10 s into the plateau) and a steady 20 s main. Judged on the whole series (140 s) the final segment, 30 s,
     * fell inside its last quarter (35 s) and the run was "no steady state", only because the warm-up was long. The
     * last quarter is main's now: 5 s.
     */
    @Test
    void aLongWarmupDoesNotMakeASteadyRunUnsteady() {
        Random random = new Random(11);
        double[] noise = new double[145];
        for (int s = 0; s < noise.length; s++) {
            noise[s] = 1 + 0.03 * random.nextGaussian();
        }
        RunSteadyState run = RunSteadyState.of(
                run(120_000, 5_000, 20_000, s -> (s < 110 ? 3_000 + 7_000 * s / 110.0 : 10_000) * noise[s]));
        assertEquals(SteadyState.Classification.WARMUP, run.classification(), run.why());
        assertTrue(Math.abs(run.steadyStartSecond() - 110) <= 5, "a gentle ramp's end, within 5 s: " + run);
        assertTrue(run.steadyThroughMain());
        assertEquals(10_000, run.steadyRequestsPerSecond(), 10_000 * 0.02);
    }

    /**
     * A change inside main's second half (a step at main's 48th of 60 s: 12 s before its end) is still no steady state:
     * a final segment that began inside main must cover half of it.
     */
    @Test
    void aChangeInsideMainsSecondHalfIsStillNoSteadyState() {
        RunSteadyState run =
                RunSteadyState.of(run(30_000, 5_000, 60_000, s -> s < 35 + 48 ? wobble(s, 1000) : wobble(s, 1300)));
        assertEquals(SteadyState.Classification.NO_STEADY_STATE, run.classification(), run.why());
        assertTrue(run.why().contains("inside the last 50% of main"), run.why());
    }

    @Test
    void aRunThatKeepsRisingThroughMainNeverReachesSteadyState() {
        RunSteadyState run = RunSteadyState.of(run(10_000, 5_000, 20_000, s -> s < 10 ? 500 : 600 + 25 * (s - 15)));
        assertEquals(SteadyState.Classification.NO_STEADY_STATE, run.classification(), run.why());
        assertFalse(run.steadyThroughMain());
    }

    /**
     * One judge (issue 22): the engine's auto warm-up and the report ask the same function of the same series, so a run
     * whose warm-up the engine ended as steady is steady in the report unless main itself moved. Replayed on 1,000
     * synthetic series of every shape: the engine checks its warm-up every 2 s and ends it at the first steady verdict,
     * then 20 s of main follow (the rest of the series); when the report, judging the whole run, finds no steady state
     * or a steady state only from inside main, the change it found lies inside main, and the run says main moved.
     */
    @Test
    void aRunTheEngineEndedAsSteadyIsSteadyUnlessMainItselfMoved() {
        int engineSteady = 0;
        for (SyntheticSeries.Shape shape : SyntheticSeries.Shape.values()) {
            int stopped = 0;
            int moved = 0;
            for (int seed = 0; seed < 150; seed++) {
                double[] series = SyntheticSeries.of(shape, seed).series();
                int stop = -1;
                for (int t = ENGINE_CHECK_SECONDS; t + 20 <= series.length; t += ENGINE_CHECK_SECONDS) {
                    if (WarmupStop.check(Arrays.copyOf(series, t), WarmupStop.Settings.DEFAULT)
                            .steady()) {
                        stop = t;
                        break;
                    }
                }
                if (stop < 0) {
                    continue;
                }
                stopped++;
                RunSteadyState run = RunSteadyState.of(autoRun(stop, 20, s -> series[s], true));
                assertTrue(run.engineSteady(), run.toString());
                if (run.steady() && run.steadyThroughMain()) {
                    assertFalse(run.mainMoved(), run.toString());
                    continue;
                }
                moved++;
                assertTrue(run.mainMoved(), shape + " " + seed + ": " + run);
                assertTrue(run.why().startsWith("main moved"), run.why());
                SteadyState.Analysis whole = SteadyState.of(
                        run.requestsPerSecond(),
                        SteadyState.Direction.HIGHER_IS_BETTER,
                        SteadyState.Settings.DEFAULT,
                        stop);
                int changedAt = whole.steady() ? whole.steadyStartIndex() : whole.finalSegmentStart();
                assertTrue(
                        changedAt >= stop - 2,
                        shape + " " + seed + ": " + run + "; the change at " + changedAt + " lies before main (from "
                                + stop + "): " + whole.why());
            }
            engineSteady += stopped;
            // A series that never changes does not move in main once the engine found it steady. (A step after a
            // plateau of 10 s or more does: no online rule foresees a later change.)
            if (shape == SyntheticSeries.Shape.NOISE || shape == SyntheticSeries.Shape.GC) {
                assertTrue(moved <= stopped / 20, shape + ": " + moved + " of " + stopped + " moved in main");
            }
        }
        assertTrue(engineSteady > 600, engineSteady + " runs the engine ended as steady");
    }

    /** p99 is judged for trend only, over main: a GC-bimodal p99 does not move; a p99 rising by half does. */
    @Test
    void mainsP99IsJudgedForTrendOnly() {
        int moving = 0;
        for (int seed = 0; seed < 200; seed++) {
            SyntheticSeries.Case c = SyntheticSeries.of(SyntheticSeries.Shape.GC, seed);
            int n = c.series().length;
            RunSteadyState run = RunSteadyState.of(autoRunWithP99(n - 20, 20, c.series(), c.p99Micros()));
            moving += run.latencyMoving() ? 1 : 0;
        }
        assertTrue(moving <= 10, moving + " of 200 GC-bound runs with a moving p99");
        double[] ok = new double[60];
        double[] p99 = new double[60];
        Random random = new Random(8);
        for (int s = 0; s < 60; s++) {
            ok[s] = 1000 * (1 + 0.03 * random.nextGaussian());
            p99[s] = (s < 30 ? 2_000 : 2_000 * (1 + 0.5 * (s - 30) / 30.0)) * (1 + 0.05 * random.nextGaussian());
        }
        RunSteadyState rising = RunSteadyState.of(autoRunWithP99(30, 30, ok, p99));
        assertTrue(rising.steady(), rising.why());
        assertTrue(rising.latencyMoving(), rising.why());
        assertTrue(rising.why().contains("p99 moved +"), rising.why());
        assertEquals(0.5, rising.latencyChange(), 0.15, "the line through main's p99 rose by about half");
    }

    @Test
    void aRecordWithoutASeriesHasNoSteadyState() {
        RunSteadyState run = RunSteadyState.of(null);
        assertFalse(run.steady());
        assertEquals("the record holds no per-second series", run.why());
    }

    /**
     * Issue 31, in numbers of our own: a target 3 s at 10,000 requests/s and 7 s at 2,500, for ever (±2% noise,
     * seeded), `--warmup auto --max-warmup 40s --duration 10s`: warm-up ended at 19 s "steady since 0.0s", and the run
     * was called steady through main with main's mean given no interval, though its 10 s held one period. It is still
     * steady (the series is stationary), and now says its levels and their stays, and gives main's mean an interval as
     * wide as the wander makes it, which holds the long-run mean (4,750).
     */
    @Test
    void aTargetThatAlternatesSaysItsLevelsAndMainsMeanCarriesTheirWander() {
        Random random = new Random(31);
        RunSteadyState run = RunSteadyState.of(
                autoRun(19, 10, s -> (s % 10 < 3 ? 10_000 : 2_500) * (1 + 0.02 * random.nextGaussian()), true));
        assertTrue(run.steadyThroughMain(), run.why());
        Levels.Alternation levels = run.levels();
        assertTrue(levels != null, run.why());
        assertEquals(2_500, levels.lowLevel(), 100);
        assertEquals(10_000, levels.highLevel(), 400);
        assertEquals(7, levels.lowStaySeconds(), 1);
        assertEquals(3, levels.highStaySeconds(), 1);
        assertEquals(29, levels.spanSeconds(), 1e-9);
        MeanInterval.Interval main = run.mainInterval();
        assertEquals(29, main.stretchValues(), "measured over the steady seconds, warm-up's and main's");
        assertEquals(10, main.phaseValues());
        assertTrue(Math.abs(main.mean() - 4_750) <= main.halfWidth(), main.toString());
        assertTrue(main.relativeHalfWidth() > 0.4, main.toString());
        assertTrue(
                run.levelsSentence()
                        .matches("requests/s alternated between two levels: 2,[45]\\d\\d for 7 s at a time and"
                                + " (9,[89]|10,[01])\\d\\d for 3 s \\(5 switches in 29 s\\); allowing for them, main's"
                                + " mean is known to ±\\d+% \\(95%\\)"),
                run.levelsSentence());
    }

    @Test
    void aRunWithOneLevelHasNoneToSayAndANarrowInterval() {
        Random random = new Random(7);
        RunSteadyState run = RunSteadyState.of(autoRun(10, 20, s -> 5_000 * (1 + 0.05 * random.nextGaussian()), true));
        assertEquals(null, run.levels());
        assertEquals(null, run.levelsSentence());
        assertEquals(30, run.mainInterval().stretchValues());
        assertEquals(20, run.mainInterval().phaseValues());
        assertTrue(
                run.mainInterval().relativeHalfWidth() < 0.05,
                run.mainInterval().toString());
    }

    /** A run with no steady state: its levels are looked for over the whole series, main's interval over main. */
    @Test
    void aRunWithNoSteadyStateLooksForLevelsOverTheWholeSeries() {
        // 10 s at 3,000, 10 s at 1,000, for ever, the last switch 5 s before main's end: no steady state.
        RunSteadyState run = RunSteadyState.of(autoRun(40, 20, s -> ((s + 5) / 10) % 2 == 0 ? 3_000 : 1_000, false));
        assertFalse(run.steady(), run.why());
        assertEquals(60, run.levels().spanSeconds(), 1e-9);
        assertEquals(10, run.levels().lowStaySeconds(), 1e-9);
        assertEquals(20, run.mainInterval().stretchValues());
    }

    /** An auto warm-up of {@code warmupSeconds} (ended steady or at its cap), no gap, then main. */
    private static LoadResult autoRun(int warmupSeconds, int mainSeconds, IntToDoubleFunction rate, boolean steady) {
        double[] p99 = new double[warmupSeconds + mainSeconds];
        Arrays.fill(p99, 2_000);
        double[] ok = new double[warmupSeconds + mainSeconds];
        for (int s = 0; s < ok.length; s++) {
            ok[s] = rate.applyAsDouble(s);
        }
        return load(warmupSeconds, mainSeconds, ok, p99, steady);
    }

    private static LoadResult autoRunWithP99(int warmupSeconds, int mainSeconds, double[] ok, double[] p99) {
        return load(warmupSeconds, mainSeconds, ok, p99, true);
    }

    private static LoadResult load(int warmupSeconds, int mainSeconds, double[] ok, double[] p99, boolean steady) {
        List<SecondResult> seconds = new ArrayList<>();
        for (int s = 0; s < warmupSeconds + mainSeconds; s++) {
            Phase phase = s < warmupSeconds ? Phase.WARMUP : Phase.MAIN;
            seconds.add(new SecondResult(s, phase, Math.round(ok[s]), 0, 500, p99[s], 5_000));
        }
        double warmupMillis = warmupSeconds * 1000.0;
        double mainMillis = mainSeconds * 1000.0;
        LoadResult plain = SampleRecords.load(
                SampleRecords.closedSettings("http://127.0.0.1:8080/", 8, warmupMillis, 0, mainMillis, 0, 0),
                SampleRecords.phase(Phase.WARMUP, warmupMillis, 500, Map.of(), LATENCY),
                SampleRecords.phase(Phase.MAIN, mainMillis, 1000, Map.of(), LATENCY),
                List.of(),
                seconds,
                SampleRecords.engine(0.2, 2, mainMillis, 20_000),
                "2026-11-30T06:00:00Z",
                "2026-11-30T06:01:00Z");
        WarmupEnd end = steady
                ? new WarmupEnd(WarmupMode.AUTO, WarmupEnd.Reason.STEADY, warmupMillis, 0.0, 0.02)
                : new WarmupEnd(WarmupMode.AUTO, WarmupEnd.Reason.CAP, warmupMillis, null, null);
        return SampleRecords.withWarmupEnd(plain, end);
    }
}
