package dev.duel.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.load.schedule.Timeline;
import dev.duel.load.schedule.WarmupController;
import dev.duel.record.Phase;
import dev.duel.record.load.WarmupEnd;
import dev.duel.record.load.WarmupMode;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** An auto warm-up through the real stopping rule (analysis: WarmupStop), on synthetic series with a known truth. */
class SteadyStateJudgeTest {
    private static final long S = 1_000_000_000L;
    private static final long MS = 1_000_000L;

    /**
     * 6 s at about 300 requests/s (shorter than the rule's stable length, so not steady by itself), then a step to
     * about 1,000, flat to the end; 1.5% noise per second.
     */
    private static long okInSecond(int second, SplittableRandom random) {
        double level = second < 6 ? 300 : 1_000;
        return Math.round(level * (1 + 0.015 * gaussian(random)));
    }

    private static double gaussian(SplittableRandom random) {
        // Box-Muller: SplittableRandom has no nextGaussian on Java 17.
        return Math.sqrt(-2 * Math.log(1 - random.nextDouble())) * Math.cos(2 * Math.PI * random.nextDouble());
    }

    @Test
    void aStepThenFlatEndsWarmUpSoonAfterTheStableLengthHasPassedSinceTheStep() {
        Timeline timeline = Timeline.untilSteady(0, 120 * S, 2 * S, 20 * S);
        WarmupController controller = new WarmupController(timeline, new SteadyStateJudge());
        SplittableRandom random = new SplittableRandom(11);
        for (int second = 0; second < 120 && controller.awaitingSteady(); second++) {
            controller.onSecond(second, okInSecond(second, random), (second + 1) * S + 20 * MS);
        }

        WarmupEnd end = controller.end();
        assertEquals(WarmupMode.AUTO, end.mode());
        assertEquals(WarmupEnd.Reason.STEADY, end.reason(), end.toString());
        assertEquals(6_000, end.steadySinceMillis(), 2_000, "the steady stretch starts at the step: " + end);
        // The rule needs 10 s of the final segment (16 s of series); the judge is asked every 2 s, and warm-up ends
        // on the next whole second.
        assertTrue(
                end.endedAtMillis() >= 17_000 && end.endedAtMillis() <= 21_000,
                "warm-up ended at " + end.endedAtMillis() + " ms");
        assertTrue(end.relativeHalfWidth() <= 0.03, end.toString());
        assertEquals(Phase.MAIN, timeline.phaseAt(timeline.warmupNanos() + 2 * S));
    }

    @Test
    void aSeriesTooShortForTheRuleIsNotSteadyAndHasNoHalfWidthYet() {
        WarmupJudge.Decision decision = new SteadyStateJudge().judge(new double[] {500, 510, 505, 498});
        assertEquals(false, decision.steady());
        assertNull(decision.relativeHalfWidth());
        assertNull(decision.steadySinceSecond());
    }
}
