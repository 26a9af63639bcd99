package dev.duel.suite.gate;

import dev.duel.analysis.InterleavedRatio;
import dev.duel.load.LagLimit;
import dev.duel.record.HostSpeed;
import dev.duel.record.Phase;
import dev.duel.record.RunRecord.NoiseWindow;
import dev.duel.record.Status;
import dev.duel.record.load.AgentShare;
import dev.duel.record.load.EngineUsage;
import dev.duel.record.load.FailureExample;
import dev.duel.record.load.LatencySummary;
import dev.duel.record.load.LoadResult;
import dev.duel.record.load.PhaseResult;
import dev.duel.record.load.SliceResult;
import dev.duel.record.load.WarmupEnd;
import dev.duel.record.load.WarmupMode;
import dev.duel.suite.Scenario;
import dev.duel.suite.Suite;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The status of one run and why, decided from what was measured and what the gates allow: the
 * error-rate gate (a target that answers wrongly has no speed worth comparing: failed), the
 * load-generator gate (the engine, not the target, was the limit: invalid; see {@link #saturation}) and the noise gate
 * (something outside duel used the CPUs that matter, or took the target's CPU, for long
 * enough during the seconds that feed a value (main, and an auto warm-up's seconds from its steady point) or during
 * the starts being measured: discarded, then repeated). Pure: no I/O, no clock; immutable.
 *
 * @param reason why the status is not ok, in words; "" when ok
 */
public record RunVerdict(Status status, String reason) {
    public static final RunVerdict OK = new RunVerdict(Status.OK, "");

    public RunVerdict {
        if ((status == Status.OK) != reason.isEmpty()) {
            throw new IllegalArgumentException(
                    "an ok verdict has no reason, any other has one: " + status + " '" + reason + "'");
        }
    }

    public static RunVerdict failed(String reason) {
        return new RunVerdict(Status.FAILED, reason);
    }

    /** True when the run cannot go on to its next scenario. */
    public boolean stopsRun() {
        return status == Status.FAILED;
    }

    /**
     * One measured scenario: failed when the target died during it or answered wrongly beyond the
     * scenario's allowance (or was sent nothing), invalid when the load generator was the limit,
     * else ok.
     *
     * @param targetExitCode the target's exit code when it is no longer alive, else null
     */
    public static RunVerdict ofScenario(Scenario scenario, LoadResult load, Integer targetExitCode, Suite.Gates gates) {
        if (targetExitCode != null) {
            return failed("the target exited with code " + targetExitCode + " during " + scenario.name());
        }
        String lost = lostAgents(load);
        if (lost == null) {
            lost = agentsDisagree(load);
        }
        if (lost != null) {
            return new RunVerdict(Status.INVALID, lost);
        }
        String wrong = wrongAnswers(scenario, load);
        if (wrong != null) {
            return failed(wrong);
        }
        String saturated = load.agents() == null ? generatorLimit(scenario, load, gates) : null;
        for (AgentShare share : load.agents() == null ? List.<AgentShare>of() : load.agents()) {
            // Each agent's engine on its own machine: one saturated agent skews the merged latencies even when the
            // sum of their CPU is far from the sum of their cores.
            String limit = generatorLimit(scenario, share.result(), gates);
            if (limit != null) {
                saturated = "load agent " + share.name() + ": " + limit;
                break;
            }
        }
        return saturated == null ? OK : new RunVerdict(Status.INVALID, saturated);
    }

    /** The load generator's own gates (its CPU, lag and findings, then its GC pauses); null when it was not the limit. */
    private static String generatorLimit(Scenario scenario, LoadResult load, Suite.Gates gates) {
        String saturated = saturation(scenario, load, gates);
        return saturated != null ? saturated : engineGcPauses(load);
    }

    /**
     * Latest an agent's engine may begin after the agreed instant, milliseconds: a tenth of a second, beyond which the
     * merged per-second series adds seconds that overlap by less than 90%. Agents get ready before the instant and
     * wait for it, so they begin within a millisecond or so on a quiet machine (16 ms was seen on a 2-core machine
     * running builds beside three agents).
     */
    static final double MAX_AGENT_START_LATE_MILLIS = 100;

    /**
     * Why the load agents' shares are not one run: they ended warm-up at different times (each judged the same merged
     * series, but one heard the judgement a second later), so their main phases cover different seconds; null when
     * they agree or the run had no agents.
     */
    static String agentsDisagree(LoadResult load) {
        if (load.agents() == null) {
            return null;
        }
        for (AgentShare share : load.agents()) {
            if (share.startLateMillis() != null && share.startLateMillis() > MAX_AGENT_START_LATE_MILLIS) {
                return String.format(
                        Locale.ROOT,
                        "load agent %s began %.0f ms after the agreed start instant (at most %.0f ms): its seconds are"
                                + " not the others' seconds",
                        share.name(),
                        share.startLateMillis(),
                        MAX_AGENT_START_LATE_MILLIS);
            }
        }
        Map<String, Double> ends = new java.util.LinkedHashMap<>();
        for (AgentShare share : load.agents()) {
            if (share.result() != null && share.result().warmupEnd() != null) {
                ends.put(share.name(), share.result().warmupEnd().endedAtMillis());
            }
        }
        if (ends.values().stream().distinct().count() <= 1) {
            return null;
        }
        StringBuilder each = new StringBuilder();
        ends.forEach((name, millis) -> each.append(each.length() == 0 ? "" : ", ")
                .append(name)
                .append(String.format(Locale.ROOT, " at %.1f s", millis / 1_000)));
        return "the load agents ended warm-up at different times (" + each
                + "): their main phases are not the same seconds";
    }

    /**
     * Why a run driven by several load agents lost one (its share of the load is missing from the merge, so neither
     * the counts nor the latencies are the plan's); null for a run of one engine or when every agent delivered.
     */
    static String lostAgents(LoadResult load) {
        if (load.agents() == null) {
            return null;
        }
        List<String> lost = load.agents().stream()
                .filter(share -> share.lost() != null)
                .map(share -> "load agent " + share.name() + " (" + share.address() + ") was lost: " + share.lost())
                .toList();
        return lost.isEmpty() ? null : String.join("; ", lost);
    }

    /** A run disturbed this long (or throughout, when it judged less) is discarded, seconds. */
    static final double MAX_DISTURBED_SECONDS = 2;

    /**
     * The whole run from its scenarios' verdicts in order: the first failure decides; otherwise the
     * first invalid one; then a run whose windows that count ({@link #counted}: each second of its main phases and of
     * its warm-ups from their steady points, and its starts when it has a startup scenario) were noisy or interfered
     * for {@link #MAX_DISTURBED_SECONDS} or more, or throughout when they are shorter, is discarded: whatever the
     * load generator did, a disturbed run says nothing.
     *
     * @param windows    what the noise gate saw, window by window (see {@link NoiseWindows})
     * @param warmupEnds how each load scenario's warm-up ended, by scenario name (a scenario without one, or not in
     *                   the map, is judged on main alone)
     */
    public static RunVerdict ofRun(
            List<RunVerdict> scenarios,
            List<NoiseWindow> windows,
            Map<String, WarmupEnd> warmupEnds,
            Suite.Gates gates) {
        return ofRun(scenarios, windows, warmupEnds, Map.of(), gates);
    }

    /**
     * One side's main in an interleaved scenario, as its noise gate judges it.
     *
     * @param slices     the side's own slices of main
     * @param hostSpeed  the host's speed through the scenario's load; null when it was not probed
     * @param targetCpus the CPUs the pair's mains ran on, as the probe names them ("0")
     */
    public record InterleavedMain(List<SliceResult> slices, HostSpeed hostSpeed, List<String> targetCpus) {
        public InterleavedMain {
            slices = List.copyOf(slices);
            targetCpus = List.copyOf(targetCpus);
        }

        /** Slices alone: no block is judged cut by a flip of the host. */
        public static InterleavedMain of(List<SliceResult> slices) {
            return new InterleavedMain(slices, null, List.of());
        }
    }

    /**
     * As above, with the scenarios this run held as one side of an interleaved pair ({@code interleaved}: its own
     * slices of main and the host's speed through them, by scenario name) judged block by block instead: their answer
     * is the pair's blocks of four slices, and another process that ran alike all through a block met both sides alike,
     * while a block whose two sides' slices met different CPU outside duel (it started or stopped inside), or a block
     * the host's speed flipped inside, is left out of both sides by the comparison ({@link InterleavedRatio#blocks}).
     * So the run is kept while at least half of each such scenario's blocks are whole, and discarded (then measured
     * again) when more than half were cut, by either: a pair resting on two blocks of seven weighs as much as any other
     * pair in the comparison and carries the flips' error in the few it kept. Their warm-up seconds feed no value of
     * the pair.
     */
    public static RunVerdict ofRun(
            List<RunVerdict> scenarios,
            List<NoiseWindow> windows,
            Map<String, WarmupEnd> warmupEnds,
            Map<String, InterleavedMain> interleaved,
            Suite.Gates gates) {
        RunVerdict verdict = scenarios.stream()
                .filter(v -> v.status == Status.FAILED)
                .findFirst()
                .or(() -> scenarios.stream()
                        .filter(v -> v.status == Status.INVALID)
                        .findFirst())
                .orElse(OK);
        List<NoiseWindow> bySecond = counted(windows, warmupEnds).stream()
                .filter(w -> w.start() || !interleaved.containsKey(w.scenario()))
                .toList();
        String noise = noise(bySecond, gates);
        if (noise == null) {
            noise = blockNoise(windows, interleaved, gates);
        }
        if (verdict.status != Status.FAILED && noise != null) {
            return new RunVerdict(Status.DISCARDED, noise);
        }
        return verdict;
    }

    /**
     * Why an interleaved side's blocks say the run was disturbed (more than half of a scenario's blocks of main cut by
     * another process, {@link InterleavedRatio#OTHER_CORES}, or by a flip of the host's speed on the targets' CPUs,
     * {@link InterleavedRatio#FLIP_SHARE}); null when they do not.
     */
    static String blockNoise(List<NoiseWindow> windows, Map<String, InterleavedMain> interleaved, Suite.Gates gates) {
        for (Map.Entry<String, InterleavedMain> entry : new java.util.TreeMap<>(interleaved).entrySet()) {
            List<SliceResult> slices = entry.getValue().slices();
            if (slices.isEmpty()) {
                continue;
            }
            String scenario = entry.getKey();
            int[] blocks = InterleavedRatio.blocks(
                    slices,
                    InterleavedRatio.mainWindows(windows, scenario, InterleavedRatio.mainStartMillis(slices)),
                    entry.getValue().hostSpeed(),
                    entry.getValue().targetCpus());
            if (blocks[1] * 2 > blocks[0]) {
                List<NoiseWindow> disturbed = windows.stream()
                        .filter(w ->
                                !w.start() && w.phase() == Phase.MAIN && scenario.equals(w.scenario()) && w.disturbed())
                        .toList();
                String seen = noise(disturbed, gates);
                return String.format(
                                Locale.ROOT,
                                "noise: another process took more of the CPU in one side's slices than in the other's in"
                                        + " %d of the %d blocks of %s's main, more than half (a pair keeps its whole"
                                        + " blocks while they are at least half)",
                                blocks[1],
                                blocks[0],
                                scenario)
                        + (seen == null
                                ? ""
                                : "; "
                                        + seen.substring(seen.indexOf(':', "noise: ".length()) + 1)
                                                .trim());
            }
            if ((blocks[1] + blocks[2]) * 2 > blocks[0]) {
                return String.format(
                        Locale.ROOT,
                        "noise: the host's speed on CPU %s changed by more than %.0f%% inside %d of the %d blocks of"
                                + " %s's main%s, more than half (a pair keeps its whole blocks while they are at least"
                                + " half)",
                        String.join(",", entry.getValue().targetCpus()),
                        InterleavedRatio.FLIP_SHARE * 100,
                        blocks[2],
                        blocks[0],
                        scenario,
                        blocks[1] == 0 ? "" : " and another process cut " + blocks[1]);
            }
        }
        return null;
    }

    /**
     * The windows whose seconds feed a run's values, in order: every start, every second of main, and the seconds of a
     * warm-up from its steady point on. A run's steady value (its mean requests/s over its steady seconds) averages
     * the seconds from where an auto warm-up found the series steady, main's and the late warm-up's alike; seconds
     * before that point are a ramp the value leaves out, and a fixed warm-up, or an auto one that reached its cap,
     * has no steady point: its seconds are recorded but do not count. A warm-up window counts when its middle lies at
     * or after the steady point (the windows are the engine's seconds, read a few milliseconds after each whole
     * second; the steady point is a whole second of the load's axis, the axis of a warm-up window's start).
     *
     * @param warmupEnds how each scenario's warm-up ended, by scenario name
     */
    public static List<NoiseWindow> counted(List<NoiseWindow> windows, Map<String, WarmupEnd> warmupEnds) {
        return windows.stream()
                .filter(w -> w.phase() != Phase.WARMUP || fromSteadyPoint(w, warmupEnds.get(w.scenario())))
                .toList();
    }

    private static boolean fromSteadyPoint(NoiseWindow window, WarmupEnd end) {
        if (end == null
                || end.mode() != WarmupMode.AUTO
                || end.reason() != WarmupEnd.Reason.STEADY
                || end.steadySinceMillis() == null) {
            return false;
        }
        return window.startSeconds() + window.seconds() / 2 >= end.steadySinceMillis() / 1_000;
    }

    /** Why the windows say the run was disturbed; null when they do not. */
    static String noise(List<NoiseWindow> windows, Suite.Gates gates) {
        double judged = windows.stream().mapToDouble(NoiseWindow::seconds).sum();
        double disturbed = windows.stream()
                .filter(NoiseWindow::disturbed)
                .mapToDouble(NoiseWindow::seconds)
                .sum();
        if (disturbed <= 0 || disturbed < Math.min(MAX_DISTURBED_SECONDS, judged) - 1e-9) {
            return null;
        }
        List<String> what = new ArrayList<>();
        windows.stream()
                .filter(NoiseWindow::interfered)
                .min(Comparator.comparingDouble(w -> w.targetCores() / Math.max(1e-9, w.targetAvailableCores())))
                .ifPresent(w -> what.add(String.format(
                        Locale.ROOT,
                        "interference: %.1f s in which the target's CPUs were busy while it used under %.0f%% of "
                                + "what it could (at worst %.2f of %.2f cores)",
                        windows.stream()
                                .filter(NoiseWindow::interfered)
                                .mapToDouble(NoiseWindow::seconds)
                                .sum(),
                        NoiseWindows.STARVED_SHARE * 100,
                        w.targetCores(),
                        w.targetAvailableCores())));
        windows.stream()
                .filter(NoiseWindow::noisy)
                .max(Comparator.comparingDouble(NoiseWindow::outsideCores))
                .ifPresent(w -> what.add(String.format(
                        Locale.ROOT,
                        "%.1f s with more than %.2f cores busy outside duel (at worst %.2f)",
                        windows.stream()
                                .filter(NoiseWindow::noisy)
                                .mapToDouble(NoiseWindow::seconds)
                                .sum(),
                        gates.quietMaxCores(),
                        w.outsideCores())));
        return String.format(Locale.ROOT, "noise: disturbed for %.1f s of the %.1f s judged: ", disturbed, judged)
                + String.join("; ", what);
    }

    /** The reason of a run still discarded after its last attempt allowed: it stays discarded, and says so. */
    public static String noCleanRun(String discardedReason, int attempts) {
        return discardedReason + "; no clean run after " + attempts + " attempts";
    }

    /**
     * The reason of a run discarded with retries left but no time for one in the budget: it stays discarded, and says
     * what another attempt would have taken and what was left.
     */
    public static String noTimeForAnother(String discardedReason, double attemptSeconds, double secondsLeft) {
        return String.format(
                Locale.ROOT,
                "%s; not measured again: another attempt (about %.0f s) would not fit the %.0f s left of the budget",
                discardedReason,
                attemptSeconds,
                Math.max(0, secondsLeft));
    }

    /** Why the target's answers make the run worthless (checks failed beyond the scenario's allowance); null when they do not. */
    public static String wrongAnswers(Scenario scenario, LoadResult load) {
        PhaseResult main = load.main();
        if (main.sent() + main.connectFailures() == 0) {
            return "no request was sent in " + scenario.name() + "'s main phase";
        }
        if (main.errorRate() <= scenario.maxErrorRate()) {
            return null;
        }
        List<FailureExample> examples = load.failureExamples();
        String example = examples.isEmpty()
                ? ""
                : "; first: " + examples.get(0).kind().label() + " "
                        + examples.get(0).detail();
        return String.format(
                Locale.ROOT,
                "%s: %.2f%% of requests failed (allowed %.2f%%) %s%s",
                scenario.name(),
                main.errorRate() * 100,
                scenario.maxErrorRate() * 100,
                labelled(main),
                example);
    }

    /** "{connect=0, timeout=2, ...}" as the records spell the kinds. */
    private static String labelled(PhaseResult main) {
        StringBuilder text = new StringBuilder("{");
        main.failures()
                .forEach((kind, count) -> text.append(text.length() > 1 ? ", " : "")
                        .append(kind.label())
                        .append('=')
                        .append(count));
        return text.append('}').toString();
    }

    /**
     * Largest share of main that duel's own GC may stop its event loops. A response whose last
     * byte arrives during a pause is read only after it, so about this share of the responses
     * carry a pause of the engine in their latency: above 1% the p99 the report compares may be
     * the engine's pause rather than the target's time (p99.9 and max may carry pauses below it;
     * the record keeps the share).
     */
    static final double ENGINE_GC_MAX_PAUSE_SHARE = 0.01;

    /** Why the engine's own GC pauses make the run's latencies untrustworthy; null when they do not or were not measured. */
    static String engineGcPauses(LoadResult load) {
        Double share = load.engine().gcPauseShare();
        if (share == null || share <= ENGINE_GC_MAX_PAUSE_SHARE) {
            return null;
        }
        return String.format(
                Locale.ROOT,
                "load generator paused by its own GC for %.1f%% of main (%d pauses, %.0f ms; limit %.1f%%): "
                        + "those pauses count as the target's latency; give duel a larger heap or young generation "
                        + "(DUEL_JAVA_OPTS)",
                share * 100,
                load.engine().gcPauses(),
                load.engine().gcPauseMillis(),
                ENGINE_GC_MAX_PAUSE_SHARE * 100);
    }

    /**
     * Why the load generator, not the target, limited the run; null when it did not. Only the
     * generator's own limits count: its CPU over its cores, its p99 lag behind the schedule (measured
     * on requests that found a free connection, so a slow target does not inflate it) while an event loop was busy
     * enough to cause it ({@link LagLimit#cause}: a timer the machine woke late is the machine's jitter), and the
     * engine's own finding that it was limited ({@code EngineUsage.limited}: a single event loop
     * busy at 95% while the process as a whole used 50% is a limit too). Late and unstarted
     * requests are not here: in the open model they mean the target held its connections too long,
     * a result about the target that its run must keep.
     */
    static String saturation(Scenario scenario, LoadResult load, Suite.Gates gates) {
        EngineUsage engine = load.engine();
        double utilization = engine.utilization();
        int cores = engine.coresAvailable();
        if (utilization > gates.loadgenMaxUtilization()) {
            int needed = (int) Math.ceil(utilization * cores / gates.loadgenMaxUtilization());
            return String.format(
                    Locale.ROOT,
                    "load generator saturated: it used %.0f%% of its %d core(s) (limit %.0f%%); "
                            + "give it %d core(s) with loadgen.cpuset, or lower the load",
                    utilization * 100,
                    cores,
                    gates.loadgenMaxUtilization() * 100,
                    Math.max(needed, cores + 1));
        }
        PhaseResult main = load.main();
        LatencySummary lag = main.scheduleLag();
        double limitMicros = gates.loadgenMaxLagP99().toNanos() / 1_000.0;
        if (LagLimit.cause(lag, limitMicros, engine.loopBusy()) == LagLimit.Cause.GENERATOR) {
            long over = LagLimit.samplesOver(lag, limitMicros);
            return String.format(
                    Locale.ROOT,
                    "load generator saturated: p99 lag behind its schedule %.2f ms (limit %.2f ms)%s, its busiest event"
                            + " loop busy %.0f%% of main",
                    lag.p99Micros() / 1_000,
                    gates.loadgenMaxLagP99().toNanos() / 1e6,
                    over < 0 ? "" : String.format(Locale.ROOT, ", %d of %d requests over it", over, lag.count()),
                    LagLimit.busiest(engine.loopBusy()) * 100);
        }
        if (engine.limited()) {
            return "load generator saturated: "
                    + (engine.findings().isEmpty()
                            ? "the engine found itself at its limit"
                            : String.join("; ", engine.findings()));
        }
        return null;
    }
}
