package dev.duel.load.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.duel.load.ManualClock;
import dev.duel.load.schedule.Timeline;
import org.junit.jupiter.api.Test;

/** duel's own heap is collected in the gap before main, and a collection that runs into main counts there. */
class GapCollectionTest {
    private static final long MS = 1_000_000L;

    /** A heap whose collection takes {@code collectionNanos} of the clock and adds one pause of that length. */
    private static final class FakeHeap {
        final ManualClock clock = new ManualClock(0);
        final long collectionNanos;
        GcPauses.Reading pauses = new GcPauses.Reading(3, 40);
        int collections;

        FakeHeap(long collectionNanos) {
            this.collectionNanos = collectionNanos;
        }

        void collect() {
            collections++;
            clock.advanceNanos(collectionNanos);
            pauses = new GcPauses.Reading(pauses.pauses() + 1, pauses.millis() + collectionNanos / MS);
        }

        GapCollection gapCollection() {
            return new GapCollection(this::collect, () -> pauses, clock);
        }
    }

    @Test
    void aGapOfTwoHundredMillisecondsOrMoreBeginsWithACollectionThatMainDoesNotCount() {
        FakeHeap heap = new FakeHeap(30 * MS);
        // warm-up 1 s, gap 200 ms, main 2 s
        Timeline timeline = Timeline.phased(0, 1_000 * MS, 200 * MS, 2_000 * MS);
        GapCollection gap = heap.gapCollection();
        heap.clock.advanceTo(1_000 * MS);
        gap.gapBegan(timeline);
        assertEquals(1, heap.collections);
        heap.clock.advanceTo(1_200 * MS);
        assertEquals(heap.pauses, gap.mainStart(heap.pauses), "main counts from its own start: after the collection");
    }

    @Test
    void aShorterGapHasNoCollection() {
        FakeHeap heap = new FakeHeap(30 * MS);
        GapCollection gap = heap.gapCollection();
        gap.gapBegan(Timeline.phased(0, 1_000 * MS, 199 * MS, 2_000 * MS));
        gap.gapBegan(Timeline.phased(0, 1_000 * MS, 0, 2_000 * MS));
        assertEquals(0, heap.collections);
    }

    @Test
    void aCollectionThatRunsIntoMainCountsInMain() {
        FakeHeap heap = new FakeHeap(250 * MS); // a slow host: the collection outlasts the 200 ms gap
        Timeline timeline = Timeline.phased(0, 1_000 * MS, 200 * MS, 2_000 * MS);
        GapCollection gap = heap.gapCollection();
        heap.clock.advanceTo(1_000 * MS);
        GcPauses.Reading before = heap.pauses;
        gap.gapBegan(timeline);
        assertEquals(1, heap.collections);
        assertEquals(before, gap.mainStart(heap.pauses), "its pause stopped main's first 50 ms");
    }
}
