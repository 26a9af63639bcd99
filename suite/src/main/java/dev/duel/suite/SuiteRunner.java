package dev.duel.suite;

import dev.duel.record.DuelVersion;
import dev.duel.record.Environment;
import dev.duel.record.RecordJson;
import dev.duel.record.RepetitionDecision;
import dev.duel.record.RunRecord;
import dev.duel.record.Status;
import dev.duel.suite.agents.AgentsLoad;
import dev.duel.suite.agents.HostedTargetStarter;
import dev.duel.suite.aot.AotCaches;
import dev.duel.suite.gate.BudgetClock;
import dev.duel.suite.gate.RepetitionCheck;
import dev.duel.suite.gate.RunVerdict;
import dev.duel.suite.gate.StartFailures;
import dev.duel.suite.run.LiveTargets;
import dev.duel.suite.run.Preflight;
import dev.duel.suite.run.ProcessLedger;
import dev.duel.suite.run.RunAttempt;
import dev.duel.suite.run.RunContext;
import dev.duel.suite.run.Services;
import dev.duel.suite.store.ResultStore;
import dev.duel.suite.store.ResumeCheck;
import dev.duel.suite.store.RunInputs;
import dev.duel.targets.Affinity;
import dev.duel.targets.Cgroups;
import dev.duel.targets.JdkResolver;
import dev.duel.targets.TargetProcess;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Runs a suite: captures the environment, readies the load generator, starts the services, then
 * runs every planned run ({@link RunAttempt}), repeating runs discarded for noise up to the
 * suite's retries, and writes each run's record atomically. With {@code repetitions: {min, max,
 * until}} it runs repetition after repetition and, from min on, asks {@link RepetitionCheck} after
 * each whether the interval is narrow enough, from the records on disk, so that a resume decides the
 * same; the decision is written as {@code repetitions.json} and said. Completed runs in the folder are
 * skipped, so a killed suite resumes where it was. What it drives comes in {@link RunnerParts}.
 * Not thread-safe: one suite at a time, except {@link #abort()}, which may come from any thread.
 */
public final class SuiteRunner {
    private final Suite suite;
    /** How many times a run's record is written before the suite stops with it ({@link #write}). */
    static final int RECORD_WRITE_TRIES = 3;

    /** The pause between two tries of a record's write. */
    static final java.time.Duration RECORD_WRITE_PAUSE = java.time.Duration.ofSeconds(10);

    private final ResultStore store;
    private final SuiteListener listener;
    private final RunnerParts parts;
    private final ProcessLedger ledger;
    private final Services services;
    private final LiveTargets live = new LiveTargets();
    /**
     * Each adaptive repetition's runs as made, by index: without the scenarios an earlier look settled, so under the
     * file names they were written with. Touched only by the thread that runs the suite.
     */
    private final Map<Integer, RunPlan> ranAs = new java.util.HashMap<>();
    /** The host's speed on the suite's CPUs, watched from after the generator's warm-up to the suite's end. */
    private volatile HostSpeedSource.Watch hostSpeed = HostSpeedSource.Watch.NONE;
    /** The most CPUs watched: a sampler is a small JVM each (about 30 MB). */
    static final int MAX_WATCHED_CPUS = 16;

    private final Resume resume;
    private volatile boolean aborted;
    /** What the folder's earlier runs were measured with that changed, as {@link #preflight()} found it. */
    private List<String> resumedAcross = List.of();

    private RunInputs inputs;

    /** Whether a resume may cross a change of jars, JDK builds or duel ({@link ResumeCheck}). */
    public enum Resume {
        /** Refuse, naming what changed (the default). */
        REFUSE_CHANGES,
        /** Go on, and say so in every later record and the report ({@code --resume-anyway}). */
        ANYWAY
    }

    public SuiteRunner(Suite suite, Path resultsDirectory, SuiteListener listener, RunnerParts parts) {
        this(suite, resultsDirectory, listener, parts, Resume.REFUSE_CHANGES);
    }

    public SuiteRunner(Suite suite, Path resultsDirectory, SuiteListener listener, RunnerParts parts, Resume resume) {
        this.suite = suite;
        this.resume = resume;
        this.store = new ResultStore(resultsDirectory);
        this.listener = listener;
        this.parts = parts;
        this.ledger = new ProcessLedger(resultsDirectory, listener);
        this.services = new Services(parts.services(), ledger, resultsDirectory.resolve("services"));
    }

    /** A runner with the real parts: processes in control groups, the Netty engine, /proc/stat. */
    public static SuiteRunner onThisMachine(
            Suite suite,
            Path resultsDirectory,
            SuiteListener listener,
            JdkResolver jdks,
            Cgroups cgroups,
            Path duelHome) {
        return onThisMachine(suite, resultsDirectory, listener, jdks, cgroups, duelHome, Resume.REFUSE_CHANGES);
    }

    /** As above, with a resume policy ({@code --resume-anyway}). */
    public static SuiteRunner onThisMachine(
            Suite suite,
            Path resultsDirectory,
            SuiteListener listener,
            JdkResolver jdks,
            Cgroups cgroups,
            Path duelHome,
            Resume resume) {
        return onThisMachine(
                suite, resultsDirectory, listener, RunnerParts.onThisMachine(jdks, cgroups, duelHome), resume);
    }

    /**
     * As above, from these parts (the real ones, or some replaced by a test): when the suite names load agents, their
     * load and hosted targets take the place of the parts' own.
     */
    public static SuiteRunner onThisMachine(
            Suite suite, Path resultsDirectory, SuiteListener listener, RunnerParts parts, Resume resume) {
        if (suite.loadgen().distributed()) {
            AgentsLoad agents = new AgentsLoad();
            parts = parts.withLoad(agents, agents);
            if (!suite.loadgen().targetHosts().isEmpty()) {
                parts = parts.withTargets(new HostedTargetStarter(
                        parts.targets(),
                        suite.loadgen().targetHosts(),
                        agents,
                        HostedTargetStarter.daemonTicker(),
                        HostedTargetStarter.RENEW_EVERY,
                        parts.sleeper()));
            }
        }
        return new SuiteRunner(suite, resultsDirectory, listener, parts, resume);
    }

    /**
     * @throws SuiteException the suite cannot go on (a target is not what it claims, a service will
     *                        not start); completed runs stay on disk
     */
    public SuiteOutcome run() throws SuiteException, InterruptedException {
        preflight();
        List<RunPlan> plans = RunPlan.of(suite);
        int alreadyDone = (int) plans.stream().filter(store::done).count();
        listener.suiteStarted(suite, plans.size(), alreadyDone);
        try {
            RunAttempt attempts = prepare(plans);
            Tally tally = runPlans(attempts, plans);
            SuiteOutcome outcome = outcome(plans, alreadyDone, tally);
            listener.suiteEnded(outcome);
            return outcome;
        } catch (IOException e) {
            throw new SuiteException("writing results under " + store.directory() + " failed: " + e.getMessage(), e);
        } finally {
            services.stop();
            stopHostSpeed();
        }
    }

    /** Ends the host speed's samplers, saying once what they could not watch. */
    private void stopHostSpeed() {
        HostSpeedSource.Watch watch = hostSpeed;
        hostSpeed = HostSpeedSource.Watch.NONE;
        watch.problems()
                .forEach((cpu, why) -> listener.message("warning: the host's speed on CPU " + cpu + " was not watched"
                        + " (" + why + "): the report cannot tell a flip of the host there"));
        watch.close();
    }

    /**
     * The CPUs whose speed is watched: those the targets and the load generator are pinned to, or every online one
     * where a target or the generator floats over them all.
     */
    private java.util.List<String> hostSpeedCpus() {
        java.util.Set<Integer> cpus = new java.util.TreeSet<>();
        boolean floats = suite.loadgen().cpuset() == null && !suite.loadgen().distributed();
        for (var target : suite.targets()) {
            if (suite.hostOf(target.name()) != null) {
                continue; // on a load agent's machine: nothing of it runs here
            }
            if (target.limits().cpuset() == null) {
                floats = true;
            } else {
                cpus.addAll(dev.duel.record.CpuList.parse(target.limits().cpuset()));
            }
        }
        if (suite.loadgen().cpuset() != null) {
            cpus.addAll(dev.duel.record.CpuList.parse(suite.loadgen().cpuset()));
        }
        if (floats) {
            dev.duel.targets.HostSpeedProbe.onlineCpus().forEach(cpu -> cpus.add(Integer.parseInt(cpu)));
        }
        return cpus.stream().limit(MAX_WATCHED_CPUS).map(String::valueOf).toList();
    }

    /**
     * Everything before the first run: the folder claimed and its inputs written, what a killed duel left ended, the
     * environment captured, the load generator readied, the services started and the AOT caches trained.
     *
     * @return what makes each attempt at a run
     */
    private RunAttempt prepare(List<RunPlan> plans) throws SuiteException, IOException, InterruptedException {
        store.removeUnfinishedWrites();
        store.claim(suite.file());
        if (store.inputs() == null || !resumedAcross.isEmpty()) {
            store.writeInputs(inputs);
        }
        if (!resumedAcross.isEmpty()) {
            listener.message("warning: resuming with --resume-anyway across what changed since this folder's"
                    + " first runs: " + String.join("; ", resumedAcross));
        }
        List<String> ended = ledger.endLeftovers();
        if (!ended.isEmpty()) {
            listener.message("ended what a killed duel left running from this folder: " + String.join(", ", ended));
        }
        int stale = parts.removeStaleGroups().getAsInt();
        if (stale > 0) {
            listener.message("removed " + stale + " empty control group(s) left by an earlier duel");
        }
        Environment environment = parts.environment().capture(suite.targets());
        store.writeEnvironment(environment);
        listener.environmentWarned(environment.warnings());
        parts.loadgen().prepare(suite.loadgen(), listener);
        // After the generator pinned itself (every thread of duel then). The samplers end when duel's end of their
        // input closes, so a killed duel leaves none: the ledger need not note them.
        hostSpeed = parts.hostSpeed().watch(hostSpeedCpus());
        services.start(suite.services(), serviceCpus(), listener);
        RunContext context = new RunContext(
                suite,
                parts,
                store,
                listener,
                services,
                ledger,
                live,
                parts.machine().meter(live::cpuNanosHere, services::cpuNanos),
                hostSpeed);
        Map<String, AotCaches.Outcome> aotCaches = new AotCaches(context)
                .prepare(plans.stream()
                        .filter(plan -> !store.done(plan))
                        .map(RunPlan::target)
                        .collect(Collectors.toSet()));
        if (aborted) {
            throw new InterruptedException("suite aborted");
        }
        return new RunAttempt(context, environment.fingerprint(), resumedAcross, aotCaches);
    }

    /**
     * What the runs of a suite came to: how many ended in each status, the problems to report, and how many
     * repetitions were made (the rule's stop, or the planned count).
     */
    private record Tally(Map<Status, Integer> counts, List<String> problems, int repetitionsMade) {}

    /**
     * Runs every planned run not done yet, in the plan's order or a repetition at a time when a rule decides after
     * each ({@code repetitions: {min, max, until}}), with a cool-down between runs.
     */
    private Tally runPlans(RunAttempt attempts, List<RunPlan> plans)
            throws SuiteException, InterruptedException, IOException {
        Map<Status, Integer> counts = new EnumMap<>(Status.class);
        List<String> problems = new ArrayList<>();
        List<RunRecord> session = new ArrayList<>();
        List<String> targets = suite.targets().stream().map(t -> t.name()).toList();
        Suite.Repetitions repetitions = suite.repetitions();
        int made = repetitions.max();
        RunPlan previous = null;
        // A rule decides after each repetition, so its runs go a repetition at a time; a fixed count keeps the
        // plan's own order (sequential runs every repetition of one target before the next).
        int rounds = repetitions.adaptive() ? repetitions.max() : 1;
        // Scenarios a look settled (their answer clear, or no repetition carrying them would fit the budget): later
        // repetitions leave them out (a run, or a pair of JVMs, then carries only the rest), and their decision stays
        // that look's (RepetitionCheck).
        Set<String> settled = Set.of();
        for (int repetition = 1; repetition <= rounds; repetition++) {
            for (int i = 0; i < plans.size(); i++) {
                RunPlan plan = without(plans.get(i), settled);
                // A duet's plans come in pairs, the two targets of one repetition and scenario group: run together.
                RunPlan partner = suite.order().pairs() ? without(plans.get(++i), settled) : null;
                if (repetitions.adaptive() && plan.repetition() == repetition) {
                    ranAs.put(plan.index(), plan);
                    if (partner != null) {
                        ranAs.put(partner.index(), partner);
                    }
                }
                if ((repetitions.adaptive() && plan.repetition() != repetition)
                        || plan.scenarios().isEmpty()
                        || (store.done(plan) && (partner == null || store.done(partner)))) {
                    continue;
                }
                if (previous != null && !suite.cooldown().isZero()) {
                    listener.stage(previous, "cooling down " + suite.cooldown().toSeconds() + " s");
                    parts.sleeper().sleep(suite.cooldown());
                }
                if (store.wasInFlight(plan) || (partner != null && store.wasInFlight(partner))) {
                    listener.message("run " + plan.fileStem() + (partner == null ? "" : " and " + partner.fileStem())
                            + " was under way when duel stopped: running it again");
                }
                List<RunRecord> records;
                try {
                    records = partner == null
                            ? List.of(runWithRetries(attempts, plan, problems, secondsLeft(plans, repetition)))
                            : runDuetWithRetries(attempts, plan, partner, problems, secondsLeft(plans, repetition));
                } catch (AgentsLoad.LoadAgentsUnavailableException e) {
                    // No run without its load: the suite stops here, every record so far kept, and resumes.
                    throw new SuiteException(e.getMessage(), e);
                }
                records.forEach(record -> counts.merge(record.status(), 1, Integer::sum));
                session.addAll(records);
                Optional<String> cannotStart = StartFailures.stop(session);
                if (cannotStart.isPresent()) {
                    throw new SuiteException(cannotStart.get());
                }
                previous = partner == null ? plan : partner;
            }
            if (repetitions.adaptive() && repetition >= repetitions.min()) {
                List<RepetitionDecision> decisions = decide(plans, targets, repetition);
                store.writeRepetitions(decisions);
                listener.repetitionsDecided(decisions);
                if (!RepetitionCheck.goingOn(decisions)) {
                    made = repetition;
                    break;
                }
                settled = RepetitionCheck.settled(decisions);
            }
        }
        return new Tally(counts, problems, made);
    }

    /** The plan without the scenarios a look settled (none left: nothing to run). */
    private static RunPlan without(RunPlan plan, Set<String> settled) {
        if (settled.isEmpty() || plan.scenarios().stream().noneMatch(settled::contains)) {
            return plan;
        }
        return new RunPlan(
                plan.index(),
                plan.repetition(),
                plan.target(),
                plan.scenarios().stream().filter(s -> !settled.contains(s)).toList());
    }

    /** The suite's outcome: the runs planned up to the last repetition made, and how each ended. */
    private SuiteOutcome outcome(List<RunPlan> plans, int alreadyDone, Tally tally) {
        Map<Status, Integer> counts = tally.counts();
        return new SuiteOutcome(
                store.directory(),
                (int) plans.stream()
                        .filter(p -> p.repetition() <= tally.repetitionsMade())
                        .count(),
                alreadyDone,
                counts.getOrDefault(Status.OK, 0),
                counts.getOrDefault(Status.FAILED, 0),
                counts.getOrDefault(Status.INVALID, 0),
                counts.getOrDefault(Status.DISCARDED, 0),
                tally.problems());
    }

    /**
     * Checks what can be checked before anything runs (JDKs, jars, the results folder), and that the
     * folder's runs were measured with the jars, JDK builds and duel of now ({@link ResumeCheck}).
     *
     * @throws SuiteException naming what is missing or changed and how to fix it; nothing was run
     */
    public void preflight() throws SuiteException {
        Preflight.check(suite, parts.jdks(), store);
        try {
            inputs = RunInputs.of(suite, parts.jdks(), DuelVersion.current(), store);
        } catch (IOException e) {
            throw new SuiteException("cannot read the targets' jars: " + e.getMessage(), e);
        }
        resumedAcross = ResumeCheck.check(store, inputs, resume == Resume.ANYWAY);
    }

    /**
     * Where services without a cpuset of their own run: off the CPUs the targets and the generator are
     * pinned to when some CPU is left, so that their CPU never hides what others take there (the noise
     * gate takes a service's CPU off only the CPUs it may use). Said once; null: every online CPU.
     */
    private String serviceCpus() {
        List<String> pinned = new ArrayList<>();
        suite.targets().forEach(target -> pinned.add(target.limits().cpuset()));
        pinned.add(suite.loadgen().cpuset());
        String spare = Services.spareCpus(Affinity.onlineCpus(), pinned);
        if (!suite.services().isEmpty()) {
            listener.message(
                    spare == null
                            ? "services without a cpuset float over every online CPU (none is free of the targets and"
                                    + " the load generator)"
                            : "services without a cpuset run on CPUs " + spare
                                    + ", apart from the targets and the load generator");
        }
        return spare;
    }

    /**
     * Stops the running targets and the services now, from another thread (a shutdown hook on
     * Ctrl-C or SIGTERM). The run under way writes no record, so a resume redoes it.
     */
    public void abort() {
        aborted = true;
        parts.load().stop();
        live.all().forEach(TargetProcess::stop);
        services.stop();
        hostSpeed.close();
        // A target still starting is not live yet, but it is noted from its first instant.
        ledger.endLeftoversWhileStopping();
    }

    /**
     * The rule's decision after {@code repetition}, one per scenario it reads, from the final records on disk of
     * repetitions 1 to it; with a budget, at the look its share of the budget gives.
     */
    private List<RepetitionDecision> decide(List<RunPlan> plans, List<String> targets, int repetition)
            throws IOException {
        List<RunRecord> records = finalRecords(plans, repetition);
        Suite.Repetitions rule = suite.repetitions();
        // With a budget, each scenario at its own look: its last when no repetition that carries it would fit.
        return rule.budgeted()
                ? RepetitionCheck.decideWithinBudget(
                        rule, targets, repetition, records, everyAttempt(plans, repetition, records))
                : RepetitionCheck.decideAll(rule, targets, repetition, records, null);
    }

    /** {@code finals} and the discarded attempts of the same plans before them: what the budget's time went on. */
    private List<RunRecord> everyAttempt(List<RunPlan> plans, int repetition, List<RunRecord> finals)
            throws IOException {
        List<RunRecord> attempts = new ArrayList<>(finals);
        for (RunPlan planned : plans) {
            RunPlan plan = ranAs.getOrDefault(planned.index(), planned);
            if (plan.repetition() <= repetition && store.done(plan)) {
                attempts.addAll(store.discardedRecords(plan));
            }
        }
        return attempts;
    }

    /** The final records on disk of repetitions 1 to {@code repetition}, as the plans ran. */
    private List<RunRecord> finalRecords(List<RunPlan> plans, int repetition) throws IOException {
        List<RunRecord> records = new ArrayList<>();
        for (RunPlan planned : plans) {
            RunPlan plan = ranAs.getOrDefault(planned.index(), planned);
            if (plan.repetition() <= repetition && store.done(plan)) {
                records.add(store.finalRecord(plan));
            }
        }
        return records;
    }

    /**
     * Seconds of the budget left before the next pair of {@code repetition}: the budget less what the repetitions
     * so far took, every attempt counted, as the budget reckons them ({@link BudgetClock#usedSeconds}); null without a
     * budget.
     */
    private Double secondsLeft(List<RunPlan> plans, int repetition) throws IOException {
        Suite.Repetitions rule = suite.repetitions();
        if (!rule.budgeted()) {
            return null;
        }
        List<RunRecord> finals = finalRecords(plans, repetition);
        return rule.budget().toMillis() / 1e3
                - BudgetClock.usedSeconds(everyAttempt(plans, repetition, finals), repetition);
    }

    /**
     * Both plans of a duet together, repeated together while either is discarded for noise (the pair is one
     * measurement), up to the suite's retries, and within a budget only while another attempt as long as the last
     * would fit what is left of it ({@code secondsLeft}, null without a budget): a budget is the time the user gave,
     * and a repeat that overruns it by a pair's length breaks that. Each attempt's two records written as one run's
     * are.
     */
    private List<RunRecord> runDuetWithRetries(
            RunAttempt attempts, RunPlan first, RunPlan second, List<String> problems, Double secondsLeft)
            throws SuiteException, InterruptedException, IOException {
        List<RunPlan> pair = List.of(first, second);
        int attempt = Math.max(store.discardedAttempts(first), store.discardedAttempts(second)) + 1;
        int lastAttempt = attempt + suite.gates().quietRetries();
        java.time.Instant began = null;
        while (true) {
            for (RunPlan plan : pair) {
                listener.runStarted(plan, attempt);
                startAttempt(plan, attempt);
            }
            List<RunRecord> records = new ArrayList<>(attempts.runDuet(first, second, attempt));
            if (aborted) {
                throw new InterruptedException("suite aborted");
            }
            java.time.Instant start = records.stream()
                    .map(RunRecord::startInstant)
                    .min(java.time.Instant::compareTo)
                    .orElseThrow();
            java.time.Instant end = records.stream()
                    .map(RunRecord::endInstant)
                    .max(java.time.Instant::compareTo)
                    .orElseThrow();
            began = began == null ? start : began;
            boolean clean = records.stream().noneMatch(r -> r.status() == Status.DISCARDED);
            boolean noTime =
                    !clean && attempt < lastAttempt && !BudgetClock.anotherAttemptFits(secondsLeft, began, start, end);
            boolean last = clean || attempt >= lastAttempt || noTime;
            for (int i = 0; i < 2; i++) {
                RunRecord record = records.get(i);
                if (record.status() == Status.DISCARDED && last) {
                    record = record.withReason(
                            noTime
                                    ? notMeasuredAgain(record.reason(), secondsLeft, began, start, end)
                                    : RunVerdict.noCleanRun(record.reason(), attempt));
                    problems.add(pair.get(i).fileStem() + ": could not get a clean run (" + record.reason() + ")");
                    records.set(i, record);
                }
                listener.runEnded(pair.get(i), record, last);
            }
            // Both sides' records are tried before either failure stops the suite: a measured record is never
            // dropped because its partner's could not be written.
            List<String> unwritten = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                try {
                    write(pair.get(i), records.get(i), last);
                } catch (SuiteException e) {
                    unwritten.add(e.getMessage());
                }
            }
            if (!unwritten.isEmpty()) {
                throw new SuiteException(String.join("\n", unwritten));
            }
            if (last) {
                return records;
            }
            attempt++;
        }
    }

    /**
     * Writes a run's record, trying {@link #RECORD_WRITE_TRIES} times {@link #RECORD_WRITE_PAUSE} apart (a disk that
     * filled may be freed meanwhile): the measured result stays in memory until a write succeeds, and when none does
     * the suite stops with the record's whole content in its message (duel prints it on standard error), so nothing
     * measured is lost with the file.
     */
    private void write(RunPlan plan, RunRecord record, boolean last) throws SuiteException {
        Path file = store.recordFile(plan, record.attempt(), last);
        for (int tried = 1; ; tried++) {
            try {
                store.write(plan, record, last);
                return;
            } catch (IOException e) {
                if (tried >= RECORD_WRITE_TRIES) {
                    throw new SuiteException(
                            "could not write " + file + " (" + e.getMessage() + "), tried "
                                    + tried
                                    + " times; the run's record follows: save it as that file once there is room, then"
                                    + " run the same command again to go on\n" + RecordJson.text(record),
                            e);
                }
                listener.message("warning: could not write " + file + " (" + e.getMessage() + "): the run's result is"
                        + " kept; trying again in " + RECORD_WRITE_PAUSE.toSeconds() + " s (" + tried + " of "
                        + RECORD_WRITE_TRIES + ")");
                try {
                    parts.sleeper().sleep(RECORD_WRITE_PAUSE);
                } catch (InterruptedException stopped) { // Ctrl-C while waiting for room: the record goes with it
                    Thread.currentThread().interrupt();
                    throw new SuiteException(
                            "stopped while waiting to write " + file + " (" + e.getMessage() + "); the run's record"
                                    + " follows: save it as that file, then run the same command again to go on\n"
                                    + RecordJson.text(record),
                            stopped);
                }
            }
        }
    }

    /** The attempt marked in flight, what a killed duel left of it kept aside and said. */
    private void startAttempt(RunPlan plan, int attempt) throws IOException {
        for (Path kept : store.startAttempt(plan, attempt)) {
            listener.message("kept what a killed duel left of this attempt as " + kept.getFileName());
        }
    }

    /** The reason of an attempt not made again for want of budget: what another would take, and what was left. */
    private static String notMeasuredAgain(
            String reason,
            double secondsLeft,
            java.time.Instant began,
            java.time.Instant start,
            java.time.Instant end) {
        return RunVerdict.noTimeForAnother(
                reason,
                java.time.Duration.between(start, end).toMillis() / 1e3,
                secondsLeft - java.time.Duration.between(began, end).toMillis() / 1e3);
    }

    /** One run, repeated while it is discarded for noise, as a duet's pair is ({@link #runDuetWithRetries}). */
    private RunRecord runWithRetries(RunAttempt attempts, RunPlan plan, List<String> problems, Double secondsLeft)
            throws SuiteException, InterruptedException, IOException {
        int attempt = store.discardedAttempts(plan) + 1;
        int lastAttempt = attempt + suite.gates().quietRetries();
        java.time.Instant began = null;
        while (true) {
            listener.runStarted(plan, attempt);
            startAttempt(plan, attempt);
            RunRecord record = attempts.run(plan, attempt);
            if (aborted) {
                // Stopped from outside: what was measured of this run is cut short; a resume redoes it.
                throw new InterruptedException("suite aborted");
            }
            began = began == null ? record.startInstant() : began;
            boolean noTime = record.status() == Status.DISCARDED
                    && attempt < lastAttempt
                    && !BudgetClock.anotherAttemptFits(secondsLeft, began, record.startInstant(), record.endInstant());
            boolean last = record.status() != Status.DISCARDED || attempt >= lastAttempt || noTime;
            if (record.status() == Status.DISCARDED && last) {
                record = record.withReason(
                        noTime
                                ? notMeasuredAgain(
                                        record.reason(), secondsLeft, began, record.startInstant(), record.endInstant())
                                : RunVerdict.noCleanRun(record.reason(), attempt));
                problems.add(plan.fileStem() + ": could not get a clean run (" + record.reason() + ")");
            }
            listener.runEnded(plan, record, last);
            write(plan, record, last);
            if (last) {
                return record;
            }
            attempt++;
        }
    }
}
