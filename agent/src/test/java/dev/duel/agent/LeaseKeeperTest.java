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
        leases.callStarted(); // a target's start that takes longer than the idle time
        clock.advanceNanos(Duration.ofSeconds(90).toNanos());
        assertTrue(leases.lapseIfIdle().isEmpty());
        leases.callEnded();
        clock.advanceNanos(Duration.ofSeconds(29).toNanos());
        assertTrue(leases.lapseIfIdle().isEmpty());
        clock.advanceNanos(Duration.ofSeconds(1).toNanos());
        assertEquals(lease, leases.lapseIfIdle().orElseThrow());
    }
}
