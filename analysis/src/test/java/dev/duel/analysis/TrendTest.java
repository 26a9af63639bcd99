package dev.duel.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

class TrendTest {
    @Test
    void aSteadyClimbIsMovingAndItsChangeIsMeasuredOverTheSegment() {
        double[] climbing = new double[20];
        Random random = new Random(1);
        for (int i = 0; i < climbing.length; i++) {
            climbing[i] = (1000 + 50 * i) * (1 + 0.02 * random.nextGaussian());
        }
        Trend.Fit fit = Trend.of(climbing, Trend.CONFIDENCE);
        assertTrue(fit.moving(0.02), fit.toString());
        assertEquals(950 / 1475.0, fit.relativeChange(), 0.1, "19 s × 50 over a mean of 1,475");
    }

    @Test
    void noiseAroundOneLevelIsNotMovingInAtLeast99PercentOfCases() {
        Random random = new Random(2);
        int moving = 0;
        for (int trial = 0; trial < 2000; trial++) {
            double[] flat = new double[10 + random.nextInt(100)];
            for (int i = 0; i < flat.length; i++) {
                flat[i] = 5000 * (1 + 0.08 * random.nextGaussian());
            }
            moving += Trend.of(flat, Trend.CONFIDENCE).moving(0.02) ? 1 : 0;
        }
        assertTrue(moving <= 20, moving + " of 2,000 flat series called moving");
    }

    @Test
    void aSmallSignificantDriftBelowTheToleranceIsNotMoving() {
        double[] drift = new double[100];
        for (int i = 0; i < drift.length; i++) {
            drift[i] = 1000 + 0.1 * i + (i % 2 == 0 ? 0.5 : -0.5);
        }
        Trend.Fit fit = Trend.of(drift, Trend.CONFIDENCE);
        assertTrue(fit.significant());
        assertFalse(fit.moving(0.02), "+1% over the segment is within the 2% tolerance");
    }
}
