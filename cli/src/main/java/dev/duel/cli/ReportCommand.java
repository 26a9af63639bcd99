package dev.duel.cli;

import dev.duel.report.ReportBuilder;
import dev.duel.report.ReportException;
import dev.duel.report.ReportOptions;
import dev.duel.report.build.MicroChain;
import dev.duel.report.build.MicroReportBuilder;
import dev.duel.report.model.Report;
import dev.duel.report.read.MicroReader;
import dev.duel.report.read.ResultsReader;
import dev.duel.report.render.TerminalRenderer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code duel report}: statistics, comparisons and thresholds over the records of one or more results folders. */
@Command(
        name = "report",
        header = "Compare the targets in results folders, with verdicts.",
        description = {
            "Reads the run records in RESULTS folders (written by duel run) and prints, per scenario, the median, "
                    + "range and spread of every measure per target, each target against the baseline with a 95%% confidence "
                    + "interval and a verdict, warm-up curves, the runs left out and why, and thresholds. Writes report.md, "
                    + "report.html (self-contained), charts/*.png and summary.json into the first folder (or --out)."
        },
        footer = {
            "",
            "Examples:",
            "  duel report results/demo-jdk17-vs-jdk25",
            "  duel report results/jdk17-vs-jdk25 --baseline jdk17 \\",
            "      --threshold 'jdk25.rps >= 0.95 * jdk17.rps' --junit report-junit.xml",
            "  duel report results/pr-42 --pr-comment comment.md \\",
            "      --report-url 'https://github.com/acme/shop/actions/runs/7#artifacts'",
            "",
            "Thresholds: [scenario:] LEFT OP RIGHT, e.g. 'jdk25.rps >= 0.95 * jdk17.rps', '*.p99 < 50ms',",
            "'product: *.errors == 0', '*.startup < 5s'. Measures: rps p50 p90 p99 p99.9 mean errors cpu cores",
            "throttled anon (peak anonymous memory; rss for schema-1 records) startup SERVICE.cores.",
            "",
            ExitCodes.HELP
        },
        sortOptions = false,
        mixinStandardHelpOptions = true,
        versionProvider = Duel.Version.class)
final class ReportCommand implements Callable<Integer> {
    @Parameters(arity = "1..*", paramLabel = "RESULTS", description = "results folders, e.g. results/jdk17-vs-jdk25")
    List<Path> directories = new ArrayList<>();

    @Option(
            names = "--baseline",
            paramLabel = "TARGET",
            description = "compare every other target with this one (default: the first run)")
    String baseline;

    @Option(
            names = "--max-apart",
            paramLabel = "DURATION",
            converter = Converters.DurationConverter.class,
            defaultValue = "2h",
            description = "refuse to compare runs taken further apart than this (default: ${DEFAULT-VALUE})")
    Duration maxApart;

    @Option(
            names = "--allow-distant",
            description = "compare distant runs or different environments anyway, under a loud label")
    boolean allowDistant;

    @Option(
            names = "--same-within",
            paramLabel = "PERCENT",
            converter = Converters.FractionConverter.class,
            description =
                    "the equivalence margin: a row whose 90%% interval lies within +-this says \"the same within\""
                            + " (default: the suite's sameWithin, else 5%%)")
    Double sameWithin;

    @Option(names = "--threshold", paramLabel = "EXPR", description = "a threshold beside the suite's own; repeatable")
    List<String> thresholds = new ArrayList<>();

    @Option(
            names = "--out",
            paramLabel = "DIR",
            description = "where the report files go (default: the first RESULTS folder)")
    Path out;

    @Option(
            names = "--junit",
            paramLabel = "FILE",
            description = "also write the JUnit XML (report-junit.xml: a test case per threshold and per comparison"
                    + " row) to FILE, for a CI system's test report")
    Path junit;

    @Option(
            names = "--pr-comment",
            paramLabel = "FILE",
            description = "also write a pull request's comment (Markdown, marked so a workflow edits one comment"
                    + " per suite, under GitHub's 65,536 characters) to FILE")
    Path prComment;

    @Option(
            names = "--report-url",
            paramLabel = "URL",
            description = "where the comment links the whole report (the job's artifact or a page)")
    String reportUrl;

    @Option(
            names = "--against",
            paramLabel = "REF",
            description = "also compare each target with its runs at REF in the history: a branch (its last 5"
                    + " entries), a tag, a commit, a label or an entry id, on the same machine")
    String against;

    /** The history: where --against reads, and where the report's conclusions are recorded. */
    @picocli.CommandLine.Mixin
    HistoryRecording history = new HistoryRecording();

    @Override
    public Integer call() throws Exception {
        if (directories.size() == 1 && MicroReader.isMicro(directories.get(0))) {
            return micro(directories.get(0));
        }
        Report report;
        try {
            ResultsReader.Results results = new ResultsReader().read(directories);
            duplicates(results.duplicates()).forEach(note -> System.err.println("duel: " + note));
            ReportOptions options = new ReportOptions(
                    baseline,
                    maxApart,
                    allowDistant,
                    thresholds,
                    0.95,
                    0.20,
                    sameWithin != null ? sameWithin : results.sameWithin());
            report = new ReportBuilder(results, options).build();
            report = MicroChain.attach(report, directories.get(0), 0.95);
            if (against != null) {
                report = againstHistory(report, results, options.sameWithin());
            }
        } catch (ReportException e) {
            System.err.println("duel: " + e.getMessage());
            return ExitCodes.USAGE;
        } catch (dev.duel.history.HistoryException e) {
            System.err.println("duel: report: --against " + against + ": " + e.getMessage());
            return ExitCodes.USAGE;
        }
        Path folder = out != null ? out : directories.get(0);
        try {
            ReportFiles.write(report, folder, System.err);
        } catch (IOException e) {
            System.err.println("duel: cannot write the report into " + folder + " (" + e.getMessage()
                    + "); give a writable folder with --out");
            return ExitCodes.USAGE;
        }
        System.out.print(new TerminalRenderer().render(report));
        System.out.println();
        System.out.println("report: " + folder.resolve("report.html")
                + " (also report.md, summary.json, report-junit.xml, charts/)");
        if (directories.size() == 1) {
            history.record(directories.get(0), System.out, System.err, "duel: report: ");
        }
        int exit = report.thresholdFailed() ? ExitCodes.CHECKS_FAILED : ExitCodes.OK;
        if (junit != null) {
            try {
                dev.duel.suite.store.AtomicJson.writeBytes(
                        junit,
                        new dev.duel.report.render.JunitXmlRenderer()
                                .render(report)
                                .getBytes(java.nio.charset.StandardCharsets.UTF_8));
            } catch (IOException e) {
                System.err.println("duel: cannot write --junit " + junit + " (" + e.getMessage() + "); the report's"
                        + " own copy is " + folder.resolve(ReportFiles.JUNIT_FILE));
                // A failed threshold stays the answer (exit 1); else the unwritten file is the command's fault.
                return exit == ExitCodes.OK ? ExitCodes.USAGE : exit;
            }
        }
        if (prComment != null) {
            try {
                dev.duel.suite.store.AtomicJson.writeBytes(
                        prComment,
                        new dev.duel.report.render.PullRequestCommentRenderer()
                                .render(
                                        report,
                                        reportUrl,
                                        dev.duel.report.render.PullRequestCommentRenderer.GITHUB_LIMIT)
                                .getBytes(java.nio.charset.StandardCharsets.UTF_8));
            } catch (IOException e) {
                System.err.println("duel: cannot write --pr-comment " + prComment + " (" + e.getMessage()
                        + "); give a writable file");
                return exit == ExitCodes.OK ? ExitCodes.USAGE : exit;
            }
        }
        return exit;
    }

    /**
     * {@code report} with each target against its runs at {@link #against} in the history, read before anything is
     * written: a reference that is not there, or only on another machine, is a usage error with nothing written.
     */
    private Report againstHistory(Report report, ResultsReader.Results results, double sameWithin)
            throws dev.duel.history.HistoryException {
        java.util.Set<String> suites = new java.util.LinkedHashSet<>();
        results.runs().forEach(run -> suites.add(run.record().suite()));
        if (suites.size() != 1) {
            throw new dev.duel.history.HistoryException("these runs are of " + suites.size() + " suites ("
                    + String.join(", ", suites) + "): a reference is one suite's; report each folder apart");
        }
        String suite = suites.iterator().next();
        java.util.Set<String> fingerprints = new java.util.LinkedHashSet<>();
        results.runs().stream()
                .map(dev.duel.report.read.RunData::environment)
                .filter(java.util.Objects::nonNull)
                .forEach(fingerprints::add);
        String location = history.location(directories.get(0));
        try (dev.duel.history.HistoryStore store =
                dev.duel.history.HistoryStore.openExisting(location, dev.duel.record.DuelVersion.current())) {
            dev.duel.history.HistoryBaseline baseline = dev.duel.history.HistoryBaseline.resolve(
                    against,
                    suite,
                    store.entries(suite),
                    fingerprints,
                    dev.duel.history.HistoryEntries.id(suite, results.runs()),
                    allowDistant,
                    store.shown());
            return dev.duel.report.build.PastComparisons.attach(
                    report,
                    baseline.reference(),
                    baseline.described(),
                    baseline.notes(),
                    baseline.lookup(),
                    0.95,
                    sameWithin);
        }
    }

    /**
     * One line per folder whose records hold runs already read (each counted once): "./r is r again: its runs count
     * once", "r2 holds 6 run record(s) of runs already read from r (the same records): each counts once".
     */
    private static List<String> duplicates(List<ResultsReader.Duplicate> duplicates) {
        Map<List<String>, Integer> byFolders = new LinkedHashMap<>();
        duplicates.forEach(d -> byFolders.merge(List.of(d.source(), d.firstSource()), 1, Integer::sum));
        List<String> notes = new ArrayList<>();
        byFolders.forEach((folders, count) -> notes.add(
                sameFolder(folders.get(0), folders.get(1))
                        ? folders.get(0) + " is " + folders.get(1) + " again: its runs count once"
                        : folders.get(0) + " holds " + count + " run record(s) of runs already read from "
                                + folders.get(1) + " (the same records): each counts once"));
        return notes;
    }

    private static boolean sameFolder(String a, String b) {
        try {
            return Files.isSameFile(Path.of(a), Path.of(b));
        } catch (IOException e) {
            return false;
        }
    }

    /** A {@code duel micro} folder: its own report (thresholds and baselines are the HTTP report's business). */
    private Integer micro(Path folder) {
        Path target = out != null ? out : folder;
        try {
            System.out.print(
                    ReportFiles.writeMicro(new MicroReportBuilder(0.95).build(MicroReader.read(folder)), target));
        } catch (ReportException e) {
            System.err.println("duel: " + e.getMessage());
            return ExitCodes.USAGE;
        } catch (IOException e) {
            System.err.println("duel: cannot write the report into " + target + " (" + e.getMessage()
                    + "); give a writable folder with --out");
            return ExitCodes.USAGE;
        }
        System.out.println();
        System.out.println("report: " + target.resolve("report.html") + " (also report.md, summary.json)");
        return ExitCodes.OK;
    }
}
