package dev.duel.suite;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.LongSupplier;

/**
 * CPU used on the whole machine (busy time from /proc/stat) and by what duel runs (itself, its
 * targets and services, passed in as a supplier): the difference is what the quiet and noise gates
 * judge. Thread-safe.
 */
public final class MachineCpu implements CpuMeter {
    private static final long TICKS_PER_SECOND = 100; // USER_HZ, fixed at 100 on Linux for /proc/stat
    private final Path procStat;
    private final LongSupplier oursNanos;

    /** @param oursNanos CPU nanoseconds used so far by duel's own processes */
    public MachineCpu(LongSupplier oursNanos) {
        this(Path.of("/proc/stat"), oursNanos);
    }

    MachineCpu(Path procStat, LongSupplier oursNanos) {
        this.procStat = procStat;
        this.oursNanos = oursNanos;
    }

    @Override
    public Reading read() {
        return new Reading(System.nanoTime(), machineBusyNanos(), oursNanos.getAsLong());
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
