package dev.duel.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.analysis.SteadyState.Analysis;
import dev.duel.analysis.SteadyState.Classification;
import dev.duel.analysis.SteadyState.Direction;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Real per-second series (correct responses per second) from records of real runs, copied into
 * {@code series/recorded-ok-per-second.txt} with their sources. What a person looking at them says:
 *
 * <ul>
 *   <li>the demo's runs (8 s warm-up, 6 s main; committed schema-1 records and a later demo) never reach a
 *       steady state: on /json requests/s is still climbing at the end of main (it doubles inside main), and on
 *       /products/{id} it climbs for the first seconds and is still moving or wobbling by 10% or more when the
 *       run ends. Every one must be "no steady state", and the engine's stopping rule must not have stopped
 *       warm-up on any prefix of it;
 *   <li>a `duel load` at an open rate of 110 requests/s is flat around 110 (it is paced) with per-second noise
 *       near 11%: flat, mean within 3% of 110, and steady for the engine too, though with 20 s at that noise the 95%
 *       half-width of the mean is wider than 3%: no precision is asked of one run.
 * </ul>
 */
class RecordedSeriesTest {
    private record Recorded(String name, double[] okPerSecond) {}

    @Test
    void noDemoRunReachedASteadyState() throws IOException {
        List<Recorded> demo = recorded().stream()
                .filter(r -> r.name().startsWith("schema-1-demo") || r.name().startsWith("demo-i10"))
                .toList();
        assertEquals(16, demo.size(), "6 + 6 schema-1 demo series and 4 of the later demo");
        for (Recorded series : demo) {
            Analysis analysis =
                    SteadyState.of(series.okPerSecond(), Direction.HIGHER_IS_BETTER, SteadyState.Settings.DEFAULT);
            assertEquals(
                    Classification.NO_STEADY_STATE, analysis.classification(), series.name() + ": " + analysis.why());
            for (int seconds = 1; seconds <= series.okPerSecond().length; seconds++) {
                WarmupStop.Decision decision =
                        WarmupStop.check(Arrays.copyOf(series.okPerSecond(), seconds), WarmupStop.Settings.DEFAULT);
                assertFalse(decision.steady(), series.name() + " after " + seconds + " s: " + decision.why());
            }
        }
    }

    /**
     * The paced load is flat, and steady for the engine too: 20 s at 11% per-second noise pin its mean only to ±5.3%
     * (the old rule's reason to refuse it), but how well one run pins its mean is the between-runs interval's business
     * (issue 22). The half-width is still recorded.
     */
    @Test
    void aPacedLoadIsFlatAndSteadyThoughTwentyNoisySecondsDoNotPinItsMeanToThreePercent() throws IOException {
        Recorded paced = recorded().stream()
                .filter(r -> r.name().startsWith("gc-bench"))
                .findFirst()
                .orElseThrow();
        Analysis analysis =
                SteadyState.of(paced.okPerSecond(), Direction.HIGHER_IS_BETTER, SteadyState.Settings.DEFAULT);
        assertEquals(Classification.FLAT, analysis.classification(), analysis.why());
        assertEquals(0, analysis.steadyStartIndex());
        assertEquals(110, analysis.steadyMean(), 110 * 0.03, analysis.why());
        assertEquals(0, analysis.warmupCost());
        WarmupStop.Decision decision = WarmupStop.check(paced.okPerSecond(), WarmupStop.Settings.DEFAULT);
        assertTrue(decision.steady(), decision.why());
        assertEquals(0, decision.steadySinceSecond(), decision.why());
        assertTrue(decision.relativeHalfWidth() > 0.03, decision.why());
    }

    private static List<Recorded> recorded() throws IOException {
        List<Recorded> all = new ArrayList<>();
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(
                RecordedSeriesTest.class.getResourceAsStream("/series/recorded-ok-per-second.txt"),
                StandardCharsets.UTF_8))) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                if (line.startsWith("#") || line.isBlank()) {
                    continue;
                }
                int colon = line.indexOf(": ");
                double[] values = Arrays.stream(line.substring(colon + 2).trim().split(" "))
                        .mapToDouble(Double::parseDouble)
                        .toArray();
                all.add(new Recorded(line.substring(0, colon), values));
            }
        }
        return all;
    }
}
