package dev.duel.suite.env;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.duel.suite.CpuMeter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** /proc/stat as {@link MachineCpu} reads it: busy, interrupt and idle time, for the machine and each CPU. */
class MachineCpuTest {
    private static final CpuMeter.DuelCpu NONE = new CpuMeter.DuelCpu(0, 0, 0);

    /** user nice system idle iowait irq softirq steal guest guest_nice, in ticks of 10 ms. */
    private static List<String> stat(String machine, String cpu0, String cpu1) {
        return List.of(
                "cpu  " + machine,
                "cpu0 " + cpu0,
                "cpu1 " + cpu1,
                "intr 123 4 5",
                "ctxt 999",
                "btime 1700000000",
                "processes 77",
                "procs_running 2");
    }

    @Test
    void interruptTimeIsKeptApartFromBusyTimeOnTheMachineAndOnEachCpu() {
        CpuMeter.Reading reading = MachineCpu.parse(
                7,
                stat("100 20 30 400 50 6 70 8 0 0", "60 10 20 150 20 1 60 4 0 0", "40 10 10 250 30 5 10 4 0 0"),
                NONE);
        assertEquals(7, reading.atNanos());
        // busy = user + nice + system + steal; irq = irq + softirq; idle = idle + iowait; 10 ms a tick
        assertEquals(new CpuMeter.CpuTimes(1_580_000_000L, 760_000_000L, 4_500_000_000L), reading.machine());
        assertEquals(
                new CpuMeter.CpuTimes(940_000_000L, 610_000_000L, 1_700_000_000L),
                reading.cpus().get(0));
        assertEquals(
                new CpuMeter.CpuTimes(640_000_000L, 150_000_000L, 2_800_000_000L),
                reading.cpus().get(1));
        assertEquals(2, reading.cpus().size(), "only cpuN lines are CPUs");
    }

    @Test
    void theBenchmarksOwnSoftirqIsNotOutsideNoise(@TempDir Path temp) throws Exception {
        // One second in which CPU 1 did nothing but softirq work (loopback packets) and duel used 0.5 cores.
        Path procStat = temp.resolve("stat");
        Files.write(procStat, stat("100 0 0 100 0 0 0 0 0 0", "50 0 0 50 0 0 0 0 0 0", "50 0 0 50 0 0 0 0 0 0"));
        long[] duel = {0};
        MachineCpu meter = new MachineCpu(procStat, () -> duel[0], () -> 0);
        CpuMeter.Reading before = meter.read();
        Files.write(procStat, stat("150 0 0 100 0 0 100 0 0 0", "100 0 0 50 0 0 0 0 0 0", "50 0 0 50 0 0 100 0 0 0"));
        duel[0] = 500_000_000L;
        CpuMeter.Reading after = meter.read();
        CpuMeter.Reading later =
                new CpuMeter.Reading(before.atNanos() + 1_000_000_000L, after.machine(), after.cpus(), after.duel());
        // duel's own process used some CPU in between too: it is subtracted, so outside is at most 0.
        assertEquals(0, later.outsideCoresSince(before), 0.05, "0.5 cores busy, all of it duel's");
        assertEquals(1.0, later.irqCoresSince(before), 1e-9, "1 s of softirq over 1 s, counted apart");
    }

    @Test
    void anUnreadableStatReadsAsUnknownNotAsQuiet(@TempDir Path temp) {
        CpuMeter.Reading reading = new MachineCpu(temp.resolve("missing"), () -> 0, () -> 0).read();
        assertFalse(reading.machine().known());
        assertEquals(Map.of(), reading.cpus());
    }
}
