package dev.duel.suite.run;

import dev.duel.record.RunRecord;
import dev.duel.targets.ResourceReading;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Samples a target's memory through one scenario: once when the scenario starts, then every second
 * until it is closed. It keeps both the control group's memory use (page cache included, as schema 1
 * recorded it) and the anonymous memory (no page cache), so that each scenario of a {@code together}
 * run gets the peak of its own samples rather than a peak since the target started. Thread-safe:
 * samples come from the ticker's thread, results are read after {@link #close()}.
 */
final class MemorySampler implements AutoCloseable {
    /** Runs a task every second from one second on, until the returned handle is closed. */
    @FunctionalInterface
    interface Ticker {
        AutoCloseable everySecond(Runnable task);

        /** A daemon thread on the wall clock. */
        Ticker SYSTEM = task -> {
            ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread thread = new Thread(r, "duel-memory-sampler");
                thread.setDaemon(true);
                return thread;
            });
            executor.scheduleAtFixedRate(task, 1, 1, TimeUnit.SECONDS);
            return executor::shutdownNow;
        };
    }

    private final Supplier<ResourceReading> target;
    private final List<ResourceReading> samples = new CopyOnWriteArrayList<>();
    private final AutoCloseable ticking;
    private volatile boolean closed;

    private MemorySampler(Supplier<ResourceReading> target, Ticker ticker) {
        this.target = target;
        sample();
        this.ticking = ticker.everySecond(this::sample);
    }

    /** Takes the first sample now (0 s), then one every second. */
    static MemorySampler start(Supplier<ResourceReading> target, Ticker ticker) {
        return new MemorySampler(target, ticker);
    }

    private void sample() {
        if (closed) {
            return;
        }
        // A reading takes time (files of /sys and /proc): the sampler may close meanwhile, and a reading
        // that ends after the close belongs to what comes next, not to this scenario.
        ResourceReading reading = target.get();
        synchronized (samples) {
            if (!closed) {
                samples.add(reading);
            }
        }
    }

    /** Stops sampling; a sample whose reading ends after this (even one begun before) is dropped. */
    @Override
    public void close() {
        synchronized (samples) {
            closed = true;
        }
        try {
            ticking.close();
        } catch (Exception e) {
            // a sampler that cannot stop only adds samples nobody keeps
        }
    }

    /** Memory use of the target (its group's, page cache included), bytes, per sample; -1 where unread. */
    List<Long> memoryBytes() {
        return samples.stream().map(ResourceReading::memoryBytes).toList();
    }

    /** Anonymous memory of the target, bytes, per sample; -1 where unread. */
    List<Long> anonBytes() {
        return samples.stream().map(ResourceReading::anonBytes).toList();
    }

    /** The highest anonymous memory among the samples of this scenario, bytes, or -1 when none could be read. */
    long peakAnonBytes() {
        return RunRecord.ScenarioResult.peakOf(anonBytes());
    }
}
