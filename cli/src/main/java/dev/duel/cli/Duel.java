package dev.duel.cli;

import dev.duel.load.LoadEngine;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** The {@code duel} command: is B faster than A, by how much, and is that beyond noise? */
@Command(
        name = "duel",
        description = "Measures HTTP APIs: is B faster than A, by how much, and is that beyond noise?",
        subcommands = {
            LoadCommand.class,
            RunCommand.class,
            CompareCommand.class,
            ReportCommand.class,
            HistoryCommand.class,
            MicroCommand.class,
            SmokeCommand.class,
            EnvCommand.class,
            DemoCommand.class,
            TrainStartupCommand.class,
            AgentCommand.class,
            CommandLine.HelpCommand.class
        },
        footer = {"", ExitCodes.HELP},
        mixinStandardHelpOptions = true,
        versionProvider = Duel.Version.class)
public final class Duel implements java.util.concurrent.Callable<Integer> {
    @Option(names = "--verbose", scope = CommandLine.ScopeType.INHERIT, description = "show stack traces of errors")
    boolean verbose;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** Bare {@code duel}: the help, on standard error, and a usage error's exit: no command was given, nothing ran. */
    @Override
    public Integer call() {
        spec.commandLine().usage(System.err);
        return ExitCodes.USAGE;
    }

    public static void main(String[] args) {
        // Leak detection samples and touches buffers on the hot path; duel's buffers are released
        // in one place each, and the tests run with detection on.
        defaultProperty("io.netty.leakDetection.level", "disabled");
        // Netty's JFR allocation events pull in the JFR machinery at start-up (a quarter of a second
        // on one core) for telemetry duel never reads.
        defaultProperty("io.netty.jfr.enabled", "false");
        // duel converts its own durations; picocli's java.time and java.sql converters only cost start-up time.
        defaultProperty("picocli.converters.excludes", "java\\.time\\..*,java\\.sql\\..*");
        if (args.length > 0 && (args[0].equals("load") || args[0].equals("demo"))) {
            Thread preload = new Thread(LoadEngine::preload, "duel-preload");
            preload.setDaemon(true);
            preload.start();
        }
        System.exit(execute(args));
    }

    private static void defaultProperty(String name, String value) {
        if (System.getProperty(name) == null) {
            System.setProperty(name, value);
        }
    }

    /** Runs the command line and returns its exit code (no System.exit, so tests can call it). */
    public static int execute(String... args) {
        return execute(CommandLine.defaultFactory(), args);
    }

    /** As {@link #execute(String...)}, with commands made by {@code factory} (tests give fakes to their collaborators). */
    static int execute(CommandLine.IFactory factory, String... args) {
        CommandLine commandLine = new CommandLine(new Duel(), factory);
        List<String> visible = commandLine.getSubcommands().entrySet().stream()
                .filter(e -> !e.getValue().getCommandSpec().usageMessage().hidden())
                .map(java.util.Map.Entry::getKey)
                .toList();
        Optional<String> unknown =
                UnknownCommand.check(List.of(args), commandLine.getSubcommands().keySet(), visible);
        if (unknown.isPresent()) {
            commandLine.getErr().println("duel: " + unknown.get());
            return ExitCodes.USAGE;
        }
        // A bad option or value: one line, the fix named, no usage dump (the help is one --help away).
        commandLine.setParameterExceptionHandler((exception, arguments) -> {
            CommandLine line = exception.getCommandLine();
            line.getErr().println(UsageError.line(exception));
            return ExitCodes.USAGE;
        });
        commandLine.setExecutionExceptionHandler((exception, line, parseResult) -> {
            boolean verboseRequested = parseResult.hasMatchedOption("--verbose")
                    || parseResult.subcommands().stream().anyMatch(p -> p.hasMatchedOption("--verbose"));
            if (exception instanceof CommandLine.ParameterException parameter) {
                line.getErr().println(UsageError.line(parameter));
                return ExitCodes.USAGE;
            }
            if (exception instanceof IllegalArgumentException) {
                line.getErr().println("duel: " + exception.getMessage());
                if (verboseRequested) {
                    exception.printStackTrace(line.getErr());
                }
                return ExitCodes.USAGE;
            }
            line.getErr().println("duel: internal error: " + exception);
            if (verboseRequested) {
                exception.printStackTrace(line.getErr());
            } else {
                line.getErr().println("Run again with --verbose for the stack trace, and please report it.");
            }
            return ExitCodes.INTERNAL;
        });
        return commandLine.execute(args);
    }

    /** duel's version for --version. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {
                "duel " + dev.duel.record.DuelVersion.current(),
                "Java " + System.getProperty("java.runtime.version") + " (" + System.getProperty("java.vendor") + ")"
            };
        }
    }
}
