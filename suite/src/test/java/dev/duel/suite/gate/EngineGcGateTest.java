package dev.duel.suite.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.duel.load.LoadModel;
import dev.duel.load.Timing;
import dev.duel.record.Phase;
import dev.duel.record.SampleRecords;
import dev.duel.record.ScenarioKind;
import dev.duel.record.Status;
import dev.duel.record.load.EngineUsage;
import dev.duel.record.load.LoadResult;
import dev.duel.record.load.PhaseResult;
import dev.duel.suite.Scenario;
import dev.duel.suite.Suite;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The run verdict's gate on the load generator's own GC pauses. */
class EngineGcGateTest {
    private static final Scenario CLOSED = new Scenario(
            "json",
            ScenarioKind.LOAD,
            "GET",
            "/json",
            List.of(),
            null,
            Map.of(),
            List.of(),
            new LoadModel.Closed(8),
            1,
            new Timing.Phases(Duration.ofSeconds(1), Duration.ZERO, Duration.ofSeconds(40)),
            1,
            Duration.ofSeconds(10),
            0,
            null);

    /** A clean 40 s main phase during which duel's GC paused {@code pauses} times for {@code pauseMillis} in all. */
    private static LoadResult load(Long pauses, Double pauseMillis) {
        PhaseResult main = SampleRecords.phase(
                Phase.MAIN, 40_000, 1_000, Map.of(), SampleRecords.latency(40_000, 900, 800, 1_500, 3_000, 6_000));
        EngineUsage quiet = SampleRecords.engine(0.2, 1, 40_000, main.ok());
        EngineUsage engine = new EngineUsage(
                quiet.cpuMillis(),
                quiet.wallMillis(),
                quiet.coresAvailable(),
                quiet.utilization(),
                quiet.loopBusy(),
                quiet.cpuMicrosPerRequest(),
                quiet.peakRssBytes(),
                false,
                List.of(),
                pauses,
                pauseMillis,
                pauseMillis == null ? null : pauseMillis / 40_000,
                null);
        return SampleRecords.mainOnly(main, engine);
    }

    @Test
    void pausesOverOnePercentOfMainMakeTheRunInvalidNamingTheShare() {
        assertEquals(
                new RunVerdict(
                        Status.INVALID,
                        "load generator paused by its own GC for 3.5% of main (700 pauses, 1400 ms; limit 1.0%): "
                                + "those pauses count as the target's latency; give duel a larger heap or young "
                                + "generation (DUEL_JAVA_OPTS)"),
                RunVerdict.ofScenario(CLOSED, load(700L, 1_400.0), null, Suite.Gates.DEFAULT));
    }

    @Test
    void pausesUpToOnePercentOrNotMeasuredLeaveTheRunAlone() {
        assertNull(RunVerdict.engineGcPauses(load(200L, 400.0)), "exactly 1% is allowed");
        assertEquals(RunVerdict.OK, RunVerdict.ofScenario(CLOSED, load(40L, 60.0), null, Suite.Gates.DEFAULT));
        assertEquals(
                RunVerdict.OK,
                RunVerdict.ofScenario(CLOSED, load(null, null), null, Suite.Gates.DEFAULT),
                "a schema-1 record did not measure them");
    }
}
