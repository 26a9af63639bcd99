package dev.duel.targets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.record.CpuList;
import dev.duel.record.HostProbe;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The host drift probe: its timing, its pinning, the steal time of its CPUs, and what it refuses to record. */
class HostProbeRunnerTest {
    private static final List<String> JAVA = List.of("java", "-cp", "duel.jar", "Probe");
    /** What the probe JVM prints after the fixed work, timed as given. */
    private static String fixedWork(long elapsedNanos, long cpuNanos) {
        return elapsedNanos + " " + ProbeWorkload.WORK_UNITS + " " + Long.toHexString(ProbeWorkload.CHECKSUM) + " "
                + cpuNanos;
    }

    /** /proc/stat with cpu1's user and steal ticks as given, cpu0 and the total busy with other things. */
    private static List<String> stat(long cpu1User, long cpu1Steal) {
        return List.of(
                "cpu  9000 0 900 9000 0 0 0 900 0 0",
                "cpu0 5000 0 500 5000 0 0 0 800 0 0",
                "cpu1 " + cpu1User + " 0 0 1000 0 0 0 " + cpu1Steal + " 0 0",
                "intr 12345",
                "ctxt 999");
    }

    private static HostProbeRunner runner(List<List<String>> ran, String output, List<List<String>> stats) {
        AtomicInteger read = new AtomicInteger();
        return new HostProbeRunner(
                "17.0.15",
                JAVA,
                (mask, command) -> {
                    List<String> pinned = new ArrayList<>(List.of("taskset", "-c", mask));
                    pinned.addAll(command);
                    return pinned;
                },
                () -> "0-1",
                command -> {
                    ran.add(command);
                    return output;
                },
                () -> stats.get(Math.min(read.getAndIncrement(), stats.size() - 1)),
                cpus -> cpus.equals(Set.of(1)) ? 2_400.0 : null);
    }

    @Test
    void theProbeIsTimedByItsOwnClockAndPinnedToTheTargetsCpus() throws Exception {
        List<List<String>> ran = new ArrayList<>();
        // 60 ticks on cpu1 over the probe, 3 of them stolen; cpu0's heavy steal is not the probe's CPU.
        HostProbeRunner runner =
                runner(ran, fixedWork(500_000_000, 480_000_000) + "\n", List.of(stat(100, 7), stat(157, 10)));

        HostProbe.Reading reading = runner.probe("1");

        assertEquals(List.of("taskset", "-c", "1", "java", "-cp", "duel.jar", "Probe"), ran.get(0));
        assertEquals("1", reading.cpus());
        assertEquals("17.0.15", reading.javaVersion());
        assertEquals(ProbeWorkload.WORK_UNITS, reading.workUnits());
        assertEquals(500.0, reading.durationMillis(), 1e-9);
        assertEquals(ProbeWorkload.WORK_UNITS / 0.5, reading.unitsPerSecond(), 1e-9);
        assertEquals(480.0, reading.cpuMillis(), 1e-9);
        assertEquals(3 / 60.0, reading.stealShare(), 1e-9);
        assertEquals(2_400.0, reading.frequencyMhz());
    }

    @Test
    void aTargetWithoutACpusetIsProbedOnEveryOnlineCpuAsItWillRun() throws Exception {
        List<List<String>> ran = new ArrayList<>();
        HostProbe.Reading reading = runner(
                        ran, fixedWork(250_000_000, 249_000_000), List.of(stat(100, 0), stat(130, 0)))
                .probe(null);

        assertEquals(List.of("taskset", "-c", "0-1"), ran.get(0).subList(0, 3));
        assertEquals("0-1", reading.cpus());
        assertEquals(0.0, reading.stealShare());
        assertNull(reading.frequencyMhz(), "not visible on every CPU: not invented");
    }

    @Test
    void aProbeThatCannotBePinnedIsRefusedRatherThanRunOnTheLoadGeneratorsCpus() {
        HostProbeRunner unpinnable = new HostProbeRunner(
                "17.0.15",
                JAVA,
                (mask, command) -> command,
                () -> "0-1",
                command -> {
                    throw new AssertionError("must not run unpinned");
                },
                () -> stat(0, 0),
                cpus -> null);
        IOException refused = assertThrows(IOException.class, () -> unpinnable.probe("1"));
        assertTrue(refused.getMessage().contains("install taskset"), refused.getMessage());
    }

    @Test
    void aProbeThatDidOtherWorkOrPrintedNonsenseIsNotRecorded() {
        List<List<String>> ran = new ArrayList<>();
        List<List<String>> stats = List.of(stat(0, 0));
        IOException other = assertThrows(
                IOException.class,
                () -> runner(ran, "500000000 100 deadbeef 500000000", stats).probe("1"));
        assertTrue(other.getMessage().contains("did not do the fixed work"), other.getMessage());
        IOException nonsense = assertThrows(
                IOException.class,
                () -> runner(ran, "Error: could not find main class", stats).probe("1"));
        assertTrue(nonsense.getMessage().contains("not its timing"), nonsense.getMessage());
        IOException stopped = assertThrows(
                IOException.class, () -> runner(ran, fixedWork(0, 0), stats).probe("1"));
        assertTrue(stopped.getMessage().contains("did not advance"), stopped.getMessage());
    }

    @Test
    void theWorkloadReadsItsClockAroundTheTimedUnitsOnlyAndIsDeterministic() {
        AtomicLong now = new AtomicLong(1_000);
        AtomicLong cpu = new AtomicLong(50);
        List<Long> reads = new ArrayList<>();
        ProbeWorkload.Timed timed = ProbeWorkload.measure(
                () -> {
                    reads.add(now.get());
                    return now.getAndAdd(300_000_000);
                },
                () -> cpu.getAndAdd(120_000_000),
                1,
                2);
        assertEquals(2, reads.size(), "read before and after the timed units, not during the warm-up");
        assertEquals(300_000_000, timed.elapsedNanos());
        assertEquals(120_000_000, timed.cpuNanos());
        assertEquals(2, timed.units());
        assertEquals(
                timed.checksum(), ProbeWorkload.measure(() -> 0, () -> 0, 1, 2).checksum(), "the same work every time");
        assertTrue(
                timed.checksum()
                        != ProbeWorkload.measure(() -> 0, () -> 0, 0, 2).checksum(),
                "a unit more or less is other work");
    }

    @Test
    void theFixedWorkEndsInItsChecksum() {
        ProbeWorkload.Timed timed =
                ProbeWorkload.measure(System::nanoTime, () -> 0, ProbeWorkload.WARMUP_UNITS, ProbeWorkload.WORK_UNITS);
        assertEquals(Long.toHexString(ProbeWorkload.CHECKSUM), Long.toHexString(timed.checksum()));
    }

    @Test
    void cpuListsAndStealAreReadAsTheKernelWritesThem() {
        assertEquals(Set.of(0, 1, 2, 4), CpuList.parse("0-2,4"));
        long[] stealAndTotal = HostProbeRunner.steal(stat(100, 7), Set.of(0, 1));
        assertEquals(807, stealAndTotal[0]);
        assertEquals(5000 + 500 + 5000 + 800 + 100 + 1000 + 7, stealAndTotal[1]);
    }

    @Test
    @Tag("slow")
    void theRealProbeRunsPinnedInItsOwnJvm() throws Exception {
        HostProbe.Reading reading = HostProbeRunner.onThisMachine().probe("0");
        assertEquals("0", reading.cpus());
        assertEquals(System.getProperty("java.version"), reading.javaVersion());
        assertTrue(reading.durationMillis() > 10 && reading.durationMillis() < 30_000, reading.toString());
        assertTrue(reading.stealShare() >= 0 && reading.stealShare() <= 1, reading.toString());
        assertTrue(
                reading.cpuMillis() > 0 && reading.cpuMillis() <= reading.durationMillis() * 1.05, reading.toString());
    }
}
