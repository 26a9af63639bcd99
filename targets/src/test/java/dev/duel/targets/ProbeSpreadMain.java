package dev.duel.targets;

import dev.duel.record.HostProbe;
import java.util.Arrays;
import java.util.Locale;

/**
 * Measures the host probe's own run-to-run spread: {@code java ... ProbeSpreadMain [COUNT] [CPUS]}
 * runs COUNT probes in a row (default 30) on CPUS (default every online CPU) and prints each and
 * their spread. Not a test: a number to choose the drift bound with, on a quiet machine.
 */
public final class ProbeSpreadMain {
    private ProbeSpreadMain() {}

    public static void main(String[] args) throws Exception {
        int count = args.length > 0 ? Integer.parseInt(args[0]) : 30;
        String cpus = args.length > 1 ? args[1] : null;
        HostProbeRunner runner = HostProbeRunner.onThisMachine();
        double[] rates = new double[count];
        double[] cpuRates = new double[count];
        for (int i = 0; i < count; i++) {
            HostProbe.Reading reading = runner.probe(cpus);
            rates[i] = reading.unitsPerSecond();
            cpuRates[i] = reading.workUnits() / (reading.cpuMillis() / 1000);
            System.out.printf(
                    Locale.ROOT,
                    "%2d %s %.1f ms (cpu %.1f ms) %.2f units/s steal %.3f%n",
                    i + 1,
                    reading.cpus(),
                    reading.durationMillis(),
                    reading.cpuMillis(),
                    reading.unitsPerSecond(),
                    reading.stealShare());
        }
        spread("wall", rates);
        spread("cpu", cpuRates);
    }

    private static void spread(String clock, double[] rates) {
        int count = rates.length;
        double[] sorted = rates.clone();
        Arrays.sort(sorted);
        double median = sorted[count / 2];
        System.out.printf(
                Locale.ROOT,
                "%s: n=%d median %.2f units/s, min %.2f, max %.2f: max/min %.2f%%, p10-p90 %.2f%% of the median%n",
                clock,
                count,
                median,
                sorted[0],
                sorted[count - 1],
                (sorted[count - 1] / sorted[0] - 1) * 100,
                (sorted[(int) (count * 0.9)] - sorted[(int) (count * 0.1)]) / median * 100);
    }
}
