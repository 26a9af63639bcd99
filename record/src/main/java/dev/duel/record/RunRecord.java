package dev.duel.record;

import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import dev.duel.record.load.LoadResult;
import dev.duel.record.runtime.RuntimeTimeline;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Everything about one run, complete on its own: what was run and how (settings, JDK, limits and
 * whether they were enforced), when, on which environment, what the load engine measured, what
 * the target and services used per phase, what the gates saw, and the verdict. A report built a
 * year later from records alone must say the same thing. Written by the suite runner as
 * {@code runs/NNN-target-scenarios.json}; read by the report and the command line with
 * {@link RecordJson}. Immutable. Field by field, with units: {@code docs/records.md}.
 *
 * @param schemaVersion the record schema this record follows ({@link RecordJson#SCHEMA_VERSION} when written now)
 * @param index         1-based position of the run in its suite
 * @param repetition    1-based repetition the run belongs to
 * @param attempt       1 for the first try of this run, more for repeats after discarded ones
 * @param scenarios     the scenarios measured on this fresh target, in order
 * @param reason        why the status is not ok, in words; "" when ok
 * @param startedAt     ISO-8601 instant (UTC) at which the run began (before the quiet gate)
 * @param endedAt       ISO-8601 instant (UTC) at which the target had stopped
 * @param startup       null when the target never started
 * @param environment   fingerprint of the machine (see {@code env.json})
 * @param log           the target's log, relative to the results folder
 * @param lastLogLines  the target's last log lines when the run failed, else empty
 * @param affinity      the CPUs each process of the run was allowed to run on (duel itself, the target and its
 *                      children, each service and its children), read from /proc while the target ran; empty when
 *                      the target never ran; null in schema-1 records (not read)
 * @param resumedAcross what changed since the folder's first runs (a jar's digest, a JDK's release, duel's version)
 *                      when this suite was resumed with {@code --resume-anyway}, one sentence each; empty when nothing
 *                      changed or the folder was new; null in schema-1 records (not checked)
 * @param hostProbe     the host drift probe timed on the target's CPUs before the target started and after it
 *                      stopped ({@link HostProbe}); null in schema-1 and schema-2 records (not measured)
 * @param services      each companion service of the suite (a database) and the limits it ran under, in the suite's
 *                      order; empty without services; null in records before schema 7 (not recorded)
 * @param duet          the run measured at the same instants as its partner ({@code order: duet}); null for a run
 *                      made alone, and in records before schema 8
 */
public record RunRecord(
        int schemaVersion,
        String duelVersion,
        String suite,
        int index,
        int repetition,
        int attempt,
        String target,
        List<String> scenarios,
        Status status,
        String reason,
        String startedAt,
        String endedAt,
        TargetInfo targetInfo,
        @JsonSetter(nulls = Nulls.SET) Startup startup,
        List<ScenarioResult> results,
        GateReadings gates,
        String environment,
        String log,
        List<String> lastLogLines,
        @JsonSetter(nulls = Nulls.SET) List<ProcessAffinity> affinity,
        @JsonSetter(nulls = Nulls.SET) List<String> resumedAcross,
        @JsonSetter(nulls = Nulls.SET) HostProbe hostProbe,
        @JsonSetter(nulls = Nulls.SET) List<ServiceInfo> services,
        @JsonSetter(nulls = Nulls.SET) Duet duet) {

    public RunRecord {
        scenarios = List.copyOf(scenarios);
        results = List.copyOf(results);
        lastLogLines = List.copyOf(lastLogLines);
        affinity = affinity == null ? null : List.copyOf(affinity);
        resumedAcross = resumedAcross == null ? null : List.copyOf(resumedAcross);
        services = services == null ? null : List.copyOf(services);
    }

    /** The same record with another reason. */
    public RunRecord withReason(String newReason) {
        return with(newReason, duet);
    }

    /** The same record as one side of a duet with {@code partner}. */
    public RunRecord withDuet(Duet partner) {
        return with(reason, partner);
    }

    private RunRecord with(String newReason, Duet partner) {
        return new RunRecord(
                schemaVersion,
                duelVersion,
                suite,
                index,
                repetition,
                attempt,
                target,
                scenarios,
                status,
                newReason,
                startedAt,
                endedAt,
                targetInfo,
                startup,
                results,
                gates,
                environment,
                log,
                lastLogLines,
                affinity,
                resumedAcross,
                hostProbe,
                services,
                partner);
    }

    /**
     * A paired run's partner: the other target's run of the same repetition and scenarios, started beside this one, whose
     * load began at the same instant as this run's in every scenario (each side's {@code load.startedAt}; the
     * per-second series of the two share their second indices, and an interleaved pair's slices their indices).
     * Immutable.
     *
     * @param partnerIndex  the partner run's index in the suite (its file is {@code runs/NNN-<partnerTarget>-...})
     * @param partnerTarget the partner's target
     * @param design        how the two shared their time: at the same instants ({@code order: duet}) or in slices of
     *                      main, the whole load on one at a time ({@code order: interleaved}, whose load results carry
     *                      {@code slices}); records before schema 9 were all simultaneous
     * @param warmupCompilerNice the nice value this side's JIT compiler threads ran at while it warmed up on CPUs it
     *                      shared with its partner (raised from the JVM's own for the warm-up, put back before main:
     *                      {@code interleave.compilers: raised}); null where they ran as the JVM had them (a duet, a
     *                      warm-up apart, {@code compilers: as-is}, a renice refused), and in records before schema 10
     * @param warmupCpus    the CPUs this side's warm-ups ran on where they were not its own, as a cpuset list ("1" for a
     *                      warm-up apart, "0-1" for one spread over every CPU: {@code interleave.warmup}), its main back
     *                      on its own; null where it warmed up on its own CPUs, and in records that predate the field
     */
    public record Duet(
            int partnerIndex,
            String partnerTarget,
            PairDesign design,
            @JsonSetter(nulls = Nulls.SET) Integer warmupCompilerNice,
            @JsonSetter(nulls = Nulls.SET) String warmupCpus) {
        /** A duet of schema 8: both loads at the same instants. */
        public Duet(int partnerIndex, String partnerTarget) {
            this(partnerIndex, partnerTarget, PairDesign.SIMULTANEOUS, null, null);
        }

        /** A pair whose compilers ran as the JVM had them. */
        public Duet(int partnerIndex, String partnerTarget, PairDesign design) {
            this(partnerIndex, partnerTarget, design, null, null);
        }

        /** A pair that warmed up on its own CPUs. */
        public Duet(int partnerIndex, String partnerTarget, PairDesign design, Integer warmupCompilerNice) {
            this(partnerIndex, partnerTarget, design, warmupCompilerNice, null);
        }

        /** The same partner with the compilers' nice value of its warm-ups. */
        public Duet withWarmupCompilerNice(Integer nice) {
            return new Duet(partnerIndex, partnerTarget, design, nice, warmupCpus);
        }

        /** The same partner with the CPUs its warm-ups ran on (null: its own). */
        public Duet withWarmupCpus(String cpus) {
            return new Duet(partnerIndex, partnerTarget, design, warmupCompilerNice, cpus);
        }

        /** True for one side of an interleaved pair. */
        public boolean interleaved() {
            return design == PairDesign.INTERLEAVED;
        }
    }

    /** {@link #startedAt} as an instant, or the epoch when it cannot be read. */
    public Instant startInstant() {
        return instant(startedAt);
    }

    /** {@link #endedAt} as an instant, or the epoch when it cannot be read. */
    public Instant endInstant() {
        return instant(endedAt);
    }

    /** The named service as the run recorded it, or null when it has none of that name or records none. */
    public ServiceInfo service(String name) {
        return services == null
                ? null
                : services.stream()
                        .filter(s -> s.name().equals(name))
                        .findFirst()
                        .orElse(null);
    }

    /** The result of the named scenario, or null when this run did not measure it. */
    public ScenarioResult result(String scenario) {
        return results.stream()
                .filter(r -> r.scenario().equals(scenario))
                .findFirst()
                .orElse(null);
    }

    private static Instant instant(String text) {
        try {
            return text == null ? Instant.EPOCH : Instant.parse(text);
        } catch (RuntimeException e) {
            return Instant.EPOCH;
        }
    }

    /**
     * How the target was run.
     *
     * @param java            the JDK as the suite named it ("17", a path), or null for a plain command
     * @param jar             the application jar, or null for a plain command
     * @param command         the command line as started (limits wrapper included)
     * @param limits          the limits asked for, in words
     * @param cpus            CPU quota in cores, or null
     * @param cpuset          CPUs the target may use ("0"), or null
     * @param memoryBytes     memory limit, or null
     * @param limitsMechanism how they were enforced: "cgroup v2", "cgroup v1", "cgroup v2 (accounting only: no limits
     *                        asked)" (or v1), "not enforced (why)", "none" or "not started"
     * @param limitsEnforced  true when the target ran in a control group that enforces the limits asked for (any of
     *                        CPU quota, cpuset, memory); false without limits or without a writable cgroup
     * @param jvm             what the target's JVM said about itself, {@link JvmFacts#UNKNOWN} when it could not be asked
     * @param aotCache        the AOT cache the target started with ({@code aotCache:} in the suite, JDK 25 and later);
     *                        null without one, and in records before schema 5 (not used)
     * @param host            where the target ran when not on duel's machine: the load agent that started it
     *                        ({@code host:} in the suite) or the Kubernetes node of its Pod; null on duel's own machine,
     *                        and in records before schema 6
     */
    public record TargetInfo(
            String name,
            @JsonSetter(nulls = Nulls.SET) String java,
            @JsonSetter(nulls = Nulls.SET) String jdkVersion,
            @JsonSetter(nulls = Nulls.SET) String jdkVendor,
            @JsonSetter(nulls = Nulls.SET) String jar,
            List<String> command,
            List<String> jvmArgs,
            String limits,
            @JsonSetter(nulls = Nulls.SET) Double cpus,
            @JsonSetter(nulls = Nulls.SET) String cpuset,
            @JsonSetter(nulls = Nulls.SET) Long memoryBytes,
            String limitsMechanism,
            boolean limitsEnforced,
            JvmFacts jvm,
            @JsonSetter(nulls = Nulls.SET) AotCache aotCache,
            @JsonSetter(nulls = Nulls.SET) String host) {}

    /**
     * An AOT cache (JEP 483/514/515) written by one training run of the target before its measured runs, which then
     * started with {@code -XX:AOTCache=<file> -XX:AOTMode=on}. Immutable.
     *
     * @param file           the cache, relative to the results folder, e.g. {@code "aot/jdk25-aot.aot"}
     * @param sha256         SHA-256 of the cache's bytes, lower-case hex
     * @param sizeBytes      size of the cache, bytes
     * @param trainingMillis wall time from the training JVM's spawn until it exited with the cache written,
     *                       milliseconds (start-up, the training load and the cache's assembly)
     * @param trainScenario  the scenario whose requests trained it
     * @param trainSeconds   how long that scenario's load ran against the training JVM, seconds
     * @param trainingMemoryBytes the training JVM's memory limit, bytes: the target's raised, since the JVM's dump at
     *                       exit needs memory beyond its heap, with {@code -XX:MaxRAM} at the target's limit so that
     *                       heap and GC were sized as in the measured runs; null when the target has no memory limit
     */
    public record AotCache(
            String file,
            String sha256,
            long sizeBytes,
            long trainingMillis,
            String trainScenario,
            double trainSeconds,
            @JsonSetter(nulls = Nulls.SET) Long trainingMemoryBytes) {}

    /**
     * A companion service of the suite (a database) as it ran beside the target, so that a reader can tell a service at
     * its limit. Immutable.
     *
     * @param name            the service's name in the suite ({@code postgres})
     * @param limits          the limits asked for, in words ("cpus 1.0, memory 1 GiB", "none")
     * @param cpus            its CPU quota in cores, or null without one
     * @param cpuset          the CPUs it was pinned to by its own limits, or null (it then ran on the CPUs no target
     *                        and not the load generator takes, or on any: see the run's {@code affinity})
     * @param limitsMechanism how the limits were enforced, in the words of {@link TargetInfo#limitsMechanism()}; "none"
     *                        for a service duel did not start (an existing PostgreSQL)
     * @param limitsEnforced  true when it ran in a control group that enforces the limits asked for
     */
    public record ServiceInfo(
            String name,
            String limits,
            @JsonSetter(nulls = Nulls.SET) Double cpus,
            @JsonSetter(nulls = Nulls.SET) String cpuset,
            String limitsMechanism,
            boolean limitsEnforced) {}

    /**
     * @param pid               the target's process id (of its first start)
     * @param firstAcceptMillis spawn to the first accepted connection, milliseconds
     * @param readyMillis       spawn to the first response that passed the ready check, milliseconds
     * @param startsMillis      startup scenarios: ready time of every start of the run, its first included,
     *                          milliseconds; else empty
     */
    public record Startup(long pid, long firstAcceptMillis, long readyMillis, List<Long> startsMillis) {
        public Startup {
            startsMillis = List.copyOf(startsMillis);
        }
    }

    /**
     * One scenario measured in the run.
     *
     * @param load         what the load engine measured; null for a startup scenario
     * @param target       the target's resources per phase (warmup, gap, main)
     * @param services     each service's resources per phase, by service name
     * @param rssBytes     the target's memory, sampled every second through the scenario, bytes: its control group's
     *                     memory use (page cache included), or its process tree's resident set without a group
     * @param peakRssBytes the target's peak memory since it started, read when the scenario ended, bytes; -1 for a
     *                     startup scenario
     * @param anonBytes    the target's anonymous memory (heap, stacks, malloc: no page cache), sampled every second
     *                     through the scenario, bytes: its control group's {@code anon} (v2 {@code memory.stat}) or
     *                     {@code rss} (v1 {@code memory.stat}), or the sum of {@code RssAnon} over its process tree
     *                     without a group; -1 for a sample that could not be read; empty for a startup scenario; null
     *                     in schema-1 records (not measured)
     * @param peakAnonBytes the highest of {@code anonBytes} within this scenario, bytes (a peak between two samples is
     *                     not seen); -1 when no sample could be read or for a startup scenario; null in schema-1
     *                     records (not measured)
     * @param runtime      inside the target through the scenario: CPU of its compiler, GC and other threads per
     *                     second, and with {@code profile: jfr} its compilations, GC pauses, safepoints and
     *                     allocation ({@link RuntimeTimeline}); null when the target ran with {@code profile: none}
     *                     (a command target's default), for a startup scenario, and in records before schema 5
     *                     (not measured)
     * @param hostSpeed    the host's speed on each CPU duel used, per second of the load ({@link HostSpeed}); null for
     *                     a startup scenario, where the probe could not run, and in records before schema 9
     */
    public record ScenarioResult(
            String scenario,
            ScenarioKind kind,
            @JsonSetter(nulls = Nulls.SET) LoadResult load,
            Map<Phase, Resources> target,
            Map<String, Map<Phase, Resources>> services,
            List<Long> rssBytes,
            long peakRssBytes,
            @JsonSetter(nulls = Nulls.SET) List<Long> anonBytes,
            @JsonSetter(nulls = Nulls.SET) Long peakAnonBytes,
            @JsonSetter(nulls = Nulls.SET) RuntimeTimeline runtime,
            @JsonSetter(nulls = Nulls.SET) HostSpeed hostSpeed) {

        public ScenarioResult {
            anonBytes = anonBytes == null ? null : List.copyOf(anonBytes);
        }

        /** The highest of {@code samples} that could be read (not -1), or -1 when none could. */
        public static long peakOf(List<Long> samples) {
            return samples.stream().mapToLong(Long::longValue).max().orElse(-1);
        }

        /** The target's resources in main, or null when not read. */
        public Resources targetMain() {
            return target.get(Phase.MAIN);
        }
    }

    /**
     * What the gates saw. "Outside" CPU is busy time (user, nice, system, steal) that is not duel's,
     * its target's or its services'; irq and softirq time is kept apart ({@code irqDuringCores}),
     * since the benchmark's own loopback packets land there.
     *
     * @param quietBeforeCores    outside CPU (cores) in the quiet gate's last one-second check, irq excluded
     * @param quietMet            true if the machine was quiet for long enough before the run
     * @param quietWaitSeconds    how long the run waited for a quiet machine, seconds
     * @param outsideDuringCores  outside CPU (cores) on the whole machine averaged over each main phase, irq
     *                            excluded, the highest over the scenarios
     * @param loadgenUtilization  the engine's CPU / its cores, highest over the scenarios, 0..1
     * @param irqDuringCores      irq and softirq time (cores) on the judged CPUs averaged over each main phase, the
     *                            highest over the scenarios; null in schema-1 records (counted as outside then)
     * @param judgedSeconds       seconds the noise gate judged in every main phase, and every start of a run with a
     *                            startup scenario (not the warm-ups); null in schema-1 records
     * @param disturbedSeconds    of those, seconds judged noisy or interfered ({@link NoiseWindow}); null in
     *                            schema-1 records
     * @param warmupJudgedSeconds seconds the noise gate judged in every warm-up phase; null in records before schema 7
     *                            (warm-ups were not judged)
     * @param warmupDisturbedSeconds of those, seconds judged noisy or interfered; null in records before schema 7
     * @param noiseWindows        every window the noise gate judged, in order; null in schema-1 records
     */
    public record GateReadings(
            double quietBeforeCores,
            boolean quietMet,
            double quietWaitSeconds,
            double outsideDuringCores,
            double loadgenUtilization,
            @JsonSetter(nulls = Nulls.SET) Double irqDuringCores,
            @JsonSetter(nulls = Nulls.SET) Double judgedSeconds,
            @JsonSetter(nulls = Nulls.SET) Double disturbedSeconds,
            @JsonSetter(nulls = Nulls.SET) Double warmupJudgedSeconds,
            @JsonSetter(nulls = Nulls.SET) Double warmupDisturbedSeconds,
            @JsonSetter(nulls = Nulls.SET) List<NoiseWindow> noiseWindows) {

        public GateReadings {
            noiseWindows = noiseWindows == null ? null : List.copyOf(noiseWindows);
        }

        /** Readings of gates that judged no window: the noise gate's per-window fields are "not measured" (null). */
        public GateReadings(
                double quietBeforeCores,
                boolean quietMet,
                double quietWaitSeconds,
                double outsideDuringCores,
                double loadgenUtilization) {
            this(
                    quietBeforeCores,
                    quietMet,
                    quietWaitSeconds,
                    outsideDuringCores,
                    loadgenUtilization,
                    null,
                    null,
                    null,
                    null,
                    null,
                    null);
        }
    }

    /**
     * What the noise gate saw in one window: a second of a warm-up or a main phase (the engine's seconds; a
     * piece under half a second joins the window before it), or one fresh start from spawn to ready. The
     * judged CPUs are those the target and the load generator are pinned to (all CPUs for a side not
     * pinned). All CPU values are averages over the window, in cores.
     *
     * @param scenario             the scenario measured in the window
     * @param start                true for a start of the target (spawn to ready), false for a second of load
     * @param phase                the phase of a second: {@link Phase#WARMUP} or {@link Phase#MAIN}; null for a
     *                             start. Records before schema 7 judged main only: their seconds read as main
     * @param startSeconds         where the window began: seconds since its phase began (a phased run's warm-up
     *                             begins at the load's 0 s, so a warm-up window's start is on the axis of the
     *                             load's seconds); for a start, the seconds of the run's earlier judged starts
     * @param seconds              length of the window, seconds
     * @param outsideCores         busy CPU (user, nice, system, steal) on the judged CPUs that was not duel's, its
     *                             target's or its services', cores (a lower bound: all of duel's CPU is taken off)
     * @param irqCores             irq and softirq time on the judged CPUs, cores
     * @param targetCores          CPU the target used, cores
     * @param targetIdleCores      idle time (idle, iowait) on the target's CPUs, cores
     * @param targetAvailableCores what the target could have used: its limit (quota, or its CPUs), less irq and
     *                             softirq on its CPUs and less duel's other processes that may run there, cores
     * @param noisy                outsideCores above {@code gates.quiet.maxCores}
     * @param interfered           the CPUs the target is pinned to were busy (idle under 5% of them) while it used
     *                             under 90% of targetAvailableCores: something else took its CPU; always false for a
     *                             target not pinned to CPUs
     */
    public record NoiseWindow(
            String scenario,
            boolean start,
            @JsonSetter(nulls = Nulls.SET) Phase phase,
            double startSeconds,
            double seconds,
            double outsideCores,
            double irqCores,
            double targetCores,
            double targetIdleCores,
            double targetAvailableCores,
            boolean noisy,
            boolean interfered) {

        /** True when the window counts against the run. */
        public boolean disturbed() {
            return noisy || interfered;
        }
    }
}
