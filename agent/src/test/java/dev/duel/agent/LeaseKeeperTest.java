package dev.duel.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.load.ManualClock;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class LeaseKeeperTest {
    private final ManualClock clock = new ManualClock(0);
    private final LeaseKeeper leases = new LeaseKeeper(clock, Duration.ofSeconds(30));

    @Test
    void aSecondControllerIsRefusedWhileTheFirstHoldsTheLease() {
        LeaseKeeper.Lease first = leases.acquire("alice").orElseThrow();
        assertTrue(leases.acquire("bob").isEmpty());
        assertEquals("alice", leases.holder().orElseThrow().controller());
        assertEquals(LeaseKeeper.Check.HELD, leases.check(first.id()));
        assertEquals(LeaseKeeper.Check.NOT_HELD, leases.check("someone-else"));
        assertEquals(LeaseKeeper.Check.MISSING, leases.check(null));
    }

    @Test
    void anIdleLeaseLapsesAndEveryCallRenewsIt() {
        LeaseKeeper.Lease lease = leases.acquire("alice").orElseThrow();
        clock.advanceNanos(Duration.ofSeconds(29).toNanos());
        assertTrue(leases.lapseIfIdle().isEmpty());
        leases.check(lease.id()); // renews
        clock.advanceNanos(Duration.ofSeconds(29).toNanos());
        assertTrue(leases.lapseIfIdle().isEmpty(), "renewed 29 s ago");
        clock.advanceNanos(Duration.ofSeconds(1).toNanos());
        assertEquals(lease, leases.lapseIfIdle().orElseThrow());
        assertEquals(LeaseKeeper.Check.NOT_HELD, leases.check(lease.id()));
        assertTrue(leases.acquire("bob").isPresent());
    }

    @Test
    void aReleasedLeaseFreesTheAgent() {
        LeaseKeeper.Lease lease = leases.acquire("alice").orElseThrow();
        assertTrue(!leases.release("not-it"));
        assertTrue(leases.release(lease.id()));
        assertTrue(leases.acquire("bob").isPresent());
    }

    @Test
    void aLeaseDoesNotLapseWhileACallIsAnsweredAndIdleCountsFromItsEnd() {
        LeaseKeeper.Lease lease = leases.acquire("alice").orElseThrow();
        leases.check(lease.id());
        LeaseKeeper.Lease under = leases.callStarted(); // a target's start that takes longer than the idle time
        clock.advanceNanos(Duration.ofSeconds(90).toNanos());
        assertTrue(leases.lapseIfIdle().isEmpty());
        leases.callEnded(under);
        clock.advanceNanos(Duration.ofSeconds(29).toNanos());
        assertTrue(leases.lapseIfIdle().isEmpty());
        clock.advanceNanos(Duration.ofSeconds(1).toNanos());
        assertEquals(lease, leases.lapseIfIdle().orElseThrow());
    }

    // Issue 24, item 8: a release inside a call took the in-flight count to -1 when that call ended, so the next
    // controller's slow target start (one call in flight) counted as none, and its lease lapsed under it.
    @Test
    void aCallOfAReleasedLeaseDoesNotCountAgainstTheNextLease() {
        LeaseKeeper.Lease alice = leases.acquire("alice").orElseThrow();
        LeaseKeeper.Lease alicesCall = leases.callStarted(); // DELETE /v1/lease is itself a call under the lease
        assertTrue(leases.release(alice.id()));
        LeaseKeeper.Lease bob = leases.acquire("bob").orElseThrow();
        LeaseKeeper.Lease bobsStart = leases.callStarted(); // a target's start, slower than the idle time
        leases.callEnded(alicesCall); // alice's call ends now
        clock.advanceNanos(Duration.ofSeconds(90).toNanos());
        assertTrue(leases.lapseIfIdle().isEmpty(), "bob's start is still being answered");
        leases.callEnded(bobsStart);
        clock.advanceNanos(Duration.ofSeconds(30).toNanos());
        assertEquals(bob, leases.lapseIfIdle().orElseThrow());
    }
}
