package dev.duel.suite.run;

import dev.duel.record.HostProbe;
import dev.duel.record.ProcessAffinity;
import dev.duel.record.RunRecord;
import java.util.ArrayList;
import java.util.List;

/**
 * What an attempt at a run gathered so far: kept when a later step fails, so nothing measured is lost, and made into
 * the run's record by {@link RunRecordAssembly}. Fields, not accessors: one attempt fills it in as it goes. Not
 * thread-safe.
 */
final class AttemptMeasurements {
    RunRecord.TargetInfo info;
    RunRecord.Startup startup;
    final List<RunRecord.ScenarioResult> results = new ArrayList<>();
    double outsideCores;
    double loadgenUtilization;
    /** Irq and softirq cores during main, the highest over the scenarios; null until a main is measured. */
    Double irqCores;
    /** What the noise gate saw: each second of warm-up and main, and each start when the run measures start-up. */
    final List<RunRecord.NoiseWindow> noise = new ArrayList<>();
    /** The suite's companion services and their limits; empty without any. */
    List<RunRecord.ServiceInfo> services = List.of();

    List<String> lastLines = List.of();
    List<ProcessAffinity> affinity = List.of();
    /** The host probe before the target started and, once it stopped, after. */
    HostProbe hostProbe = new HostProbe(null, null);
    /** The partner of a duet run; null for a run made alone. */
    RunRecord.Duet duet;

    AttemptMeasurements(RunRecord.TargetInfo info) {
        this.info = info;
    }
}
