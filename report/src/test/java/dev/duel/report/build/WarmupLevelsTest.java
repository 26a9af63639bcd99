package dev.duel.report.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.duel.analysis.RunSteadyState;
import dev.duel.record.Phase;
import dev.duel.record.SampleRecords;
import dev.duel.record.load.LatencySummary;
import dev.duel.record.load.LoadResult;
import dev.duel.record.load.SecondResult;
import dev.duel.report.model.WarmupRun;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.IntToDoubleFunction;
import org.junit.jupiter.api.Test;

/**
 * A run whose requests/s alternated between two levels carries them, and main's interval, into the warm-up answer
 * (and summary.json); a run at one level carries neither, and its summary.json is what it was.
 */
class WarmupLevelsTest {
    private static final LatencySummary LATENCY = SampleRecords.latency(20_000, 500, 400, 900, 2_000, 4_000);

    /** A fixed warm-up of 19 s, no gap, 10 s of main; {@code rate} gives each second's correct answers. */
    static LoadResult run(IntToDoubleFunction rate) {
        List<SecondResult> seconds = new ArrayList<>();
        for (int s = 0; s < 29; s++) {
            seconds.add(new SecondResult(
                    s, s < 19 ? Phase.WARMUP : Phase.MAIN, Math.round(rate.applyAsDouble(s)), 0, 500, 2_000, 5_000));
        }
        return SampleRecords.load(
                SampleRecords.closedSettings("http://127.0.0.1:8080/", 8, 19_000, 0, 10_000, 0, 0),
                SampleRecords.phase(Phase.WARMUP, 19_000, 500, Map.of(), LATENCY),
                SampleRecords.phase(Phase.MAIN, 10_000, 1000, Map.of(), LATENCY),
                List.of(),
                seconds,
                SampleRecords.engine(0.2, 2, 10_000, 20_000),
                "2026-11-30T06:00:00Z",
                "2026-11-30T06:01:00Z");
    }

    @Test
    void aRunThatAlternatedCarriesItsLevelsAndMainsInterval() throws Exception {
        WarmupRun alternating = WarmupAnswer.warmupRun(
                "001", "jdk17", RunSteadyState.of(run(s -> s % 10 < 3 ? 10_000 + s : 2_500 + s)));
        assertEquals(5, alternating.levels().switches());
        assertEquals(10, alternating.mainInterval().phaseValues());
        JsonNode json = new ObjectMapper().valueToTree(alternating);
        assertEquals(3.0, json.at("/levels/highStaySeconds").asDouble(), 1e-9);
        assertTrue(json.at("/mainInterval/halfWidth").asDouble() > 0, json.toString());

        WarmupRun flat = WarmupAnswer.warmupRun("002", "jdk17", RunSteadyState.of(run(s -> 5_000 + 10 * (s % 3))));
        assertNull(flat.levels());
        assertNull(flat.mainInterval(), "main's interval is said with levels only");
        JsonNode flatJson = new ObjectMapper().valueToTree(flat);
        assertFalse(flatJson.has("levels"), flatJson.toString());
        assertFalse(flatJson.has("mainInterval"), flatJson.toString());
    }
}
