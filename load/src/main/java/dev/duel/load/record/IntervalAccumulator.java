package dev.duel.load.record;

import dev.duel.record.Histograms;
import org.HdrHistogram.Histogram;

/**
 * What ended inside one interval of time (a second of the series, or a window): correct
 * responses with their latency in nanoseconds, and failures. Confined to one thread at a time;
 * handed between an event loop and the collector through a concurrent queue.
 */
public final class IntervalAccumulator {
    final int loop;
    int index;
    long ok;
    long failures;
    final Histogram latency = Histograms.newLatencyHistogram();

    IntervalAccumulator(int loop) {
        this.loop = loop;
    }

    void reset(int newIndex) {
        index = newIndex;
        ok = 0;
        failures = 0;
        latency.reset();
    }
}
