package dev.duel.suite;

import dev.duel.record.HostProbe;
import dev.duel.record.JvmFacts;
import dev.duel.suite.agents.HostedTargetStarter;
import dev.duel.suite.env.EnvironmentProbe;
import dev.duel.suite.env.MachineCpu;
import dev.duel.suite.gate.QuietGate;
import dev.duel.suite.run.LoadgenPreparation;
import dev.duel.targets.Cgroups;
import dev.duel.targets.HostProbeRunner;
import dev.duel.targets.IdentityMismatchException;
import dev.duel.targets.JdkResolver;
import dev.duel.targets.JvmProbe;
import dev.duel.targets.RunningService;
import dev.duel.targets.ServiceSpec;
import dev.duel.targets.Spawned;
import dev.duel.targets.TargetFailedException;
import dev.duel.targets.TargetLauncher;
import dev.duel.targets.TargetStarter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;

/**
 * What a {@link SuiteRunner} drives, each behind a small interface so that its logic (gates,
 * retries, records, resume) can be tested with fakes in milliseconds, and with the real parts
 * ({@link #onThisMachine}) against real processes. Immutable.
 *
 * @param jdks              resolves the JDKs that targets name
 * @param targets           starts a target fresh, ready and identity-checked
 * @param services          starts a companion service (a database)
 * @param load              runs the load engine
 * @param machine           the CPU meter of the quiet and noise gates, given suppliers of the CPU nanoseconds of
 *                          the processes duel started (the current target, the services)
 * @param sleeper           waits (the quiet gate, cool-downs)
 * @param environment       describes the machine once per suite
 * @param jvmFacts          asks a running target's JVM about itself
 * @param removeStaleGroups removes empty control groups a killed duel left; returns how many
 * @param loadgen           pins and warms the load generator before the first run
 * @param hostProbe         times the host drift probe on a target's CPUs before and after each run
 * @param runtime           reads a JVM target's threads and flight recording for its runtime timeline
 * @param hostSpeed         watches the host's speed on the suite's CPUs through every scenario
 */
public record RunnerParts(
        JdkResolver jdks,
        TargetStarter targets,
        ServiceStarter services,
        LoadDriver load,
        MachineFactory machine,
        QuietGate.Sleeper sleeper,
        EnvironmentSource environment,
        JvmFactsReader jvmFacts,
        IntSupplier removeStaleGroups,
        LoadgenSetup loadgen,
        HostProber hostProbe,
        RuntimeReaders runtime,
        HostSpeedSource hostSpeed) {

    /** The real parts: processes in control groups, the Netty engine, /proc/stat, jcmd. */
    public static RunnerParts onThisMachine(JdkResolver jdks, Cgroups cgroups, Path duelHome) {
        TargetLauncher launcher = new TargetLauncher(jdks, cgroups);
        LoadDriver engine = new dev.duel.suite.run.EngineLoad();
        return new RunnerParts(
                jdks,
                launcher,
                (spec, floatCpus, log, spawned) ->
                        RunningService.start(spec, floatCpus, launcher, jdks, cgroups, log, spawned),
                engine,
                MachineCpu::new,
                QuietGate.Sleeper.SYSTEM,
                new EnvironmentProbe(jdks, duelHome),
                JvmProbe::of,
                cgroups::removeStaleGroups,
                new LoadgenPreparation(engine)::prepare,
                HostProbeRunner.onThisMachine()::probe,
                RuntimeReaders.onThisMachine(),
                HostSpeedSource.onThisMachine());
    }

    /**
     * These parts with the load sent by {@code load} instead, and {@code loadgen} readying it: load agents warm their
     * own engines as they start, so duel's process has nothing to pin or warm.
     */
    public RunnerParts withLoad(LoadDriver load, LoadgenSetup loadgen) {
        return new RunnerParts(
                jdks,
                targets,
                services,
                load,
                machine,
                sleeper,
                environment,
                jvmFacts,
                removeStaleGroups,
                loadgen,
                hostProbe,
                runtime,
                hostSpeed);
    }

    /** These parts with the machine described by {@code environment} instead. */
    public RunnerParts withEnvironment(EnvironmentSource environment) {
        return new RunnerParts(
                jdks,
                targets,
                services,
                load,
                machine,
                sleeper,
                environment,
                jvmFacts,
                removeStaleGroups,
                loadgen,
                hostProbe,
                runtime,
                hostSpeed);
    }

    /** These parts with targets started by {@code targets} instead (some on load agents: {@link HostedTargetStarter}). */
    public RunnerParts withTargets(TargetStarter targets) {
        return new RunnerParts(
                jdks,
                targets,
                services,
                load,
                machine,
                sleeper,
                environment,
                jvmFacts,
                removeStaleGroups,
                loadgen,
                hostProbe,
                runtime,
                hostSpeed);
    }

    /** These parts with the host's speed watched by {@code hostSpeed} instead. */
    public RunnerParts withHostSpeed(HostSpeedSource hostSpeed) {
        return new RunnerParts(
                jdks,
                targets,
                services,
                load,
                machine,
                sleeper,
                environment,
                jvmFacts,
                removeStaleGroups,
                loadgen,
                hostProbe,
                runtime,
                hostSpeed);
    }

    /** These parts with the host drift probe timed by {@code hostProbe} instead (tests about something else fix it). */
    public RunnerParts withHostProbe(HostProber hostProbe) {
        return new RunnerParts(
                jdks,
                targets,
                services,
                load,
                machine,
                sleeper,
                environment,
                jvmFacts,
                removeStaleGroups,
                loadgen,
                hostProbe,
                runtime,
                hostSpeed);
    }

    /**
     * Makes the CPU meter, given suppliers of the CPU nanoseconds that the processes duel started
     * used so far: a meter counts them as duel's, not as noise, and the noise gate compares the
     * target's against its limit.
     */
    @FunctionalInterface
    public interface MachineFactory {
        /**
         * @param targetNanos   CPU of the target being measured so far (0 while none runs)
         * @param servicesNanos CPU of the services so far
         */
        CpuMeter meter(LongSupplier targetNanos, LongSupplier servicesNanos);
    }

    /** Starts a service; see {@link RunningService#start}. */
    @FunctionalInterface
    public interface ServiceStarter {
        /** @param floatCpus the CPUs a service without a cpuset of its own runs on, or null for every online CPU */
        RunningService start(ServiceSpec spec, String floatCpus, Path log, Spawned spawned)
                throws IOException, InterruptedException, TargetFailedException, IdentityMismatchException;
    }

    /** What a running JVM says about itself; {@link JvmFacts#UNKNOWN} when it cannot be asked. */
    @FunctionalInterface
    public interface JvmFactsReader {
        /** @param jdkHome the JDK whose jcmd to use */
        JvmFacts read(long pid, Path jdkHome);
    }

    /** Pins the load generator to its CPUs and warms its JIT before the first run. */
    @FunctionalInterface
    public interface LoadgenSetup {
        void prepare(Suite.Loadgen loadgen, SuiteListener listener) throws SuiteException, InterruptedException;
    }

    /** Times the host drift probe; see {@link HostProbeRunner#probe}. */
    @FunctionalInterface
    public interface HostProber {
        /**
         * @param cpuset the target's CPUs, or null for a target without a cpuset (every online CPU)
         * @throws IOException the probe could not run; the message says why
         */
        HostProbe.Reading probe(String cpuset) throws IOException, InterruptedException;
    }
}
