package dev.duel.targets;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.locks.LockSupport;

/**
 * The host speed probe's sampler, the main class of a small JVM that {@link HostSpeedProbe} starts on each CPU (pinned
 * with taskset, run with {@code -Xint}): {@link #SAMPLES_PER_SECOND} times a second it runs {@link #STEPS_PER_SAMPLE}
 * steps of a fixed workload and prints when it began ({@code System.nanoTime}, the machine's monotonic clock, which the
 * parent reads alike) and the CPU time its thread was charged for them: "AT_NANOS CPU_NANOS". It ends when its standard
 * input closes, so that it never outlives the duel that started it, even a killed one.
 *
 * <p>Why interpreted, and why this workload: on this project's 2-vCPU machines each vCPU flips between two speeds for
 * tens of seconds, and what slows is code with a large front end (the interpreter's dispatch, a JIT-compiled server's
 * many methods): a Python loop ran at 0.53x and the JVM interpreter running this loop at 0.68x, while a compiled
 * register-only loop ran at 0.97-1.00x, a compiled loop of independent multiplies at 0.91x and pointer chases through
 * 256 KiB to 4 MiB at 0.88-0.90x in the same minutes (2026-12-04, AMD EPYC, nothing else running). A target serving
 * HTTP at its full core went from 34k to 23k requests/s (0.68x) in one such flip. The workload itself mixes a
 * xorshift step, a load and store in a 16 KiB table and a data-dependent three-way branch; it allocates nothing.
 *
 * <p>Not thread-safe; one per process.
 */
public final class HostSpeedSampler {
    /** Steps per sample: about 0.45 ms of interpreted work here. */
    public static final int STEPS_PER_SAMPLE = 8_192;

    public static final int SAMPLES_PER_SECOND = 10;

    private static final long SAMPLE_EVERY_NANOS = 1_000_000_000L / SAMPLES_PER_SECOND;
    private static final int TABLE_SLOTS = 4_096;

    private HostSpeedSampler() {}

    /** {@code steps} of the workload from {@code seed} on {@code table}: returns the state after them. */
    static long work(long seed, int steps, int[] table) {
        long x = seed;
        long sum = 0;
        for (int i = 0; i < steps; i++) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
            int slot = (int) (x & (TABLE_SLOTS - 1));
            int value = table[slot];
            if ((x & 1) == 0) {
                sum += value;
                table[slot] = value + 1;
            } else if ((x & 2) == 0) {
                sum ^= value;
            } else {
                sum -= value >> 1;
            }
        }
        return x + sum;
    }

    /** Samples until standard input closes. */
    public static void main(String[] args) {
        Thread watcher = new Thread(
                () -> {
                    try (InputStream in = System.in) {
                        while (in.read() >= 0) {
                            // the parent never writes: a byte or the end, either way wait for the end
                        }
                    } catch (IOException e) {
                        // the parent's end of the pipe is gone: so is the parent
                    }
                    System.exit(0);
                },
                "duel-host-speed-parent");
        watcher.setDaemon(true);
        watcher.start();
        ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        PrintStream out = System.out;
        int[] table = new int[TABLE_SLOTS];
        long x = 0x2545F4914F6CDD1DL;
        long next = System.nanoTime();
        while (true) {
            long at = System.nanoTime();
            long before = bean.getCurrentThreadCpuTime();
            x = work(x, STEPS_PER_SAMPLE, table);
            long after = bean.getCurrentThreadCpuTime();
            out.println(at + " " + (after - before));
            out.flush();
            if (out.checkError()) {
                return; // nobody reads: the parent is gone
            }
            next += SAMPLE_EVERY_NANOS;
            long now = System.nanoTime();
            if (next < now) {
                next = now; // a late wake-up (a busy CPU) is not made up with a burst of samples
            }
            LockSupport.parkNanos(next - now + (x & 1)); // x keeps the work from being dropped
        }
    }
}
