package dev.duel.targets;

import java.util.Map;

/**
 * Told of each process a starter starts, as soon as it exists (before it is ready), and what the process is to carry
 * in its environment: a ledger's mark ({@link LeftoverProcesses#mark}), inherited by the process's own children, by
 * which a later duel finds a process left by a duel killed before it could note it, or a child that left its parent.
 * Implementations are called on the starting thread.
 */
@FunctionalInterface
public interface Spawned {
    /** Nothing noted, nothing carried. */
    Spawned NONE = pid -> {};

    /** The process {@code pid} exists. */
    void spawned(long pid);

    /** Variables the process starts with, beside its own; none unless a ledger asks. */
    default Map<String, String> environment() {
        return Map.of();
    }
}
