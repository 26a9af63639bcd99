package dev.duel.report.build;

import dev.duel.record.HostProbe;
import dev.duel.report.model.Format;
import dev.duel.report.model.Summary;
import dev.duel.report.read.RunData;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What the host drift probe says about the host under the runs: the same fixed workload, timed on
 * the target's CPUs before and after every run ({@link HostProbe}), must get the same work done per
 * second of CPU, or the host changed under the measurement. Two checks, each on the median of the
 * probes' units per CPU second ({@link HostProbe.Reading#unitsPerCpuSecond()}), so that one disturbed
 * probe does not raise them. Per CPU second, not per wall second: a host that got slower without
 * the guest seeing it (the failure this catches) charges more CPU for the same work, as it charged
 * more CPU per request; a busy neighbour on the same CPUs only stretches the probe's wall time, and
 * that is the noise gate's business.
 *
 *
 * <ul>
 *   <li>{@link #between}: the two sides of a comparison were measured on a host that ran the probe
 *       more than {@link #MAX_DIFFERENCE} faster for one than for the other. This undermines every
 *       verdict of the pair: the host, not the target, may explain the difference.
 *   <li>{@link #acrossSuite}: within one results folder, the last third of its runs (by start) ran
 *       the probe more than {@link #MAX_DIFFERENCE} faster or slower than the first third. A report
 *       warning: alternating the sides spreads a slow drift over both, and where it did not,
 *       {@link #between} withholds the verdicts; runs made in pairs (interleaved or duet) compare their sides at
 *       the same moments, which the warning says, so that it does not contradict the headline's "paired slices
 *       cancel it".
 * </ul>
 *
 * Records without a probe (schema 1 and 2, or a probe that could not run) are left out; with no
 * probe on a side, nothing is said. Stateless; thread-safe.
 */
public final class HostDrift {
    /**
     * The largest relative difference of median probe speeds that is not a warning: 5%. Measured on this
     * project's 2-core machines, 30 probes in a row on one CPU: quiet, single probes spread 2.4% from slowest to
     * fastest and medians of 6 probes (3 runs) 0.4%; with both CPUs busy with other builds (load 10), per CPU
     * second, single probes 4.5% and medians of 6 probes 1.4%. 5% stays clear of that noise; a smaller
     * host change is within the run-to-run spread of the measures themselves. The host change this is for was
     * 80% (CPU per request 41.8, then 75.8 µs an hour apart).
     */
    static final double MAX_DIFFERENCE = 0.05;

    private HostDrift() {}

    /**
     * The warning, with its reason in a few words, when the probes around {@code a}'s runs and around
     * {@code b}'s differ by more than {@link #MAX_DIFFERENCE}; empty when they do not or a side has none.
     */
    static Map<String, String> between(String a, List<RunData> runsA, String b, List<RunData> runsB) {
        double[] probesA = probes(runsA);
        double[] probesB = probes(runsB);
        if (probesA.length == 0 || probesB.length == 0) {
            return Map.of();
        }
        double medianA = Summary.of(probesA).median();
        double medianB = Summary.of(probesB).median();
        double ratio = medianB / medianA;
        if (Math.abs(ratio - 1) <= MAX_DIFFERENCE) {
            return Map.of();
        }
        Map<String, String> warning = new LinkedHashMap<>();
        warning.put(
                String.format(
                        Locale.ROOT,
                        "host changed between the sides: the drift probe ran %s %s around %s's runs (median %.1f "
                                + "units per CPU second over %d probes) than around %s's (%.1f over %d; bound %s): "
                                + "the host, not the target, may explain a difference",
                        Format.percent(Math.abs(ratio - 1)),
                        ratio < 1 ? "slower" : "faster",
                        b,
                        medianB,
                        probesB.length,
                        a,
                        medianA,
                        probesA.length,
                        Format.percent(MAX_DIFFERENCE)),
                "host probe " + Format.change(ratio) + " between the sides");
        return warning;
    }

    /**
     * One warning per results folder whose last third of runs (by start, every attempt) ran the probe more
     * than {@link #MAX_DIFFERENCE} faster or slower than its first third; empty with fewer than 3 probed runs.
     */
    public static List<String> acrossSuite(List<RunData> runs) {
        Map<String, List<RunData>> bySource = runs.stream()
                .filter(r -> probes(List.of(r)).length > 0)
                .collect(Collectors.groupingBy(RunData::source, LinkedHashMap::new, Collectors.toList()));
        List<String> warnings = new ArrayList<>();
        bySource.forEach((source, probed) -> {
            List<RunData> ordered = probed.stream()
                    .sorted(Comparator.comparing(RunData::startedAt, Instant::compareTo)
                            .thenComparing(RunData::index)
                            .thenComparing(RunData::attempt))
                    .toList();
            int third = ordered.size() / 3;
            if (third == 0) {
                return;
            }
            double first = Summary.of(probes(ordered.subList(0, third))).median();
            double last = Summary.of(probes(ordered.subList(ordered.size() - third, ordered.size())))
                    .median();
            double ratio = last / first;
            if (Math.abs(ratio - 1) > MAX_DIFFERENCE) {
                warnings.add(String.format(
                        Locale.ROOT,
                        "host drifted across the suite%s: the drift probe ran %s %s in the last third of its runs "
                                + "(median %.1f units per CPU second) than in the first third (%.1f; %d runs each; bound %s): "
                                + "early and late runs were measured on a different host%s",
                        bySource.size() > 1 ? " in " + source : "",
                        Format.percent(Math.abs(ratio - 1)),
                        ratio < 1 ? "slower" : "faster",
                        last,
                        first,
                        third,
                        Format.percent(MAX_DIFFERENCE),
                        // A pair's two sides met the same host at the same moments (slices or seconds): the headline
                        // says the pairs cancel the host's flips, and this warning must not read as if they did not.
                        ordered.stream().allMatch(r -> r.record().duet() != null)
                                ? "; each pair's two sides ran at the same moments, so the drift moves the values, not"
                                        + " the comparisons"
                                : ""));
            }
        });
        return warnings;
    }

    /** Every probe reading of these runs (before and after each), units per CPU second. */
    private static double[] probes(List<RunData> runs) {
        List<Double> rates = new ArrayList<>();
        for (RunData run : runs) {
            HostProbe probe = run.record().hostProbe();
            if (probe == null) {
                continue;
            }
            for (HostProbe.Reading reading : new HostProbe.Reading[] {probe.before(), probe.after()}) {
                if (reading != null && reading.unitsPerCpuSecond() > 0) {
                    rates.add(reading.unitsPerCpuSecond());
                }
            }
        }
        return rates.stream().mapToDouble(Double::doubleValue).toArray();
    }
}
