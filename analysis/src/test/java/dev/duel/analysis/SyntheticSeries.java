package dev.duel.analysis;

import java.util.Random;

/**
 * Seeded per-second requests/s series with a known truth, shaped like the runs measured on this project's
 * machines: 30 to 120 s long, a level of 1,000 to 10,000 requests/s, relative noise of 3% to 8% per second,
 * Gaussian in three cases of four and Student t with 3 degrees of freedom (same standard deviation, heavy
 * tails: single seconds far off) in the fourth.
 */
final class SyntheticSeries {
    enum Shape {
        /** One rise of 25% to 100% at a second in [15%, 60%] of the run. Truth: the step. */
        STEP,
        /**
         * A linear rise of 25% to 100% over 3 s to 40% of the run, ending by 60% of it, rising each second by at
         * least 0.75 of the per-second noise's standard deviation (steep enough for its end to be told from noise
         * within 2 s; docs/steady-state.md has the rate by steepness). Truth: the ramp's end.
         */
        RAMP,
        /**
         * The same rise, gentler: each second by 0.15 to 0.75 of the per-second noise's standard deviation (JDK 17
         * on /json climbs for about 40 s, some 0.2 to 0.3 of its noise a second). Truth: the ramp's end.
         */
        GENTLE_RAMP,
        /** Two rises of 20% to 60% each, at least 8 s apart, the second by 60% of the run. Truth: the second. */
        TWO_STEPS,
        /** A fall of 20% to 40% at a second in [30%, 60%] of the run. Truth: the fall. */
        SLOWDOWN,
        /**
         * Alternation between the level and 25% to 40% below it, half-period 10 s to a fifth of the run (runs of
         * 50 to 120 s), so the last switch falls inside the last quarter. Truth: the last switch, and no steady
         * state. (Faster cycles look like noise at the default penalty: docs/steady-state.md.)
         */
        OSCILLATION,
        /** Noise around one level. Truth: flat. */
        NOISE,
        /** Noise around one level with one second at 0% to 30% of it (a stall), in [10%, 90%] of the run. Truth: flat. */
        OUTLIER,
        /**
         * A GC-bound target that never changes: each second independently, with probability 0.3, is 25% slower (a
         * collection in it) and has a p99 of 15 to 25 ms against about 3 ms; between collections its seconds vary by
         * only 1% to 3%. Truth: steady (flat).
         */
        GC
    }

    /**
     * @param changeIndex the true final changepoint (0 when flat); outlierIndex -1 unless OUTLIER
     * @param p99Micros   each second's p99 in microseconds: about 3 ms with 10% noise, 15 to 25 ms in a GC second
     */
    record Case(
            double[] series,
            int changeIndex,
            SteadyState.Classification expected,
            int outlierIndex,
            double[] p99Micros) {}

    private SyntheticSeries() {}

    static Case of(Shape shape, long seed) {
        Random random = new Random(seed * 31 + shape.ordinal());
        int n = shape == Shape.OSCILLATION ? 50 + random.nextInt(71) : 30 + random.nextInt(91);
        double level = 1000 + 9000 * random.nextDouble();
        // A GC-bound target's spread is its collections: between them its seconds are quiet (1% to 3%).
        double noise = shape == Shape.GC ? 0.01 + 0.02 * random.nextDouble() : 0.03 + 0.05 * random.nextDouble();
        boolean heavy = random.nextInt(4) == 0;
        double[] mean = new double[n];
        java.util.Arrays.fill(mean, level);
        int change = 0;
        int outlier = -1;
        SteadyState.Classification expected;
        switch (shape) {
            case STEP -> {
                change = between(random, 0.15 * n, 0.6 * n);
                double rise = 1.25 + 0.75 * random.nextDouble();
                for (int i = 0; i < change; i++) {
                    mean[i] = level / rise;
                }
                expected = SteadyState.Classification.WARMUP;
            }
            case RAMP, GENTLE_RAMP -> {
                double low = level / (1.25 + 0.75 * random.nextDouble());
                double risePerNoise = (level - low) / level / noise; // the whole rise, in noise standard deviations
                int length = shape == Shape.RAMP
                        ? between(random, 3, Math.max(3, Math.min(0.4 * n, risePerNoise / 0.75)))
                        : between(
                                random,
                                Math.max(5, risePerNoise / 0.75),
                                Math.max(5, Math.min(0.4 * n, risePerNoise / 0.15)));
                change = between(random, length, 0.6 * n);
                for (int i = 0; i < change; i++) {
                    int fromStart = i - (change - length);
                    mean[i] = fromStart <= 0 ? low : low + (level - low) * fromStart / length;
                }
                expected = SteadyState.Classification.WARMUP;
            }
            case TWO_STEPS -> {
                int first = between(random, 0.1 * n, 0.3 * n);
                change = between(random, first + 8, Math.max(first + 8, 0.6 * n));
                double rise1 = 1.2 + 0.4 * random.nextDouble();
                double rise2 = 1.2 + 0.4 * random.nextDouble();
                for (int i = 0; i < change; i++) {
                    mean[i] = i < first ? level / rise2 / rise1 : level / rise2;
                }
                expected = SteadyState.Classification.WARMUP;
            }
            case SLOWDOWN -> {
                change = between(random, 0.3 * n, 0.6 * n);
                double fall = 0.6 + 0.2 * random.nextDouble();
                for (int i = change; i < n; i++) {
                    mean[i] = level * fall;
                }
                expected = SteadyState.Classification.SLOWDOWN;
            }
            case OSCILLATION -> {
                int half = between(random, 10, Math.max(10, n / 5.0));
                double low = level * (0.6 + 0.15 * random.nextDouble());
                // Aligned so that a switch happens at n - half: the last segment is one half-period long.
                for (int i = 0; i < n; i++) {
                    int block = (n - 1 - i) / half;
                    mean[i] = block % 2 == 0 ? level : low;
                }
                change = n - half;
                expected = SteadyState.Classification.NO_STEADY_STATE;
            }
            case NOISE, GC -> expected = SteadyState.Classification.FLAT;
            case OUTLIER -> {
                outlier = between(random, 0.1 * n, 0.9 * n);
                expected = SteadyState.Classification.FLAT;
            }
            default -> throw new IllegalStateException();
        }
        double[] series = new double[n];
        double[] p99 = new double[n];
        for (int i = 0; i < n; i++) {
            boolean collection = shape == Shape.GC && random.nextDouble() < 0.3;
            double z = heavy ? studentT3(random) / Math.sqrt(3) : random.nextGaussian();
            series[i] = Math.max(0, mean[i] * (collection ? 0.75 : 1) * (1 + noise * z));
            p99[i] = collection ? 15_000 + 10_000 * random.nextDouble() : 3_000 * (1 + 0.1 * random.nextGaussian());
        }
        if (outlier >= 0) {
            series[outlier] = level * 0.3 * random.nextDouble();
        }
        return new Case(series, change, expected, outlier, p99);
    }

    private static int between(Random random, double low, double high) {
        int from = (int) Math.ceil(low);
        int to = (int) Math.floor(high);
        return to <= from ? from : from + random.nextInt(to - from + 1);
    }

    /** Student t with 3 degrees of freedom: a normal over the root of a chi-square with 3 over 3. */
    static double studentT3(Random random) {
        double chi = 0;
        for (int k = 0; k < 3; k++) {
            double g = random.nextGaussian();
            chi += g * g;
        }
        return random.nextGaussian() / Math.sqrt(chi / 3);
    }
}
