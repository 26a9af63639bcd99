package dev.duel.cli;

import dev.duel.suite.ResultStore;
import dev.duel.suite.RunPlan;
import dev.duel.suite.Suite;
import dev.duel.suite.SuiteException;
import dev.duel.suite.SuiteLoader;
import dev.duel.suite.SuiteOutcome;
import dev.duel.suite.SuiteRunner;
import dev.duel.targets.Cgroups;
import dev.duel.targets.JdkResolver;
import dev.duel.targets.LimitedGroup;
import dev.duel.targets.TargetSpec;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code duel run SUITE.yaml}: every run of a suite, alternating, gated, one record per run, resumable. */
@Command(name = "run",
        description = {
                "Runs a suite: each target started fresh under its limits, the targets in alternation, every run",
                "gated (a quiet machine, a load generator with headroom, the right target), one JSON record per run.",
                "Running it again into the same results folder skips completed runs and redoes the one cut short."},
        footer = {"", "Examples:",
                "  duel run suites/jdk17-vs-jdk25.yaml",
                "  duel run suites/cpu-bound.yaml --results /data/duel/cpu-bound --dry-run",
                "", ExitCodes.HELP},
        sortOptions = false, mixinStandardHelpOptions = true, versionProvider = Duel.Version.class)
final class RunCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "SUITE", description = "the suite file (YAML)")
    Path suiteFile;

    @Option(names = "--results", paramLabel = "DIR", description = "results folder (default: results/<suite name>)")
    Path results;

    @Option(names = "--dry-run", description = "print the runs in order, the targets' JDKs and limits, and the time it should take; run nothing")
    boolean dryRun;

    @CommandLine.ParentCommand
    Duel parent;

    @Override
    public Integer call() throws Exception {
        PrintStream err = System.err;
        Path home = DuelHome.locate();
        Suite suite;
        try {
            suite = new SuiteLoader(home).load(suiteFile);
        } catch (SuiteException e) {
            return fail(err, e, ExitCodes.USAGE);
        }
        Path directory = results != null ? results : Path.of("results", suite.name());
        Cgroups cgroups = new Cgroups();
        JdkResolver jdks = new JdkResolver();
        SuiteProgress progress = new SuiteProgress(System.out, System::nanoTime);
        SuiteRunner runner = new SuiteRunner(suite, directory, progress, jdks, cgroups, home);
        try {
            runner.preflight();
        } catch (SuiteException e) {
            return fail(err, e, ExitCodes.USAGE);
        }
        if (dryRun) {
            printPlan(System.out, suite, directory, jdks, cgroups);
            return ExitCodes.OK;
        }
        try {
            SuiteOutcome outcome = StoppableRun.run(runner);
            return outcome.clean() ? ExitCodes.OK : ExitCodes.NOT_CLEAN;
        } catch (SuiteException e) {
            fail(err, e, ExitCodes.STOPPED);
            err.println("duel: completed runs are kept in " + directory + "; run the same command again to resume");
            return ExitCodes.STOPPED;
        }
    }

    private int fail(PrintStream err, SuiteException e, int code) {
        err.println("duel: " + e.getMessage());
        if (parent != null && parent.verbose) {
            e.printStackTrace(err);
        }
        return code;
    }

    static void printPlan(PrintStream out, Suite suite, Path directory, JdkResolver jdks, Cgroups cgroups) {
        out.printf(Locale.ROOT, "suite %s (%s): %d runs, order %s, cooldown %d s%n", suite.name(), suite.file(),
                RunPlan.of(suite).size(), suite.order().name().toLowerCase(Locale.ROOT), suite.cooldown().toSeconds());
        out.println("targets:");
        for (TargetSpec target : suite.targets()) {
            String java = target.java() == null ? "command" : jdks.resolve(target.java()).toString();
            LimitedGroup probe = cgroups.create("dry-run", target.limits());
            String mechanism = probe.mechanism();
            probe.close();
            out.printf(Locale.ROOT, "  %-14s %s%n  %-14s limits %s via %s%n", target.name(), java, "", target.limits(), mechanism);
        }
        suite.services().forEach(service -> out.println("service " + service.describe()));
        ResultStore store = new ResultStore(directory);
        long nanos = 0;
        for (RunPlan plan : RunPlan.of(suite)) {
            nanos += store.done(plan) ? 0 : SuiteProgress.guessNanos(suite, plan) + suite.cooldown().toNanos();
        }
        out.println("runs (about " + SuiteProgress.clock(nanos) + " in all, before any repeats):");
        for (RunPlan plan : RunPlan.of(suite)) {
            boolean done = store.done(plan);
            out.printf(Locale.ROOT, "  %03d  %-14s %s, repetition %d%s%n", plan.index(), plan.target(),
                    String.join(" + ", plan.scenarios()), plan.repetition(), done ? "  (done: will be skipped)" : "");
        }
        out.println("results: " + directory.toAbsolutePath());
    }
}
