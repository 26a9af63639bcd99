package dev.duel.load.schedule;

/**
 * A sequence of intended start times for the open model, as offsets in nanoseconds from the
 * schedule's origin, in non-decreasing order. A schedule is a plain function of its index: it
 * never reads a clock. Not thread-safe: each event loop owns its own schedule.
 */
public interface ArrivalSchedule {
    /** Offset of the next arrival from the origin; each call advances the sequence by one. */
    long nextOffsetNanos();

    /** Starts the sequence again from its first arrival (a new phase restarts the schedule). */
    void restart();
}
