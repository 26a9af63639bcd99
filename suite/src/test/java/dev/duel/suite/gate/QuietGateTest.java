package dev.duel.suite.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.suite.CpuMeter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.LongToDoubleFunction;
import org.junit.jupiter.api.Test;

/** The quiet gate on a manual clock: the outside CPU is a function of time, waiting moves the clock. */
class QuietGateTest {
    /** Outside cores as a function of seconds since the start; the gate checks once a second. */
    private static QuietGate.Outcome await(
            LongToDoubleFunction outsideCoresAtSecond, double maxCores, int quietForSeconds, int maxWaitSeconds)
            throws InterruptedException {
        long[] nowNanos = {0};
        long[] busyNanos = {0};
        CpuMeter meter = () -> reading(nowNanos[0], busyNanos[0], 0, 0);
        QuietGate.Sleeper sleeper = duration -> {
            double cores = outsideCoresAtSecond.applyAsDouble(nowNanos[0] / 1_000_000_000L);
            busyNanos[0] += Math.round(cores * duration.toNanos());
            nowNanos[0] += duration.toNanos();
        };
        return new QuietGate(meter, sleeper)
                .await(maxCores, Duration.ofSeconds(quietForSeconds), Duration.ofSeconds(maxWaitSeconds));
    }

    @Test
    void aQuietMachinePassesAfterTheQuietPeriod() throws Exception {
        QuietGate.Outcome outcome = await(second -> 0.05, 0.25, 10, 600);
        assertTrue(outcome.quiet());
        assertEquals(10, outcome.waitedSeconds(), 1e-9);
        assertEquals(0.05, outcome.outsideCores(), 1e-9);
    }

    @Test
    void aBusySecondRestartsTheQuietPeriod() throws Exception {
        // Busy in seconds 0-4 and again in second 8: quiet for 10 s only from second 9 on.
        QuietGate.Outcome outcome = await(second -> second < 5 || second == 8 ? 1.5 : 0.1, 0.25, 10, 600);
        assertTrue(outcome.quiet());
        assertEquals(19, outcome.waitedSeconds(), 1e-9);
    }

    @Test
    void aMachineThatStaysBusyIsGivenUpOnAtTheLongestWait() throws Exception {
        QuietGate.Outcome outcome = await(second -> 0.8, 0.25, 10, 30);
        assertFalse(outcome.quiet());
        assertEquals(30, outcome.waitedSeconds(), 1e-9);
        assertEquals(0.8, outcome.outsideCores(), 1e-9);
    }

    @Test
    void aQuietPeriodUnderASecondIsCheckedAsOftenAsItLastsNotEverySecond() throws Exception {
        List<Duration> sleeps = new ArrayList<>();
        long[] nowNanos = {0};
        QuietGate.Sleeper sleeper = duration -> {
            sleeps.add(duration);
            nowNanos[0] += duration.toNanos();
        };
        QuietGate gate = new QuietGate(() -> reading(nowNanos[0], 0, 0, 0), sleeper);
        QuietGate.Outcome outcome = gate.await(0.25, Duration.ofMillis(300), Duration.ofSeconds(5));
        assertTrue(outcome.quiet());
        assertEquals(0.3, outcome.waitedSeconds(), 1e-9);
        assertEquals(List.of(Duration.ofMillis(300)), sleeps);
        // Not below 100 ms: /proc/stat counts 10 ms ticks.
        sleeps.clear();
        nowNanos[0] = 0;
        assertEquals(
                0.1,
                gate.await(0.25, Duration.ofMillis(20), Duration.ofSeconds(5)).waitedSeconds(),
                1e-9);
        assertEquals(List.of(Duration.ofMillis(100)), sleeps);
    }

    @Test
    void exactlyTheBoundIsStillQuiet() throws Exception {
        assertTrue(await(second -> 0.25, 0.25, 3, 10).quiet());
    }

    /** A reading of a machine busy {@code busyNanos} (irq apart) of which duel's own process used {@code oursNanos}. */
    private static CpuMeter.Reading reading(long atNanos, long busyNanos, long irqNanos, long oursNanos) {
        return new CpuMeter.Reading(
                atNanos,
                new CpuMeter.CpuTimes(busyNanos, irqNanos, 0),
                Map.of(),
                new CpuMeter.DuelCpu(oursNanos, 0, 0));
    }

    @Test
    void outsideCpuIsTheMachinesBusyTimeLessDuelsOwn() {
        CpuMeter.Reading before = reading(0, 5_000_000_000L, 0, 1_000_000_000L);
        CpuMeter.Reading after = reading(2_000_000_000L, 8_000_000_000L, 0, 3_500_000_000L);
        assertEquals(0.25, after.outsideCoresSince(before), 1e-12, "3 s busy, 2.5 s of it duel's, over 2 s");
        CpuMeter.Reading unknown =
                new CpuMeter.Reading(1, CpuMeter.CpuTimes.UNKNOWN, Map.of(), new CpuMeter.DuelCpu(0, 0, 0));
        assertEquals(0, unknown.outsideCoresSince(before), "unknown machine time reads as quiet");
    }

    @Test
    void interruptTimeIsNotOutsideNoise() {
        // The benchmark's own loopback packets: 1 s of softirq over 2 s, nothing else busy outside duel.
        CpuMeter.Reading before = reading(0, 5_000_000_000L, 1_000_000_000L, 1_000_000_000L);
        CpuMeter.Reading after = reading(2_000_000_000L, 7_000_000_000L, 2_000_000_000L, 3_000_000_000L);
        assertEquals(0, after.outsideCoresSince(before), 1e-12);
        assertEquals(0.5, after.irqCoresSince(before), 1e-12);
    }
}
