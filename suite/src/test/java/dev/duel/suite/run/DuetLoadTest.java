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

    /** A side once steady stays so while its partner settles: a flip of the host's after it settled does not undo it. */
    @Test
    void aSideOnceSteadyStaysSteadyWhileItsPartnerSettles() throws Exception {
        // Side 0 steady at its 4th second only (a flip moves it after), side 1 from its 8th.
        WarmupJudge flipped = okPerSecond -> okPerSecond[0] == 0
                ? (okPerSecond.length == 4
                        ? new WarmupJudge.Decision(true, 2, 0.01, "steady")
                        : WarmupJudge.Decision.notYet(0.2, "moving"))
                : STEADY_BY_SIDE.judge(okPerSecond);
        DuetLoad duet = new DuetLoad(flipped);
        WarmupJudge first = duet.judge(0);
        WarmupJudge second = duet.judge(1);
        List<WarmupJudge.Decision> firstDecisions = new ArrayList<>();
        List<Boolean> secondSteady = new ArrayList<>();
        assertTimeoutPreemptively(Duration.ofSeconds(5), () -> {
            for (int seconds = 2; seconds <= 8; seconds += 2) {
                int judged = seconds;
                Future<WarmupJudge.Decision> other = partner.submit(() -> second.judge(series(1, judged)));
                firstDecisions.add(first.judge(series(0, judged)));
                secondSteady.add(other.get().steady());
            }
        });
        assertEquals(
                List.of(false, false, false, true),
                firstDecisions.stream().map(WarmupJudge.Decision::steady).toList());
        assertEquals(List.of(false, false, false, true), secondSteady);
        assertEquals(2, firstDecisions.get(3).steadySinceSecond(), "its first steady verdict, kept");
        assertTrue(
                firstDecisions.get(2).why().startsWith("steady; waiting for the duet partner"),
                firstDecisions.toString());
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
    void aSideWhoseCompilerIsStillBusyIsNotSteadyYetWhateverItsSeries() throws Exception {
        DuetLoad duet = new DuetLoad(STEADY_BY_SIDE);
        double[] compilerCores = {0.2};
        duet.watchCompiler(0, 1.0, seconds -> seconds == DuetLoad.COMPILER_QUIET_SECONDS ? compilerCores[0] : -1);
        duet.leave(1); // side 0 alone: its own verdict
        WarmupJudge.Decision busy = duet.judge(0).judge(series(0, 6));
        assertFalse(busy.steady());
        assertEquals(0.01, busy.relativeHalfWidth(), 1e-12, "the series' half-width, for its progress line");
        assertEquals(
                "steady requests/s, but its JIT compiler used 0.20 of its 1 core(s) over the last 10 s (at most"
                        + " 0.05): still compiling",
                busy.why());
        compilerCores[0] = 0.05; // at the bound: quiet
        assertTrue(duet.judge(0).judge(series(0, 8)).steady());
    }

    /** A pair with a shorter steady stretch (interleave.stable) reads its compiler over that stretch, not 10 s. */
    @Test
    void theCompilersWindowIsThePairsSteadyStretch() throws Exception {
        DuetLoad duet = new DuetLoad(STEADY_BY_SIDE, 0, DuetLoad.HostFactors.NONE, 5);
        java.util.List<Double> asked = new java.util.ArrayList<>();
        duet.watchCompiler(0, 1.0, seconds -> {
            asked.add(seconds);
            return seconds <= 5 ? 0.02 : 0.3; // busy over 10 s, quiet over the last 5
        });
        duet.leave(1);
        assertTrue(duet.judge(0).judge(series(0, 6)).steady());
        assertEquals(List.of(5.0), asked);
        DuetLoad engines = new DuetLoad(STEADY_BY_SIDE);
        engines.watchCompiler(0, 1.0, seconds -> seconds <= 5 ? 0.02 : 0.3);
        engines.leave(1);
        WarmupJudge.Decision busy = engines.judge(0).judge(series(0, 6));
        assertFalse(busy.steady());
        assertTrue(busy.why().contains("over the last 10 s"), busy.why());
    }

    @Test
    void theCompilersBoundScalesWithTheSidesCores() throws Exception {
        DuetLoad duet = new DuetLoad(STEADY_BY_SIDE);
        duet.watchCompiler(0, 4.0, seconds -> 0.15); // 0.15 of 4 cores is under 0.05 of them
        duet.watchCompiler(1, 0.5, seconds -> 0.15); // of half a core it is 0.3
        Future<WarmupJudge.Decision> other = partner.submit(() -> duet.judge(1).judge(series(1, 8)));
        assertFalse(duet.judge(0).judge(series(0, 8)).steady(), "its partner is still compiling");
        WarmupJudge.Decision partnerDecision = other.get();
        assertFalse(partnerDecision.steady());
        assertTrue(partnerDecision.why().contains("0.15 of its 0.5 core(s)"), partnerDecision.why());
    }

    @Test
    void aCompilerNotWatchedLeavesTheDecisionToTheSeries() throws Exception {
        DuetLoad duet = new DuetLoad(STEADY_BY_SIDE);
        duet.watchCompiler(0, 1.0, DuetLoad.CompilerCores.UNKNOWN);
        duet.leave(1);
        assertTrue(duet.judge(0).judge(series(0, 4)).steady());
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
