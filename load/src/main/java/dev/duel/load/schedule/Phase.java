package dev.duel.load.schedule;

/** Where a moment falls in a run. Requests start only in {@link #WARMUP} and {@link #MAIN}. */
public enum Phase {
    WARMUP,
    GAP,
    MAIN,
    ENDED;

    public boolean sendsLoad() {
        return this == WARMUP || this == MAIN;
    }
}
