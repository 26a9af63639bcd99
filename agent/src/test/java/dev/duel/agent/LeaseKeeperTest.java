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
        LeaseKeeper.Call call = leases.begin(first.id());
        assertEquals(new LeaseKeeper.Call(LeaseKeeper.Check.HELD, first), call);
        leases.callEnded(call.under());
        assertEquals(new LeaseKeeper.Call(LeaseKeeper.Check.NOT_HELD, null), leases.begin("someone-else"));
        assertEquals(new LeaseKeeper.Call(LeaseKeeper.Check.MISSING, null), leases.begin(null));
    }

    @Test
    void anIdleLeaseLapsesAndEveryCallRenewsIt() {
        LeaseKeeper.Lease lease = leases.acquire("alice").orElseThrow();
        clock.advanceNanos(Duration.ofSeconds(29).toNanos());
        assertTrue(leases.lapseIfIdle().isEmpty());
        leases.callEnded(leases.begin(lease.id()).under()); // a call renews it
        clock.advanceNanos(Duration.ofSeconds(29).toNanos());
        assertTrue(leases.lapseIfIdle().isEmpty(), "renewed 29 s ago");
        clock.advanceNanos(Duration.ofSeconds(1).toNanos());
        assertEquals(lease, leases.lapseIfIdle().orElseThrow());
        assertEquals(LeaseKeeper.Check.NOT_HELD, leases.begin(lease.id()).check());
        leases.ended();
        assertTrue(leases.acquire("bob").isPresent());
    }

    @Test
    void aReleasedLeaseFreesTheAgent() {
        LeaseKeeper.Lease lease = leases.acquire("alice").orElseThrow();
        assertTrue(!leases.release("not-it"));
        assertTrue(leases.release(lease.id()));
        leases.ended();
        assertTrue(leases.acquire("bob").isPresent());
    }

    @Test
    void aLeaseDoesNotLapseWhileACallIsAnsweredAndIdleCountsFromItsEnd() {
        LeaseKeeper.Lease lease = leases.acquire("alice").orElseThrow();
        LeaseKeeper.Lease under = leases.begin(lease.id()).under(); // a target's start, longer than the idle time
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
        LeaseKeeper.Lease alicesCall = leases.begin(alice.id()).under(); // DELETE /v1/lease is a call under it
        assertTrue(leases.release(alice.id()));
        leases.ended();
        LeaseKeeper.Lease bob = leases.acquire("bob").orElseThrow();
        LeaseKeeper.Lease bobsStart = leases.begin(bob.id()).under(); // a target's start, slower than the idle time
        leases.callEnded(alicesCall); // alice's call ends now
        clock.advanceNanos(Duration.ofSeconds(90).toNanos());
        assertTrue(leases.lapseIfIdle().isEmpty(), "bob's start is still being answered");
        leases.callEnded(bobsStart);
        clock.advanceNanos(Duration.ofSeconds(30).toNanos());
        assertEquals(bob, leases.lapseIfIdle().orElseThrow());
    }

    // Issue 24, item 8: a lapse freed the lease before its run and targets were stopped, so a controller that leased
    // the agent in that moment could start a target that the lapse's stopping then ended.
    @Test
    void noLeaseIsGivenWhileTheLastOnesWorkIsBeingStopped() {
        LeaseKeeper.Lease alice = leases.acquire("alice").orElseThrow();
        clock.advanceNanos(Duration.ofSeconds(30).toNanos());
        assertEquals(alice, leases.lapseIfIdle().orElseThrow());
        assertTrue(leases.ending());
        assertTrue(leases.acquire("bob").isEmpty(), "the lapsed lease's targets are still being stopped");
        assertTrue(leases.lapseIfIdle().isEmpty(), "it lapses once");
        assertEquals(LeaseKeeper.Check.NOT_HELD, leases.begin(alice.id()).check(), "no call runs under it any more");
        assertTrue(!leases.release(alice.id()));
        assertTrue(!leases.holds(alice), "a run started now is refused");
        leases.ended();
        assertTrue(!leases.ending());
        LeaseKeeper.Lease bob = leases.acquire("bob").orElseThrow();
        assertTrue(leases.release(bob.id()));
        assertTrue(leases.acquire("carol").isEmpty(), "nor while a released lease's work is stopped");
        leases.ended();
        assertTrue(leases.acquire("carol").isPresent());
    }

    // Issue 24, item 8: a call checked its lease and then counted itself in flight in a second step; a lease that
    // lapsed or changed hands in between left the call running under no lease, or counted under the next one's.
    @Test
    void aCallBegunUnderALeaseGoneIsRefusedAndCountsForNoOtherLease() {
        LeaseKeeper.Lease alice = leases.acquire("alice").orElseThrow();
        assertTrue(leases.release(alice.id()));
        leases.ended();
        LeaseKeeper.Lease bob = leases.acquire("bob").orElseThrow();
        assertEquals(new LeaseKeeper.Call(LeaseKeeper.Check.NOT_HELD, null), leases.begin(alice.id()));
        clock.advanceNanos(Duration.ofSeconds(30).toNanos());
        assertEquals(bob, leases.lapseIfIdle().orElseThrow(), "alice's refused call did not hold bob's lease");
    }
}
