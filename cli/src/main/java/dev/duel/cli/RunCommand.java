package dev.duel.cli;

import dev.duel.suite.RunnerParts;
import dev.duel.suite.SuiteRunner;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.function.UnaryOperator;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code duel run SUITE.yaml}: every run of a suite, alternating, gated, one record per run, resumable; then its report. */
@Command(
        name = "run",
        header = "Run a suite file: fresh targets, every run gated and recorded.",
        description = {
            "Runs a suite: each target started fresh under its limits, in the suite's order (alternating runs, "
                    + "interleaved pairs or a duet), every run gated "
                    + "(a quiet machine, a load generator with headroom, the right target), one JSON record per run; then "
                    + "writes the report (report.md, report.html, summary.json, charts/) into the results folder. Running it "
                    + "again into the same results folder skips completed runs and redoes the one cut short; it refuses when "
                    + "a target's jar, its JDK build or duel changed since the folder's first runs."
        },
        footer = {
            "",
            "Examples:",
            "  duel run suites/jdk17-vs-jdk25.yaml",
            "  duel run suites/cpu-bound.yaml --results /data/duel/cpu-bound --dry-run",
            "  duel run suites/jdk17-vs-jdk25.yaml --kubernetes --namespace bench",
            "",
            ExitCodes.HELP
        },
        sortOptions = false,
        mixinStandardHelpOptions = true,
        versionProvider = Duel.Version.class)
final class RunCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "SUITE", description = "the suite file (YAML)")
    Path suiteFile;

    @Option(names = "--results", paramLabel = "DIR", description = "results folder (default: results/<suite name>)")
    Path results;

    @Option(
            names = "--dry-run",
            description =
                    "print the runs in order, the targets' JDKs and limits, and the time it should take; run nothing")
    boolean dryRun;

    @Option(
            names = "--resume-anyway",
            description = "resume into a folder whose runs were measured with another jar, JDK build or duel;"
                    + " every later record and the report say what changed")
    boolean resumeAnyway;

    @Option(
            names = "--kubernetes",
            description = "run on Kubernetes (the suite's kubernetes: section): each run's target a fresh Pod with"
                    + " requests = limits, the load from agent Pods on other nodes, everything deleted at the end"
                    + " and on Ctrl-C (docs/kubernetes.md)")
    boolean kubernetes;

    @Option(
            names = "--namespace",
            paramLabel = "N",
            description = "with --kubernetes: the namespace (default: the kubeconfig context's, or duel's Pod's)")
    String namespace;

    /** Where the report's conclusions are recorded (history.db beside the results folder by default). */
    @picocli.CommandLine.Mixin
    HistoryRecording history = new HistoryRecording();

    @CommandLine.ParentCommand
    Duel parent;

    /** Changes the parts of a run on this machine; tests replace the host drift probe ({@link SuiteSession#withLocalParts}). */
    private final UnaryOperator<RunnerParts> localParts;

    RunCommand() {
        this(UnaryOperator.identity());
    }

    RunCommand(UnaryOperator<RunnerParts> localParts) {
        this.localParts = localParts;
    }

    @Override
    public Integer call() throws Exception {
        if (namespace != null && !kubernetes) {
            System.err.println("duel: --namespace " + namespace + " is for a run on Kubernetes: add --kubernetes,"
                    + " or drop --namespace");
            return ExitCodes.USAGE;
        }
        SuiteSession.Result result = new SuiteSession(
                        "run", DuelHome.locate(), System.out, System.err, parent != null && parent.verbose)
                .withLocalParts(localParts)
                .withHistory(history)
                .run(
                        suiteFile,
                        results,
                        dryRun,
                        resumeAnyway ? SuiteRunner.Resume.ANYWAY : SuiteRunner.Resume.REFUSE_CHANGES,
                        kubernetes ? new SuiteSession.OnKubernetes(namespace) : null);
        if (result.report() != null && result.markdown() != null) {
            result.report()
                    .thresholds()
                    .forEach(t -> System.out.println(
                            (t.passed() ? "pass " : "FAIL ") + t.expression() + "  ->  " + t.detail()));
            System.out.println(
                    "report: " + result.directory().resolve("report.html") + " (also report.md, summary.json, charts/; "
                            + "duel report " + result.directory() + " prints it)");
        }
        return result.exitCode();
    }
}
