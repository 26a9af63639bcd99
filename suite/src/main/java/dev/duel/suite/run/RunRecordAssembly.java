package dev.duel.suite.run;

import dev.duel.record.DuelVersion;
import dev.duel.record.JvmFacts;
import dev.duel.record.Phase;
import dev.duel.record.RecordJson;
import dev.duel.record.RunRecord;
import dev.duel.record.Status;
import dev.duel.suite.RunPlan;
import dev.duel.suite.Suite;
import dev.duel.suite.gate.QuietGate;
import dev.duel.suite.gate.RunVerdict;
import dev.duel.suite.store.ResultStore;
import dev.duel.targets.Jdk;
import dev.duel.targets.TargetProcess;
import dev.duel.targets.TargetSpec;
import java.time.Instant;
import java.util.List;

/**
 * Makes a run's record from what its attempt measured ({@link AttemptMeasurements}), the gates' readings and the
 * suite's facts that every record carries (the environment's fingerprint, what a resume crossed). Stateless but for
 * those facts, so thread-safe.
 */
final class RunRecordAssembly {
    private final Suite suite;
    private final ResultStore store;
    private final String environmentFingerprint;
    private final List<String> resumedAcross;

    RunRecordAssembly(Suite suite, ResultStore store, String environmentFingerprint, List<String> resumedAcross) {
        this.suite = suite;
        this.store = store;
        this.environmentFingerprint = environmentFingerprint;
        this.resumedAcross = List.copyOf(resumedAcross);
    }

    RunRecord record(
            RunPlan plan,
            int attempt,
            RunVerdict verdict,
            Instant startedAt,
            AttemptMeasurements measured,
            QuietGate.Outcome quiet) {
        List<String> lastLines = verdict.status() == Status.FAILED ? measured.lastLines : List.of();
        return new RunRecord(
                RecordJson.SCHEMA_VERSION,
                DuelVersion.current(),
                suite.name(),
                plan.index(),
                plan.repetition(),
                attempt,
                plan.target(),
                plan.scenarios(),
                verdict.status(),
                verdict.reason(),
                startedAt.toString(),
                Instant.now().toString(),
                measured.info,
                measured.startup,
                measured.results,
                gateReadings(quiet, measured),
                environmentFingerprint,
                store.directory().relativize(store.log(plan, attempt)).toString(),
                lastLines,
                measured.affinity,
                resumedAcross,
                measured.hostProbe,
                measured.services,
                measured.duet);
    }

    RunRecord.TargetInfo targetInfo(
            TargetSpec spec, Jdk jdk, TargetProcess target, JvmFacts facts, RunRecord.AotCache aotCache) {
        Suite.Agent host = suite.hostOf(spec.name());
        return new RunRecord.TargetInfo(
                spec.name(),
                spec.java(),
                jdk == null ? null : jdk.version(),
                jdk == null ? null : jdk.vendor(),
                spec.jar() == null ? null : spec.jar().toString(),
                target == null ? spec.command() : target.command(),
                spec.jvmArgs(),
                spec.limits().toString(),
                spec.limits().cpus(),
                spec.limits().cpuset(),
                spec.limits().memoryBytes(),
                target == null ? "not started" : target.group().mechanism(),
                target != null && target.group().enforced(),
                facts == null ? JvmFacts.UNKNOWN : facts,
                aotCache,
                host != null ? host.name() : target == null ? null : target.machine());
    }

    /** The gates' readings; the noise gate's seconds of main (and starts) summed apart from its warm-up seconds. */
    private static RunRecord.GateReadings gateReadings(QuietGate.Outcome quiet, AttemptMeasurements measured) {
        List<RunRecord.NoiseWindow> warmup =
                measured.noise.stream().filter(w -> w.phase() == Phase.WARMUP).toList();
        List<RunRecord.NoiseWindow> rest =
                measured.noise.stream().filter(w -> w.phase() != Phase.WARMUP).toList();
        return new RunRecord.GateReadings(
                quiet.outsideCores(),
                quiet.quiet(),
                quiet.waitedSeconds(),
                measured.outsideCores,
                measured.loadgenUtilization,
                measured.irqCores,
                seconds(rest, false),
                seconds(rest, true),
                seconds(warmup, false),
                seconds(warmup, true),
                measured.noise);
    }

    /** The length of {@code windows}, or of those disturbed among them, seconds. */
    private static double seconds(List<RunRecord.NoiseWindow> windows, boolean disturbedOnly) {
        return windows.stream()
                .filter(w -> !disturbedOnly || w.disturbed())
                .mapToDouble(RunRecord.NoiseWindow::seconds)
                .sum();
    }
}
