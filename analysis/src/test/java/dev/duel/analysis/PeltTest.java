package dev.duel.analysis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;

class PeltTest {
    /**
     * The audit's case: with a least segment length of 5 the pruning used to drop a candidate whose segment was not yet
     * admissible, and this series (penalty 5 ln 18, the mean-and-variance cost with the floor (0.001 × median)²) came
     * out as two segments (cost 125.0) where one (114.9) is optimal.
     */
    @Test
    void theAuditsEighteenValuesAreOneSegment() {
        double[] series = {
            97.81, 98.13, 100.79, 105.17, 127.31, 136.76, 127.25, 127.82, 139.53, 86.9, 89.51, 90.84, 90.48, 87.62,
            91.73, 172.37, 88.35, 139.66
        };
        double[] sorted = series.clone();
        Arrays.sort(sorted);
        double median = (sorted[8] + sorted[9]) / 2;
        double floor = Math.pow(0.001 * median, 2);
        Pelt.Cost cost = Pelt.meanAndVarianceCost(series, floor);
        double penalty = 5 * Math.log(18);
        int[] starts = Pelt.segmentStarts(series.length, cost, penalty, 5);
        assertArrayEquals(new int[] {0}, starts);
        assertEquals(114.9, totalCost(series.length, cost, starts, penalty), 0.05);
    }

    /** 3,000 series at least segment length 5 (production's), and more at 1 to 4, for both costs. */
    @Test
    void pruningNeverLosesTheOptimumThatExhaustiveSearchFinds() {
        Random random = new Random(11);
        checkAgainstExhaustive(random, 3_000, 5, (series, r) -> Pelt.meanAndVarianceCost(series, 1e-3));
        checkAgainstExhaustive(random, 3_000, 5, (series, r) -> Pelt.meanCost(series, variance(series, r)));
        for (int minSegment = 1; minSegment <= 4; minSegment++) {
            checkAgainstExhaustive(random, 300, minSegment, (series, r) -> Pelt.meanAndVarianceCost(series, 1e-3));
            checkAgainstExhaustive(random, 300, minSegment, (series, r) -> Pelt.meanCost(series, variance(series, r)));
        }
    }

    @Test
    void aClearStepIsFoundWhereItIs() {
        double[] series = new double[60];
        Random random = new Random(3);
        for (int i = 0; i < series.length; i++) {
            series[i] = (i < 25 ? 1000 : 1500) * (1 + 0.04 * random.nextGaussian());
        }
        assertArrayEquals(
                new int[] {0, 25}, Pelt.segmentStarts(60, Pelt.meanAndVarianceCost(series, 1), 15 * Math.log(60), 2));
        assertArrayEquals(
                new int[] {0, 25},
                Pelt.segmentStarts(60, Pelt.meanCost(series, Math.pow(0.04 * 1250, 2)), 3 * Math.log(60), 5));
    }

    @Test
    void equalValuesAreOneSegmentThanksToTheFloor() {
        double[] series = new double[40];
        Arrays.fill(series, 500);
        series[20] = 501;
        assertArrayEquals(
                new int[] {0}, Pelt.segmentStarts(40, Pelt.meanAndVarianceCost(series, 0.25), 15 * Math.log(40), 2));
    }

    private static void checkAgainstExhaustive(
            Random random, int trials, int minSegment, BiFunction<double[], Random, Pelt.Cost> costOf) {
        for (int trial = 0; trial < trials; trial++) {
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
            Pelt.Cost cost = costOf.apply(series, random);
            int[] pelt = Pelt.segmentStarts(n, cost, penalty, minSegment);
            int[] exhaustive = optimalPartitioning(n, cost, penalty, minSegment);
            assertEquals(
                    totalCost(n, cost, exhaustive, penalty),
                    totalCost(n, cost, pelt, penalty),
                    1e-9,
                    "trial " + trial + " at least segment length " + minSegment);
        }
    }

    /** A noise variance for the mean cost: 1% to 10% of 100, squared. */
    private static double variance(double[] series, Random random) {
        double sd = 1 + 9 * random.nextDouble();
        return sd * sd;
    }

    /** O(n²) optimal partitioning without pruning, the reference PELT must match. */
    private static int[] optimalPartitioning(int n, Pelt.Cost cost, double penalty, int minSegment) {
        double[] best = new double[n + 1];
        int[] last = new int[n + 1];
        Arrays.fill(best, Double.POSITIVE_INFINITY);
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
        if (!Double.isFinite(best[n])) {
            return new int[] {0};
        }
        List<Integer> starts = new ArrayList<>();
        for (int t = n; t > 0; t = last[t]) {
            starts.add(0, last[t]);
        }
        return starts.stream().mapToInt(Integer::intValue).toArray();
    }

    private static double totalCost(int n, Pelt.Cost cost, int[] starts, double penalty) {
        double total = penalty * (starts.length - 1);
        for (int k = 0; k < starts.length; k++) {
            total += cost.of(starts[k], k + 1 < starts.length ? starts[k + 1] : n);
        }
        return total;
    }
}
