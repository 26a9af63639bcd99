package dev.duel.analysis;

import java.util.Arrays;

/**
 * Outliers of a per-second series, found as in Barrett et al. (OOPSLA 2017): a value is an outlier
 * when it lies further than {@code spreads} × (p90 − p10) from the median of a window centred on it.
 * The window holds {@code halfWindow} values on each side (fewer at the ends of the series, where it
 * is cut short rather than padded). Non-finite values (a second without a measurement) are always
 * outliers and never enter a window. Because the window straddles a real change, its p90 − p10 grows
 * there and the change's own seconds are not flagged: only values far from both neighbourhoods are.
 * Stateless and thread-safe.
 */
public final class Outliers {
    private Outliers() {}

    /** @return for each index, whether it is an outlier (see the class comment) */
    public static boolean[] find(double[] series, int halfWindow, double spreads) {
        if (halfWindow < 1) {
            throw new IllegalArgumentException("halfWindow must be at least 1, was " + halfWindow);
        }
        boolean[] outlier = new boolean[series.length];
        double[] window = new double[2 * halfWindow + 1];
        for (int i = 0; i < series.length; i++) {
            if (!Double.isFinite(series[i])) {
                outlier[i] = true;
                continue;
            }
            int size = 0;
            for (int j = Math.max(0, i - halfWindow); j <= Math.min(series.length - 1, i + halfWindow); j++) {
                if (Double.isFinite(series[j])) {
                    window[size++] = series[j];
                }
            }
            double[] sorted = Arrays.copyOf(window, size);
            Arrays.sort(sorted);
            double median = quantile(sorted, 0.5);
            double spread = quantile(sorted, 0.9) - quantile(sorted, 0.1);
            outlier[i] = Math.abs(series[i] - median) > spreads * spread;
        }
        return outlier;
    }

    /** Linear interpolation between order statistics (type 7, as R's and numpy's default). */
    static double quantile(double[] sorted, double p) {
        double position = p * (sorted.length - 1);
        int below = (int) Math.floor(position);
        int above = Math.min(below + 1, sorted.length - 1);
        return sorted[below] + (position - below) * (sorted[above] - sorted[below]);
    }
}
