package dev.duel.agent;

import dev.duel.load.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;

/**
 * The single-controller lease: one controller at a time drives an agent; every call it makes renews the lease, and a
 * lease idle for {@code idle} lapses (its controller has gone: crashed, or cut off), so that the agent stops what it
 * was doing for it and accepts another. Time from an injected monotonic {@link Clock}. Thread-safe.
 */
final class LeaseKeeper {
    /** A lease held: its id and who holds it. */
    record Lease(String id, String controller) {}

    /** What a call's {@code Duel-Lease} header amounts to. */
    enum Check {
        /** It names the lease held; renewed. */
        HELD,
        /** No header. */
        MISSING,
        /** It names no lease held now (another controller's, or one that lapsed or was released). */
        NOT_HELD
    }

    /** A call begun: how its lease header was found, and the lease it runs under (null unless {@link Check#HELD}). */
    record Call(Check check, Lease under) {}

    private final Clock clock;
    private final long idleNanos;
    private Lease current;
    /**
     * True from the moment {@link #current} lapsed or was released until its run and targets are stopped
     * ({@link #ended}): no call runs under it and no new lease is given, so that the stopping cannot end the
     * next controller's targets.
     */
    private boolean ending;

    private long lastUseNanos;
    /** Calls under the lease still being answered (a target's start may take longer than the idle time). */
    private int inFlight;

    LeaseKeeper(Clock clock, Duration idle) {
        this.clock = clock;
        this.idleNanos = idle.toNanos();
    }

    Duration idle() {
        return Duration.ofNanos(idleNanos);
    }

    /** A new lease for {@code controller}, or empty while another lease is held (see {@link #holder()}). */
    synchronized Optional<Lease> acquire(String controller) {
        if (current != null) {
            return Optional.empty();
        }
        current = new Lease(UUID.randomUUID().toString(), controller);
        lastUseNanos = clock.nanoTime();
        return Optional.of(current);
    }

    synchronized Optional<Lease> holder() {
        return Optional.ofNullable(current);
    }

    /** True while the lease that lapsed or was released is still being ended ({@link #ended} not yet called). */
    synchronized boolean ending() {
        return ending;
    }

    /**
     * Checks a call's lease header ({@code null} when absent); when it names the lease held, renews it and counts the
     * call as in progress until {@link #callEnded}: in one step, so that the lease cannot lapse or change hands
     * between the check and the count (a call that passed the check of a lease gone by the time it was counted ran
     * under no lease, or under the next controller's).
     */
    synchronized Call begin(String leaseId) {
        if (leaseId == null || leaseId.isBlank()) {
            return new Call(Check.MISSING, null);
        }
        if (current == null || ending || !current.id().equals(leaseId)) {
            return new Call(Check.NOT_HELD, null);
        }
        lastUseNanos = clock.nanoTime();
        inFlight++;
        return new Call(Check.HELD, current);
    }

    /**
     * A call started under {@code under} ended: when that lease is still the one held, its idle time counts from now.
     * A call of a lease released or lapsed meanwhile counts for nothing: counted against the next lease (as it was),
     * it took that lease's in-flight count below its own calls, and the next controller's slow target start lost its
     * lease while it was being answered.
     */
    synchronized void callEnded(Lease under) {
        if (under == null || under != current) {
            return;
        }
        inFlight--;
        lastUseNanos = clock.nanoTime();
    }

    /**
     * Releases the lease {@code leaseId} names; false when it is not the one held. When true, the caller stops what
     * the lease was running and then calls {@link #ended}; until then no lease is given.
     */
    synchronized boolean release(String leaseId) {
        if (current == null || ending || !current.id().equals(leaseId)) {
            return false;
        }
        ending = true;
        return true;
    }

    /**
     * Ends the lease if no call is being answered and none came for its idle time: the lease that lapsed, else empty.
     * When one lapsed, the caller stops what it was running and then calls {@link #ended}; until then no lease is
     * given.
     */
    synchronized Optional<Lease> lapseIfIdle() {
        if (current == null || ending || inFlight > 0 || clock.nanoTime() - lastUseNanos < idleNanos) {
            return Optional.empty();
        }
        ending = true;
        return Optional.of(current);
    }

    /** True if {@code lease} is the lease held, and not being ended. */
    synchronized boolean holds(Lease lease) {
        return lease != null && lease == current && !ending;
    }

    /** What the lease that lapsed or was released ran is stopped: the agent may be leased again. */
    synchronized void ended() {
        current = null;
        ending = false;
        inFlight = 0;
    }
}
