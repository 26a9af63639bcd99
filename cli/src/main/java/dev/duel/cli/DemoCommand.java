package dev.duel.cli;

import dev.duel.report.Report;
import dev.duel.report.ReportBuilder;
import dev.duel.report.ReportException;
import dev.duel.report.ReportOptions;
import dev.duel.report.ResultsReader;
import dev.duel.suite.Suite;
import dev.duel.suite.SuiteException;
import dev.duel.suite.SuiteLoader;
import dev.duel.suite.SuiteOutcome;
import dev.duel.suite.SuiteRunner;
import dev.duel.targets.Cgroups;
import dev.duel.targets.Jdk;
import dev.duel.targets.JdkResolver;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code duel demo}: the main job, small. With two JDKs installed, the minimal reference app on the
 * oldest and the newest (17 and 25 here); with one, the two reference apps on it. Three alternating
 * repetitions under 1 CPU / 512 MiB with an embedded PostgreSQL, then the full report.
 */
@Command(name = "demo", description = {"The main job in a few minutes: finds the installed JDKs, starts an embedded PostgreSQL and",
        "compares the reference API on two JDKs (or, with one JDK, its two implementations), each fresh per run",
        "under 1 CPU / 512 MiB, three alternating repetitions; then prints the report and where report.html is."},
        footer = {"", ExitCodes.HELP}, sortOptions = false, mixinStandardHelpOptions = true, versionProvider = Duel.Version.class)
final class DemoCommand implements Callable<Integer> {
    @Option(names = "--results", paramLabel = "DIR", description = "where records and report go (default: results/demo-<time>)")
    Path results;

    @Option(names = "--frameworks", description = "compare the two reference apps on one JDK even when two JDKs are installed")
    boolean frameworks;

    @Option(names = "--dry-run", description = "print the demo's plan (targets, JDKs, limits, runs) and run nothing")
    boolean dryRun;

    @CommandLine.ParentCommand
    Duel parent;

    @Override
    public Integer call() throws Exception {
        long startNanos = System.nanoTime();
        PrintStream out = System.out;
        PrintStream err = System.err;
        Path home = DuelHome.locate();
        JdkResolver jdks = new JdkResolver();
        List<Jdk> installed = jdks.installed().stream().filter(j -> j.feature() >= 17).sorted(Comparator.comparingInt(Jdk::feature)).toList();
        if (installed.isEmpty()) {
            err.println("duel: demo: no JDK 17 or newer found (looked in JAVA_HOME, /usr/lib/jvm and duel's own JVM); install one");
            return ExitCodes.USAGE;
        }
        Jdk oldest = installed.get(0);
        Jdk newest = installed.get(installed.size() - 1);
        boolean twoJdks = !frameworks && newest.feature() != oldest.feature();
        String yaml = twoJdks
                ? resource("demo-jdks.yaml").replace("@A@", "jdk" + oldest.feature()).replace("@B@", "jdk" + newest.feature())
                        .replace("@JAVA_B@", newest.home().toString()).replace("@FEATURE_A@", String.valueOf(oldest.feature()))
                        .replace("@FEATURE_B@", String.valueOf(newest.feature()))
                : resource("demo-frameworks.yaml");
        yaml = yaml.replace("@JAVA_A@", oldest.home().toString()).replace("@HOME@", home.toString()).replace("@REST@", resource("demo-common.yaml"));
        Path directory = results != null ? results
                : home.resolve("results").resolve("demo-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT)));
        Path suiteFile;
        if (dryRun) {
            // A plan leaves nothing behind.
            suiteFile = Files.createTempFile("duel-demo-", ".yaml");
            suiteFile.toFile().deleteOnExit();
            Files.writeString(suiteFile, yaml);
        } else {
            suiteFile = directory.resolve("demo-suite.yaml");
            if (Files.exists(suiteFile) && !Files.readString(suiteFile).equals(yaml)) {
                err.println("duel: demo: " + directory + " holds another demo (its demo-suite.yaml differs); give a new folder with --results");
                return ExitCodes.USAGE;
            }
            Files.createDirectories(directory);
            Files.writeString(suiteFile, yaml);
        }
        out.println(twoJdks
                ? String.format(Locale.ROOT, "duel demo: is the reference API faster on JDK %d (%s) than on JDK %d (%s)?", newest.feature(),
                        newest.version(), oldest.feature(), oldest.version())
                : String.format(Locale.ROOT, "duel demo: are minimal Javalin routes faster than Spring MVC controllers on JDK %d (%s)?%s",
                        oldest.feature(), oldest.version(), frameworks ? "" : " (only one JDK is installed)"));
        out.println("Each run starts the app fresh under 1 CPU / 512 MiB; the load generator has the other core. Records: " + directory);
        Suite suite;
        SuiteRunner runner;
        Cgroups cgroups = new Cgroups();
        try {
            suite = new SuiteLoader(home).load(suiteFile);
            runner = new SuiteRunner(suite, directory, new SuiteProgress(out, System::nanoTime), jdks, cgroups, home);
            runner.preflight();
        } catch (SuiteException e) {
            err.println("duel: demo: " + e.getMessage());
            return ExitCodes.USAGE;
        }
        if (dryRun) {
            RunCommand.printPlan(out, suite, directory, jdks, cgroups);
            return ExitCodes.OK;
        }
        SuiteOutcome outcome;
        try {
            outcome = StoppableRun.run(runner);
        } catch (SuiteException e) {
            err.println("duel: demo: " + e.getMessage());
            if (parent != null && parent.verbose) {
                e.printStackTrace(err);
            }
            return ExitCodes.STOPPED;
        }
        Report report;
        try {
            report = new ReportBuilder(new ResultsReader().read(List.of(directory)), ReportOptions.DEFAULT).build();
        } catch (ReportException e) {
            err.println("duel: demo: " + e.getMessage());
            return ExitCodes.NOT_CLEAN;
        }
        String markdown;
        try {
            markdown = ReportFiles.write(report, directory, err);
        } catch (IOException e) {
            err.println("duel: demo: the runs are recorded in " + directory + ", but the report could not be written there (" + e.getMessage()
                    + "); run ./duel report " + directory + " --out DIR");
            return ExitCodes.USAGE;
        }
        out.println();
        out.println(markdown);
        out.printf(Locale.ROOT, "duel demo: done in %s. Open %s%n", SuiteProgress.clock(System.nanoTime() - startNanos),
                directory.resolve("report.html").toAbsolutePath());
        out.println("The full suite (6 repetitions, longer phases): ./duel run suites/" + (twoJdks ? "jdk17-vs-jdk25" : "minimal-vs-controllers")
                + ".yaml, then ./duel report results/<suite>");
        return outcome.clean() ? ExitCodes.OK : ExitCodes.NOT_CLEAN;
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = DemoCommand.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IOException(name + " is missing from duel's jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
