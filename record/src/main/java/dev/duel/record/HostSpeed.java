package dev.duel.record;

import java.util.ArrayList;
import java.util.List;

/**
 * The host's speed on each CPU duel used, second by second through one scenario's load: a fixed unit of integer work
 * timed in the probe thread's own CPU time, on a thread pinned to each CPU, a few times a second. A host that gives a
 * vCPU less of a physical core (its other hyperthread busy with another guest, a lower clock) makes each unit take more
 * CPU time; a busy CPU in the guest does not, since time spent waiting to run is not CPU time. On this project's
 * 2-vCPU machines each vCPU's speed flips between two levels about 1.9x apart for tens of seconds, which steal time does
 * not show (docs/methodology.md). Immutable.
 *
 * @param cpus             the CPUs probed, in order ("0", "1")
 * @param unitsPerCpuMilli for each CPU (in the order of {@code cpus}), for each second of the load's series (index 0 is
 *                         the load's [0, 1) s, as {@code load.seconds}), the median over that second's samples of the
 *                         probe's work units per millisecond of its own CPU time; null for a second with no sample
 * @param probeShares      for each CPU, the share of that CPU the probe itself took over the scenario (its CPU time
 *                         over wall time), 0..1
 */
public record HostSpeed(List<String> cpus, List<List<Double>> unitsPerCpuMilli, List<Double> probeShares) {

    public HostSpeed {
        cpus = List.copyOf(cpus);
        List<List<Double>> copied = new ArrayList<>();
        for (List<Double> series : unitsPerCpuMilli) {
            copied.add(java.util.Collections.unmodifiableList(new ArrayList<>(series)));
        }
        unitsPerCpuMilli = List.copyOf(copied);
        probeShares = List.copyOf(probeShares);
        if (unitsPerCpuMilli.size() != cpus.size() || probeShares.size() != cpus.size()) {
            throw new IllegalArgumentException("a series and a share per CPU: " + cpus.size() + " CPUs, "
                    + unitsPerCpuMilli.size() + " series, " + probeShares.size() + " shares");
        }
    }

    /** The series of {@code cpu}, or null when it was not probed. */
    public List<Double> of(String cpu) {
        int at = cpus.indexOf(cpu);
        return at < 0 ? null : unitsPerCpuMilli.get(at);
    }
}
