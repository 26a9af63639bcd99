package dev.duel.suite;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * CPU used on the whole machine (busy time from /proc/stat) and by duel: this process (its threads,
 * not its reaped children) plus what it started (targets and services, passed in as a supplier).
 * The difference is what the quiet and noise gates judge. Thread-safe.
 */
public final class MachineCpu implements CpuMeter {
    private static final long TICKS_PER_SECOND = 100; // USER_HZ, fixed at 100 on Linux for /proc/stat
    private final Path procStat;
    private final LongSupplier startedNanos;

    /** @param startedNanos CPU nanoseconds used so far by the processes duel started (targets, services) */
    public MachineCpu(LongSupplier startedNanos) {
        this(Path.of("/proc/stat"), startedNanos);
    }

    MachineCpu(Path procStat, LongSupplier startedNanos) {
        this.procStat = procStat;
        this.startedNanos = startedNanos;
    }

    @Override
    public Reading read() {
        long self = ProcessHandle.current()
                .info()
                .totalCpuDuration()
                .map(Duration::toNanos)
                .orElse(0L);
        return new Reading(System.nanoTime(), machineBusyNanos(), self + startedNanos.getAsLong());
    }

    private long machineBusyNanos() {
        try {
            for (String line : Files.readAllLines(procStat)) {
                if (line.startsWith("cpu ")) {
                    String[] f = line.trim().split("\\s+");
                    // user nice system idle iowait irq softirq steal
                    long busy = Long.parseLong(f[1])
                            + Long.parseLong(f[2])
                            + Long.parseLong(f[3])
                            + Long.parseLong(f[6])
                            + Long.parseLong(f[7])
                            + (f.length > 8 ? Long.parseLong(f[8]) : 0);
                    return busy * (1_000_000_000L / TICKS_PER_SECOND);
                }
            }
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        return -1;
    }
}
