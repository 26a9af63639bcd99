package dev.duel.cli;

import dev.duel.targets.Jdk;
import dev.duel.targets.JdkResolver;
import java.io.PrintStream;
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
 * oldest and the newest (17 and 25 here); with one, the two reference apps on it. Interleaved pairs under
 * 1 CPU / 512 MiB with an embedded PostgreSQL, added within a time budget until both answers are clear, then the
 * full report.
 */
@Command(
        name = "demo",
        header = "Compare the reference API on two JDKs in about 8 minutes.",
        description = {
            "The main job in a few minutes: finds the installed JDKs, starts an embedded PostgreSQL and compares "
                    + "the reference API on two JDKs (or, with one JDK, its two implementations) in interleaved pairs: both "
                    + "fresh under 1 CPU / 512 MiB, the load handed between them in 0.5 s slices, pairs added within 7 "
                    + "min 30 s until the answers are clear; then prints the report and where report.html is."
        },
        footer = {
            "",
            "Examples:",
            "  duel demo",
            "  duel demo --frameworks",
            "  duel demo --alternate --results results/demo-alternating",
            "",
            ExitCodes.HELP
        },
        sortOptions = false,
        mixinStandardHelpOptions = true,
        versionProvider = Duel.Version.class)
final class DemoCommand implements Callable<Integer> {
    @Option(
            names = "--results",
            paramLabel = "DIR",
            description = "where records and report go (default: results/demo-<time>)")
    Path results;

    @Option(
            names = "--frameworks",
            description = "compare the two reference apps on one JDK even when two JDKs are installed")
    boolean frameworks;

    @Option(
            names = "--duet",
            description = {
                "run both targets at once, each under 0.5 CPU on CPU 0, and compare them second by second "
                        + "(order: duet): what the machine does to a second it does to both"
            })
    boolean duet;

    @Option(
            names = "--alternate",
            description = {
                "whole fresh runs alternating AB, BA, AB, three repetitions (order: alternate): the design before "
                        + "interleaved pairs, for comparison"
            })
    boolean alternate;

    @Option(names = "--dry-run", description = "print the demo's plan (targets, JDKs, limits, runs) and run nothing")
    boolean dryRun;

    /** Where the report's conclusions are recorded (history.db beside the results folder by default). */
    @picocli.CommandLine.Mixin
    HistoryRecording history = new HistoryRecording();

    @CommandLine.ParentCommand
    Duel parent;

    /**
     * The demo's suite as a duet: both targets at once on CPU 0 with half of it each, the warm-up caps doubled (each JVM
     * compiles on half the CPU), alternating repetitions of main measured second by second.
     */
    static String duet(String yaml) {
        return replaced(yaml, "a duet", new String[][] {
            {"limits: {cpus: 1.0, cpuset: '0', memory: 512m}", "limits: {cpus: 0.5, cpuset: '0', memory: 512m}"},
            {"order: interleaved\ninterleave: {slice: 500ms, warmup: spread, stable: 5s}", "order: duet"},
            {"repetitions: {min: 3, budget: 450s, until: 'rps clear'}", "repetitions: 3"},
            {"maxWarmup: 75s, gap: 1s, duration: 16s", "maxWarmup: 90s, gap: 0s, duration: 12s"},
            {"maxWarmup: 60s, gap: 1s, duration: 16s", "maxWarmup: 90s, gap: 0s, duration: 12s"}
        });
    }

    /**
     * The demo's suite as it ran before interleaved pairs: three alternating repetitions of whole fresh runs, for
     * comparison (docs/methodology.md).
     */
    static String alternate(String yaml) {
        return replaced(yaml, "alternating runs", new String[][] {
            {"order: interleaved\ninterleave: {slice: 500ms, warmup: spread, stable: 5s}", "order: alternate"},
            {"repetitions: {min: 3, budget: 450s, until: 'rps clear'}", "repetitions: 3"},
            {"maxWarmup: 75s, gap: 1s, duration: 16s", "maxWarmup: 45s, gap: 0s, duration: 6s"},
            {"maxWarmup: 60s, gap: 1s, duration: 16s", "maxWarmup: 45s, gap: 0s, duration: 6s"}
        });
    }

    private static String replaced(String yaml, String what, String[][] changes) {
        String changed = yaml;
        for (String[] change : changes) {
            if (!changed.contains(change[0])) {
                throw new IllegalStateException("the demo's suite has no '" + change[0] + "' to make " + what + " of");
            }
            changed = changed.replace(change[0], change[1]);
        }
        return changed;
    }

    @Override
    public Integer call() throws Exception {
        long startNanos = System.nanoTime();
        PrintStream out = System.out;
        PrintStream err = System.err;
        Path home = DuelHome.locate();
        List<Jdk> installed = new JdkResolver()
                .installed().stream()
                        .filter(j -> j.feature() >= 17)
                        .sorted(Comparator.comparingInt(Jdk::feature))
                        .toList();
        if (installed.isEmpty()) {
            err.println(
                    "duel: demo: no JDK 17 or newer found (looked in JAVA_HOME, /usr/lib/jvm and duel's own JVM); install one");
            return ExitCodes.USAGE;
        }
        Jdk oldest = installed.get(0);
        Jdk newest = installed.get(installed.size() - 1);
        boolean twoJdks = !frameworks && newest.feature() != oldest.feature();
        String common = SuiteSession.template("demo-common.yaml", text -> text);
        String yaml = SuiteSession.template(
                twoJdks ? "demo-jdks.yaml" : "demo-frameworks.yaml",
                text -> text.replace("@A@", "jdk" + oldest.feature())
                        .replace("@B@", "jdk" + newest.feature())
                        .replace("@JAVA_B@", newest.home().toString())
                        .replace("@FEATURE_A@", String.valueOf(oldest.feature()))
                        .replace("@FEATURE_B@", String.valueOf(newest.feature()))
                        .replace("@JAVA_A@", oldest.home().toString())
                        .replace("@HOME@", home.toString())
                        .replace("@REST@", common));
        if (duet && alternate) {
            err.println("duel: demo: --duet and --alternate are two designs: choose one");
            return ExitCodes.USAGE;
        }
        if (duet) {
            yaml = duet(yaml);
        } else if (alternate) {
            yaml = alternate(yaml);
        }
        Path directory = results != null
                ? results
                : home.resolve("results")
                        .resolve("demo-"
                                + LocalDateTime.now()
                                        .format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT)));
        Path suiteFile;
        if (dryRun) {
            // A plan leaves nothing behind.
            suiteFile = Files.createTempFile("duel-demo-", ".yaml");
            suiteFile.toFile().deleteOnExit();
            Files.writeString(suiteFile, yaml);
        } else {
            suiteFile = directory.resolve("demo-suite.yaml");
            if (Files.exists(suiteFile) && !Files.readString(suiteFile).equals(yaml)) {
                err.println("duel: demo: " + directory
                        + " holds another demo (its demo-suite.yaml differs); give a new folder with --results");
                return ExitCodes.USAGE;
            }
            Files.createDirectories(directory);
            Files.writeString(suiteFile, yaml);
        }
        out.println(
                twoJdks
                        ? String.format(
                                Locale.ROOT,
                                "duel demo: is the reference API faster on JDK %d (%s) than on JDK %d (%s)?",
                                newest.feature(),
                                newest.version(),
                                oldest.feature(),
                                oldest.version())
                        : String.format(
                                Locale.ROOT,
                                "duel demo: are minimal Javalin routes faster than Spring MVC controllers on JDK %d (%s)?%s",
                                oldest.feature(),
                                oldest.version(),
                                frameworks ? "" : " (only one JDK is installed)"));
        out.println((duet
                        ? "Each repetition starts both apps fresh, side by side, each under 0.5 CPU / 512 MiB"
                                + " on CPU 0; the load generator has the other core. Records: "
                        : alternate
                                ? "Each run starts the app fresh under 1 CPU / 512 MiB; the load generator has the"
                                        + " other core. Records: "
                                : "Each pair starts both apps fresh under 1 CPU / 512 MiB on CPU 0, warms them up"
                                        + " on both CPUs, then hands the whole load between them on CPU 0 in 0.5 s"
                                        + " slices; the load generator has the other core. Records: ")
                + directory);
        SuiteSession.Result result = new SuiteSession("demo", home, out, err, parent != null && parent.verbose)
                .withBriefProgress()
                .withHistory(history)
                .run(suiteFile, directory, dryRun);
        if (SuiteSession.printBrief(out, result, "demo", startNanos)) {
            String full = twoJdks ? "jdk17-vs-jdk25" : "minimal-vs-controllers";
            out.println("The full suite (6 repetitions, longer phases; its report in results/" + full + "): ./duel run"
                    + " suites/" + full + ".yaml");
        }
        return result.exitCode();
    }
}
