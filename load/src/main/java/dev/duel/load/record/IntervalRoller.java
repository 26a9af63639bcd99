package dev.duel.load.record;

import dev.duel.record.Histograms;

/**
 * Splits one event loop's completions into consecutive intervals of a fixed length from an
 * origin, and hands each finished interval to an {@link IntervalCollector}. Only the current
 * interval is held, so memory does not grow with the run. Confined to its event loop.
 */
public final class IntervalRoller {
    private static final long UNSET = Long.MIN_VALUE;

    private final int loop;
    private final long lengthNanos;
    private final int maxIntervals;
    private final IntervalCollector collector;
    private long originNanos = UNSET;
    private IntervalAccumulator current;

    public IntervalRoller(int loop, long lengthNanos, int maxIntervals, IntervalCollector collector) {
        if (lengthNanos <= 0 || maxIntervals <= 0) {
            throw new IllegalArgumentException("intervals need a positive length and count");
        }
        this.loop = loop;
        this.lengthNanos = lengthNanos;
        this.maxIntervals = maxIntervals;
        this.collector = collector;
    }

    public boolean hasOrigin() {
        return originNanos != UNSET;
    }

    public void setOrigin(long nanos) {
        if (originNanos == UNSET) {
            originNanos = nanos;
        }
    }

    /** A correct response ended at {@code endNanos} with {@code latencyNanos}; a negative latency marks a failure. */
    public void record(long endNanos, long latencyNanos) {
        if (originNanos == UNSET || endNanos <= originNanos) {
            return;
        }
        long index = (endNanos - originNanos) / lengthNanos;
        if (index >= maxIntervals) {
            return;
        }
        IntervalAccumulator interval = intervalFor((int) index);
        if (latencyNanos >= 0) {
            interval.ok++;
            Histograms.recordNanos(interval.latency, latencyNanos);
        } else {
            interval.failures++;
        }
    }

    private IntervalAccumulator intervalFor(int index) {
        IntervalAccumulator interval = current;
        if (interval != null && interval.index == index) {
            return interval;
        }
        if (interval != null && interval.index > index) {
            // Completions reach a loop in time order, so this is a straggler of the same moment.
            return interval;
        }
        if (interval != null) {
            collector.publish(interval);
        }
        current = collector.take(loop, index);
        return current;
    }

    /**
     * Hands over every interval that ended before {@code nowNanos} and tells the collector this
     * loop will add nothing more to them. Called on the loop, once a second and at the end.
     */
    public void flushThrough(long nowNanos) {
        if (originNanos == UNSET) {
            return;
        }
        handOver(Math.min(maxIntervals, Math.max(0, (nowNanos - originNanos) / lengthNanos)));
    }

    /**
     * Hands over everything: the run ended at {@code endNanos}, so every interval that began
     * before it (and any later one that saw a straggler) is final.
     */
    public void finish(long endNanos) {
        if (originNanos == UNSET) {
            return;
        }
        long endIndex = endNanos <= originNanos ? 0 : Math.floorDiv(endNanos - originNanos - 1, lengthNanos) + 1;
        long finishedBelow = Math.min(maxIntervals, endIndex);
        if (current != null) {
            finishedBelow = Math.max(finishedBelow, current.index + 1L);
        }
        handOver(finishedBelow);
    }

    private void handOver(long finishedBelow) {
        if (current != null && current.index < finishedBelow) {
            collector.publish(current);
            current = null;
        }
        collector.advanceWatermark(loop, (int) finishedBelow);
    }
}
