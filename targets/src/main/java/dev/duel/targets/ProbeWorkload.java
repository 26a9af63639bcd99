package dev.duel.targets;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * The host drift probe's calibration workload, run by {@link HostProbeRunner} in a fresh JVM of
 * duel's own JDK (its {@link #main}), so that its number depends on the host and its CPUs only: not
 * on the target's JDK, not on the state of duel's own JVM (heap, GC, which of its methods the JIT
 * compiled), and the same in every session of one duel version.
 *
 * <p>A unit is {@link #STEPS_PER_UNIT} steps of xorshift64 mixing in which each step loads and
 * stores one slot of an 8 KiB table chosen by the state, and multiplies the state by what it
 * loaded: a single dependency chain of integer arithmetic and L1 cache accesses, which the JIT can
 * neither vectorise nor fold (every step needs the one before) nor drop (the final state is printed
 * and checked against {@link #CHECKSUM}). It does not touch memory beyond L1 or allocate, so it
 * times the core, not the memory system or the GC. A fixed warm-up of the same units runs first so
 * that the timed units run compiled by C2.
 *
 * <p>Stateless; thread-safe.
 */
public final class ProbeWorkload {
    /** Units run before the timed ones (about 0.1 s here), so that the timed ones run compiled. */
    public static final int WARMUP_UNITS = 20;
    /** Units timed: about 0.46 s on this project's 2-core AMD EPYC machines. */
    public static final int WORK_UNITS = 100;
    /** Mixing steps in one unit. */
    static final int STEPS_PER_UNIT = 1 << 20;

    private static final int TABLE_SLOTS = 1024;
    private static final long SEED = 0x2545F4914F6CDD1DL;
    /** The state after {@link #WARMUP_UNITS} + {@link #WORK_UNITS} units: a probe that printed another did other work. */
    public static final long CHECKSUM = 0x5ffc89497f2da985L;

    private ProbeWorkload() {}

    /**
     * Runs {@code warmupUnits} untimed, then {@code units} timed by {@code nanoClock} and by
     * {@code cpuClock} (the thread's CPU time), each read exactly twice: before and after the timed units.
     */
    static Timed measure(LongSupplier nanoClock, LongSupplier cpuClock, int warmupUnits, int units) {
        long[] table = new long[TABLE_SLOTS];
        long state = SEED;
        for (int u = 0; u < warmupUnits; u++) {
            state = unit(state, table);
        }
        long cpuStart = cpuClock.getAsLong();
        long start = nanoClock.getAsLong();
        for (int u = 0; u < units; u++) {
            state = unit(state, table);
        }
        long end = nanoClock.getAsLong();
        long cpuEnd = cpuClock.getAsLong();
        return new Timed(end - start, units, state, cpuEnd - cpuStart);
    }

    private static long unit(long seed, long[] table) {
        long x = seed;
        for (int i = 0; i < STEPS_PER_UNIT; i++) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
            int slot = (int) (x >>> 54) & (TABLE_SLOTS - 1);
            long loaded = table[slot];
            table[slot] = loaded + x;
            x += loaded * 0x9E3779B97F4A7C15L;
        }
        return x;
    }

    /**
     * The probe JVM's entry point: prints one line, "elapsed-nanoseconds units checksum-in-hex
     * cpu-nanoseconds", for {@link HostProbeRunner#parse}.
     */
    public static void main(String[] args) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        Timed timed = measure(System::nanoTime, threads::getCurrentThreadCpuTime, WARMUP_UNITS, WORK_UNITS);
        System.out.println(timed.line());
    }

    /**
     * What the timed units took.
     *
     * @param elapsedNanos wall time of the timed units, nanoseconds
     * @param units        units timed
     * @param checksum     the state after the last unit
     * @param cpuNanos     CPU time of the probe's thread over the timed units, nanoseconds
     */
    record Timed(long elapsedNanos, long units, long checksum, long cpuNanos) {
        String line() {
            return String.format(Locale.ROOT, "%d %d %s %d", elapsedNanos, units, Long.toHexString(checksum), cpuNanos);
        }
    }
}
