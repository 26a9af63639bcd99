package dev.duel.load.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.load.WarmupJudge;
import dev.duel.record.Phase;
import dev.duel.record.load.WarmupEnd;
import dev.duel.record.load.WarmupMode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The run-time end of a warm-up until steady, with a fake judge and made-up clock readings: nothing runs, nothing sleeps. */
class WarmupControllerTest {
    private static final long S = 1_000_000_000L;
    private static final long MS = 1_000_000L;

    /** Says steady from the first series of at least {@code steadyAtSeconds} seconds; records what it was shown. */
    private static final class FakeJudge implements WarmupJudge {
        final int steadyAtSeconds;
        final List<double[]> shown = new ArrayList<>();

        FakeJudge(int steadyAtSeconds) {
            this.steadyAtSeconds = steadyAtSeconds;
        }

        @Override
        public Decision judge(double[] okPerSecond) {
            shown.add(okPerSecond.clone());
            double halfWidth = 0.2 / okPerSecond.length;
            return okPerSecond.length >= steadyAtSeconds
                    ? new Decision(true, okPerSecond.length - 4, halfWidth, "flat")
                    : Decision.notYet(halfWidth, "still moving");
        }
    }

    /** Feeds seconds 0..last of a run that started at 0, each merged {@code lagNanos} after it ended. */
    private static void feed(WarmupController controller, int last, long lagNanos) {
        for (int i = 0; i <= last; i++) {
            controller.onSecond(i, 100L * (i + 1), (i + 1) * S + lagNanos);
        }
    }

    @Test
    void theJudgeIsAskedEveryTwoSecondsWithTheWholeSeriesAndWarmUpEndsAtTheNextWholeSecond() {
        Timeline timeline = Timeline.untilSteady(0, 120 * S, 2 * S, 20 * S);
        FakeJudge judge = new FakeJudge(6);
        WarmupController controller = new WarmupController(timeline, judge);
        feed(controller, 7, 5 * MS);

        assertEquals(3, judge.shown.size(), "asked at 2, 4 and 6 s, not after it said steady");
        assertEquals(List.of(2, 4, 6), judge.shown.stream().map(a -> a.length).toList());
        assertEquals(600, judge.shown.get(2)[5]);
        // Said steady when second 5 was merged at 6.005 s: warm-up ends at 7 s, main runs 9-29 s.
        assertEquals(7 * S, timeline.warmupNanos());
        assertEquals(Phase.MAIN, timeline.phaseAt(9 * S));
        assertEquals(29 * S, timeline.endNanos());
        assertFalse(controller.awaitingSteady());
        assertEquals(
                new WarmupEnd(WarmupMode.AUTO, WarmupEnd.Reason.STEADY, 7_000, 2_000.0, 0.2 / 6), controller.end());
    }

    @Test
    void aDecisionCloseToASecondsEndLeavesAtLeastTheNoticeBeforeWarmUpEnds() {
        Timeline timeline = Timeline.untilSteady(0, 120 * S, 0, S);
        WarmupController controller = new WarmupController(timeline, new FakeJudge(2));
        controller.onSecond(0, 10, S + 10 * MS);
        controller.onSecond(1, 10, 2 * S + 950 * MS); // merged late: 2.95 s + 100 ms notice is past 3 s
        assertEquals(4 * S, timeline.warmupNanos());
    }

    @Test
    void aJudgeThatWaitedEndsWarmUpAfterItsAnswerNotAtASecondThatPassedMeanwhile() {
        Timeline timeline = Timeline.untilSteady(0, 120 * S, 0, S);
        long[] now = {S + 10 * MS};
        // A load agent's judge waits for its coordinator: here 1.2 s after the check second was merged.
        WarmupJudge waiting = okPerSecond -> {
            now[0] += 1_200 * MS;
            return new WarmupJudge.Decision(true, 0, 0.01, "steady");
        };
        WarmupController controller = new WarmupController(timeline, waiting);
        controller.onSecond(0, 10, () -> now[0]);
        now[0] = 2 * S + 10 * MS;
        controller.onSecond(1, 10, () -> now[0]); // answered at 3.21 s: the end is 4 s, not the past 3 s
        assertEquals(4 * S, timeline.warmupNanos());
    }

    @Test
    void withoutASteadyVerdictTheCapEndsWarmUpAndSaysSoWithTheLastHalfWidth() {
        Timeline timeline = Timeline.untilSteady(0, 10 * S, S, 5 * S);
        FakeJudge judge = new FakeJudge(Integer.MAX_VALUE);
        WarmupController controller = new WarmupController(timeline, judge);
        assertTrue(controller.awaitingSteady());
        feed(controller, 15, 5 * MS);

        assertEquals(5, judge.shown.size(), "asked at 2, 4, 6, 8 and 10 s; seconds past the cap are not warm-up");
        assertEquals(0.02, controller.relativeHalfWidth(), 1e-12);
        assertEquals(10 * S, timeline.warmupNanos());
        assertEquals(new WarmupEnd(WarmupMode.AUTO, WarmupEnd.Reason.CAP, 10_000, null, 0.02), controller.end());
    }

    @Test
    void aRunStoppedDuringAnAutoWarmUpEndedItByTheStop() {
        Timeline timeline = Timeline.untilSteady(0, 120 * S, 0, S);
        WarmupController controller = new WarmupController(timeline, new FakeJudge(Integer.MAX_VALUE));
        feed(controller, 2, 0);
        timeline.endAt(3_500 * MS);
        WarmupEnd end = controller.end();
        assertEquals(WarmupEnd.Reason.STOPPED, end.reason());
        assertEquals(3_500, end.endedAtMillis());
        assertNull(end.steadySinceMillis());
    }

    @Test
    void aFixedWarmUpIsNeverJudgedAndEndsAtItsLength() {
        Timeline timeline = Timeline.phased(0, 4 * S, 0, S);
        FakeJudge judge = new FakeJudge(2);
        WarmupController controller = new WarmupController(timeline, judge);
        feed(controller, 4, 0);
        assertTrue(judge.shown.isEmpty());
        assertFalse(controller.awaitingSteady());
        assertEquals(
                new WarmupEnd(WarmupMode.FIXED, WarmupEnd.Reason.FIXED_LENGTH, 4_000, null, null), controller.end());
    }

    @Test
    void aSteadyVerdictBeforeTheMinimumIsNotActedOnAndTheFirstCheckAtOrAfterItEndsWarmUp() {
        Timeline timeline = Timeline.untilSteady(0, 46 * S, 0, 5 * S);
        FakeJudge judge = new FakeJudge(10);
        WarmupController controller = new WarmupController(timeline, judge, 36 * S);
        feed(controller, 33, 5 * MS);
        assertEquals(17, judge.shown.size(), "still asked every 2 s up to 34 s");
        assertTrue(controller.awaitingSteady(), "steady since 10 s, but 34 s is before the minimum");
        assertEquals(46 * S, timeline.warmupNanos());

        feed(controller, 40, 5 * MS);
        assertEquals(18, judge.shown.size(), "the check at 36 s acted; none after it");
        // The check at 36 s was merged at 36.005 s: warm-up ends at the next whole second, 37 s.
        assertEquals(37 * S, timeline.warmupNanos());
        assertEquals(
                new WarmupEnd(WarmupMode.AUTO, WarmupEnd.Reason.STEADY, 37_000, 32_000.0, 0.2 / 36), controller.end());
    }

    @Test
    void aMinimumBetweenChecksWaitsForTheNextCheck() {
        Timeline timeline = Timeline.untilSteady(0, 120 * S, 0, S);
        WarmupController controller = new WarmupController(timeline, new FakeJudge(2), 35_500 * MS);
        feed(controller, 40, 5 * MS);
        assertEquals(37 * S, timeline.warmupNanos(), "first check at or after 35.5 s is at 36 s");
    }

    @Test
    void aMinimumAtTheCapLetsTheCapEndWarmUpSteadyAllTheSame() {
        Timeline timeline = Timeline.untilSteady(0, 20 * S, 0, S);
        WarmupController controller = new WarmupController(timeline, new FakeJudge(2), 20 * S);
        feed(controller, 25, 5 * MS);
        assertEquals(20 * S, timeline.warmupNanos());
        assertEquals(WarmupEnd.Reason.STEADY, controller.end().reason());
    }
}
