package dev.duel.load.schedule;

import dev.duel.load.PlanSegment;
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

    /** Stream {@code stream} of {@code streams} of a plan run by one engine alone. */
    public PoissonArrivals(Rate rate, long seed, int stream, int streams) {
        this(rate, seed, PlanSegment.WHOLE, stream, streams);
    }

    /**
     * Stream {@code stream} of {@code streams} of one engine that runs {@code segment} of a plan.
     *
     * @param rate    this engine's rate (its segment's share of the whole plan's)
     * @param seed    the whole plan's seed: it is mixed with the segment's index, so that every segment draws its
     *                own independent arrivals (independent Poisson processes of rate r/n add up to one of rate r)
     */
    public PoissonArrivals(Rate rate, long seed, PlanSegment segment, int stream, int streams) {
        if (streams <= 0 || stream < 0 || stream >= streams) {
            throw new IllegalArgumentException("stream " + stream + " of " + streams);
        }
        this.meanIntervalNanos = rate.dividedBy(streams).meanIntervalNanos();
        // Segment 0 draws what one engine alone draws, so a plan of one segment repeats as before.
        long segmentSeed = seed + segment.index() * 0xBF58476D1CE4E5B9L;
        this.streamSeed = new SplittableRandom(segmentSeed).split().nextLong() ^ (0x9E3779B97F4A7C15L * (stream + 1));
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
