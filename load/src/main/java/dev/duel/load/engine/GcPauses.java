package dev.duel.load.engine;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.List;

/**
 * The stop-the-world garbage collection of duel's own JVM, cumulative since it started, read from
 * the collectors' MXBeans. A pause stops every event loop: a response that arrives during it is
 * read only afterwards, and its latency carries the pause.
 *
 * <p>The collection time of a stop-the-world collector is its pause time (Serial "Copy" and
 * "MarkSweepCompact", Parallel "PS Scavenge" and "PS MarkSweep", G1's "Young" and "Old Generation"
 * and, from JDK 20, "G1 Concurrent GC", which counts the Remark and Cleanup pauses, ZGC's and
 * Shenandoah's "... Pauses"). ZGC's and Shenandoah's "... Cycles" beans time work done beside the
 * running application and are left out. The beans' times are sums of exact timer ticks, read in
 * milliseconds, so the total over a phase is good to about 1 ms, where per-collection
 * notifications would round every sub-millisecond young pause to 0 or 1 ms.
 *
 * <p>Stateless; thread-safe.
 */
final class GcPauses {
    /** What one collector bean says: its name, collections and accumulated milliseconds (-1 if undefined). */
    record Collector(String name, long count, long millis) {}

    /**
     * Pauses since the JVM started.
     *
     * @param pauses stop-the-world collections
     * @param millis their accumulated time in milliseconds
     */
    record Reading(long pauses, long millis) {
        static final Reading NONE = new Reading(0, 0);

        Reading since(Reading earlier) {
            return new Reading(pauses - earlier.pauses, millis - earlier.millis);
        }
    }

    private GcPauses() {}

    /** This JVM's pauses so far. */
    static Reading read() {
        List<Collector> collectors = ManagementFactory.getGarbageCollectorMXBeans().stream()
                .map(GcPauses::collector)
                .toList();
        return sum(collectors);
    }

    /** The pauses of the stop-the-world collectors among {@code collectors}. */
    static Reading sum(List<Collector> collectors) {
        long pauses = 0;
        long millis = 0;
        for (Collector collector : collectors) {
            if (collector.name().endsWith(" Cycles") || collector.count() < 0 || collector.millis() < 0) {
                continue;
            }
            pauses += collector.count();
            millis += collector.millis();
        }
        return new Reading(pauses, millis);
    }

    private static Collector collector(GarbageCollectorMXBean bean) {
        return new Collector(bean.getName(), bean.getCollectionCount(), bean.getCollectionTime());
    }
}
