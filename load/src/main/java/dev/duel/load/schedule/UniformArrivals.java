package dev.duel.load.schedule;

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
