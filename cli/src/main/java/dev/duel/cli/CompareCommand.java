package dev.duel.cli;

import dev.duel.cli.compare.CompareSuite;
import dev.duel.cli.compare.PortSetting;
import dev.duel.targets.Jdk;
import dev.duel.targets.JdkResolver;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.Function;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code duel compare app.jar --jdk 17 --jdk 25 --path /api/items/1}: the common question about one's own app in one
 * command, as {@code hyperfine 'a' 'b'} is for commands. Two targets that differ in one thing (two JDKs, two jars or
 * two JVM flag sets), each path a scenario, the port setting the app reads found in its jar, run as interleaved pairs
 * within a budget; the suite it ran is written beside the report, to edit and run again with {@code duel run}.
 */
@Command(
        name = "compare",
        header = "Compare your own app: two JDKs, two jars or two JVM flag sets.",
        description = {
            "Compares two versions of your app that differ in one thing: its JDK (--jdk twice), its jar (two jars) "
                    + "or its JVM flags (--jvm-args twice). Finds the port setting the jar reads (SERVER_PORT for Spring "
                    + "Boot, QUARKUS_HTTP_PORT, MICRONAUT_SERVER_PORT, else PORT), starts each side fresh under 1 CPU / 512 "
                    + "MiB, waits for the first 200 on the first path, and measures every path in interleaved pairs added "
                    + "within the budget until each answer is clear. Writes the suite it ran (suite.yaml) beside the report: "
                    + "edit it and run it again with duel run."
        },
        footer = {
            "",
            "Examples:",
            "  duel compare app.jar --jdk 17 --jdk 25 --path /api/items/1 --path /api/items",
            "  duel compare old.jar new.jar --path /api/items/1 --budget 15m",
            "  duel compare app.jar --jvm-args '-XX:+UseSerialGC' --jvm-args '-XX:+UseParallelGC' \\",
            "      --path /api/items/1 --header 'Accept: application/json' --check 'json:/id == 1'",
            "",
            ExitCodes.HELP
        },
        sortOptions = false,
        mixinStandardHelpOptions = true,
        versionProvider = Duel.Version.class)
final class CompareCommand implements Callable<Integer> {
    @Parameters(arity = "1..2", paramLabel = "JAR", description = "the application's jar; two to compare two builds")
    List<Path> jars = new ArrayList<>();

    @Option(
            names = "--jdk",
            paramLabel = "V",
            description = "a JDK version (17, 25) or home; twice to compare two JDKs (default: the one duel runs on)")
    List<String> jdks = new ArrayList<>();

    @Option(
            names = "--jvm-args",
            paramLabel = "FLAGS",
            description = "JVM flags, one quoted string; once for both sides, twice to compare two flag sets")
    List<String> jvmArgs = new ArrayList<>();

    @Option(
            names = "--path",
            required = true,
            paramLabel = "PATH",
            description = "a GET path to measure, '/api/items/1'; repeat for more (each is a scenario)")
    List<String> paths = new ArrayList<>();

    @Option(names = "--header", paramLabel = "'NAME: VALUE'", description = "a request header for every path")
    List<String> headers = new ArrayList<>();

    @Option(
            names = "--check",
            paramLabel = "CHECK",
            description = "a check on every answer, as in a suite: 'status == 200' (the default), 'json:/id == 1'")
    List<String> checks = new ArrayList<>();

    @Option(
            names = "--ready",
            paramLabel = "PATH",
            description = "the path whose first 200 ends a start-up (default: the first --path)")
    String ready;

    @Option(
            names = "--port-env",
            paramLabel = "NAME",
            description = "the environment variable the app reads its port from")
    String portEnv;

    @Option(
            names = "--port-property",
            paramLabel = "NAME",
            description = "the system property the app reads its port from (-DNAME=port), e.g. server.port")
    String portProperty;

    @Option(names = "--env", paramLabel = "NAME=VALUE", description = "an environment variable for both sides")
    List<String> env = new ArrayList<>();

    @Option(names = "--name", paramLabel = "NAME", description = "twice: the two sides' names in the report (A first)")
    List<String> names = new ArrayList<>();

    @Option(names = "--budget", paramLabel = "TIME", defaultValue = "8m", description = "time for pairs (default: 8m)")
    String budget;

    @Option(
            names = "--vus",
            paramLabel = "N",
            defaultValue = "16",
            description = "concurrent users per path (default: 16)")
    int vus;

    @Option(
            names = "--cpus",
            paramLabel = "N",
            defaultValue = "1.0",
            description = "each side's CPU limit (default: 1.0)")
    double cpus;

    @Option(
            names = "--memory",
            paramLabel = "SIZE",
            defaultValue = "512m",
            description = "each side's memory limit (default: 512m)")
    String memory;

    @Option(
            names = "--max-warmup",
            paramLabel = "TIME",
            defaultValue = "150s",
            description = "a path's warm-up cap; it ends earlier once both sides are steady (default: 150s)")
    String maxWarmup;

    @Option(
            names = "--duration",
            paramLabel = "TIME",
            defaultValue = "12s",
            description = "main's length per pair (default: 12s)")
    String duration;

    @Option(
            names = "--results",
            paramLabel = "DIR",
            description = "records, report and suite.yaml (default: results/<name>-<time>)")
    Path results;

    @Option(names = "--dry-run", description = "print the suite it would write and its plan; run nothing")
    boolean dryRun;

    /** Where the report's conclusions are recorded (history.db beside the results folder by default). */
    @picocli.CommandLine.Mixin
    HistoryRecording history = new HistoryRecording();

    @CommandLine.ParentCommand
    Duel parent;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    private final JdkResolver jdkResolver;

    CompareCommand() {
        this(new JdkResolver());
    }

    CompareCommand(JdkResolver jdkResolver) {
        this.jdkResolver = jdkResolver;
    }

    @Override
    public Integer call() throws Exception {
        long startNanos = System.nanoTime();
        CompareSuite comparison = comparison();
        PrintStream out = System.out;
        PrintStream err = System.err;
        String yaml = comparison.yaml();
        Path directory = results != null
                ? results
                : Path.of(
                        "results",
                        comparison.name() + "-"
                                + LocalDateTime.now()
                                        .format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT)));
        Path suiteFile;
        if (dryRun) {
            suiteFile = Files.createTempFile("duel-compare-", ".yaml");
            suiteFile.toFile().deleteOnExit();
            Files.writeString(suiteFile, yaml);
            out.println("duel compare: the suite it would write to " + directory.resolve("suite.yaml") + ":");
            out.println();
            out.print(yaml);
            out.println();
        } else {
            suiteFile = directory.resolve("suite.yaml");
            if (Files.exists(suiteFile) && !Files.readString(suiteFile).equals(yaml)) {
                throw new CommandLine.ParameterException(
                        spec.commandLine(),
                        directory + " holds another comparison (its suite.yaml differs): give a new folder with"
                                + " --results, or run that one with 'duel run " + suiteFile + "'");
            }
            Files.createDirectories(directory);
            Files.writeString(suiteFile, yaml);
        }
        CompareSuite.Target a = comparison.targets().get(0);
        CompareSuite.Target b = comparison.targets().get(1);
        out.printf(
                Locale.ROOT,
                "duel compare: is %s faster than %s on %s?%n",
                b.name(),
                a.name(),
                String.join(", ", comparison.paths()));
        out.println("Each pair starts both fresh under "
                + (cpus == 1 ? "1 CPU" : String.format(Locale.ROOT, "%s CPUs", cpus)) + " / " + memory
                + " on CPU 0 and hands the load between them in 0.5 s slices; the load generator has CPU 1. Port: "
                + comparison.port().yaml().replace(": '${port}'", "") + " ("
                + comparison.port().reason() + ").");
        SuiteSession.Result result = new SuiteSession(
                        "compare", DuelHome.locate(), out, err, parent != null && parent.verbose)
                .withBriefProgress()
                .withHistory(history)
                .run(suiteFile, directory, dryRun);
        if (SuiteSession.printBrief(out, result, "compare", startNanos)) {
            out.println("The suite it ran, to edit and run again: duel run " + suiteFile);
            java.util.Optional<dev.duel.cli.compare.SettleCommand.Settle> settle =
                    dev.duel.cli.compare.SettleCommand.of(
                            commandWords(),
                            Converters.duration(maxWarmup),
                            Converters.duration(budget),
                            dev.duel.cli.compare.SettleCommand.answers(result.report(), comparison.paths()));
            settle.ifPresent(command -> out.println("To settle it (" + command.changed() + "): " + command.command()));
        }
        return result.exitCode();
    }

    /** The comparison the command line asks for, or a usage error naming what to change. */
    CompareSuite comparison() throws IOException {
        int twoJars = jars.size() == 2 ? 1 : 0;
        int twoJdks = jdks.size() == 2 ? 1 : 0;
        int twoFlagSets = jvmArgs.size() == 2 ? 1 : 0;
        if (jdks.size() > 2 || jvmArgs.size() > 2) {
            throw usage("--jdk and --jvm-args are given at most twice (once for both sides, twice to compare)");
        }
        if (twoJars + twoJdks + twoFlagSets != 1) {
            throw usage(
                    twoJars + twoJdks + twoFlagSets == 0
                            ? "give two of one thing to compare: two jars, --jdk twice or --jvm-args twice"
                            : "two things differ (" + differing(twoJars, twoJdks, twoFlagSets)
                                    + "): compare one at a time, or write a suite (docs/suites.md)");
        }
        for (String path : paths) {
            if (!path.startsWith("/")) {
                throw usage("--path takes a path starting with '/', e.g. '/api/items/1', got '" + path + "'");
            }
        }
        if (ready != null && !ready.startsWith("/")) {
            throw usage("--ready takes a path starting with '/', e.g. '/actuator/health', got '" + ready + "'");
        }
        for (String header : headers) {
            if (!header.matches("[A-Za-z0-9!#$%&'*+.^_`|~-]+:.*")) {
                throw usage("--header takes 'NAME: VALUE', e.g. 'Accept: application/json', got '" + header + "'");
            }
        }
        for (String entry : env) {
            if (!entry.matches("[A-Za-z_][A-Za-z0-9_]*=.*")) {
                throw usage("--env takes NAME=VALUE, e.g. SPRING_PROFILES_ACTIVE=bench, got '" + entry + "'");
            }
        }
        if (portEnv != null && portProperty != null) {
            throw usage("--port-env and --port-property both say where the port goes: give one");
        }
        if (vus < 1) {
            throw usage("--vus is 1 or more, got " + vus);
        }
        if (!(cpus > 0)) {
            throw usage("--cpus is a share of cores above 0, e.g. 1.0, got " + cpus);
        }
        if (!memory.matches("[0-9]+[kKmMgG]")) {
            throw usage("--memory is a size like 512m or 1g, got '" + memory + "'");
        }
        for (String[] time :
                new String[][] {{"--budget", budget}, {"--max-warmup", maxWarmup}, {"--duration", duration}}) {
            try {
                Converters.duration(time[1]);
            } catch (CommandLine.TypeConversionException e) {
                throw usage(time[0] + ": " + e.getMessage());
            }
        }
        if (!names.isEmpty() && names.size() != 2) {
            throw usage("--name is given twice, A's name then B's, or not at all");
        }
        List<Path> jarFiles = new ArrayList<>();
        for (Path jar : jars) {
            Path absolute = jar.toAbsolutePath().normalize();
            if (!Files.isRegularFile(absolute)) {
                throw usage(jar + " does not exist" + (Files.isDirectory(absolute) ? " as a file (a folder)" : "")
                        + ": give the application's jar");
            }
            jarFiles.add(absolute);
        }
        PortSetting port = port(jarFiles.get(0));
        List<String> javas = new ArrayList<>();
        List<Jdk> resolved = new ArrayList<>();
        List<String> wanted = jdks.isEmpty() ? List.of(System.getProperty("java.home")) : jdks;
        for (String jdk : wanted) {
            try {
                Jdk found = jdkResolver.resolve(jdk);
                resolved.add(found);
                javas.add(jdk.matches("[0-9]+") ? jdk : found.home().toString());
            } catch (IllegalArgumentException e) {
                throw usage("--jdk " + e.getMessage().replaceFirst("^java: ", ""));
            }
        }
        List<List<String>> flagSets =
                jvmArgs.stream().map(CompareCommand::flags).toList();
        List<String> sideNames = names.isEmpty()
                ? sideNames(twoJars == 1, twoJdks == 1, jarFiles, resolved, flagSets)
                : names.stream().map(n -> CompareSuite.name(n, "")).toList();
        if (sideNames.contains("") || sideNames.get(0).equals(sideNames.get(1))) {
            throw usage("--name gives two different names of letters, digits, '.', '_' or '-', got " + names);
        }
        List<CompareSuite.Target> targets = new ArrayList<>();
        for (int side = 0; side < 2; side++) {
            targets.add(new CompareSuite.Target(
                    sideNames.get(side),
                    javas.get(javas.size() == 2 ? side : 0),
                    jarFiles.get(jarFiles.size() == 2 ? side : 0),
                    flagSets.isEmpty() ? List.of() : flagSets.get(flagSets.size() == 2 ? side : 0)));
        }
        String name = CompareSuite.name("compare-" + sideNames.get(0) + "-vs-" + sideNames.get(1), "compare");
        return new CompareSuite(
                name,
                targets,
                port,
                ready,
                paths,
                headers,
                checks,
                env,
                vus,
                new CompareSuite.Limits(cpus, "0", memory.toLowerCase(Locale.ROOT), "1"),
                new CompareSuite.Phases(maxWarmup, duration, budget),
                commandLine());
    }

    private PortSetting port(Path jar) {
        if (portEnv != null) {
            return checkedName(PortSetting.Kind.ENV, portEnv, "--port-env");
        }
        if (portProperty != null) {
            return checkedName(PortSetting.Kind.PROPERTY, portProperty, "--port-property");
        }
        try {
            return PortSetting.of(jar);
        } catch (IOException e) {
            throw usage(jar + " is not a jar (" + e.getMessage() + "): give the application's jar");
        }
    }

    private PortSetting checkedName(PortSetting.Kind kind, String name, String option) {
        try {
            return PortSetting.given(kind, name);
        } catch (IllegalArgumentException e) {
            throw usage(option + ": " + e.getMessage());
        }
    }

    /** A side's name from what differs: the JDK's feature, the jar's file name, the flags' words. */
    static List<String> sideNames(
            boolean twoJars, boolean twoJdks, List<Path> jars, List<Jdk> jdks, List<List<String>> flagSets) {
        List<String> named;
        if (twoJdks) {
            named = jdks.get(0).feature() != jdks.get(1).feature()
                    ? jdks.stream().map(j -> "jdk" + j.feature()).toList()
                    : jdks.stream()
                            .map(j -> CompareSuite.name(String.valueOf(j.home().getFileName()), ""))
                            .toList();
        } else if (twoJars) {
            Function<Path, String> base =
                    p -> CompareSuite.name(p.getFileName().toString().replaceFirst("(?i)\\.jar$", ""), "");
            named = jars.stream().map(base).toList();
            if (named.get(0).equals(named.get(1))) {
                named = jars.stream()
                        .map(p -> CompareSuite.name(
                                (p.getParent() == null || p.getParent().getFileName() == null
                                                ? ""
                                                : p.getParent().getFileName() + "-")
                                        + base.apply(p),
                                ""))
                        .toList();
            }
        } else {
            // Named by the flags that differ: those in both sets say nothing about which side is which.
            named = flagSets.stream()
                    .map(flags -> CompareSuite.name(
                            flags.stream()
                                    .filter(f -> !(flagSets.get(0).contains(f)
                                            && flagSets.get(1).contains(f)))
                                    .map(f -> f.replaceFirst("^-XX:[+-]?", "").replaceFirst("^-D?", ""))
                                    .collect(Collectors.joining("-")),
                            ""))
                    .toList();
        }
        if (named.get(0).isEmpty() || named.get(1).isEmpty() || named.get(0).equals(named.get(1))) {
            return List.of("a", "b");
        }
        return named;
    }

    /** One quoted string of flags, split at white space as a shell would split an unquoted one. */
    static List<String> flags(String text) {
        return Arrays.stream(text.trim().split("\\s+"))
                .filter(s -> !s.isEmpty())
                .toList();
    }

    private String commandLine() {
        return String.join(" ", commandWords());
    }

    /** The command line as run, "duel" first, each word quoted where a shell would split or expand it. */
    private List<String> commandWords() {
        List<String> words = new ArrayList<>(List.of("duel"));
        for (String argument : spec.commandLine().getParseResult().originalArgs()) {
            words.add(
                    argument.matches("[A-Za-z0-9_./:=@%+,-]+") ? argument : "'" + argument.replace("'", "'\\''") + "'");
        }
        return words;
    }

    private static String differing(int twoJars, int twoJdks, int twoFlagSets) {
        List<String> what = new ArrayList<>();
        if (twoJars == 1) {
            what.add("two jars");
        }
        if (twoJdks == 1) {
            what.add("two JDKs");
        }
        if (twoFlagSets == 1) {
            what.add("two flag sets");
        }
        return String.join(" and ", what);
    }

    private CommandLine.ParameterException usage(String message) {
        return new CommandLine.ParameterException(spec.commandLine(), message);
    }
}
