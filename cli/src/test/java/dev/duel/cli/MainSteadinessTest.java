package dev.duel.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.record.Phase;
import dev.duel.record.SampleRecords;
import dev.duel.record.load.LatencySummary;
import dev.duel.record.load.LoadResult;
import dev.duel.record.load.PlanSettings;
import dev.duel.record.load.SecondResult;
import dev.duel.record.load.WarmupEnd;
import dev.duel.record.load.WarmupMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.IntToDoubleFunction;
import org.junit.jupiter.api.Test;

/** What `duel load`'s summary says of main's steadiness, on results built second by second. */
class MainSteadinessTest {
    private static final LatencySummary LATENCY = SampleRecords.latency(200_000, 4_000, 3_000, 9_000, 12_000, 20_000);

    /**
     * A closed-model run of 32 users: warm-up [0, warmupSeconds), gap, main of mainSeconds; {@code rate} and {@code
     * p99Micros} give each loaded second's correct answers and p99 (by run second), ±1 answer so that no two seconds
     * are equal; warm-up ended as {@code end} says.
     */
    private static LoadResult run(
            int warmupSeconds,
            int gapSeconds,
            int mainSeconds,
            IntToDoubleFunction rate,
            IntToDoubleFunction p99Micros,
            WarmupEnd end) {
        List<SecondResult> seconds = new ArrayList<>();
        int mainStart = warmupSeconds + gapSeconds;
        for (int s = 0; s < mainStart + mainSeconds; s++) {
            Phase phase = s < warmupSeconds ? Phase.WARMUP : s < mainStart ? Phase.GAP : Phase.MAIN;
            long ok = phase == Phase.GAP ? 0 : Math.round(rate.applyAsDouble(s)) + (s % 2 == 0 ? 1 : -1);
            seconds.add(new SecondResult(s, phase, ok, 0, 3_000, p99Micros.applyAsDouble(s), 30_000));
        }
        PlanSettings settings = SampleRecords.closedSettings(
                "http://127.0.0.1:8080/json",
                32,
                warmupSeconds * 1000.0,
                gapSeconds * 1000.0,
                mainSeconds * 1000.0,
                0,
                0);
        LoadResult plain = SampleRecords.load(
                settings,
                SampleRecords.phase(Phase.WARMUP, warmupSeconds * 1000.0, 3_050, Map.of(), LATENCY),
                SampleRecords.phase(Phase.MAIN, mainSeconds * 1000.0, 9_100, Map.of(), LATENCY),
                List.of(),
                seconds,
                SampleRecords.engine(0.3, 2, mainSeconds * 1000.0, 182_000),
                "2026-12-01T10:00:00Z",
                "2026-12-01T10:00:32Z");
        return end == null ? plain : SampleRecords.withWarmupEnd(plain, end);
    }

    private static WarmupEnd autoSteady(int endedAtSecond, int steadySinceSecond) {
        return new WarmupEnd(
                WarmupMode.AUTO, WarmupEnd.Reason.STEADY, endedAtSecond * 1000.0, steadySinceSecond * 1000.0, 0.004);
    }

    /**
     * Issue 22's case: a target that answers in 10 ms for 20 s and in 2 ms afterwards, 32 users (3,050 requests/s,
     * then 15,200), `--warmup auto --gap 1s --duration 20s`. Warm-up ended at 11 s, fairly: a flat 11 s looks steady.
     * Main (12 s to 32 s) ran across the step, and the summary must say so, with where and between which levels.
     */
    @Test
    void aMainThatRanAcrossAStepSaysWhereAndBetweenWhichLevels() {
        LoadResult result =
                run(11, 1, 20, s -> s < 20 ? 3_050 : 15_200, s -> s < 20 ? 12_000 : 2_500, autoSteady(11, 1));
        MainSteadiness steadiness = MainSteadiness.of(result);
        List<String> expected = List.of(
                "main moved at second 20 (8 s into main): requests/s from 3,050 to 15,200, steady from there (20 s"
                        + " after the first correct response); the summary's numbers mix both levels",
                "p99 moved -88% over main: main's latency percentiles are not a steady state's");
        assertEquals(expected, steadiness.lines());
        assertEquals(expected, steadiness.warnings(), "--out keeps them among the result's warnings");
        assertEquals(expected, steadiness.warned(result).warnings());
        String summary = new SummaryFormatter().format(result, 0);
        assertTrue(
                summary.contains("\n  steady state " + expected.get(0) + "\n               " + expected.get(1) + "\n"),
                summary);
    }

    /**
     * Issue 31's case, in numbers of our own: a target 3 s at 10,000 requests/s and 7 s at 2,500, for ever, `--warmup
     * auto --max-warmup 40s --duration 10s`. Warm-up ended at 19 s steady since 0 s, and the summary said "steady
     * through main" alone, with main's mean given no interval although main held one period. It still is steady
     * (nothing trends), but the summary and --out say the levels and their stays, and main's rate carries an interval
     * that allows for them.
     */
    @Test
    void requestsPerSecondThatAlternateSayTheirLevelsAndMainCarriesTheirWander() {
        LoadResult result = run(19, 0, 10, s -> s % 10 < 3 ? 10_000 : 2_500, s -> 12_000, autoSteady(19, 0));
        MainSteadiness steadiness = MainSteadiness.of(result);
        // Each second is ±1 off its level (the helper keeps seconds unequal): the levels are their medians.
        String levels = "requests/s alternated between two levels: 2,499 for 7 s at a time and 10,001 for 3 s (5"
                + " switches in 29 s); allowing for them, main's mean is known to ±93% (95%)";
        assertEquals(List.of("steady through main, from the first correct response", levels), steadiness.lines());
        assertEquals(List.of(levels), steadiness.warnings(), "--out keeps it among the result's warnings");
        assertEquals(0.93, steadiness.mainInterval().relativeHalfWidth(), 0.005);
        String summary = new SummaryFormatter().format(result, 0);
        assertTrue(summary.contains(" req/s ±93% (95% CI)\n"), summary);
        assertTrue(summary.contains("\n               " + levels + "\n"), summary);
    }

    /** The same step 15 s into a 20 s main: too late to call the new level steady. */
    @Test
    void aStepLateInMainIsNoSteadyStateAndSaysWhere() {
        LoadResult result =
                run(11, 1, 20, s -> s < 27 ? 3_050 : 15_200, s -> s < 27 ? 12_000 : 2_500, autoSteady(11, 1));
        assertEquals(
                List.of("no steady state: main moved at second 27 (15 s into main): requests/s from 3,050 to 15,200,"
                        + " not steady by main's end; the summary's numbers mix both levels"),
                MainSteadiness.of(result).lines());
    }

    @Test
    void aRunSteadyThroughMainSaysSoAndItsTimeToSteadyState() {
        // A fixed 10 s warm-up: 1,000 requests/s rising to 3,050 over the first 5 s, then flat through main.
        LoadResult result = run(
                10,
                0,
                20,
                s -> s < 5 ? 1_000 + 410 * s : 3_050,
                s -> 12_000,
                new WarmupEnd(WarmupMode.FIXED, WarmupEnd.Reason.FIXED_LENGTH, 10_000, null, null));
        MainSteadiness steadiness = MainSteadiness.of(result);
        assertEquals(
                List.of("steady through main, from second 5 (5 s after the first correct response)"),
                steadiness.lines());
        assertEquals(List.of(), steadiness.warnings(), "nothing to warn of");
        assertEquals(result, steadiness.warned(result));

        LoadResult flat = run(5, 0, 20, s -> 3_050, s -> 12_000, autoSteady(5, 0));
        assertEquals(
                List.of("steady through main, from the first correct response"),
                MainSteadiness.of(flat).lines());
    }

    @Test
    void aRunStillClimbingThroughMainKeptMoving() {
        LoadResult result = run(10, 0, 20, s -> 1_000 + 100 * s, s -> 12_000, autoSteady(10, 0));
        assertEquals(
                List.of("no steady state: requests/s kept moving in main, from 2,200 at its start to 3,700 from second"
                        + " 25 (15 s into main); the summary's numbers mix these levels"),
                MainSteadiness.of(result).lines());
    }

    @Test
    void aRampInsideMainThatSettledSaysUntilWhere() {
        // From 1,000 requests/s at main's second 2 to 3,000 at its second 8 (run second 18), flat from there.
        LoadResult result =
                run(10, 0, 30, s -> s < 13 ? 1_000 : s < 19 ? 1_000 + 333 * (s - 12) : 3_000, s -> 12_000, null);
        assertEquals(
                List.of("main moved until second 18 (8 s into main): requests/s from 1,000 to 3,000, steady from there"
                        + " (18 s after the first correct response); the summary's numbers mix both levels"),
                MainSteadiness.of(result).lines());
    }

    @Test
    void aLevelThatBeganInWarmUpButLastedTooLittleDidNotSettle() {
        // A step at 8 s of a 10 s warm-up and a 5 s main: the new level lasted 7 s, less than the 10 s it needs.
        LoadResult result = run(10, 0, 5, s -> s < 8 ? 1_000 : 3_000, s -> 12_000, null);
        assertEquals(
                List.of("no steady state: requests/s did not settle by main's end (main's mean 3,000 requests/s)"),
                MainSteadiness.of(result).lines());
    }

    @Test
    void aP99ThatMovedOverMainIsSaidUnderTheRequestsPerSecond() {
        // Requests/s flat; p99 doubles over main's 20 s.
        LoadResult result = run(10, 0, 20, s -> 3_050, s -> s < 10 ? 10_000 : 10_000 * (1 + (s - 10) / 20.0), null);
        MainSteadiness steadiness = MainSteadiness.of(result);
        assertEquals(2, steadiness.lines().size(), steadiness.lines().toString());
        assertEquals(
                "steady through main, from the first correct response",
                steadiness.lines().get(0));
        assertTrue(
                steadiness
                        .lines()
                        .get(1)
                        .matches("p99 moved \\+(9\\d|10\\d)% over main: main's latency percentiles are not a steady"
                                + " state's"),
                steadiness.lines().get(1));
        assertEquals(List.of(steadiness.lines().get(1)), steadiness.warnings());
        String summary = new SummaryFormatter().format(result, 0);
        assertTrue(
                summary.contains("  steady state steady through main, from the first correct response\n"
                        + "               p99 moved +"),
                summary);
    }

    @Test
    void aRunTooShortToJudgeSaysSoAndWindowsSayNothing() {
        LoadResult result = run(2, 0, 3, s -> 3_050, s -> 12_000, null);
        assertEquals(
                List.of("not judged: 5 s of load with correct answers, fewer than the 10 s a steady state needs"),
                MainSteadiness.of(result).lines());
        assertEquals(List.of(), MainSteadiness.of(result).warnings());
        LoadResult windows = SummaryFormatterTest.seededResult(42, false);
        assertEquals(
                List.of(),
                MainSteadiness.of(new LoadResult(
                                windows.duelVersion(),
                                SampleRecords.closedSettings("http://127.0.0.1:8080/json", 8, 0, 0, 0, 30, 1_000),
                                windows.startedAt(),
                                windows.endedAt(),
                                windows.target(),
                                null,
                                windows.main(),
                                windows.windows(),
                                windows.firstCorrectResponseMillis(),
                                windows.seconds(),
                                windows.failureExamples(),
                                windows.engine(),
                                windows.warnings(),
                                null,
                                null,
                                null))
                        .lines());
    }
}
