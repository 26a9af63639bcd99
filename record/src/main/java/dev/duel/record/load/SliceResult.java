package dev.duel.record.load;

import java.util.List;

/**
 * One slice of an interleaved main phase that this run's side held: the whole load went to this target alone, and to
 * its partner in the slices between ({@code order: interleaved}). Requests count for the slice that sent them, also
 * when their response came after the switch. Immutable.
 *
 * @param slice        the slice's index in main, 0 from main's start; the partner holds the indices this run has not
 * @param startMillis  when the slice began, milliseconds since the load's start (the axis of {@link SecondResult})
 * @param lengthMillis how long this side held the load in it, milliseconds (the last one may be cut by the run's end)
 * @param ok           correct responses to requests sent in the slice
 * @param failures     failed requests sent in the slice
 * @param okByTenth    of {@code ok}, those sent in each tenth of the slice, in order: whether the first moments after
 *                     the other side ran are slower
 */
public record SliceResult(
        long slice, double startMillis, double lengthMillis, long ok, long failures, List<Long> okByTenth) {
    public SliceResult {
        okByTenth = List.copyOf(okByTenth);
    }

    /** Correct responses per second of the slice; 0 for a slice of no length. */
    public double okPerSecond() {
        return lengthMillis > 0 ? ok * 1_000.0 / lengthMillis : 0;
    }
}
