package dev.duel.suite.env;

import dev.duel.suite.CpuMeter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * CPU used on the whole machine and on each CPU (from /proc/stat, irq and softirq time apart from
 * busy time), and by duel: this process (its threads, not its reaped children) plus what it started
 * (the current target and the services, passed in as suppliers). The gates judge the difference.
 * Thread-safe.
 */
public final class MachineCpu implements CpuMeter {
    private static final long TICKS_PER_SECOND = 100; // USER_HZ, fixed at 100 on Linux for /proc/stat
    private static final long NANOS_PER_TICK = 1_000_000_000L / TICKS_PER_SECOND;
    private final Path procStat;
    private final LongSupplier targetNanos;
    private final LongSupplier servicesNanos;

    /**
     * @param targetNanos   CPU nanoseconds used so far by the target being measured (0 while none runs)
     * @param servicesNanos CPU nanoseconds used so far by the services duel started
     */
    public MachineCpu(LongSupplier targetNanos, LongSupplier servicesNanos) {
        this(Path.of("/proc/stat"), targetNanos, servicesNanos);
    }

    MachineCpu(Path procStat, LongSupplier targetNanos, LongSupplier servicesNanos) {
        this.procStat = procStat;
        this.targetNanos = targetNanos;
        this.servicesNanos = servicesNanos;
    }

    @Override
    public Reading read() {
        long self = ProcessHandle.current()
                .info()
                .totalCpuDuration()
                .map(Duration::toNanos)
                .orElse(0L);
        DuelCpu duel = new DuelCpu(self, targetNanos.getAsLong(), servicesNanos.getAsLong());
        long at = System.nanoTime();
        try {
            return parse(at, Files.readAllLines(procStat), duel);
        } catch (IOException | RuntimeException e) {
            return new Reading(at, CpuTimes.UNKNOWN, Map.of(), duel);
        }
    }

    /** A reading from the lines of /proc/stat: "cpu" for the machine, "cpuN" for each CPU. */
    static Reading parse(long atNanos, List<String> lines, DuelCpu duel) {
        CpuTimes machine = CpuTimes.UNKNOWN;
        Map<Integer, CpuTimes> cpus = new HashMap<>();
        for (String line : lines) {
            if (!line.startsWith("cpu")) {
                continue;
            }
            String[] f = line.trim().split("\\s+");
            // cpu user nice system idle iowait irq softirq steal [guest guest_nice: already in user and nice]
            long user = Long.parseLong(f[1]);
            long nice = Long.parseLong(f[2]);
            long system = Long.parseLong(f[3]);
            long idle = Long.parseLong(f[4]);
            long iowait = f.length > 5 ? Long.parseLong(f[5]) : 0;
            long irq = f.length > 6 ? Long.parseLong(f[6]) : 0;
            long softirq = f.length > 7 ? Long.parseLong(f[7]) : 0;
            long steal = f.length > 8 ? Long.parseLong(f[8]) : 0;
            CpuTimes times = new CpuTimes(
                    (user + nice + system + steal) * NANOS_PER_TICK,
                    (irq + softirq) * NANOS_PER_TICK,
                    (idle + iowait) * NANOS_PER_TICK);
            if (f[0].equals("cpu")) {
                machine = times;
            } else {
                cpus.put(Integer.parseInt(f[0].substring(3)), times);
            }
        }
        return new Reading(atNanos, machine, cpus, duel);
    }
}
