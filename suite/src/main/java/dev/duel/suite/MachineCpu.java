package dev.duel.suite;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * CPU used on the whole machine outside duel's own processes, the signal of the quiet and noise
 * gates: busy time from /proc/stat minus the CPU of what duel runs (itself, its targets and
 * services, passed in as a supplier). Thread-safe.
 */
public final class MachineCpu {
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

    /** A reading to subtract from a later one. */
    public record Reading(long atNanos, long machineBusyNanos, long oursNanos) {
        /** Average cores busy outside duel between {@code earlier} and this reading. */
        public double outsideCoresSince(Reading earlier) {
            double wall = atNanos - earlier.atNanos;
            if (wall <= 0 || machineBusyNanos < 0 || earlier.machineBusyNanos < 0) {
                return 0;
            }
            double outside = (machineBusyNanos - earlier.machineBusyNanos) - (oursNanos - earlier.oursNanos);
            return Math.max(0, outside / wall);
        }
    }

    public Reading read() {
        return new Reading(System.nanoTime(), machineBusyNanos(), oursNanos.getAsLong());
    }

    private long machineBusyNanos() {
        try {
            for (String line : Files.readAllLines(procStat)) {
                if (line.startsWith("cpu ")) {
                    String[] f = line.trim().split("\\s+");
                    // user nice system idle iowait irq softirq steal
                    long busy = Long.parseLong(f[1]) + Long.parseLong(f[2]) + Long.parseLong(f[3]) + Long.parseLong(f[6])
                            + Long.parseLong(f[7]) + (f.length > 8 ? Long.parseLong(f[8]) : 0);
                    return busy * (1_000_000_000L / TICKS_PER_SECOND);
                }
            }
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        return -1;
    }

    /**
     * Waits until the outside CPU stays under {@code maxCores} for {@code quietFor}, checking each
     * second, for at most {@code maxWait}.
     *
     * @return the outcome, whether or not the machine became quiet
     */
    public QuietOutcome awaitQuiet(double maxCores, Duration quietFor, Duration maxWait) throws InterruptedException {
        long start = System.nanoTime();
        long quietSince = start;
        Reading previous = read();
        double lastCores = 0;
        while (true) {
            Thread.sleep(1_000);
            Reading now = read();
            lastCores = now.outsideCoresSince(previous);
            previous = now;
            if (lastCores > maxCores) {
                quietSince = now.atNanos();
            }
            if (now.atNanos() - quietSince >= quietFor.toNanos()) {
                return new QuietOutcome(true, lastCores, (now.atNanos() - start) / 1e9);
            }
            if (now.atNanos() - start >= maxWait.toNanos()) {
                return new QuietOutcome(false, lastCores, (now.atNanos() - start) / 1e9);
            }
        }
    }

    /** How the wait for a quiet machine ended. */
    public record QuietOutcome(boolean quiet, double outsideCores, double waitedSeconds) {
    }
}
