package dev.duel.analysis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class PeltTest {
    @Test
    void pruningNeverLosesTheOptimumThatExhaustiveSearchFinds() {
        Random random = new Random(11);
        for (int trial = 0; trial < 300; trial++) {
            int n = 10 + random.nextInt(50);
            double[] series = new double[n];
            double level = 100;
            for (int i = 0; i < n; i++) {
                if (random.nextInt(12) == 0) {
                    level *= 0.7 + 0.6 * random.nextDouble();
                }
                series[i] = level * (1 + 0.05 * random.nextGaussian());
            }
            double penalty = (1 + random.nextInt(15)) * Math.log(n);
            int minSegment = 2 + random.nextInt(3);
            double floor = 1e-3;
            int[] pelt = Pelt.segmentStarts(series, penalty, minSegment, floor);
            int[] exhaustive = optimalPartitioning(series, penalty, minSegment, floor);
            assertEquals(
                    totalCost(series, exhaustive, penalty, floor),
                    totalCost(series, pelt, penalty, floor),
                    1e-9,
                    "trial " + trial);
        }
    }

    @Test
    void aClearStepIsFoundWhereItIs() {
        double[] series = new double[60];
        Random random = new Random(3);
        for (int i = 0; i < series.length; i++) {
            series[i] = (i < 25 ? 1000 : 1500) * (1 + 0.04 * random.nextGaussian());
        }
        assertArrayEquals(new int[] {0, 25}, Pelt.segmentStarts(series, 15 * Math.log(60), 2, 1));
    }

    @Test
    void equalValuesAreOneSegmentThanksToTheFloor() {
        double[] series = new double[40];
        java.util.Arrays.fill(series, 500);
        series[20] = 501;
        assertArrayEquals(new int[] {0}, Pelt.segmentStarts(series, 15 * Math.log(40), 2, 0.25));
    }

    /** O(n²) optimal partitioning without pruning, the reference PELT must match. */
    private static int[] optimalPartitioning(double[] series, double penalty, int minSegment, double floor) {
        int n = series.length;
        Pelt.Cost cost = new Pelt.Cost(series, floor);
        double[] best = new double[n + 1];
        int[] last = new int[n + 1];
        java.util.Arrays.fill(best, Double.POSITIVE_INFINITY);
        best[0] = -penalty;
        for (int t = minSegment; t <= n; t++) {
            for (int s = 0; s <= t - minSegment; s++) {
                if (Double.isFinite(best[s])) {
                    double value = best[s] + cost.of(s, t) + penalty;
                    if (value < best[t]) {
                        best[t] = value;
                        last[t] = s;
                    }
                }
            }
        }
        List<Integer> starts = new ArrayList<>();
        for (int t = n; t > 0; t = last[t]) {
            starts.add(0, last[t]);
        }
        return starts.stream().mapToInt(Integer::intValue).toArray();
    }

    private static double totalCost(double[] series, int[] starts, double penalty, double floor) {
        Pelt.Cost cost = new Pelt.Cost(series, floor);
        double total = penalty * (starts.length - 1);
        for (int k = 0; k < starts.length; k++) {
            total += cost.of(starts[k], k + 1 < starts.length ? starts[k + 1] : series.length);
        }
        return total;
    }
}
