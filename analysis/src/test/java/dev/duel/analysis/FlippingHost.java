package dev.duel.analysis;

import java.util.SplittableRandom;

/**
 * A host whose speed on one CPU flips between two levels, as this project's 2-vCPU hosts do (issue 31: 1.0 and about
 * 0.53 of full speed, each level held for tens of seconds, abruptly, independently per CPU), for seeded tests of any
 * comparison that pairs A and B in time. A slow spell need not cost two processes alike (the other hyperthread's work
 * slows each its own way): {@link #logCost} says what it costs a side that pays {@code extra} more than the other.
 * Each level's stay is exponential with the same mean, so the host is slow half of the time in the long run.
 *
 * @param meanSeconds the mean stay at a level (30 s measured)
 * @param slow        the slow level's speed, a fraction of the fast one (0.53 measured)
 */
record FlippingHost(double meanSeconds, double slow) {
    /** The host measured in issue 31. */
    static final FlippingHost MEASURED = new FlippingHost(30, 0.53);

    /** Whether the host is slow in each of {@code seconds} seconds, from a random level at a random point of its stay. */
    boolean[] slowSeconds(SplittableRandom random, int seconds) {
        boolean[] slowAt = new boolean[seconds];
        boolean isSlow = random.nextBoolean();
        double left = exponential(random);
        for (int t = 0; t < seconds; t++) {
            slowAt[t] = isSlow;
            left -= 1;
            while (left <= 0) {
                isSlow = !isSlow;
                left += exponential(random);
            }
        }
        return slowAt;
    }

    /** The log speed of a side that pays {@code extra} more than the host's slow level in a slow second (0.05: 5%). */
    double logCost(boolean slowSecond, double extra) {
        return slowSecond ? Math.log(slow) + Math.log1p(-extra) : 0;
    }

    /** The long-run mean of {@link #logCost}'s extra part: half the time slow. */
    static double longRunLogExtra(double extra) {
        return 0.5 * Math.log1p(-extra);
    }

    private double exponential(SplittableRandom random) {
        return -meanSeconds * Math.log(1 - random.nextDouble());
    }
}
