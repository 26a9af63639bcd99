package dev.duel.load.record;

import dev.duel.record.Histograms;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.HdrHistogram.Histogram;

/**
 * Merges the intervals that every event loop hands over into one interval per index, and yields
 * an interval only once every loop has moved past it. Loops only ever touch a lock-free queue
 * and their own watermark; merging happens on the single collecting thread.
 *
 * <p>Thread-safe as used: {@link #publish}, {@link #take} and {@link #advanceWatermark} from the
 * loops, {@link #drainFinished} from one collecting thread.
 */
public final class IntervalCollector {
    /**
     * One merged interval. Its histogram (latency of correct responses, ns) is reused: it is valid
     * until the next call of {@link #drainFinished()}.
     */
    public record Merged(int index, long ok, long failures, Histogram latency) {}

    private final Queue<IntervalAccumulator> handedOver = new ConcurrentLinkedQueue<>();
    private final List<Queue<IntervalAccumulator>> spares = new ArrayList<>();
    private final AtomicIntegerArray watermarks;
    private final TreeMap<Integer, Pending> pending = new TreeMap<>();
    /** Merged intervals handed out by the last drain, and spares: histograms are recycled, not re-made each second. */
    private final List<Pending> lent = new ArrayList<>();

    private final ArrayDeque<Pending> free = new ArrayDeque<>();
    private int nextIndex;

    private static final class Pending {
        long ok;
        long failures;
        final Histogram latency = Histograms.newLatencyHistogram();

        Pending reset() {
            ok = 0;
            failures = 0;
            latency.reset();
            return this;
        }
    }

    private Pending newPending() {
        Pending spare = free.poll();
        return spare == null ? new Pending() : spare.reset();
    }

    public IntervalCollector(int loops) {
        watermarks = new AtomicIntegerArray(loops);
        for (int i = 0; i < loops; i++) {
            spares.add(new ConcurrentLinkedQueue<>());
        }
    }

    IntervalAccumulator take(int loop, int index) {
        IntervalAccumulator spare = spares.get(loop).poll();
        if (spare == null) {
            spare = new IntervalAccumulator(loop);
        }
        spare.reset(index);
        return spare;
    }

    void publish(IntervalAccumulator interval) {
        handedOver.add(interval);
    }

    void advanceWatermark(int loop, int finishedBelow) {
        if (finishedBelow > watermarks.get(loop)) {
            watermarks.set(loop, finishedBelow);
        }
    }

    /** Merged intervals that no loop can add to any more, in index order, each exactly once. */
    public List<Merged> drainFinished() {
        free.addAll(lent);
        lent.clear();
        int finishedBelow = Integer.MAX_VALUE;
        for (int i = 0; i < watermarks.length(); i++) {
            finishedBelow = Math.min(finishedBelow, watermarks.get(i));
        }
        // Watermarks are read before the queue: whatever a loop handed over before raising its
        // watermark is therefore visible below.
        IntervalAccumulator interval;
        while ((interval = handedOver.poll()) != null) {
            Pending into = pending.computeIfAbsent(interval.index, i -> newPending());
            into.ok += interval.ok;
            into.failures += interval.failures;
            into.latency.add(interval.latency);
            spares.get(interval.loop).add(interval);
        }
        List<Merged> finished = new ArrayList<>();
        while (nextIndex < finishedBelow) {
            Pending merged = pending.remove(nextIndex);
            if (merged == null) {
                merged = newPending();
            }
            lent.add(merged);
            finished.add(new Merged(nextIndex, merged.ok, merged.failures, merged.latency));
            nextIndex++;
        }
        return finished;
    }
}
