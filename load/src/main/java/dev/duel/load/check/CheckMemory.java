package dev.duel.load.check;

/**
 * The memory body checks may hold beyond their small fixed share, in bytes: an event loop's budget,
 * shared by its connections. Implementations are confined to the thread of the matchers using them.
 */
public interface CheckMemory {
    /** No bound: for checks run outside a load engine. */
    CheckMemory UNLIMITED = new CheckMemory() {
        @Override
        public boolean reserve(long bytes) {
            return true;
        }

        @Override
        public void release(long bytes) {}

        @Override
        public String describe() {
            return "no bound";
        }

        @Override
        public void gaveUp() {}
    };

    /** True if {@code bytes} more may be held, now counted until {@link #release}d; false leaves the budget as it was. */
    boolean reserve(long bytes);

    /** Gives back {@code bytes} that {@link #reserve} granted. */
    void release(long bytes);

    /** The bound in words, for a check that ran out of it (for example "64 MiB per event loop"). */
    String describe();

    /**
     * A check gave a body up for want of memory: the response counts as failing its check, which is the engine's
     * limit, not the target's fault, so the engine says so of the run.
     */
    void gaveUp();
}
