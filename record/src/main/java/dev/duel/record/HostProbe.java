package dev.duel.record;

import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;

/**
 * The host drift probe of one run: a fixed CPU-bound calibration workload timed on the target's CPUs
 * just before the target started and just after it stopped. The target's own numbers cannot show
 * that the host got slower (an hour apart, the same JVM's CPU per request went from 41.8 to 75.8 µs
 * with steal near zero); a fixed workload timed on the same CPUs can. Immutable.
 *
 * @param before the probe before the target started; null when it could not run
 * @param after  the probe after the target stopped; null when it could not run or the run stopped the suite
 */
public record HostProbe(
        @JsonSetter(nulls = Nulls.SET) Reading before,
        @JsonSetter(nulls = Nulls.SET) Reading after) {

    /**
     * One probe: {@code workUnits} units of a deterministic integer workload (each unit 2^20 steps of
     * xorshift mixing with data-dependent loads and stores in an 8 KiB table) run by a fresh JVM of
     * duel's own JDK pinned to {@code cpus}, timed after a fixed warm-up of the same workload.
     *
     * @param javaVersion    the JDK that ran the probe ({@code java.version} of duel's own, e.g. "17.0.15"): the same
     *                       work compiled by another JDK may take another time, so probes compare within one
     * @param cpus           the CPUs the probe was pinned to ("1", "0-1": the target's cpuset, or every online CPU
     *                       for a target without one)
     * @param workUnits      units timed (fixed: the same in every duel of one probe version)
     * @param durationMillis time the timed units took, milliseconds (the probe JVM's start and warm-up excluded)
     * @param unitsPerSecond workUnits over the duration: the host's speed on these CPUs, higher is faster
     * @param cpuMillis      CPU time the probe's thread was charged over the timed units, milliseconds (its
     *                       thread CPU clock): near durationMillis when the probe had its CPU to itself; well
     *                       under it when something else on these CPUs took turns with it (then the duration
     *                       measures contention, not the host), about equal when the host itself got slower
     * @param stealShare     steal time over all time on these CPUs from before the probe JVM started to after it
     *                       ended, 0..1 (/proc/stat, 10 ms ticks: about 2% resolution over a 0.6 s probe on one CPU)
     * @param frequencyMhz   mean current frequency of these CPUs right after the probe (cpufreq
     *                       {@code scaling_cur_freq}), MHz; null where the kernel does not show it (most virtual
     *                       machines: their /proc/cpuinfo MHz is the nominal rate, so it is not used)
     */
    public record Reading(
            String javaVersion,
            String cpus,
            long workUnits,
            double durationMillis,
            double unitsPerSecond,
            double cpuMillis,
            double stealShare,
            @JsonSetter(nulls = Nulls.SET) Double frequencyMhz) {

        /**
         * workUnits over the probe thread's CPU time, units per CPU second, or NaN without one: the work the host
         * gives for each second of CPU it charges, what CPU per request depends on. Unlike unitsPerSecond it does
         * not fall when something else on these CPUs takes turns with the probe (a busy machine).
         */
        public double unitsPerCpuSecond() {
            return cpuMillis > 0 ? workUnits / (cpuMillis / 1000) : Double.NaN;
        }
    }
}
