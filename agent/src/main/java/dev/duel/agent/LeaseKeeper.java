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

    private final Clock clock;
    private final long idleNanos;
    private Lease current;
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

    /** Checks a call's lease header ({@code null} when absent) and renews the lease when it names it. */
    synchronized Check check(String leaseId) {
        if (leaseId == null || leaseId.isBlank()) {
            return Check.MISSING;
        }
        if (current == null || !current.id().equals(leaseId)) {
            return Check.NOT_HELD;
        }
        lastUseNanos = clock.nanoTime();
        return Check.HELD;
    }

    /**
     * A call under the lease begins: the lease does not lapse until it ends ({@link #callEnded}).
     *
     * @return the lease the call is under, to give {@link #callEnded}; null when none is held
     */
    synchronized Lease callStarted() {
        if (current != null) {
            inFlight++;
        }
        return current;
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

    /** Releases the lease {@code leaseId} names; false when it is not the one held. */
    synchronized boolean release(String leaseId) {
        if (current == null || !current.id().equals(leaseId)) {
            return false;
        }
        current = null;
        inFlight = 0;
        return true;
    }

    /** Ends the lease if no call is being answered and none came for its idle time: the lease that lapsed, else empty. */
    synchronized Optional<Lease> lapseIfIdle() {
        if (current == null || inFlight > 0 || clock.nanoTime() - lastUseNanos < idleNanos) {
            return Optional.empty();
        }
        Lease lapsed = current;
        current = null;
        inFlight = 0;
        return Optional.of(lapsed);
    }
}
