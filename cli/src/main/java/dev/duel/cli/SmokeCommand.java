package dev.duel.cli;

import dev.duel.record.Phase;
import dev.duel.record.RecordException;
import dev.duel.record.RecordJson;
import dev.duel.record.Resources;
import dev.duel.record.RunRecord;
import dev.duel.record.Status;
import dev.duel.record.load.PhaseResult;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code duel smoke}: the whole pipeline once, as a self-check: embedded PostgreSQL, both reference
 * apps fresh under limits, identity checks, a short scenario, two alternating repetitions, atomic
 * records, the report built from them; then every record is read back and checked for what a report
 * will need.
 */
@Command(
        name = "smoke",
        header = "Check the whole pipeline on this machine in about a minute.",
        description = {
            "Self-check of the whole pipeline in about a minute: embedded PostgreSQL, both reference apps under 1 "
                    + "CPU / 512 MiB, one short scenario, two alternating repetitions, the report, every record checked."
        },
        footer = {"", "Examples:", "  duel smoke", "  duel smoke --results /tmp/duel-smoke", "", ExitCodes.HELP},
        sortOptions = false,
        mixinStandardHelpOptions = true,
        versionProvider = Duel.Version.class)
final class SmokeCommand implements Callable<Integer> {
    @Option(
            names = "--results",
            paramLabel = "DIR",
            description = "keep the records here (default: a new folder under the temp folder)")
    Path results;

    @CommandLine.ParentCommand
    Duel parent;

    @Override
    public Integer call() throws Exception {
        long startNanos = System.nanoTime();
        PrintStream out = System.out;
        PrintStream err = System.err;
        Path home = DuelHome.locate();
        Path directory = results != null ? results : Files.createTempDirectory("duel-smoke-");
        Files.createDirectories(directory);
        Path suiteFile = directory.resolve("smoke-suite.yaml");
        if (!Files.exists(suiteFile)) {
            Files.writeString(
                    suiteFile,
                    SuiteSession.template(
                            "smoke.yaml",
                            text -> text.replace("@JAVA@", System.getProperty("java.home"))
                                    .replace("@HOME@", home.toString())));
        }
        SuiteSession.Result result = new SuiteSession("smoke", home, out, err, parent != null && parent.verbose)
                .run(suiteFile, directory, false);
        if (result.outcome() == null) {
            return result.exitCode();
        }
        List<String> problems = new ArrayList<>(result.outcome().problems());
        List<String> warnings = new ArrayList<>();
        checkRecords(directory, problems, warnings);
        warnings.forEach(warning -> out.println("smoke: warning: " + warning));
        double seconds = (System.nanoTime() - startNanos) / 1e9;
        if (!problems.isEmpty() || result.exitCode() != ExitCodes.OK) {
            problems.forEach(problem -> err.println("smoke: " + problem));
            err.printf(Locale.ROOT, "smoke: FAILED after %.0f s; records and logs in %s%n", seconds, directory);
            return result.exitCode() != ExitCodes.OK ? result.exitCode() : ExitCodes.NOT_CLEAN;
        }
        out.printf(
                Locale.ROOT,
                "smoke: ok in %.0f s: every part of the pipeline worked (records and report in %s)%n",
                seconds,
                directory);
        return ExitCodes.OK;
    }

    /**
     * Below this much PostgreSQL CPU per request in main, microseconds, its CPU was not counted: every
     * request of the smoke scenario is a query, and a query costs a server process tens of microseconds.
     */
    static final double MIN_POSTGRES_MICROS_PER_REQUEST = 1.0;

    /**
     * Why the PostgreSQL CPU of a smoke run cannot be right, or null: it must be read in main, and large
     * enough for the queries main sent (0 would mean the database's processes escaped its accounting).
     *
     * @param postgres the service's resources by phase, or null when the record has none
     * @param main     the load engine's main phase
     */
    static String postgresCpuProblem(Map<Phase, Resources> postgres, PhaseResult main) {
        Resources inMain = postgres == null ? null : postgres.get(Phase.MAIN);
        if (inMain == null || inMain.cpuMillis() < 0) {
            return "has no PostgreSQL CPU";
        }
        long requests = main.ok() + main.failed();
        double microsPerRequest = requests <= 0 ? 0 : inMain.cpuMillis() * 1_000 / requests;
        if (microsPerRequest < MIN_POSTGRES_MICROS_PER_REQUEST) {
            return String.format(
                    Locale.ROOT,
                    "counted %.3f ms of PostgreSQL CPU for %,d requests in main (%.3f us each, below %.0f us):"
                            + " the database's CPU was not counted",
                    inMain.cpuMillis(),
                    requests,
                    microsPerRequest,
                    MIN_POSTGRES_MICROS_PER_REQUEST);
        }
        return null;
    }

    /** Reads every record back, typed, and checks what a report needs from it. */
    static void checkRecords(Path directory, List<String> problems, List<String> warnings) throws IOException {
        List<RunRecord> records = new ArrayList<>();
        try (Stream<Path> files = Files.list(directory.resolve("runs"))) {
            for (Path file : files.filter(f -> f.getFileName().toString().matches("\\d{3}-.*\\.json"))
                    .sorted()
                    .toList()) {
                try {
                    records.add(RecordJson.readRun(file));
                } catch (RecordException e) {
                    problems.add(e.getMessage());
                }
            }
        }
        List<String> order = records.stream().map(RunRecord::target).toList();
        if (!order.equals(List.of("minimal", "controllers", "controllers", "minimal"))) {
            problems.add("expected runs of minimal, controllers, controllers, minimal; found " + order);
        }
        for (RunRecord record : records) {
            String name = record.index() + " (" + record.target() + ")";
            if (record.status() != Status.OK) {
                problems.add("run " + name + " is " + record.status().label() + ": " + record.reason());
                continue;
            }
            if (record.startup() == null || record.startup().readyMillis() <= 0) {
                problems.add("run " + name + " has no startup time");
            }
            if (record.results().isEmpty() || record.results().get(0).load() == null) {
                problems.add("run " + name + " has no load result");
                continue;
            }
            RunRecord.ScenarioResult result = record.results().get(0);
            PhaseResult main = result.load().main();
            if (main.ok() <= 0 || main.failed() != 0) {
                problems.add("run " + name + ": expected correct responses only, got ok=" + main.ok() + " failed="
                        + main.failed());
            }
            Resources target = result.targetMain();
            if (target == null || target.cpuMicrosPerRequest() <= 0) {
                problems.add("run " + name + " has no target CPU per request");
            }
            String postgres = postgresCpuProblem(result.services().get("postgres"), main);
            if (postgres != null) {
                problems.add("run " + name + " " + postgres);
            }
            if (result.peakRssBytes() <= 0) {
                problems.add("run " + name + " has no peak memory");
            }
            if (result.peakAnonBytes() == null || result.peakAnonBytes() <= 0) {
                problems.add("run " + name + " has no peak anonymous memory");
            }
            RunRecord.TargetInfo info = record.targetInfo();
            if (!info.limitsEnforced()) {
                warnings.add("run " + name + ": limits " + info.limitsMechanism());
            }
            if (info.jvm() == null || info.jvm().gc().equals("unknown")) {
                problems.add("run " + name + " has no JVM facts");
            }
        }
        if (!Files.isRegularFile(directory.resolve("report.md"))
                || !Files.isRegularFile(directory.resolve("summary.json"))) {
            problems.add("no report was written into " + directory);
        }
    }
}
