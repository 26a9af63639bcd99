package dev.duel.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.record.Phase;
import dev.duel.record.SampleRecords;
import dev.duel.record.load.LatencySummary;
import dev.duel.record.load.LoadResult;
import dev.duel.record.load.PhaseResult;
import dev.duel.record.load.SecondResult;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The twelve 110 s series of a real long comparison (`bench/demo-long-comparison.sh`: the demo's targets and
 * requests, 90 s fixed warm-up, no gap, 20 s main, 3 runs a side; `series/long-comparison.tsv`), the data behind
 * the stopping rule's ±5% (docs/steady-state.md, "Real steady seconds"). Real seconds on this machine vary by 5-15%
 * with neighbours moving together; a rule tuned on clean synthetic series alone calls most of them unsteady.
 */
class LongComparisonSeriesTest {
    private static final LatencySummary LATENCY = SampleRecords.latency(900_000, 700, 600, 1_500, 3_000, 6_000);

    record Series(String run, String target, String scenario, int firstMainSecond, double[] ok, double[] p99) {
        String side() {
            return target + " " + scenario;
        }
    }

    static List<Series> series() throws IOException {
        List<Series> all = new ArrayList<>();
        try (InputStream in = LongComparisonSeriesTest.class.getResourceAsStream("/series/long-comparison.tsv")) {
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] f = line.split("\t");
                all.add(new Series(f[0], f[1], f[2], Integer.parseInt(f[3]), numbers(f[4]), numbers(f[5])));
            }
        }
        return all;
    }

    /** The run as its record holds it: 90 s warm-up, no gap, 20 s main, one second per value. */
    static LoadResult load(Series s) {
        double warmupMillis = s.firstMainSecond() * 1000.0;
        double mainMillis = (s.ok().length - s.firstMainSecond()) * 1000.0;
        List<SecondResult> seconds = new ArrayList<>();
        for (int i = 0; i < s.ok().length; i++) {
            Phase phase = i < s.firstMainSecond() ? Phase.WARMUP : Phase.MAIN;
            seconds.add(new SecondResult(i, phase, Math.round(s.ok()[i]), 0, 700, s.p99()[i], 20_000));
        }
        PhaseResult warmup = SampleRecords.phase(Phase.WARMUP, warmupMillis, 30_000, Map.of(), LATENCY);
        PhaseResult main = SampleRecords.phase(Phase.MAIN, mainMillis, 40_000, Map.of(), LATENCY);
        return SampleRecords.load(
                SampleRecords.closedSettings("http://127.0.0.1:8080/json", 32, warmupMillis, 0, mainMillis, 0, 0),
                warmup,
                main,
                List.of(),
                seconds,
                SampleRecords.engine(0.4, 1, mainMillis, 800_000),
                "2026-11-30T18:47:00Z",
                "2026-11-30T18:49:00Z");
    }

    /** Steady runs per "target scenario", counted with the given stopping rule. */
    static Map<String, Integer> steadyBySide(double maxRelativeHalfWidth) throws IOException {
        WarmupStop.Settings stop = new WarmupStop.Settings(
                WarmupStop.Settings.DEFAULT.stableSeconds(),
                maxRelativeHalfWidth,
                WarmupStop.Settings.DEFAULT.confidence(),
                WarmupStop.Settings.DEFAULT.segmentation());
        Map<String, Integer> steady = new TreeMap<>();
        for (Series s : series()) {
            RunSteadyState run = RunSteadyState.of(load(s), SteadyState.Settings.DEFAULT, stop);
            steady.merge(s.side(), run.steady() ? 1 : 0, Integer::sum);
        }
        return steady;
    }

    @Test
    void atTheDefaultsSevenOfTheTwelveLongRunsAreSteadyAndJsonKeepsTwoOfThreeASide() throws IOException {
        Map<String, Integer> steady = steadyBySide(WarmupStop.Settings.DEFAULT.maxRelativeHalfWidth());
        int total = steady.values().stream().mapToInt(Integer::intValue).sum();
        assertEquals(7, total, steady.toString());
        // /json, the demo's verdict: two of three runs a side settle, enough for a verdict from the runs that did.
        assertTrue(steady.get("jdk17 json") >= 2 && steady.get("jdk25 json") >= 2, steady.toString());
    }

    @Test
    void theIssuesThreePercentWouldHaveCalledFewerOfTheSameRunsSteady() throws IOException {
        int atThree =
                steadyBySide(0.03).values().stream().mapToInt(Integer::intValue).sum();
        int atDefault = steadyBySide(WarmupStop.Settings.DEFAULT.maxRelativeHalfWidth()).values().stream()
                .mapToInt(Integer::intValue)
                .sum();
        assertEquals(5, atThree);
        assertTrue(atThree < atDefault, atThree + " at 3% against " + atDefault + " at the default");
    }

    /** Steady values of the runs that settled stay close to their own main phase: the steady start is no artefact. */
    @Test
    void aSteadyRunsRateIsItsMainPhasesRateWithinItsNoise() throws IOException {
        for (Series s : series()) {
            RunSteadyState run = RunSteadyState.of(load(s));
            if (!run.steady()) {
                continue;
            }
            double[] main = Arrays.copyOfRange(s.ok(), s.firstMainSecond(), s.ok().length);
            double mainMean = Arrays.stream(main).average().orElseThrow();
            double relative = Math.abs(run.steadyRequestsPerSecond() / mainMean - 1);
            assertTrue(
                    relative < 0.08,
                    s.run() + " " + s.side() + ": steady " + run.steadyRequestsPerSecond() + " against main "
                            + mainMean);
        }
    }

    /**
     * Run 005 (jdk17 /json): the classifier's final segment starts at 31 s, and the stopping rule, run again on it,
     * cuts it once more where the level crept up. The steady start the report prints is the later one, and the
     * run's why says so, since the chart draws only the classifier's segments.
     */
    @Test
    void aSteadyStartMovedByTheStoppingRulesSecondCutIsSaidInTheWhy() throws IOException {
        Series s = series().stream()
                .filter(x -> x.run().endsWith("/005") && x.scenario().equals("json"))
                .findFirst()
                .orElseThrow();
        RunSteadyState run = RunSteadyState.of(load(s));
        assertTrue(run.steady(), run.why());
        int lastSegmentStart = run.segments().get(run.segments().size() - 1).fromSecond();
        assertTrue(run.steadyStartSecond() > lastSegmentStart + 10, run + " against segment " + lastSegmentStart);
        assertTrue(
                run.why().endsWith("cut it once more: steady from run second " + run.steadyStartSecond()), run.why());
    }

    private static double[] numbers(String csv) {
        return Arrays.stream(csv.split(","))
                .mapToDouble(v -> v.equals("nan") ? Double.NaN : Double.parseDouble(v))
                .toArray();
    }
}
