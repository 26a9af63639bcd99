package dev.duel.suite.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.load.StartGate;
import dev.duel.load.WarmupJudge;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The two sides of a duet scenario on the same seconds: one start, and warm-up ended for both at the check where both
 * judges say steady, each judging its own series. Real threads, as the two engines' control threads are; no sleeps
 * but the waits under test, each bounded.
 */
class DuetLoadTest {
    private final ExecutorService partner = Executors.newSingleThreadExecutor();

    @AfterEach
    void stop() {
        partner.shutdownNow();
    }

    /** A judge that finds a side's series steady from {@code seconds} seconds of it on (the series' values mark the side). */
    private static final WarmupJudge STEADY_BY_SIDE = okPerSecond -> {
        int steadyFrom = okPerSecond[0] == 0 ? 4 : 8; // side 0's series starts at 0 ok/s, side 1's at 1
        return okPerSecond.length >= steadyFrom
                ? new WarmupJudge.Decision(true, steadyFrom - 2, 0.01, "steady")
                : WarmupJudge.Decision.notYet(0.2, "moving");
    };

    private static double[] series(int side, int seconds) {
        double[] series = new double[seconds];
        series[0] = side;
        return series;
    }

    @Test
    void bothSidesBeginTogether() throws Exception {
        DuetLoad duet = new DuetLoad(STEADY_BY_SIDE);
        long[] begun = new long[2];
        Future<?> other = partner.submit(() -> {
            duet.gate(1).await();
            begun[1] = System.nanoTime();
            return null;
        });
        Thread.sleep(200); // the partner's engine is ready first and waits
        assertFalse(other.isDone(), "side 1 waits for side 0's engine");
        duet.gate(0).await();
        begun[0] = System.nanoTime();
        other.get();
        assertTrue(Math.abs(begun[0] - begun[1]) < 100_000_000L, "began within 100 ms of each other");
    }

    @Test
    void warmUpEndsForBothWhenTheLaterSideIsSteady() throws Exception {
        DuetLoad duet = new DuetLoad(STEADY_BY_SIDE);
        WarmupJudge first = duet.judge(0);
        WarmupJudge second = duet.judge(1);
        List<Boolean> firstSteady = new ArrayList<>();
        List<Boolean> secondSteady = new ArrayList<>();
        assertTimeoutPreemptively(Duration.ofSeconds(5), () -> {
            for (int seconds = 2; seconds <= 10; seconds += 2) {
                int judged = seconds;
                Future<WarmupJudge.Decision> other = partner.submit(() -> second.judge(series(1, judged)));
                firstSteady.add(first.judge(series(0, judged)).steady());
                secondSteady.add(other.get().steady());
            }
        });
        // Side 0 is steady from its 4th second, side 1 from its 8th: both end at the check after 8 s.
        assertEquals(List.of(false, false, false, true, true), firstSteady);
        assertEquals(List.of(false, false, false, true, true), secondSteady);
    }

    @Test
    void theSteadySideSaysWhatItWaitsFor() throws Exception {
        DuetLoad duet = new DuetLoad(STEADY_BY_SIDE);
        Future<WarmupJudge.Decision> other = partner.submit(() -> duet.judge(1).judge(series(1, 4)));
        WarmupJudge.Decision decision = duet.judge(0).judge(series(0, 4));
        assertFalse(decision.steady());
        assertEquals(0.01, decision.relativeHalfWidth(), 1e-12, "its own half-width, for its progress line");
        assertTrue(decision.why().startsWith("steady; waiting for the duet partner to settle (moving"), decision.why());
        other.get();
    }

    @Test
    void aSideWhoseLoadEndedIsNotWaitedFor() throws Exception {
        DuetLoad duet = new DuetLoad(STEADY_BY_SIDE);
        duet.leave(1);
        assertTimeoutPreemptively(Duration.ofMillis(DuetLoad.PARTNER_WAIT_MILLIS / 2), () -> {
            StartGate gate = duet.gate(0);
            gate.await();
            assertTrue(duet.judge(0).judge(series(0, 4)).steady(), "alone, its own verdict");
        });
    }

    @Test
    void aPartnerThatDoesNotAnswerInTimeCountsAsNotSteadyYet() throws Exception {
        DuetLoad duet = new DuetLoad(STEADY_BY_SIDE);
        long start = System.nanoTime();
        WarmupJudge.Decision decision = duet.judge(0).judge(series(0, 4));
        long waitedMillis = (System.nanoTime() - start) / 1_000_000;
        assertFalse(decision.steady());
        assertTrue(waitedMillis >= DuetLoad.PARTNER_WAIT_MILLIS - 50, "waited " + waitedMillis + " ms");
    }
}
