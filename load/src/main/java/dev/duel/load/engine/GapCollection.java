package dev.duel.load.engine;

import dev.duel.load.Clock;
import dev.duel.load.schedule.Timeline;
import java.util.function.Supplier;

/**
 * A collection of duel's own heap at the start of the gap before main, so that main begins with an empty young
 * generation. The {@code duel} script gives duel a 12 MB young generation (9.6 MB of eden); the engine allocates some
 * 50 bytes a request with its checks on (docs/bench-results.md), so a main of a few seconds then holds no collection
 * of its own wherever its eden stood before, and a short main can no longer catch one or two whole pauses by chance
 * ({@code duel smoke} once had its 2 s main made invalid by 2 young pauses, 24 ms in all, 1.2% of main). A benchmark
 * harness collects between its warm-up and its measurement for the same reason (JMH's {@code -gc true}).
 *
 * <p>The collection is a full one ({@code System.gc()}; a JVM run with {@code -XX:+DisableExplicitGC} skips it), in a
 * gap that sends nothing. It is made only in a gap of {@link #MIN_GAP_NANOS} or more; one that runs past main's start
 * has its pause counted in main, as any pause in main is. Confined to the engine's control thread.
 */
final class GapCollection {
    /**
     * Shortest gap the collection is made in: room for a full collection of duel's heap (31-112 ms measured on a 2-vCPU
     * host shared with builds, docs/bench-results.md); {@code duel smoke}'s gap is 200 ms.
     */
    static final long MIN_GAP_NANOS = 200_000_000L;

    private final Runnable collector;
    private final Supplier<GcPauses.Reading> pauses;
    private final Clock clock;
    /** The pauses read before a collection that ended after main had begun; null otherwise. */
    private GcPauses.Reading beforeOverrun;

    /**
     * @param collector collects the heap ({@code System::gc})
     * @param pauses    this JVM's pauses so far ({@link GcPauses#read})
     */
    GapCollection(Runnable collector, Supplier<GcPauses.Reading> pauses, Clock clock) {
        this.collector = collector;
        this.pauses = pauses;
        this.clock = clock;
    }

    /** The gap has begun: collects when it lasts {@link #MIN_GAP_NANOS} or more. */
    void gapBegan(Timeline timeline) {
        if (timeline.gapNanos() < MIN_GAP_NANOS) {
            return;
        }
        GcPauses.Reading before = pauses.get();
        collector.run();
        if (clock.nanoTime() > timeline.mainStartNanos()) {
            beforeOverrun = before;
        }
    }

    /** The reading main's pauses count from, given this JVM's pauses at main's start. */
    GcPauses.Reading mainStart(GcPauses.Reading atMainStart) {
        return beforeOverrun != null ? beforeOverrun : atMainStart;
    }
}
