package dev.duel.load.record;

import dev.duel.record.Histograms;
import dev.duel.record.load.FailureKind;
import org.HdrHistogram.Histogram;

/**
 * Counts and histograms of the requests that started in one phase, as seen by one event loop.
 * Confined to its event loop while the run goes on; merged by the engine afterwards.
 * Latencies are nanoseconds, bytes are bytes on the wire.
 */
public final class PhaseAccumulator {
    long sent;
    long ok;
    long interrupted;
    long late;
    long unstarted;
    long responses;
    long requestBytes;
    long responseBytes;
    long reconnects;
    final long[] failures = new long[FailureKind.values().length];
    /** Latency of correct responses from the intended start (coordinated-omission free). */
    final Histogram latency = Histograms.newLatencyHistogram();
    /** Latency of correct responses from the moment the request was actually written. */
    final Histogram uncorrectedLatency = Histograms.newLatencyHistogram();
    /** Open model: how late requests that found a free connection were written (the engine's own lag). */
    final Histogram scheduleLag = Histograms.newLatencyHistogram();
    /** Open model: how late requests that had to wait for a free connection were written. */
    final Histogram lateDelay = Histograms.newLatencyHistogram();
    /**
     * Closed model: per connection, from the last byte of a response to the write of the next request
     * on that connection (the engine's own time between two requests of a user).
     */
    final Histogram turnaroundLag = Histograms.newLatencyHistogram();

    public void add(PhaseAccumulator other) {
        sent += other.sent;
        ok += other.ok;
        interrupted += other.interrupted;
        late += other.late;
        unstarted += other.unstarted;
        responses += other.responses;
        requestBytes += other.requestBytes;
        responseBytes += other.responseBytes;
        reconnects += other.reconnects;
        for (int i = 0; i < failures.length; i++) {
            failures[i] += other.failures[i];
        }
        latency.add(other.latency);
        uncorrectedLatency.add(other.uncorrectedLatency);
        scheduleLag.add(other.scheduleLag);
        lateDelay.add(other.lateDelay);
        turnaroundLag.add(other.turnaroundLag);
    }

    public long sent() {
        return sent;
    }

    public long ok() {
        return ok;
    }

    public long interrupted() {
        return interrupted;
    }

    public long late() {
        return late;
    }

    public long unstarted() {
        return unstarted;
    }

    public long responses() {
        return responses;
    }

    public long requestBytes() {
        return requestBytes;
    }

    public long responseBytes() {
        return responseBytes;
    }

    public long reconnects() {
        return reconnects;
    }

    public long failures(FailureKind kind) {
        return failures[kind.ordinal()];
    }

    /** Failures of requests that were sent (every kind but {@link FailureKind#CONNECT}). */
    public long requestFailures() {
        long sum = 0;
        for (FailureKind kind : FailureKind.values()) {
            if (kind != FailureKind.CONNECT) {
                sum += failures[kind.ordinal()];
            }
        }
        return sum;
    }

    public long allFailures() {
        return requestFailures() + failures[FailureKind.CONNECT.ordinal()];
    }

    public Histogram latency() {
        return latency;
    }

    public Histogram uncorrectedLatency() {
        return uncorrectedLatency;
    }

    public Histogram scheduleLag() {
        return scheduleLag;
    }

    public Histogram lateDelay() {
        return lateDelay;
    }

    public Histogram turnaroundLag() {
        return turnaroundLag;
    }
}
