package dev.duel.suite;

import dev.duel.load.LatencySummary;
import dev.duel.load.LoadEngine;
import dev.duel.load.LoadModel;
import dev.duel.load.LoadPlan;
import dev.duel.load.LoadResult;
import dev.duel.load.PhaseResult;
import dev.duel.load.ProgressListener;
import dev.duel.load.SecondResult;
import dev.duel.load.TargetUnreachableException;
import dev.duel.load.Timing;
import dev.duel.load.http.RequestSpec;
import dev.duel.load.sink.SinkServer;
import dev.duel.suite.record.Resources;
import dev.duel.suite.record.RunRecord;
import dev.duel.targets.Cgroups;
import dev.duel.targets.IdentityMismatchException;
import dev.duel.targets.Jdk;
import dev.duel.targets.JdkResolver;
import dev.duel.targets.JvmFacts;
import dev.duel.targets.ResourceReading;
import dev.duel.targets.RunningService;
import dev.duel.targets.RunningTarget;
import dev.duel.targets.ServiceSpec;
import dev.duel.targets.TargetFailedException;
import dev.duel.targets.TargetLauncher;
import dev.duel.targets.TargetSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * Runs a suite: captures the environment, pins and warms the load generator, starts the services,
 * then for each planned run waits for a quiet machine, starts the target fresh under its limits,
 * checks its identity, measures each scenario with the target's and services' usage per phase,
 * applies the noise and load-generator gates, stops the target and writes the run's record
 * atomically. Completed runs in the folder are skipped, so a killed suite resumes where it was.
 * Not thread-safe: one suite at a time.
 */
public final class SuiteRunner {
    private final Suite suite;
    private final ResultStore store;
    private final SuiteListener listener;
    private final JdkResolver jdks;
    private final Cgroups cgroups;
    private final TargetLauncher launcher;
    private final Path duelHome;
    private final List<RunningService> services = new CopyOnWriteArrayList<>();
    private volatile RunningTarget current;
    private volatile boolean aborted;
    private final LeftoverProcesses leftovers;
    private final MachineCpu machine = new MachineCpu(this::oursNanos);
    private String environmentFingerprint = "";

    public SuiteRunner(Suite suite, Path resultsDirectory, SuiteListener listener, JdkResolver jdks, Cgroups cgroups, Path duelHome) {
        this.suite = suite;
        this.store = new ResultStore(resultsDirectory);
        this.leftovers = new LeftoverProcesses(resultsDirectory);
        this.listener = listener;
        this.jdks = jdks;
        this.cgroups = cgroups;
        this.launcher = new TargetLauncher(jdks, cgroups);
        this.duelHome = duelHome;
    }

    /** CPU of what duel runs: itself (its threads, not its reaped children), the current target, the services. */
    private long oursNanos() {
        long ours = ProcessHandle.current().info().totalCpuDuration().map(Duration::toNanos).orElse(0L);
        RunningTarget target = current;
        if (target != null) {
            ours += Math.max(0, target.read().cpuNanos());
        }
        for (RunningService service : services) {
            ours += Math.max(0, service.read().cpuNanos());
        }
        return ours;
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
            store.removeUnfinishedWrites();
            store.claim(suite.file());
            List<String> ended = leftovers.endLeftovers();
            if (!ended.isEmpty()) {
                listener.message("ended what a killed duel left running from this folder: " + String.join(", ", ended));
            }
            int stale = cgroups.removeStaleGroups();
            if (stale > 0) {
                listener.message("removed " + stale + " empty control group(s) left by an earlier duel");
            }
            Environment environment = new EnvironmentProbe(jdks, duelHome).capture(suite.targets());
            environmentFingerprint = environment.fingerprint();
            store.writeEnvironment(environment);
            environment.warnings().forEach(warning -> listener.message("warning: " + warning));
            pinLoadGenerator();
            warmEngine();
            startServices();
            int ok = 0;
            int failed = 0;
            int invalid = 0;
            int discarded = 0;
            List<String> problems = new ArrayList<>();
            for (RunPlan plan : plans) {
                if (store.done(plan)) {
                    continue;
                }
                if (store.wasInFlight(plan)) {
                    listener.message("run " + plan.fileStem() + " was under way when duel stopped: running it again");
                }
                RunRecord record = runWithRetries(plan, problems);
                switch (record.status()) {
                    case "ok" -> ok++;
                    case "failed" -> failed++;
                    case "invalid" -> invalid++;
                    default -> discarded++;
                }
                if (!suite.cooldown().isZero() && plan != plans.get(plans.size() - 1)) {
                    listener.stage(plan, "cooling down " + suite.cooldown().toSeconds() + " s");
                    Thread.sleep(suite.cooldown().toMillis());
                }
            }
            SuiteOutcome outcome = new SuiteOutcome(store.directory(), plans.size(), alreadyDone, ok, failed, invalid, discarded, problems);
            listener.suiteEnded(outcome);
            return outcome;
        } catch (IOException e) {
            throw new SuiteException("writing results under " + store.directory() + " failed: " + e.getMessage(), e);
        } finally {
            stopServices();
        }
    }

    /**
     * Checks what can be checked before anything runs: every JDK resolves, every jar exists, the
     * results folder holds no runs of another version of the suite; so that a typo does not surface
     * after an hour of measuring the other target.
     *
     * @throws SuiteException naming what is missing and how to get it; nothing was run
     */
    public void preflight() throws SuiteException {
        List<String> problems = new ArrayList<>();
        for (TargetSpec target : suite.targets()) {
            if (target.java() != null) {
                try {
                    jdks.resolve(target.java());
                } catch (IllegalArgumentException e) {
                    problems.add("target " + target.name() + ": " + e.getMessage());
                }
            }
            if (target.jar() != null && !Files.isRegularFile(target.jar())) {
                problems.add("target " + target.name() + ": no jar at " + target.jar() + buildHint(target.jar()));
            }
        }
        for (ServiceSpec service : suite.services()) {
            if (service instanceof ServiceSpec.EmbeddedPostgres embedded && !Files.isRegularFile(embedded.launcherJar())) {
                problems.add("service " + service.name() + ": postgres: embedded needs " + embedded.launcherJar() + buildHint(embedded.launcherJar()));
            }
        }
        try {
            String conflict = store.conflictWith(suite.file());
            if (conflict != null) {
                problems.add(conflict);
            }
        } catch (IOException e) {
            problems.add("cannot read " + store.directory() + "/suite.yaml: " + e.getMessage());
        }
        if (!problems.isEmpty()) {
            throw new SuiteException(suite.file() + ":\n  " + String.join("\n  ", problems));
        }
    }

    private String buildHint(Path jar) {
        Path module = jar.getParent() == null ? null : jar.getParent().getParent();
        if (module != null && jar.getParent().getFileName().toString().equals("target")
                && Files.isRegularFile(module.resolve("pom.xml"))) {
            return " (build it: mvn -B -q -DskipTests -f " + module.resolve("pom.xml") + " -am package, or run ./duel once)";
        }
        return " (fix the path; relative paths start at the suite file's folder)";
    }

    /**
     * Stops the current target and the services now, from another thread (a shutdown hook on
     * Ctrl-C or SIGTERM). The run under way writes no record, so a resume redoes it.
     */
    public void abort() {
        aborted = true;
        RunningTarget target = current;
        if (target != null) {
            target.stop();
        }
        stopServices();
        try {
            // A target still starting is not "current" yet, but it is noted from its first instant.
            leftovers.endLeftovers();
        } catch (IOException e) {
            listener.message("warning: could not read " + store.directory() + "/.processes: " + e.getMessage());
        }
    }

    private void stopServices() {
        for (RunningService service : services) {
            service.close();
            forget(service.pid());
        }
        services.clear();
    }

    private void remember(long pid, String role) {
        try {
            leftovers.add(pid, role);
        } catch (IOException e) {
            listener.message("warning: could not note pid " + pid + " in " + store.directory() + ": " + e.getMessage());
        }
    }

    private void forget(long pid) {
        try {
            leftovers.remove(pid);
        } catch (IOException e) {
            listener.message("warning: could not update " + store.directory() + "/.processes: " + e.getMessage());
        }
    }

    private void pinLoadGenerator() throws SuiteException, InterruptedException {
        String cpuset = suite.loadgen().cpuset();
        if (cpuset == null) {
            return;
        }
        try {
            Process taskset = new ProcessBuilder("taskset", "-a", "-cp", cpuset, String.valueOf(ProcessHandle.current().pid()))
                    .redirectErrorStream(true).start();
            String output = new String(taskset.getInputStream().readAllBytes()).trim();
            if (!taskset.waitFor(10, TimeUnit.SECONDS) || taskset.exitValue() != 0) {
                throw new SuiteException("loadgen.cpuset " + cpuset + ": taskset failed (" + output + ")");
            }
            listener.message("load generator pinned to CPU " + cpuset);
        } catch (IOException e) {
            throw new SuiteException("loadgen.cpuset needs taskset (apt-get install util-linux): " + e.getMessage(), e);
        }
    }

    /** The engine is a JVM too: its own JIT warm-up must not show in a target's numbers. */
    private void warmEngine() throws SuiteException {
        Duration warmup = suite.loadgen().warmup();
        if (warmup.isZero()) {
            return;
        }
        listener.message("warming the load generator for " + warmup.toSeconds() + " s against an in-process sink");
        try (SinkServer sink = SinkServer.start()) {
            LoadPlan plan = new LoadPlan(new RequestSpec("GET", sink.url("/json"), List.of(), null), Map.of(),
                    List.of("json:/id == 42"), new LoadModel.Closed(8), new Timing.Phases(Duration.ZERO, Duration.ZERO, warmup),
                    Duration.ofSeconds(10), 1, suite.loadgen().threads(), LoadPlan.Transport.AUTO);
            new LoadEngine().run(plan, ProgressListener.NONE);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SuiteException("interrupted while warming the load generator");
        } catch (TargetUnreachableException e) {
            throw new SuiteException("the load generator's warm-up sink did not answer: " + e.getMessage(), e);
        }
    }

    private void startServices() throws SuiteException, InterruptedException {
        for (ServiceSpec spec : suite.services()) {
            listener.message("starting service " + spec.name());
            try {
                services.add(RunningService.start(spec, launcher, jdks, cgroups,
                        store.directory().resolve("services").resolve(spec.name() + ".log"), pid -> remember(pid, "service " + spec.name())));
            } catch (IOException | TargetFailedException | IdentityMismatchException e) {
                throw new SuiteException("service " + spec.name() + " did not start: " + e.getMessage(), e);
            }
        }
    }

    private Map<String, String> servicesEnv() {
        Map<String, String> env = new LinkedHashMap<>();
        services.forEach(service -> env.putAll(service.env()));
        return env;
    }

    private RunRecord runWithRetries(RunPlan plan, List<String> problems) throws SuiteException, InterruptedException, IOException {
        int attempt = store.discardedAttempts(plan) + 1;
        int lastAttempt = store.discardedAttempts(plan) + 1 + suite.gates().quietRetries();
        while (true) {
            listener.runStarted(plan, attempt);
            store.markInFlight(plan);
            RunRecord record = runOnce(plan, attempt);
            if (aborted) {
                // Stopped from outside: what was measured of this run is cut short; a resume redoes it.
                throw new InterruptedException("suite aborted");
            }
            boolean last = !record.status().equals("discarded") || attempt >= lastAttempt;
            if (record.status().equals("discarded") && last) {
                record = withReason(record, record.reason() + "; no clean run after " + attempt + " attempts");
                problems.add(plan.fileStem() + ": could not get a clean run (" + record.reason() + ")");
            }
            store.write(plan, record, last);
            listener.runEnded(plan, record, last);
            if (last) {
                return record;
            }
            attempt++;
        }
    }

    private static RunRecord withReason(RunRecord r, String reason) {
        return new RunRecord(r.duelVersion(), r.suite(), r.index(), r.repetition(), r.attempt(), r.target(), r.scenarios(), r.status(),
                reason, r.startedAt(), r.endedAt(), r.targetInfo(), r.startup(), r.results(), r.gates(), r.environment(), r.log(),
                r.lastLogLines());
    }

    private RunRecord runOnce(RunPlan plan, int attempt) throws SuiteException, InterruptedException {
        TargetSpec spec = suite.target(plan.target());
        Instant startedAt = Instant.now();
        listener.stage(plan, "waiting for a quiet machine");
        MachineCpu.QuietOutcome quiet = machine.awaitQuiet(suite.gates().quietMaxCores(), suite.gates().quietFor(), suite.gates().quietMaxWait());
        if (!quiet.quiet()) {
            listener.message(String.format(Locale.ROOT, "the machine was not quiet for %d s within %d s (%.2f cores busy outside duel); running anyway, the noise gate will judge",
                    suite.gates().quietFor().toSeconds(), suite.gates().quietMaxWait().toSeconds(), quiet.outsideCores()));
        }
        Jdk jdk = spec.java() == null ? null : jdks.resolve(spec.java());
        List<RunRecord.ScenarioResult> results = new ArrayList<>();
        List<Long> starts = new ArrayList<>();
        RunRecord.TargetInfo info = targetInfo(spec, jdk, null, null);
        RunRecord.Startup startup = null;
        double outsideDuring = 0;
        double loadgenUtilization = 0;
        String status = "ok";
        String reason = "";
        List<String> lastLines = List.of();
        listener.stage(plan, "starting " + spec.name());
        RunningTarget target = null;
        try {
            target = launcher.start(spec, servicesEnv(), store.log(plan, attempt), pid -> remember(pid, "target " + spec.name()));
            current = target;
            startup = new RunRecord.Startup(target.pid(), target.firstAcceptMillis(), target.readyMillis(), List.of());
            info = targetInfo(spec, jdk, target, null);
            for (String scenarioName : plan.scenarios()) {
                Scenario scenario = suite.scenario(scenarioName);
                if (scenario.kind() == Scenario.Kind.STARTUP) {
                    starts.add(target.readyMillis());
                    for (int i = 1; i < scenario.starts(); i++) {
                        listener.stage(plan, scenarioName + ": fresh start " + (i + 1) + " of " + scenario.starts());
                        target.stop();
                        forget(target.pid());
                        current = null;
                        target = launcher.start(spec, servicesEnv(), store.log(plan, attempt), pid -> remember(pid, "target " + spec.name()));
                        current = target;
                        starts.add(target.readyMillis());
                    }
                    results.add(new RunRecord.ScenarioResult(scenarioName, scenario.kind().label(), null, Map.of(), Map.of(), List.of(), -1));
                    continue;
                }
                Measured measured = measure(plan, target, scenario);
                results.add(measured.result);
                outsideDuring = Math.max(outsideDuring, measured.outsideCores);
                loadgenUtilization = Math.max(loadgenUtilization, measured.result.load().engine().utilization());
                if (!target.alive()) {
                    status = "failed";
                    reason = "the target exited with code " + target.exitCode() + " during " + scenarioName;
                    lastLines = target.lastLogLines(50);
                    break;
                }
                String wrong = wrongAnswers(scenario, measured.result.load());
                if (wrong != null) {
                    // A target that answers wrongly has no speed worth comparing, whatever else happened.
                    status = "failed";
                    reason = wrong;
                    lastLines = target.lastLogLines(50);
                    break;
                }
                String saturated = saturation(measured.result.load());
                if (saturated != null && status.equals("ok")) {
                    status = "invalid";
                    reason = saturated;
                }
            }
            if (status.equals("ok") || status.equals("invalid")) {
                if (outsideDuring > suite.gates().quietMaxCores()) {
                    status = "discarded";
                    reason = String.format(Locale.ROOT, "noise: %.2f cores busy outside duel during main (limit %.2f)", outsideDuring,
                            suite.gates().quietMaxCores());
                }
            }
            if (target.alive() && jdk != null) {
                info = targetInfo(spec, jdk, target, JvmFacts.of(target.pid(), jdk.home()));
            }
            if (!starts.isEmpty()) {
                startup = new RunRecord.Startup(startup.pid(), startup.firstAcceptMillis(), startup.readyMillis(), starts);
            }
        } catch (TargetFailedException e) {
            status = "failed";
            reason = e.getMessage();
            lastLines = e.lastLogLines();
        } catch (IdentityMismatchException e) {
            RunRecord refused = record(plan, attempt, "failed", e.getMessage(), startedAt, info, startup, results,
                    new RunRecord.GateReadings(quiet.outsideCores(), quiet.quiet(), quiet.waitedSeconds(), 0, 0), List.of());
            try {
                store.write(plan, refused, true);
            } catch (IOException io) {
                e.addSuppressed(io);
            }
            throw new SuiteException(e.getMessage(), e);
        } catch (IOException e) {
            status = "failed";
            reason = "the target could not be started: " + e.getMessage();
        } finally {
            if (target != null) {
                listener.stage(plan, "stopping " + spec.name());
                target.stop();
                forget(target.pid());
            }
            current = null;
        }
        return record(plan, attempt, status, reason, startedAt, info, startup, results,
                new RunRecord.GateReadings(quiet.outsideCores(), quiet.quiet(), quiet.waitedSeconds(), outsideDuring, loadgenUtilization),
                lastLines);
    }

    private RunRecord record(RunPlan plan, int attempt, String status, String reason, Instant startedAt, RunRecord.TargetInfo info,
            RunRecord.Startup startup, List<RunRecord.ScenarioResult> results, RunRecord.GateReadings gates, List<String> lastLines) {
        return new RunRecord(LoadEngine.version(), suite.name(), plan.index(), plan.repetition(), attempt, plan.target(), plan.scenarios(),
                status, reason, startedAt.toString(), Instant.now().toString(), info, startup, List.copyOf(results), gates,
                environmentFingerprint, store.directory().relativize(store.log(plan, attempt)).toString(), lastLines);
    }

    private static RunRecord.TargetInfo targetInfo(TargetSpec spec, Jdk jdk, RunningTarget target, JvmFacts facts) {
        return new RunRecord.TargetInfo(spec.name(), spec.java(), jdk == null ? null : jdk.version(), jdk == null ? null : jdk.vendor(),
                spec.jar() == null ? null : spec.jar().toString(), target == null ? spec.command() : target.command(), spec.jvmArgs(),
                spec.limits().toString(), spec.limits().cpus(), spec.limits().cpuset(), spec.limits().memoryBytes(),
                target == null ? "not started" : target.group().mechanism(), target != null && target.group().enforced(),
                facts == null ? JvmFacts.UNKNOWN : facts);
    }

    /** Why the target's answers make the run worthless (checks failed beyond the scenario's allowance); null when they do not. */
    private static String wrongAnswers(Scenario scenario, LoadResult load) {
        PhaseResult main = load.main();
        if (main.sent() + main.connectFailures() == 0) {
            return "no request was sent in " + scenario.name() + "'s main phase";
        }
        if (main.errorRate() <= scenario.maxErrorRate()) {
            return null;
        }
        String example = load.failureExamples().isEmpty() ? "" : "; first: " + load.failureExamples().get(0).kind().label()
                + " " + load.failureExamples().get(0).detail();
        return String.format(Locale.ROOT, "%s: %.2f%% of requests failed (allowed %.2f%%) %s%s", scenario.name(),
                main.errorRate() * 100, scenario.maxErrorRate() * 100, main.failures(), example);
    }

    /** Why the load generator, not the target, limited the run; null when it did not. */
    private String saturation(LoadResult load) {
        Suite.Gates gates = suite.gates();
        double utilization = load.engine().utilization();
        int cores = load.engine().coresAvailable();
        if (utilization > gates.loadgenMaxUtilization()) {
            int needed = (int) Math.ceil(utilization * cores / gates.loadgenMaxUtilization());
            return String.format(Locale.ROOT, "load generator saturated: it used %.0f%% of its %d core(s) (limit %.0f%%); "
                    + "give it %d core(s) with loadgen.cpuset, or lower the load", utilization * 100, cores,
                    gates.loadgenMaxUtilization() * 100, Math.max(needed, cores + 1));
        }
        PhaseResult main = load.main();
        LatencySummary lag = main.scheduleLag();
        if (lag.count() > 0 && lag.p99Micros() > gates.loadgenMaxLagP99().toNanos() / 1_000.0) {
            return String.format(Locale.ROOT, "load generator saturated: p99 lag behind its schedule %.2f ms (limit %.2f ms)",
                    lag.p99Micros() / 1_000, gates.loadgenMaxLagP99().toNanos() / 1e6);
        }
        if (main.sent() > 0 && load.settings().model().equals("open") && main.late() / (double) main.sent() > gates.loadgenMaxLateShare()) {
            return String.format(Locale.ROOT, "load generator saturated: %.1f%% of requests started late (limit %.1f%%); "
                    + "raise max-connections or lower the rate", 100.0 * main.late() / main.sent(), gates.loadgenMaxLateShare() * 100);
        }
        return null;
    }

    private record Measured(RunRecord.ScenarioResult result, double outsideCores) {
    }

    /** One scenario on a ready target, with the target's and services' usage read at each phase edge. */
    private Measured measure(RunPlan plan, RunningTarget target, Scenario scenario) throws InterruptedException, TargetFailedException {
        Map<String, ResourceReading> targetAt = new LinkedHashMap<>();
        Map<String, Map<String, ResourceReading>> servicesAt = new LinkedHashMap<>();
        Map<String, MachineCpu.Reading> machineAt = new LinkedHashMap<>();
        List<Long> rss = new CopyOnWriteArrayList<>();
        ScheduledExecutorService sampler = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread thread = new Thread(r, "duel-rss-sampler");
            thread.setDaemon(true);
            return thread;
        });
        sampler.scheduleAtFixedRate(() -> rss.add(target.read().memoryBytes()), 0, 1, TimeUnit.SECONDS);
        ProgressListener progress = new ProgressListener() {
            @Override
            public void onSecond(SecondResult second, Histogram latency, RunStatus status) {
                listener.second(plan, scenario.name(), second, status);
            }

            @Override
            public void onPhase(String phase) {
                targetAt.put(phase, target.read());
                Map<String, ResourceReading> readings = new LinkedHashMap<>();
                services.forEach(service -> readings.put(service.name(), service.read()));
                servicesAt.put(phase, readings);
                machineAt.put(phase, machine.read());
                if (!phase.equals("ended")) {
                    listener.phase(plan, scenario.name(), phase);
                }
            }
        };
        LoadResult load;
        try {
            load = new LoadEngine().run(scenario.plan(target.port(), suite.loadgen().threads()), progress);
        } catch (TargetUnreachableException e) {
            throw new TargetFailedException("the load engine could not reach " + target.spec().name() + ": " + e.getMessage(),
                    target.exitCode(), target.lastLogLines(50));
        } finally {
            sampler.shutdownNow();
        }
        Map<String, Resources> targetResources = new LinkedHashMap<>();
        Map<String, Map<String, Resources>> serviceResources = new LinkedHashMap<>();
        List<String> phases = new ArrayList<>(targetAt.keySet());
        for (int i = 0; i + 1 < phases.size(); i++) {
            String phase = phases.get(i);
            String next = phases.get(i + 1);
            double seconds = (machineAt.get(next).atNanos() - machineAt.get(phase).atNanos()) / 1e9;
            PhaseResult counted = phase.equals("main") ? load.main() : phase.equals("warmup") ? load.warmup() : null;
            long requests = counted == null ? 0 : counted.ok() + counted.failed();
            targetResources.put(phase, Resources.between(targetAt.get(phase), targetAt.get(next), seconds, requests));
            for (RunningService service : services) {
                serviceResources.computeIfAbsent(service.name(), s -> new LinkedHashMap<>()).put(phase,
                        Resources.between(servicesAt.get(phase).get(service.name()), servicesAt.get(next).get(service.name()), seconds, 0));
            }
        }
        double outside = machineAt.containsKey("main") && machineAt.containsKey("ended")
                ? machineAt.get("ended").outsideCoresSince(machineAt.get("main")) : 0;
        long peak = target.read().peakMemoryBytes();
        return new Measured(new RunRecord.ScenarioResult(scenario.name(), scenario.kind().label(), load, targetResources,
                serviceResources, List.copyOf(rss), peak), outside);
    }
}
