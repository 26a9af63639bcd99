package dev.duel.load.schedule;

import java.util.SplittableRandom;

/**
 * Arrivals of a Poisson process: exponentially distributed gaps with mean 1/rate, drawn from a
 * seeded generator so that a run can be repeated exactly. Several streams of rate/streams with
 * distinct seeds add up to a Poisson process of the full rate. Not thread-safe.
 */
public final class PoissonArrivals implements ArrivalSchedule {
    private final double meanIntervalNanos;
    private final long streamSeed;
    private SplittableRandom random;
    private double offsetNanos;

    public PoissonArrivals(Rate rate, long seed, int stream, int streams) {
        if (streams <= 0 || stream < 0 || stream >= streams) {
            throw new IllegalArgumentException("stream " + stream + " of " + streams);
        }
        this.meanIntervalNanos = rate.dividedBy(streams).meanIntervalNanos();
        this.streamSeed = new SplittableRandom(seed).split().nextLong() ^ (0x9E3779B97F4A7C15L * (stream + 1));
        restart();
    }

    @Override
    public long nextOffsetNanos() {
        // Inverse transform: -ln(U) * mean, with U in (0, 1] so the logarithm is finite.
        double uniform = 1.0 - random.nextDouble();
        offsetNanos += -Math.log(uniform) * meanIntervalNanos;
        return (long) offsetNanos;
    }

    @Override
    public void restart() {
        random = new SplittableRandom(streamSeed);
        offsetNanos = 0;
    }
}
