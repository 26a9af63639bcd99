package dev.duel.report.model;

import java.util.Arrays;
import org.apache.commons.statistics.descriptive.Median;

/**
 * One metric over the valid runs of one target: median, geometric mean, min, max and spread ((max - min) / median).
 * Which of the two centres a table shows and a verdict reads is the measure's ({@link Measure#central}). Immutable.
 *
 * @param runs          how many runs fed it
 * @param geometricMean exp of the mean log value: the centre a ratio of two sides is taken between; NaN when a value
 *                      is 0 or negative
 * @param spread        (max - min) / median; 0 for a single run, NaN when the median is 0
 */
public record Summary(
        int runs, double median, double geometricMean, double min, double max, double spread, double[] values) {
    private static final Median MEDIAN = Median.withDefaults();

    public Summary {
        values = values.clone();
    }

    public static Summary of(double[] values) {
        if (values.length == 0) {
            throw new IllegalArgumentException("no values");
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        double median = MEDIAN.evaluate(sorted);
        double min = sorted[0];
        double max = sorted[sorted.length - 1];
        double spread = median == 0 ? (max == min ? 0 : Double.NaN) : (max - min) / Math.abs(median);
        double geometricMean = Double.NaN;
        if (min > 0) {
            double logs = 0;
            for (double value : sorted) {
                logs += Math.log(value);
            }
            // All values equal: exactly that value, not exp(log(v)) a rounding away from it.
            geometricMean = min == max ? min : Math.exp(logs / sorted.length);
        }
        return new Summary(values.length, median, geometricMean, min, max, spread, values);
    }

    @Override
    public double[] values() {
        return values.clone();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Summary s
                && s.runs == runs
                && Double.compare(s.median, median) == 0
                && Double.compare(s.geometricMean, geometricMean) == 0
                && Double.compare(s.min, min) == 0
                && Double.compare(s.max, max) == 0
                && Arrays.equals(s.values, values);
    }

    @Override
    public int hashCode() {
        return Double.hashCode(median) * 31 + Arrays.hashCode(values);
    }

    @Override
    public String toString() {
        return "Summary[runs=" + runs + ", median=" + median + ", geometricMean=" + geometricMean + ", min=" + min
                + ", max=" + max + "]";
    }
}
