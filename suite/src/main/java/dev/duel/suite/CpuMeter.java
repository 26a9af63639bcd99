package dev.duel.suite;

import java.util.Map;
import java.util.Set;

/**
 * Reads the CPU time of the machine (as a whole and per CPU) and of duel's own processes at one
 * instant, the signal of the quiet and noise gates. {@link dev.duel.suite.env.MachineCpu} reads /proc/stat; tests give
 * fakes. Thread-safe.
 */
@FunctionalInterface
public interface CpuMeter {
    /** A reading to subtract from a later one. */
    Reading read();

    /**
     * CPU time of one CPU, or of the whole machine, so far, from /proc/stat. Interrupt time is kept
     * apart from busy time: loopback networking of the benchmark itself (the engine's and the
     * target's packets) is done there, so it is neither noise nor the target's.
     *
     * @param busyNanos user, nice, system and steal time, nanoseconds
     * @param irqNanos  irq and softirq time, nanoseconds
     * @param idleNanos idle and iowait time, nanoseconds
     */
    record CpuTimes(long busyNanos, long irqNanos, long idleNanos) {
        public static final CpuTimes UNKNOWN = new CpuTimes(-1, -1, -1);

        public boolean known() {
            return busyNanos >= 0;
        }

        /** The sum of {@code times}; {@link #UNKNOWN} if any is unknown or there are none. */
        public static CpuTimes sum(Iterable<CpuTimes> times) {
            long busy = 0;
            long irq = 0;
            long idle = 0;
            boolean any = false;
            for (CpuTimes t : times) {
                if (!t.known()) {
                    return UNKNOWN;
                }
                busy += t.busyNanos;
                irq += t.irqNanos;
                idle += t.idleNanos;
                any = true;
            }
            return any ? new CpuTimes(busy, irq, idle) : UNKNOWN;
        }
    }

    /**
     * CPU time of duel's own processes so far.
     *
     * @param selfNanos     duel's own process: the load generator and the runner, nanoseconds
     * @param targetNanos   the target being measured (0 while none runs), nanoseconds
     * @param servicesNanos the services duel started, nanoseconds
     */
    record DuelCpu(long selfNanos, long targetNanos, long servicesNanos) {
        public long totalNanos() {
            return selfNanos + targetNanos + servicesNanos;
        }
    }

    /**
     * @param atNanos monotonic time of the reading, nanoseconds
     * @param machine the whole machine (the "cpu" line), {@link CpuTimes#UNKNOWN} when it cannot be read
     * @param cpus    each CPU by its number ("cpu0" is 0); empty when unknown
     * @param duel    duel's own processes
     */
    record Reading(long atNanos, CpuTimes machine, Map<Integer, CpuTimes> cpus, DuelCpu duel) {
        public Reading {
            cpus = Map.copyOf(cpus);
        }

        /**
         * Average cores busy outside duel on the whole machine between {@code earlier} and this
         * reading, irq and softirq time left out; 0 when unknown.
         */
        public double outsideCoresSince(Reading earlier) {
            double wall = atNanos - earlier.atNanos;
            if (wall <= 0 || !machine.known() || !earlier.machine.known()) {
                return 0;
            }
            double outside = (machine.busyNanos() - earlier.machine.busyNanos())
                    - (duel.totalNanos() - earlier.duel.totalNanos());
            return Math.max(0, outside / wall);
        }

        /** Average cores of irq and softirq time on the whole machine since {@code earlier}; 0 when unknown. */
        public double irqCoresSince(Reading earlier) {
            double wall = atNanos - earlier.atNanos;
            if (wall <= 0 || !machine.known() || !earlier.machine.known()) {
                return 0;
            }
            return Math.max(0, (machine.irqNanos() - earlier.machine.irqNanos()) / wall);
        }

        /** The summed times of {@code which} CPUs ({@link #machine} when null); unknown if one is missing. */
        public CpuTimes on(Set<Integer> which) {
            if (which == null) {
                return machine;
            }
            if (!cpus.keySet().containsAll(which)) {
                return CpuTimes.UNKNOWN;
            }
            return CpuTimes.sum(which.stream().map(cpus::get).toList());
        }
    }
}
