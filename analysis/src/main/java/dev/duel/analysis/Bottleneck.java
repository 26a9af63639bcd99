package dev.duel.analysis;

import dev.duel.record.Resources;
import dev.duel.record.RunRecord;
import dev.duel.record.ScenarioKind;
import dev.duel.record.load.EngineUsage;
import dev.duel.record.load.LoadResult;
import dev.duel.record.load.PhaseResult;
import dev.duel.record.load.PlanSettings;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * What limited one run's throughput in one load scenario, read from its main phase as the record keeps it: the
 * precondition of a fair throughput test is that the target (or its database) was the limit, with the load generator
 * below about 70% of its CPU (the methodology notes, "Steadiness is not precision"). When nothing of the system
 * under test was at a limit and the target's CPU went to another process, the run measured the machine, not the
 * target, and {@link #sentence} says so. Pure: record types in, no I/O, no clock; immutable.
 *
 * <p>The rules, in order; the first that holds decides ({@link #of}):
 *
 * <ol>
 *   <li>{@link Kind#UNKNOWN}: the record holds no load scenario of that name, or no reading of the target's CPU in
 *       main.
 *   <li>{@link Kind#LOADGEN}: the generator used {@value #LOADGEN_MAX_UTILIZATION} or more of its CPU: its
 *       {@code utilization}, or one event loop's busy share when that is higher (a loop is one thread: at 70% busy a
 *       request that reaches it waits, on average, about twice its own handling for the loop, so the generator shapes
 *       the load), the busiest of a run's load agents. A throughput test is not clean then, whatever the target did:
 *       this rule comes first.
 *   <li>{@link Kind#COMPANION}: a service used {@value #AT_LIMIT_SHARE} or more of its limit (its quota, or the CPUs of
 *       its own cpuset when it has no quota: the smaller of the two), or its quota held it back in more than
 *       {@value #MAX_THROTTLED_SHARE} of its periods. The database at its limit caps what any target can serve, so it
 *       outranks the target's own limit; the busiest such service is named.
 *   <li>{@link Kind#TARGET_CPU}: the target used {@value #AT_LIMIT_SHARE} or more of what it could use, or was
 *       throttled in more than {@value #MAX_THROTTLED_SHARE} of its periods. What it could use is the noise windows'
 *       {@code targetAvailableCores} averaged over main: its limit less irq and softirq on its CPUs (its own packets)
 *       and less duel's other processes that may run there; without windows, its limit (quota, or the CPUs of its
 *       cpuset, the smaller). 90% leaves room for the few percent a 1-CPU JVM spends off its quota's edge (a
 *       CPU-bound demo run used 0.97 to 0.999 of 1.0); throttled in a fifth of periods means the quota, not the
 *       work, set the pace, however far the average is from it (bursts of several threads on several CPUs).
 *   <li>{@link Kind#MACHINE}: the target was below its limit, and something that is not the system under test took
 *       CPU it or the generator needed. Any of:
 *       <ul>
 *         <li>the target's threads waited on a run queue for at least the {@linkplain #waitBound wait bound} while it
 *             was throttled in at most {@value #WAIT_MAX_THROTTLED_SHARE} of its periods (the kernel counts a
 *             throttled thread as queued) and the CPUs it may run on were idle for less than
 *             {@value #IDLE_SHORTFALL_SHARE} of what it did not use (a thread that waits while its CPUs idle waits for
 *             its own siblings or a wake-up, not for another process; idle CPUs are what the target's own waiting
 *             looks like);
 *         <li>other work used at least the wait bound of the CPUs the target may run on ({@link
 *             Readings#otherWorkCores}: what it could use less what it used less what stayed idle, from the noise
 *             windows of main): the per-second {@code interfered} flag averaged instead of counted, so that a share
 *             taken in every second but under the flag's 5% idle line still shows;
 *         <li>the generator's event loops waited on a run queue for at least the wait bound (a generator that waits
 *             sends late, and the target idles);
 *         <li>the noise gate's windows of main were noisy or interfered for {@value #MAX_DISTURBED_SECONDS} s or
 *             more (throughout, when main was shorter): the gate's own bound, under which one disturbed second in a
 *             20 s main moves its mean by at most 5%.
 *       </ul>
 *       The wait bound, for a wait and for other work alike, is {@value #WAIT_MIN_CORES} cores' worth of wall time, or
 *       {@value #WAIT_SHORTFALL_SHARE} of what the target did not use when that is more. Not 0.05: each wake-up of a
 *       thread costs a few microseconds on a run queue even on an idle CPU (about 2 us per cross-CPU hand-off on this
 *       project's 2-vCPU machines, measured with two threads handing off through {@code LockSupport.unpark}), so a
 *       target or a generator that wakes 20,000 to 40,000 times a second waits 0.04 to 0.08 cores' worth with nothing
 *       else running, while a process that takes a share of the CPU shows as hundreds of milliseconds a second. The
 *       share of the shortfall asks that the sign explain a real part of what the target did not use. Threads on one
 *       CPU wait for each other too (two threads handing off on one CPU waited 0.5 cores' worth in the same
 *       measurement, with nothing else running): hence a wait counts only below the limit and with its CPUs busy.
 *   <li>{@link Kind#OFFERED_LOAD}: an open-model run whose requests all started on time (late and unstarted under
 *       {@value #OFFERED_MAX_LATE_SHARE} of those scheduled): the rate asked for, not the system, set the throughput.
 *       Not a limit of the target, and not its waiting.
 *   <li>{@link Kind#TARGET_WAITING}: none of these: the target's CPUs idled while requests were in flight (a
 *       downstream call, a lock, a timer, too few users to keep it busy): a real property of the target, named as
 *       such.
 * </ol>
 *
 * A record without some readings (run-queue waits and services' limits before schema 7, noise windows in schema 1, a
 * target with no limit and no windows) is classified from what it has; {@link #unseen} lists what was missing, and the
 * sentence names what could have changed the verdict ("not seen: ...").
 *
 * @param kind     what limited the run
 * @param service  {@link Kind#COMPANION}: the service at its limit; null otherwise
 * @param readings the numbers the rules read
 * @param sentence the verdict in one plain sentence, e.g. "the target at its 1.0-CPU limit (0.98 cores, throttled 12%
 *                 of periods), the generator at 31% of its core"
 * @param unseen   what the record could not show, one phrase each ("the target's run-queue wait (record schema 6)");
 *                 empty when it held everything
 */
public record Bottleneck(Kind kind, String service, Readings readings, String sentence, List<String> unseen) {

    /** What limited a run. */
    public enum Kind {
        /** The target at its CPU limit (or throttled): the clean throughput test. */
        TARGET_CPU,
        /** A companion service (the database) at its limit. */
        COMPANION,
        /** The load generator at or above 70% of its CPU. */
        LOADGEN,
        /** Another process took CPU the target or the generator needed: the run measured the machine. */
        MACHINE,
        /** The open model's rate, kept: nothing was at a limit because the load asked for less. */
        OFFERED_LOAD,
        /** The target's CPUs idled while requests were in flight: its own waiting. */
        TARGET_WAITING,
        /** The record holds no reading to judge by. */
        UNKNOWN
    }

    /** The generator at or above this share of its CPU (or one loop's) limited the run. */
    public static final double LOADGEN_MAX_UTILIZATION = 0.70;
    /** A process at or above this share of its limit is at its limit. */
    public static final double AT_LIMIT_SHARE = 0.90;
    /** Throttled in more than this share of its CFS periods, a process is at its quota. */
    public static final double MAX_THROTTLED_SHARE = 0.20;
    /** The least run-queue wait, cores' worth of wall time, read as the machine's. */
    public static final double WAIT_MIN_CORES = 0.10;
    /** ... and at least this share of what the target did not use of what it could. */
    public static final double WAIT_SHORTFALL_SHARE = 0.25;
    /** A target throttled in more of its periods than this: its run-queue wait holds its quota's hold, not read. */
    public static final double WAIT_MAX_THROTTLED_SHARE = 0.05;
    /** The target's CPUs idle for this share of what it did not use or more: its wait was not for another process. */
    public static final double IDLE_SHORTFALL_SHARE = 0.5;
    /** Disturbed noise windows of main for this long or more (or throughout, if main is shorter), seconds. */
    public static final double MAX_DISTURBED_SECONDS = 2;
    /** Late and unstarted requests under this share of those scheduled: the open model's rate was kept. */
    public static final double OFFERED_MAX_LATE_SHARE = 0.01;

    public Bottleneck {
        unseen = List.copyOf(unseen);
    }

    /**
     * A companion service in main.
     *
     * @param name              its name
     * @param cores             CPU it used, cores
     * @param limitCores        its quota, or the CPUs of its own cpuset, the smaller; null without a limit or when
     *                          the record keeps none (before schema 7)
     * @param throttledShare    share of its CFS periods throttled, 0..1; null without quota figures
     * @param runQueueWaitCores its threads' run-queue wait, cores' worth; null when not measured
     */
    public record ServiceReading(
            String name, double cores, Double limitCores, Double throttledShare, Double runQueueWaitCores) {}

    /**
     * What the rules read, over the scenario's main phase; null where the record holds no such reading.
     *
     * @param targetCores              CPU the target used, cores
     * @param targetLimitCores         its quota, or the CPUs of its cpuset, the smaller; null without either
     * @param targetAvailableCores     what it could have used (the noise windows' {@code targetAvailableCores}
     *                                 averaged over main, else its limit), cores
     * @param targetThrottledShare     share of its CFS periods throttled, 0..1
     * @param targetRunQueueWaitCores  its threads' run-queue wait, cores' worth of wall time
     * @param targetIdleCores          idle time on the CPUs it may run on (the noise windows' {@code targetIdleCores}
     *                                 averaged over main), cores
     * @param loadgenUtilization       the generator's CPU over its cores, or its busiest event loop's busy share when
     *                                 higher (the busiest load agent's), 0..1
     * @param loadgenRunQueueWaitCores its event loops' run-queue wait, cores' worth (the busiest agent's)
     * @param mainJudgedSeconds        seconds of main the noise gate judged for this scenario
     * @param mainDisturbedSeconds     of those, seconds noisy or interfered
     * @param services                 each companion service's readings, in the record's order
     */
    public record Readings(
            double targetCores,
            Double targetLimitCores,
            Double targetAvailableCores,
            Double targetThrottledShare,
            Double targetRunQueueWaitCores,
            Double targetIdleCores,
            double loadgenUtilization,
            Double loadgenRunQueueWaitCores,
            Double mainJudgedSeconds,
            Double mainDisturbedSeconds,
            List<ServiceReading> services) {
        public Readings {
            services = List.copyOf(services);
        }

        /** What the target did not use of what it could, cores (at least 0); null when that is unknown. */
        public Double shortfallCores() {
            return targetAvailableCores == null ? null : Math.max(0, targetAvailableCores - targetCores);
        }

        /**
         * Of what the target could use, what it neither used nor left idle, cores (at least 0): another process's
         * work on its CPUs (what it could use is already net of irq and of duel's own processes). Null without the
         * noise windows' idle time. Under a quota below its CPUs' capacity the idle time holds the capacity above the
         * quota too, so this is then a lower bound.
         */
        public Double otherWorkCores() {
            Double shortfall = shortfallCores();
            return shortfall == null || targetIdleCores == null ? null : Math.max(0, shortfall - targetIdleCores);
        }
    }

    /**
     * The bound a run-queue wait must reach to be read as the machine's, cores' worth: {@value #WAIT_MIN_CORES}, or
     * {@value #WAIT_SHORTFALL_SHARE} of the target's shortfall when that is more.
     */
    public static double waitBound(Readings readings) {
        Double shortfall = readings.shortfallCores();
        return Math.max(WAIT_MIN_CORES, shortfall == null ? 0 : WAIT_SHORTFALL_SHARE * shortfall);
    }

    /** What limited {@code run} in its load scenario {@code scenario}. */
    public static Bottleneck of(RunRecord run, String scenario) {
        RunRecord.ScenarioResult result = run.result(scenario);
        if (result == null) {
            return unknown("the run measured no scenario " + scenario);
        }
        if (result.kind() == ScenarioKind.STARTUP) {
            return unknown(scenario + " is a start-up scenario: no load, no throughput");
        }
        if (result.load() == null || result.load().main() == null) {
            return unknown("the record holds no load result of " + scenario + "'s main phase");
        }
        Resources main = result.targetMain();
        if (main == null || main.cores() < 0) {
            return unknown("the record holds no reading of the target's CPU in " + scenario + "'s main phase");
        }
        List<BottleneckReadings.Missing> missing = new ArrayList<>();
        Readings readings = BottleneckReadings.of(run, result, main, missing);
        Verdict verdict = classify(readings, result.load());
        List<String> relevant = missing.stream()
                .filter(m -> m.mattersFor(verdict.kind))
                .map(m -> m.text(run.schemaVersion()))
                .toList();
        String sentence = verdict.sentence + (relevant.isEmpty() ? "" : "; not seen: " + String.join(", ", relevant));
        return new Bottleneck(
                verdict.kind,
                verdict.service,
                readings,
                sentence,
                missing.stream().map(m -> m.text(run.schemaVersion())).toList());
    }

    private static Bottleneck unknown(String why) {
        return new Bottleneck(
                Kind.UNKNOWN,
                null,
                new Readings(0, null, null, null, null, null, 0, null, null, null, List.of()),
                "unknown: " + why,
                List.of());
    }

    private record Verdict(Kind kind, String service, String sentence) {}

    private static Verdict classify(Readings r, LoadResult load) {
        String target = targetUse(r);
        String generator = generatorWords(load, r.loadgenUtilization());
        if (r.loadgenUtilization() >= LOADGEN_MAX_UTILIZATION) {
            return new Verdict(
                    Kind.LOADGEN,
                    null,
                    "the load generator at " + generator + " (a clean throughput test keeps it under "
                            + percent(LOADGEN_MAX_UTILIZATION) + "); the target used " + target);
        }
        ServiceReading busiest = r.services().stream()
                .filter(Bottleneck::atLimit)
                .max(Comparator.comparingDouble(Bottleneck::limitShare))
                .orElse(null);
        if (busiest != null) {
            return new Verdict(
                    Kind.COMPANION,
                    busiest.name(),
                    "the companion " + busiest.name() + " at its " + limitWords(busiest.limitCores()) + " ("
                            + cores(busiest.cores()) + " cores" + throttledWords(busiest.throttledShare())
                            + "); the target used " + target + ", the generator " + generator);
        }
        boolean atLimit =
                r.targetAvailableCores() != null && r.targetCores() >= AT_LIMIT_SHARE * r.targetAvailableCores();
        boolean throttled = r.targetThrottledShare() != null && r.targetThrottledShare() > MAX_THROTTLED_SHARE;
        if (atLimit || throttled) {
            // What it could use is worth saying where irq or duel's own processes took a visible part of its limit.
            // The noise windows take duel's own processes that may share its CPUs (a floating database) off what it
            // could use in full, though they ran there only in part: a target above that figure shared its CPUs
            // with them, which is said as such rather than as "0.84 of the 0.32 cores it could use".
            String couldUse = r.targetAvailableCores() == null
                            || (r.targetLimitCores() != null && r.targetAvailableCores() >= 0.95 * r.targetLimitCores())
                    ? ""
                    : r.targetCores() > r.targetAvailableCores()
                            ? ", its CPUs shared with duel's other processes and irq"
                            : " of the " + cores(r.targetAvailableCores()) + " it could use";
            String at = r.targetLimitCores() != null
                    ? "its " + limitWords(r.targetLimitCores())
                    : r.targetAvailableCores() != null ? "the CPU it could use, with no limit" : "its CPU quota";
            return new Verdict(
                    Kind.TARGET_CPU,
                    null,
                    "the target at " + at + " (" + cores(r.targetCores()) + " cores" + couldUse
                            + throttledWords(r.targetThrottledShare()) + "), the generator at " + generator);
        }
        String machine = machine(r, target, generator);
        if (machine != null) {
            return new Verdict(Kind.MACHINE, null, machine);
        }
        PlanSettings settings = load.settings();
        PhaseResult main = load.main();
        long scheduled = main.sent() + main.unstarted();
        if (settings != null
                && settings.model() == PlanSettings.Model.OPEN
                && scheduled > 0
                && (main.late() + main.unstarted()) < OFFERED_MAX_LATE_SHARE * scheduled) {
            return new Verdict(
                    Kind.OFFERED_LOAD,
                    null,
                    String.format(
                                    Locale.ROOT,
                                    "the offered load: %.0f requests/s asked for, %.1f%% of them late or unstarted",
                                    settings.ratePerSecond(),
                                    100.0 * (main.late() + main.unstarted()) / scheduled)
                            + "; the target used " + target + ", the generator " + generator);
        }
        StringBuilder waiting = new StringBuilder("the target's own waiting: it used ").append(target);
        if (r.targetIdleCores() != null) {
            waiting.append(", its CPUs idle ")
                    .append(cores(r.targetIdleCores()))
                    .append(" cores' worth");
        }
        if (r.targetRunQueueWaitCores() != null) {
            waiting.append(", its threads waiting ")
                    .append(cores(r.targetRunQueueWaitCores()))
                    .append(" cores' worth for a CPU");
        }
        waiting.append(" (a downstream call, a lock, a timer, or too few users to keep it busy); the generator at ")
                .append(generator);
        return new Verdict(Kind.TARGET_WAITING, null, waiting.toString());
    }

    /** The sentence of a run the machine limited (see the class's rules), or null when no sign of it shows. */
    private static String machine(Readings r, String target, String generator) {
        double bound = waitBound(r);
        Double shortfall = r.shortfallCores();
        Double other = r.otherWorkCores();
        boolean quotaQuiet = r.targetThrottledShare() == null || r.targetThrottledShare() <= WAIT_MAX_THROTTLED_SHARE;
        boolean cpusBusy = r.targetIdleCores() == null
                || shortfall == null
                || r.targetIdleCores() < IDLE_SHORTFALL_SHARE * shortfall;
        boolean targetWaited =
                r.targetRunQueueWaitCores() != null && r.targetRunQueueWaitCores() >= bound && quotaQuiet && cpusBusy;
        boolean otherWork = other != null && other >= bound;
        boolean generatorWaited = r.loadgenRunQueueWaitCores() != null && r.loadgenRunQueueWaitCores() >= bound;
        boolean disturbed = r.mainJudgedSeconds() != null
                && r.mainDisturbedSeconds() > 0
                && r.mainDisturbedSeconds() >= Math.min(MAX_DISTURBED_SECONDS, r.mainJudgedSeconds()) - 1e-9;
        if (!targetWaited && !otherWork && !generatorWaited && !disturbed) {
            return null;
        }
        StringBuilder sentence = new StringBuilder("the machine: the target used ").append(target);
        if (targetWaited) {
            sentence.append(" and waited ")
                    .append(cores(r.targetRunQueueWaitCores()))
                    .append(" cores' worth for a CPU another process held");
        }
        if (otherWork) {
            sentence.append(targetWaited ? " (" : " while ")
                    .append("other work used ")
                    .append(cores(other))
                    .append(" cores' worth of its CPUs")
                    .append(targetWaited ? ")" : "");
        }
        sentence.append(", the generator used ").append(generator);
        if (generatorWaited) {
            sentence.append(" and its event loops waited ")
                    .append(cores(r.loadgenRunQueueWaitCores()))
                    .append(" cores' worth for a CPU another process held");
        }
        if (disturbed) {
            sentence.append(String.format(
                    Locale.ROOT,
                    "; other work took the CPUs that matter in %.1f of the %.1f s of main (noisy or interfered)",
                    r.mainDisturbedSeconds(),
                    r.mainJudgedSeconds()));
        }
        return sentence.toString();
    }

    private static boolean atLimit(ServiceReading service) {
        return (service.limitCores() != null && service.cores() >= AT_LIMIT_SHARE * service.limitCores())
                || (service.throttledShare() != null && service.throttledShare() > MAX_THROTTLED_SHARE);
    }

    private static double limitShare(ServiceReading service) {
        return Math.max(
                service.limitCores() == null ? 0 : service.cores() / service.limitCores(),
                service.throttledShare() == null ? 0 : service.throttledShare());
    }

    /** "0.58 of its 1.0 cores", "0.58 of the 0.97 cores it could use" or "0.58 cores". */
    private static String targetUse(Readings r) {
        if (r.targetLimitCores() != null) {
            return cores(r.targetCores()) + " of its " + limitNumber(r.targetLimitCores()) + " cores";
        }
        if (r.targetAvailableCores() != null) {
            return cores(r.targetCores()) + " of the " + cores(r.targetAvailableCores()) + " cores it could use";
        }
        return cores(r.targetCores()) + " cores";
    }

    /** "1.0-CPU limit", or "CPU quota" when the record keeps no limit (a throttled service before schema 7). */
    private static String limitWords(Double limit) {
        return limit == null ? "CPU quota" : limitNumber(limit) + "-CPU limit";
    }

    private static String throttledWords(Double share) {
        return share == null || share <= 0 ? "" : ", throttled " + percent(share) + " of periods";
    }

    /**
     * "31% of its core", "45% of its 2 cores", "88% (its busiest event loop)" when one loop was busier than the process
     * as a whole, "80% of its CPU (the busiest of 2 load agents)".
     */
    private static String generatorWords(LoadResult load, double utilization) {
        String share = percent(utilization);
        if (load.agents() != null) {
            return share + " of its CPU (the busiest of " + load.agents().size() + " load agents)";
        }
        EngineUsage engine = load.engine();
        if (engine == null) {
            return share;
        }
        if (utilization > engine.utilization() + 0.005) {
            return share + " (its busiest event loop)";
        }
        int cores = Math.max(1, engine.coresAvailable());
        return share + " of its " + (cores == 1 ? "core" : cores + " cores");
    }

    /** A limit as the suite would write it: 1.0, 0.5, 2.0. */
    private static String limitNumber(double cores) {
        return Math.abs(cores * 10 - Math.round(cores * 10)) < 1e-9
                ? String.format(Locale.ROOT, "%.1f", cores)
                : String.format(Locale.ROOT, "%.2f", cores);
    }

    private static String cores(double cores) {
        return String.format(Locale.ROOT, "%.2f", cores);
    }

    private static String percent(double share) {
        return String.format(Locale.ROOT, "%.0f%%", share * 100);
    }
}
