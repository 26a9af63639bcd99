package dev.duel.analysis;

import java.util.Random;

/**
 * Seeded series of a target that moves between two levels for ever, with a known truth: a high level of 1,000 to
 * 10,000 per second and a low one {@code ratio} times lower, stays at each of given mean lengths, switches at any
 * instant (a value that a switch cuts is the time-weighted mix of both levels), and per-value noise of 3% to 8%,
 * Gaussian in three cases of four and Student t with 3 degrees of freedom in the fourth (as {@link SyntheticSeries}).
 */
final class AlternatingSeries {
    /** How the stays' lengths vary. */
    enum Kind {
        /** Every stay at a level lasts its mean: a square wave, started at a random phase. */
        PERIODIC,
        /** Stays last exponentially distributed times of that mean: a flipping host, a telegraph process. */
        RANDOM
    }

    /**
     * @param highStaySeconds mean stay at the high level
     * @param lowStaySeconds  mean stay at the low level
     * @param ratio           the high level over the low one, above 1
     */
    record Shape(Kind kind, double highStaySeconds, double lowStaySeconds, double ratio) {
        @Override
        public String toString() {
            return String.format(
                    java.util.Locale.ROOT,
                    "%s %.0f s high/%.0f s low, x%.1f",
                    kind.name().toLowerCase(java.util.Locale.ROOT),
                    highStaySeconds,
                    lowStaySeconds,
                    ratio);
        }
    }

    /**
     * @param values    the series
     * @param trueMean  the long-run mean (time-weighted levels)
     * @param lowLevel  the low level
     * @param highLevel the high level
     */
    record Case(double[] values, double trueMean, double lowLevel, double highLevel) {}

    /** Sub-steps per value: where in a value a switch falls. */
    private static final int STEPS = 20;

    private AlternatingSeries() {}

    static Case of(Shape shape, int length, double spacingSeconds, long seed) {
        // Not shape.hashCode(): an enum's hash differs from one JVM to the next, and the cases must not.
        Random random = new Random(seed * 131
                + java.util.Objects.hash(
                        shape.kind().ordinal(),
                        shape.highStaySeconds(),
                        shape.lowStaySeconds(),
                        shape.ratio(),
                        length,
                        spacingSeconds));
        double high = 1000 + 9000 * random.nextDouble();
        double low = high / shape.ratio();
        double noise = 0.03 + 0.05 * random.nextDouble();
        boolean heavy = random.nextInt(4) == 0;
        double step = spacingSeconds / STEPS;
        double cycle = shape.highStaySeconds() + shape.lowStaySeconds();
        // Start anywhere in a cycle, at the high level with its share of time.
        double phase = random.nextDouble() * cycle;
        boolean atHigh = phase < shape.highStaySeconds();
        double left = atHigh ? shape.highStaySeconds() - phase : cycle - phase;
        if (shape.kind() == Kind.RANDOM) {
            left = stay(random, atHigh ? shape.highStaySeconds() : shape.lowStaySeconds());
        }
        double[] values = new double[length];
        for (int i = 0; i < length; i++) {
            double sum = 0;
            for (int k = 0; k < STEPS; k++) {
                sum += atHigh ? high : low;
                left -= step;
                while (left <= 0) {
                    atHigh = !atHigh;
                    double mean = atHigh ? shape.highStaySeconds() : shape.lowStaySeconds();
                    left += shape.kind() == Kind.RANDOM ? stay(random, mean) : mean;
                }
            }
            double z = heavy ? SyntheticSeries.studentT3(random) / Math.sqrt(3) : random.nextGaussian();
            values[i] = Math.max(0, sum / STEPS * (1 + noise * z));
        }
        double trueMean = (high * shape.highStaySeconds() + low * shape.lowStaySeconds()) / cycle;
        return new Case(values, trueMean, low, high);
    }

    private static double stay(Random random, double mean) {
        return -mean * Math.log(1 - random.nextDouble());
    }
}
