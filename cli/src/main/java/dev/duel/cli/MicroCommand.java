package dev.duel.cli;

import dev.duel.record.Environment;
import dev.duel.report.ReportException;
import dev.duel.report.build.MicroReportBuilder;
import dev.duel.report.model.MicroReport;
import dev.duel.report.read.MicroReader;
import dev.duel.suite.SuiteException;
import dev.duel.suite.env.EnvironmentProbe;
import dev.duel.suite.micro.MicroFileLoader;
import dev.duel.suite.micro.MicroPlan;
import dev.duel.suite.micro.MicroProcesses;
import dev.duel.suite.micro.MicroRunner;
import dev.duel.targets.JdkResolver;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code duel micro}: the JMH benchmarks jar on two or more JDKs, forks alternating, compared like HTTP runs. */
@Command(
        name = "micro",
        header = "Run JMH benchmarks on each JDK in alternating forks.",
        description = {
            "Runs the JMH benchmarks jar (reference/micro/target/benchmarks.jar, built by ./duel) on each JDK named "
                    + "by --jdk or a MICRO.yaml file, one JMH child process per fork (-f 1 -prof gc -rf json), forks "
                    + "alternating between the JDKs (round r: each benchmark on A then B; the next round B then A). Each "
                    + "fork's scores, bytes per operation and the JIT's instruction-set facts (x86-64 level, UseAVX, JDK "
                    + "vendor and build) are recorded in RESULTS/runs/; a killed run resumes where it stopped. Then prints "
                    + "and writes the report (as duel report RESULTS): per benchmark each JDK's median over forks and the "
                    + "ratio with a 95%% interval. Defaults (3 forks a side, 2 x 1 s warm-up, 3 x 1 s measurement) cover "
                    + "every benchmark of reference/micro on two JDKs in under 10 minutes on 2 cores."
        },
        footer = {
            "",
            "Examples:",
            "  duel micro --jdk 17 --jdk 25",
            "  duel micro --jdk 17 --jdk 25 --benchmark 'Json.*' --forks 5 --results results/micro-json",
            "",
            "MICRO.yaml: jdks: {jdk17: 17, jdk25: 25}  jar: PATH  benchmarks: [REGEX...]  forks: 3",
            "  warmup: {iterations: 2, time: 1s}  measurement: {iterations: 3, time: 1s}  params: {app: [minimal]}",
            "  cpus: \"1\"",
            "",
            ExitCodes.HELP
        },
        sortOptions = false,
        mixinStandardHelpOptions = true,
        versionProvider = Duel.Version.class)
final class MicroCommand implements Callable<Integer> {
    @Parameters(arity = "0..1", paramLabel = "MICRO.yaml", description = "what to run (instead of the flags below)")
    Path file;

    @Option(
            names = "--jdk",
            paramLabel = "[NAME=]JDK",
            description = "a JDK to compare: a version (17, 25) or a JDK path, named jdkN or NAME; twice or more,"
                    + " the first is the baseline")
    List<String> jdks = new ArrayList<>();

    @Option(names = "--jar", paramLabel = "JAR", description = "the JMH benchmarks jar (default: ${DEFAULT-VALUE})")
    Path jar = MicroPlan.DEFAULT_JAR;

    @Option(
            names = {"-b", "--benchmark"},
            paramLabel = "REGEX",
            description = "only benchmarks whose name this finds, as JMH's include; repeatable (default: all)")
    List<String> benchmarks = new ArrayList<>();

    @Option(
            names = {"-p", "--param"},
            paramLabel = "NAME=V1,V2",
            description = "replace a JMH parameter's values; repeatable")
    List<String> params = new ArrayList<>();

    @Option(names = "--forks", description = "forks of each benchmark on each JDK (default: ${DEFAULT-VALUE})")
    int forks = MicroPlan.DEFAULT_FORKS;

    @Option(names = "--warmup-iterations", description = "warm-up iterations per fork (default: ${DEFAULT-VALUE})")
    int warmupIterations = MicroPlan.DEFAULT_WARMUP_ITERATIONS;

    @Option(
            names = "--warmup-time",
            paramLabel = "DURATION",
            converter = Converters.DurationConverter.class,
            description = "length of a warm-up iteration (default: 1s)")
    Duration warmupTime = MicroPlan.DEFAULT_ITERATION_TIME;

    @Option(names = "--iterations", description = "measurement iterations per fork (default: ${DEFAULT-VALUE})")
    int iterations = MicroPlan.DEFAULT_MEASUREMENT_ITERATIONS;

    @Option(
            names = "--time",
            paramLabel = "DURATION",
            converter = Converters.DurationConverter.class,
            description = "length of a measurement iteration (default: 1s)")
    Duration time = MicroPlan.DEFAULT_ITERATION_TIME;

    @Option(names = "--cpus", paramLabel = "LIST", description = "pin every JMH process to these CPUs (e.g. 1)")
    String cpus;

    @Option(
            names = "--results",
            paramLabel = "DIR",
            description = "where the forks are recorded (default: results/micro-JDK-vs-JDK)")
    Path results;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        Path home = DuelHome.locate();
        JdkResolver resolver = new JdkResolver();
        MicroPlan plan;
        try {
            plan = file != null ? fromFile(resolver) : fromFlags(resolver, home);
        } catch (SuiteException | IllegalArgumentException e) {
            System.err.println("duel: " + e.getMessage());
            return ExitCodes.USAGE;
        }
        Path folder = results != null
                ? results
                : Path.of(
                        "results",
                        "micro-"
                                + String.join(
                                        "-vs-",
                                        plan.jdks().stream()
                                                .map(MicroPlan.MicroJdk::name)
                                                .toList()));
        return HeldFolder.run(
                folder,
                "duel micro",
                "duel: ",
                System.err,
                ExitCodes.USAGE,
                () -> measure(plan, folder, resolver, home));
    }

    /** The forks and the report, with the folder held. */
    private int measure(MicroPlan plan, Path folder, JdkResolver resolver, Path home) throws Exception {
        Environment environment = new EnvironmentProbe(resolver, home).capture(List.of());
        long started = System.nanoTime();
        MicroRunner.Outcome outcome;
        try {
            outcome = new MicroRunner(
                            MicroProcesses.REAL,
                            Clock.systemUTC(),
                            line -> System.out.println(String.format(
                                    Locale.ROOT, "%6.0f s  %s", (System.nanoTime() - started) / 1e9, line)))
                    .run(plan, folder, environment);
        } catch (IllegalArgumentException e) {
            System.err.println("duel: " + e.getMessage());
            return ExitCodes.USAGE;
        }
        System.out.printf(
                Locale.ROOT,
                "%d fork(s) run, %d found done, %d failed, in %.0f s%n%n",
                outcome.ran(),
                outcome.resumed(),
                outcome.failed(),
                (System.nanoTime() - started) / 1e9);
        try {
            MicroReport report = new MicroReportBuilder(0.95).build(MicroReader.read(folder));
            System.out.print(ReportFiles.writeMicro(report, folder));
        } catch (ReportException | IOException e) {
            System.err.println("duel: the forks are recorded in " + folder + ", but no report could be built or"
                    + " written: " + e.getMessage() + "; run ./duel report " + folder);
            return ExitCodes.USAGE;
        }
        System.out.println("report: " + folder.resolve("report.html") + " (also report.md, summary.json)");
        return outcome.failed() > 0 ? ExitCodes.NOT_CLEAN : ExitCodes.OK;
    }

    private MicroPlan fromFile(JdkResolver resolver) throws SuiteException {
        List<String> given = spec.commandLine().getParseResult().matchedOptions().stream()
                .map(o -> o.longestName())
                .filter(n -> !n.equals("--results") && !n.equals("--verbose"))
                .toList();
        if (!given.isEmpty()) {
            throw new IllegalArgumentException("with " + file + ", put " + String.join(", ", given)
                    + " in the file instead (only --results goes with a file)");
        }
        return new MicroFileLoader(resolver).load(file);
    }

    private MicroPlan fromFlags(JdkResolver resolver, Path home) {
        if (jdks.size() < 2) {
            throw new IllegalArgumentException(
                    "name two JDKs to compare, e.g. duel micro --jdk 17 --jdk 25 (or give a MICRO.yaml)");
        }
        List<MicroPlan.MicroJdk> resolved = new ArrayList<>();
        for (String jdk : jdks) {
            String[] named = jdk.split("=", 2);
            String specText = named.length == 2 ? named[1] : jdk;
            dev.duel.targets.Jdk found = resolver.resolve(specText);
            String name = named.length == 2 ? named[0] : "jdk" + found.feature();
            if (resolved.stream().anyMatch(j -> j.name().equals(name))) {
                throw new IllegalArgumentException(
                        "two JDKs are named " + name + ": name them, e.g. --jdk a=" + specText);
            }
            resolved.add(new MicroPlan.MicroJdk(name, found));
        }
        Map<String, List<String>> overrides = new LinkedHashMap<>();
        for (String param : params) {
            String[] pair = param.split("=", 2);
            if (pair.length != 2 || pair[0].isBlank() || pair[1].isBlank()) {
                throw new IllegalArgumentException("--param " + param + ": write NAME=V1,V2, e.g. --param app=minimal");
            }
            overrides.put(pair[0], List.of(pair[1].split(",")));
        }
        Path jarPath = jar.isAbsolute() || jar.toFile().exists() ? jar : home.resolve(jar);
        if (time.toMillis() < 100 || warmupTime.toMillis() < 100) {
            throw new IllegalArgumentException("--time and --warmup-time: at least 100ms");
        }
        return new MicroPlan(
                jarPath, resolved, benchmarks, overrides, forks, warmupIterations, warmupTime, iterations, time, cpus);
    }
}
