package dev.duel.load.schedule;

import dev.duel.load.PlanSegment;

/**
 * Evenly spaced arrivals. With {@code streams > 1}, stream {@code k} takes the global arrivals
 * k, k + streams, k + 2*streams, ..., so the streams together are exactly the global schedule.
 * Not thread-safe.
 */
public final class UniformArrivals implements ArrivalSchedule {
    private final Rate rate;
    private final int stream;
    private final int streams;
    private long nextGlobalIndex;

    /**
     * Loop {@code loop} of {@code loops} of one engine that runs {@code segment} of a plan: the segment's arrivals
     * are the whole plan's arrivals {@code index, index + count, ...} (offset by {@code index / count} of the whole
     * plan's interval), and the loop takes every {@code loops}-th of those, so that every loop of every segment
     * together send exactly the whole plan's uniform schedule, whatever loops each engine has.
     *
     * @param segmentRate this engine's rate: the whole plan's divided by the segment's count
     */
    public static UniformArrivals ofSegment(Rate segmentRate, PlanSegment segment, int loop, int loops) {
        if (loops <= 0 || loop < 0 || loop >= loops) {
            throw new IllegalArgumentException("stream " + loop + " of " + loops);
        }
        // count / (period * n) per nanosecond is the segment's; the same ratio written as (count * n) / period
        // is the whole plan's exactly, whatever the period.
        Rate whole =
                new Rate(Math.multiplyExact(segmentRate.count(), (long) segment.count()), segmentRate.periodNanos());
        return new UniformArrivals(
                whole, segment.index() + segment.count() * loop, Math.multiplyExact(segment.count(), loops));
    }

    public UniformArrivals(Rate rate, int stream, int streams) {
        if (streams <= 0 || stream < 0 || stream >= streams) {
            throw new IllegalArgumentException("stream " + stream + " of " + streams);
        }
        this.rate = rate;
        this.stream = stream;
        this.streams = streams;
        this.nextGlobalIndex = stream;
    }

    @Override
    public long nextOffsetNanos() {
        long offset = rate.offsetNanos(nextGlobalIndex);
        nextGlobalIndex += streams;
        return offset;
    }

    @Override
    public void restart() {
        nextGlobalIndex = stream;
    }
}
