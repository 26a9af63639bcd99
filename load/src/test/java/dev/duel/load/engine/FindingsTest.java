package dev.duel.load.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.load.LoadModel;
import dev.duel.load.record.IntervalCollector;
import dev.duel.load.record.LoopRecorder;
import dev.duel.load.record.PhaseAccumulator;
import dev.duel.load.schedule.Rate;
import dev.duel.load.schedule.Timeline;
import dev.duel.record.Phase;
import dev.duel.record.load.Arrival;
import dev.duel.record.load.PhaseResult;
import java.util.List;
import org.junit.jupiter.api.Test;

/** When the engine says it may have been the limit. */
class FindingsTest {
    private static final long MS = 1_000_000L;
    private static final LoadModel CLOSED = new LoadModel.Closed(8);
    private static final LoadModel OPEN = new LoadModel.Open(Rate.perSecond(1_000), Arrival.POISSON, 64);

    /** A main phase of 1,000 requests whose closed-model turnaround was {@code turnaroundMicros} each. */
    private static PhaseResult main(long turnaroundMicros, boolean closed) {
        Timeline timeline = Timeline.phased(0, 0, 0, 3_600_000 * MS);
        LoopRecorder recorder = new LoopRecorder(0, timeline, new IntervalCollector(1), Integer.MAX_VALUE, null);
        for (int i = 0; i < 1_000; i++) {
            long sent = i * 10 * MS;
            recorder.sent(Phase.MAIN, sent, sent, 60, false, false);
            recorder.completed(Phase.MAIN, sent, sent, sent + 5 * MS, 200, null);
            recorder.turnaround(Phase.MAIN, sent + 5 * MS, sent + 5 * MS + turnaroundMicros * 1_000);
        }
        PhaseAccumulator main = recorder.phase(Phase.MAIN);
        return Results.phase(Phase.MAIN, main, 10_000, closed);
    }

    @Test
    void oneEventLoopAtItsLimitLimitsTheEngineWhileTheProcessLooksHalfIdle() {
        List<String> findings = Findings.engineLimits(List.of(0.95, 0.05), 0.50, 2, main(20, true), CLOSED);
        assertEquals(1, findings.size(), findings.toString());
        assertTrue(findings.get(0).startsWith("event loop 0 was busy 95% of main"), findings.get(0));
        assertEquals(List.of(), Findings.engineLimits(List.of(0.85, 0.15), 0.50, 2, main(20, true), CLOSED));
    }

    @Test
    void aClosedModelTurnaroundAboveOneMillisecondAtP99WithABusyLoopLimitsTheEngine() {
        List<String> findings = Findings.engineLimits(List.of(0.60), 0.60, 1, main(2_000, true), CLOSED);
        assertEquals(
                List.of("the load generator held its users back: p99 2.00 ms from a response to the next request on its"
                        + " connection (1000 of 1000 over 1 ms), its busiest event loop busy 60% of main"),
                findings);
        assertNull(Findings.machineLag(List.of(0.60), main(2_000, true), CLOSED), "the generator's, not the machine's");
        assertEquals(List.of(), Findings.engineLimits(List.of(0.60), 0.60, 1, main(900, true), CLOSED));
        // The open model has no turnaround (null): its own lag is the schedule lag.
        assertEquals(List.of(), Findings.engineLimits(List.of(0.60), 0.60, 1, main(2_000, false), OPEN));
    }

    @Test
    void aTurnaroundOverTheLimitWhileTheLoopsWereIdleIsTheMachinesJitterAndAWarning() {
        assertEquals(List.of(), Findings.engineLimits(List.of(0.02, 0.40), 0.21, 2, main(2_000, true), CLOSED));
        assertEquals(
                "the machine woke the load generator late: p99 2.00 ms from a response to the next request on its"
                        + " connection (1000 of 1000 over 1 ms) while its busiest event loop was busy 40% of main;"
                        + " that is the machine's jitter (timers, scheduling, a slower host), not the generator's"
                        + " work, and the latencies include it",
                Findings.machineLag(List.of(0.02, 0.40), main(2_000, true), CLOSED));
        assertNull(Findings.machineLag(List.of(0.02), main(900, true), CLOSED), "within the limit: nothing to say");
        assertNull(Findings.machineLag(List.of(0.02), null, CLOSED), "main never began");
    }

    @Test
    void checksTheEngineGaveUpAreItsLimitNotTheTargets() {
        assertNull(Findings.checksGivenUp(0, "64.0 MiB per event loop"));
        String finding = Findings.checksGivenUp(3, "64.0 MiB per event loop");
        assertTrue(
                finding.startsWith("the load generator could not check 3 response(s): a JSON value ahead of the"
                        + " checked one needed more memory than it keeps for checks (64.0 MiB per event loop)"),
                finding);
    }
}
