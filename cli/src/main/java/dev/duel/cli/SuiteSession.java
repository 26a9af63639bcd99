package dev.duel.cli;

import dev.duel.kubernetes.KubernetesRun;
import dev.duel.report.ReportBuilder;
import dev.duel.report.ReportException;
import dev.duel.report.ReportOptions;
import dev.duel.report.model.Report;
import dev.duel.report.read.ResultsReader;
import dev.duel.suite.RunPlan;
import dev.duel.suite.RunnerParts;
import dev.duel.suite.Suite;
import dev.duel.suite.SuiteException;
import dev.duel.suite.SuiteOutcome;
import dev.duel.suite.SuiteRunner;
import dev.duel.suite.file.SuiteLoader;
import dev.duel.suite.store.ResultStore;
import dev.duel.targets.Cgroups;
import dev.duel.targets.JdkResolver;
import dev.duel.targets.TargetSpec;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * The one path by which {@code duel run}, {@code duel demo} and {@code duel smoke} run a suite:
 * load the suite file, check what can be checked before anything runs, print the plan (dry run) or
 * run it so that Ctrl-C or SIGTERM stops what duel started, write the report into the results
 * folder, and map every outcome to an exit code in one place. The commands differ only in the suite
 * they build and what they print around it. Not thread-safe: one session per command.
 */
final class SuiteSession {
    private final String command;
    private final Path home;
    private final PrintStream out;
    private final PrintStream err;
    private final boolean verbose;
    private final JdkResolver jdks = new JdkResolver();
    private final Cgroups cgroups = new Cgroups();
    private UnaryOperator<RunnerParts> localParts = UnaryOperator.identity();
    private boolean briefProgress;
    private HistoryRecording history;

    /** @param command the subcommand, named in error messages ("run" names none: it is the main one) */
    SuiteSession(String command, Path home, PrintStream out, PrintStream err, boolean verbose) {
        this.command = command;
        this.home = home;
        this.out = out;
        this.err = err;
        this.verbose = verbose;
    }

    /**
     * This session with the parts of a run on this machine changed by {@code change} (tests replace the host drift
     * probe, a fresh JVM timed twice a run, when they are about something else); the real parts by default.
     */
    SuiteSession withLocalParts(UnaryOperator<RunnerParts> change) {
        this.localParts = change;
        return this;
    }

    /** This session recording its report's conclusions as {@code recording} says (none by default). */
    SuiteSession withHistory(HistoryRecording recording) {
        this.history = recording;
        return this;
    }

    /** This session printing one line per run (the demo's, whose answer must fit on a screen). */
    SuiteSession withBriefProgress() {
        this.briefProgress = true;
        return this;
    }

    /**
     * How a session ended.
     *
     * @param exitCode what the command returns
     * @param outcome  the suite's outcome, or null when nothing ran (a usage error, a dry run, a stop)
     * @param report   the report built from the folder's records, or null
     * @param markdown the report as Markdown, as written, or null
     */
    record Result(int exitCode, Path directory, SuiteOutcome outcome, Report report, String markdown) {
        static Result of(int exitCode, Path directory) {
            return new Result(exitCode, directory, null, null, null);
        }
    }

    /**
     * After the runs of {@code duel demo} or {@code duel compare}: the answer in brief (at most a screen: the full
     * tables are in report.md, report.html and summary.json), then how long it took and where report.html is.
     *
     * @return false when there was no report to print (a dry run, a stop)
     */
    static boolean printBrief(PrintStream out, Result result, String command, long startNanos) {
        if (result.markdown() == null || result.report() == null) {
            return false;
        }
        out.println();
        out.print(new dev.duel.report.render.TerminalRenderer().brief(result.report()));
        out.println();
        out.printf(
                Locale.ROOT,
                "duel %s: done in %s. Open %s%n",
                command,
                SuiteProgress.clock(System.nanoTime() - startNanos),
                result.directory().resolve("report.html").toAbsolutePath());
        return true;
    }

    /**
     * @param suiteFile the suite
     * @param results   its results folder, or null for results/&lt;suite name&gt;
     * @param dryRun    print the plan and run nothing
     */
    Result run(Path suiteFile, Path results, boolean dryRun) throws InterruptedException {
        return run(suiteFile, results, dryRun, SuiteRunner.Resume.REFUSE_CHANGES);
    }

    /**
     * As {@link #run(Path, Path, boolean)}; {@code resume} says whether a resume may cross a rebuilt
     * jar, an updated JDK or another duel ({@code --resume-anyway}).
     */
    Result run(Path suiteFile, Path results, boolean dryRun, SuiteRunner.Resume resume) throws InterruptedException {
        return run(suiteFile, results, dryRun, resume, null);
    }

    /**
     * Where a suite runs: on Kubernetes ({@code duel run --kubernetes}), in {@code namespace} (null: the kubeconfig's
     * context's, or the Pod's own).
     */
    record OnKubernetes(String namespace) {}

    /** As above, on Kubernetes when {@code kubernetes} is not null ({@link KubernetesRun}), else on this machine. */
    Result run(Path suiteFile, Path results, boolean dryRun, SuiteRunner.Resume resume, OnKubernetes kubernetes)
            throws InterruptedException {
        Suite suite;
        try {
            suite = new SuiteLoader(home).load(suiteFile);
        } catch (SuiteException e) {
            return Result.of(fail(e, ExitCodes.USAGE), results);
        }
        Path directory = results != null ? results : Path.of("results", suite.name());
        if (kubernetes != null && suite.kubernetes() == null) {
            err.println(prefix() + suite.file() + " has no kubernetes: section: add one naming duel's image and each"
                    + " target's (docs/kubernetes.md), or run without --kubernetes");
            return Result.of(ExitCodes.USAGE, directory);
        }
        String refused = kubernetes == null ? null : KubernetesRun.refusal(suite);
        if (refused != null) {
            err.println(prefix() + suite.file() + ": " + refused);
            return Result.of(ExitCodes.USAGE, directory);
        }
        SuiteProgress progress = new SuiteProgress(out, System::nanoTime, briefProgress);
        KubernetesRun cluster = kubernetes == null ? null : KubernetesRun.connecting(suite, kubernetes.namespace());
        try {
            RunnerParts parts = localParts.apply(RunnerParts.onThisMachine(jdks, cgroups, home));
            SuiteRunner runner = cluster == null
                    ? SuiteRunner.onThisMachine(suite, directory, progress, parts, resume)
                    : cluster.runner(suite, directory, progress, parts, resume);
            return run(suite, directory, dryRun, runner, cluster != null);
        } finally {
            if (cluster != null) {
                cluster.close();
            }
        }
    }

    private Result run(Suite suite, Path directory, boolean dryRun, SuiteRunner runner, boolean onKubernetes)
            throws InterruptedException {
        try {
            runner.preflight();
            ReportBuilder.checkThresholds(
                    suite.thresholds(),
                    suite.targets().stream().map(t -> t.name()).toList());
        } catch (SuiteException e) {
            return Result.of(fail(e, ExitCodes.USAGE), directory);
        } catch (ReportException e) {
            // A threshold the report could not read would only show after every run: say so before the first.
            err.println(prefix() + suite.file() + ": thresholds: " + e.getMessage());
            return Result.of(ExitCodes.USAGE, directory);
        }
        dev.duel.suite.micro.MicroPlan micro;
        try {
            micro = SuiteMicro.plan(suite, jdks, home);
            if (micro != null && onKubernetes) {
                err.println(prefix() + suite.file() + ": micro: its benchmarks would run on duel's machine, not on"
                        + " Kubernetes: run them without --kubernetes (another suite file), or remove micro:");
                return Result.of(ExitCodes.USAGE, directory);
            }
            if (micro != null && !dryRun) {
                SuiteMicro.check(micro);
            }
        } catch (IllegalArgumentException | IOException e) {
            err.println(prefix() + suite.file() + ": micro: " + e.getMessage());
            return Result.of(ExitCodes.USAGE, directory);
        }
        if (dryRun) {
            printPlan(suite, directory);
            if (onKubernetes) {
                out.println(
                        "on Kubernetes: each run's target a fresh Pod of its image (requests = limits), "
                                + suite.kubernetes().agents() + " load agent(s) of "
                                + suite.kubernetes().image()
                                + " on other nodes, the services as Pods (docs/kubernetes.md); nothing is created by a dry run");
            }
            return Result.of(ExitCodes.OK, directory);
        }
        String noHistory = history == null ? null : history.check(directory);
        if (noHistory != null) {
            err.println(prefix() + noHistory);
            return Result.of(ExitCodes.USAGE, directory);
        }
        // One duel per folder, from before the runner touches it (a killed duel's temporary files and processes) to
        // the report: a second one refuses at once instead of ending the first's target.
        return HeldFolder.run(
                directory,
                "duel " + command + " " + suite.file(),
                prefix(),
                err,
                Result.of(ExitCodes.USAGE, directory),
                () -> measure(suite, directory, runner, micro));
    }

    /** The runs, the suite's micro benchmarks and the report, with the folder held. */
    private Result measure(Suite suite, Path directory, SuiteRunner runner, dev.duel.suite.micro.MicroPlan micro)
            throws InterruptedException {
        SuiteOutcome outcome;
        try {
            outcome = StoppableRun.run(runner);
        } catch (SuiteException e) {
            fail(e, ExitCodes.STOPPED);
            err.println(prefix() + "completed runs are kept in " + directory + "; " + resumeHint(directory));
            return Result.of(ExitCodes.STOPPED, directory);
        }
        int microFailed = 0;
        if (micro != null) {
            try {
                microFailed = SuiteMicro.run(micro, directory, jdks, home, out);
            } catch (IllegalArgumentException | IOException e) {
                err.println(prefix() + "micro benchmarks: " + e.getMessage());
                microFailed = 1;
            }
        }
        Report report;
        try {
            ResultsReader.Results results = new ResultsReader().read(List.of(directory));
            report = new ReportBuilder(results, ReportOptions.DEFAULT.withSameWithin(results.sameWithin())).build();
            report = dev.duel.report.build.MicroChain.attach(report, directory, 0.95);
        } catch (ReportException e) {
            err.println(prefix() + "the runs are recorded in " + directory
                    + ", but no report could be built from them: " + e.getMessage());
            // Runs that were not clean say more than an unreadable report; else the same code as duel report.
            return new Result(outcome.clean() ? ExitCodes.USAGE : ExitCodes.NOT_CLEAN, directory, outcome, null, null);
        }
        String markdown;
        try {
            markdown = ReportFiles.write(report, directory, err);
        } catch (IOException e) {
            err.println(
                    prefix() + "the runs are recorded in " + directory + ", but the report could not be written there ("
                            + e.getMessage() + "); run ./duel report " + directory + " --out DIR");
            return new Result(
                    outcome.clean() ? ExitCodes.USAGE : ExitCodes.NOT_CLEAN, directory, outcome, report, null);
        }
        if (history != null) {
            history.record(directory, out, err, prefix());
        }
        // A micro fork that failed is a run that failed: the suite finished, but not cleanly.
        int exitCode = microFailed > 0 ? ExitCodes.NOT_CLEAN : exitCode(outcome, report);
        return new Result(exitCode, directory, outcome, report, markdown);
    }

    /** Not clean beats a failed threshold: a threshold over runs that failed says little. */
    static int exitCode(SuiteOutcome outcome, Report report) {
        if (!outcome.clean()) {
            return ExitCodes.NOT_CLEAN;
        }
        return report != null && report.thresholdFailed() ? ExitCodes.CHECKS_FAILED : ExitCodes.OK;
    }

    /**
     * How to go on after a stop: the same command for run; demo and smoke make a new folder unless told this one;
     * compare's folder holds its suite file.
     */
    private String resumeHint(Path directory) {
        if (command.equals("compare")) {
            // The comparison is the suite file beside its records: a changed command line is another comparison.
            return "run duel run " + directory.resolve("suite.yaml") + " --results " + directory
                    + " to resume (a fix on the command line is a new comparison: run duel compare again)";
        }
        return command.equals("run")
                ? "run the same command again to resume"
                : "run duel " + command + " --results " + directory + " to resume";
    }

    private String prefix() {
        return command.equals("run") ? "duel: " : "duel: " + command + ": ";
    }

    private int fail(SuiteException e, int code) {
        err.println(prefix() + e.getMessage());
        if (verbose) {
            e.printStackTrace(err);
        }
        return code;
    }

    /**
     * "ready when GET /health answers 200 (within 120 s); identity on /health: /app == "minimal", /db == "ok"": what a
     * start waits for and checks, so that a suite written for another app shows its mismatch before an hour of runs.
     */
    static String readiness(TargetSpec target) {
        dev.duel.targets.ReadySpec ready = target.ready() == null ? dev.duel.targets.ReadySpec.DEFAULT : target.ready();
        return String.format(
                        Locale.ROOT,
                        "ready when GET %s answers %d (within %d s); ",
                        ready.path(),
                        ready.status(),
                        ready.timeout().toSeconds())
                + (target.identity().isEmpty()
                        ? "no identity checked"
                        : "identity on " + ready.path() + ": "
                                + String.join(
                                        ", ",
                                        target.identity().stream()
                                                .map(Object::toString)
                                                .toList()));
    }

    /**
     * "port: a free one, passed as PORT=${port}": where the target learns the port duel connects to; a suite that passes
     * it nowhere is said so (a Spring Boot app reads SERVER_PORT, not PORT).
     */
    static String port(TargetSpec target) {
        if (target.port() != null) {
            return "port: " + target.port() + " (fixed)";
        }
        List<String> passed = new java.util.ArrayList<>();
        target.env().forEach((name, value) -> {
            if (value.contains("${port}")) {
                passed.add(name + "=" + value);
            }
        });
        target.jvmArgs().stream().filter(a -> a.contains("${port}")).forEach(passed::add);
        target.command().stream().filter(a -> a.contains("${port}")).forEach(passed::add);
        return passed.isEmpty()
                ? "port: a free one, but passed nowhere: no env, argument or command uses ${port} (a Spring Boot app"
                        + " reads SERVER_PORT, others PORT or -Dserver.port)"
                : "port: a free one, passed as " + String.join(", ", passed);
    }

    /** The runs in order, the targets' JDKs and limits (the mechanism read, no group made), the time it should take. */
    void printPlan(Suite suite, Path directory) {
        out.printf(
                Locale.ROOT,
                "suite %s (%s): %s, order %s, cooldown %d s%n",
                suite.name(),
                suite.file(),
                suite.repetitions().budgeted()
                        ? RunPlan.of(suite, suite.repetitions().min()).size() + " runs or more (repetitions "
                                + suite.repetitions().describe() + ")"
                        : suite.repetitions().adaptive()
                                ? RunPlan.of(suite, suite.repetitions().min()).size() + " to "
                                        + RunPlan.of(suite).size() + " runs (repetitions "
                                        + suite.repetitions().min()
                                        + " to " + suite.repetitions().max() + " until "
                                        + suite.repetitions().until().describe() + ")"
                                : RunPlan.of(suite).size() + " runs",
                suite.order() == Suite.Order.RANDOM
                        ? "random (seed " + suite.seed() + ")"
                        : suite.order().key(),
                suite.cooldown().toSeconds());
        out.println("targets:");
        for (TargetSpec target : suite.targets()) {
            String java = target.java() == null
                    ? "command"
                    : jdks.resolve(target.java()).toString();
            out.printf(
                    Locale.ROOT,
                    "  %-14s %s%n  %-14s limits %s via %s%n",
                    target.name(),
                    java,
                    "",
                    target.limits(),
                    cgroups.mechanismFor(target.limits()));
            out.printf(Locale.ROOT, "  %-14s %s%n", "", readiness(target));
            out.printf(Locale.ROOT, "  %-14s %s%n", "", port(target));
            if (suite.aotCache(target.name()) != null) {
                out.printf(
                        Locale.ROOT,
                        "  %-14s AOT cache trained first: %s for %d s%n",
                        "",
                        suite.aotCache(target.name()).trainScenario(),
                        suite.aotCache(target.name()).trainFor().toSeconds());
            }
        }
        suite.services().forEach(service -> out.println("service " + service.describe()));
        printStarts(suite);
        ResultStore store = new ResultStore(directory);
        long nanos = 0;
        boolean duet = suite.order().pairs();
        Suite.Repetitions repetitions = suite.repetitions();
        // Within a budget, the minimum is planned; the rest is added while it fits, at most the budget.
        List<RunPlan> plans = repetitions.budgeted() ? RunPlan.of(suite, repetitions.min()) : RunPlan.of(suite);
        for (int i = 0; i < plans.size(); i++) {
            RunPlan plan = plans.get(i);
            // A duet's two runs take the time of one: they run side by side.
            nanos += store.done(plan) || (duet && i % 2 == 1)
                    ? 0
                    : SuiteProgress.guessNanos(suite, plan) + suite.cooldown().toNanos();
        }
        out.println(
                repetitions.budgeted()
                        ? "runs (about " + SuiteProgress.clock(nanos) + " for the first " + repetitions.min()
                                + " repetitions, "
                                + (nanos >= repetitions.budget().toNanos()
                                        ? "which alone spend the budget of "
                                                + SuiteProgress.clock(
                                                        repetitions.budget().toNanos())
                                                + ": none is added after them):"
                                        : "then one more at a time while the answer is unclear and another fits"
                                                + " the budget of "
                                                + SuiteProgress.clock(
                                                        repetitions.budget().toNanos()) + "):")
                        : "runs (about " + SuiteProgress.clock(nanos) + " in all"
                                + (repetitions.adaptive() ? " at most" : "") + ", before any repeats):");
        for (int i = 0; i < plans.size(); i++) {
            RunPlan plan = plans.get(i);
            boolean done = store.done(plan);
            out.printf(
                    Locale.ROOT,
                    "  %03d  %-14s %s, repetition %d%s%s%n",
                    plan.index(),
                    plan.target(),
                    String.join(" + ", plan.scenarios()),
                    plan.repetition(),
                    !duet
                            ? ""
                            : suite.order() == Suite.Order.INTERLEAVED
                                    ? (i % 2 == 0
                                            ? ", in turns with "
                                                    + plans.get(i + 1).fileStem()
                                            : ", its interleaved partner")
                                    : i % 2 == 0
                                            ? ", side by side with "
                                                    + plans.get(i + 1).fileStem()
                                            : ", its duet partner",
                    done
                            ? "  (done: will be skipped)"
                            : plan.repetition() > suite.repetitions().min()
                                    ? "  (only while the interval is too wide)"
                                    : "");
        }
        out.println("results: " + directory.toAbsolutePath());
    }

    /**
     * Every program the suite will start, with its arguments and environment, and every file it reads a secret from: a
     * suite file is code (a command, a JVM flag such as -javaagent, any {@code java:} binary), so a dry run shows what a
     * suite written by someone else would run before it runs (limits wrappers and duel's own flags aside).
     */
    private void printStarts(Suite suite) {
        out.println("starts (a suite file is code: read these before running one you did not write):");
        for (TargetSpec target : suite.targets()) {
            List<String> line = new java.util.ArrayList<>();
            if (target.java() != null) {
                line.add(jdks.resolve(target.java()).java().toString());
                line.addAll(target.jvmArgs());
                line.add("-jar");
                line.add(String.valueOf(target.jar()));
            } else {
                line.addAll(target.command());
            }
            out.println("  target " + target.name() + ": " + String.join(" ", line) + environment(target.env()));
        }
        for (dev.duel.targets.ServiceSpec service : suite.services()) {
            if (service instanceof dev.duel.targets.ServiceSpec.Command command) {
                out.println("  service " + command.name() + ": " + String.join(" ", command.command())
                        + environment(command.env()));
            } else if (service instanceof dev.duel.targets.ServiceSpec.EmbeddedPostgres postgres) {
                out.println("  service " + postgres.name() + ": " + postgres.launcherJar() + " (duel's own launcher)");
            }
        }
        if (suite.loadgen().tokenFile() != null) {
            out.println("  the agents' token from " + suite.loadgen().tokenFile() + ": whoever holds it can start any"
                    + " command on those agents");
        }
    }

    private static String environment(java.util.Map<String, String> env) {
        return env.isEmpty()
                ? ""
                : "  with "
                        + String.join(
                                " ",
                                new java.util.TreeMap<>(env)
                                        .entrySet().stream()
                                                .map(e -> e.getKey() + "=" + e.getValue())
                                                .toList());
    }

    /** A suite file's text from a template in duel's jar, with its {@code @NAME@} placeholders filled. */
    static String template(String resource, Function<String, String> fill) throws IOException {
        try (java.io.InputStream in = SuiteSession.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IOException(resource + " is missing from duel's jar");
            }
            return fill.apply(new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8));
        }
    }
}
