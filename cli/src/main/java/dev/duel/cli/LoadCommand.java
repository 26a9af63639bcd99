package dev.duel.cli;

import dev.duel.agent.AgentAddress;
import dev.duel.agent.AgentClient;
import dev.duel.agent.AgentCoordinator;
import dev.duel.agent.AgentException;
import dev.duel.agent.AgentProcess;
import dev.duel.load.FileLimit;
import dev.duel.load.HdrLogListener;
import dev.duel.load.InvalidSettingException;
import dev.duel.load.LoadEngine;
import dev.duel.load.LoadModel;
import dev.duel.load.LoadPlan;
import dev.duel.load.LoadSettings;
import dev.duel.load.PlanSegment;
import dev.duel.load.ProgressListener;
import dev.duel.load.TargetUnreachableException;
import dev.duel.load.Timing;
import dev.duel.load.http.Header;
import dev.duel.load.http.RequestSpec;
import dev.duel.load.http.VariableSpec;
import dev.duel.load.schedule.Rate;
import dev.duel.record.load.LoadResult;
import dev.duel.suite.store.AtomicJson;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code duel load URL}: one load run against one target, with a live progress line and a summary. */
@Command(
        name = "load",
        header = "Send HTTP/1.1 load to one URL; print throughput and latency.",
        description = {
            "Sends HTTP/1.1 load to one target and reports throughput and latency. Closed model (--vus): N users "
                    + "loop request -> response -> request on keep-alive connections. Open model (--rate): requests arrive on "
                    + "schedule whatever the target does; latency counts from each request's intended start, so a stalled "
                    + "server cannot hide its tail (coordinated omission)."
        },
        footer = {
            "",
            "Examples:",
            "  duel load http://127.0.0.1:8080/json --vus 32 --duration 30s --warmup 10s",
            "  duel load http://127.0.0.1:8080/json --vus 32 --duration 20s \\",
            "      --warmup auto --max-warmup 120s --gap 2s",
            "  duel load 'http://127.0.0.1:8080/products/$${id}' --var id=seq:1..10000 \\",
            "      --check 'json:/id == $${id}' --rate 2000",
            "",
            ExitCodes.HELP
        },
        sortOptions = false,
        mixinStandardHelpOptions = true,
        versionProvider = Duel.Version.class)
final class LoadCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "URL", description = "http://host:port/path; the path may use $${variables}")
    String url;

    @Option(
            names = "--vus",
            paramLabel = "N",
            description = "closed model: virtual users, one connection each (default: 10 unless --rate)")
    Integer virtualUsers;

    @Option(
            names = "--rate",
            paramLabel = "R",
            converter = Converters.RateConverter.class,
            description = "open model: requests per second (1000) or per period (30/1m)")
    Rate rate;

    @Option(
            names = "--arrival",
            paramLabel = "uniform|poisson",
            defaultValue = "uniform",
            description = "open model: spacing of arrivals (default: ${DEFAULT-VALUE})")
    String arrival;

    @Option(
            names = "--max-connections",
            paramLabel = "M",
            defaultValue = "" + LoadSettings.DEFAULT_MAX_CONNECTIONS,
            description = "open model: most connections opened (default: ${DEFAULT-VALUE})")
    int maxConnections;

    @Option(
            names = "--seed",
            paramLabel = "N",
            defaultValue = "1",
            description = "seed for Poisson arrivals and uniform: variables (default: ${DEFAULT-VALUE})")
    long seed;

    @Option(
            names = "--warmup",
            paramLabel = "D|auto",
            defaultValue = "0s",
            converter = Converters.WarmupConverter.class,
            description = {
                "warm-up phase, not in the main statistics (default: ${DEFAULT-VALUE}); auto: until correct "
                        + "responses per second are steady (judged every 2 s), or --max-warmup at the latest"
            })
    Converters.WarmupFlag warmup;

    @Option(
            names = "--max-warmup",
            paramLabel = "D",
            converter = Converters.DurationConverter.class,
            description = "cap of --warmup auto; a run that reaches it is kept, with no steady state (default: 120s)")
    Duration maxWarmup;

    @Option(
            names = "--min-warmup",
            paramLabel = "D",
            converter = Converters.DurationConverter.class,
            description = {
                "floor of --warmup auto: a steady verdict before it is not acted on, for a target known to change "
                        + "later (a JIT recompilation, say); at most --max-warmup (default: 0s)"
            })
    Duration minWarmup;

    @Option(
            names = "--gap",
            paramLabel = "D",
            defaultValue = "0s",
            converter = Converters.DurationConverter.class,
            description = "pause with no load between warm-up and main (default: ${DEFAULT-VALUE})")
    Duration gap;

    @Option(
            names = {"-d", "--duration"},
            paramLabel = "D",
            converter = Converters.DurationConverter.class,
            description = "main phase (default: 10s)")
    Duration duration;

    @Option(
            names = "--windows",
            paramLabel = "N",
            description = "instead of phases: N windows counted from the first correct response (the warm-up curve)")
    Integer windows;

    @Option(
            names = "--window-length",
            paramLabel = "D",
            defaultValue = "1s",
            converter = Converters.DurationConverter.class,
            description = "length of each window (default: ${DEFAULT-VALUE})")
    Duration windowLength;

    @Option(
            names = "--await-first",
            paramLabel = "D",
            defaultValue = "60s",
            converter = Converters.DurationConverter.class,
            description = "windows: give up if no correct response comes within D (default: ${DEFAULT-VALUE})")
    Duration awaitFirst;

    @Option(
            names = {"-X", "--method"},
            paramLabel = "METHOD",
            defaultValue = "GET",
            description = "HTTP method (default: ${DEFAULT-VALUE})")
    String method;

    @Option(
            names = {"-H", "--header"},
            paramLabel = "'Name: value'",
            description = "request header; repeatable; values may use $${variables}")
    List<String> headers = new ArrayList<>();

    @Option(
            names = "--body",
            paramLabel = "TEXT|@FILE",
            description = "request body, or @file to read it from a file; may use $${variables}")
    String body;

    @Option(
            names = "--var",
            paramLabel = "NAME=SPEC",
            description =
                    "request variable: seq:1..10000 (cycles through every value), uniform:1..10000 (seeded), list:a,b,c; repeatable")
    List<String> variables = new ArrayList<>();

    @Option(
            names = "--check",
            paramLabel = "EXPR",
            description = {
                "check every response; repeatable. Default: status in 2xx.",
                "status == 200 | status in 200,201 | status in 2xx,304 | status in 200..299",
                "body contains TEXT | json:/ptr == 42 | json:/name == \"x $${id}\" | json:/id == $${id} | json:/ptr exists"
            })
    List<String> checks = new ArrayList<>();

    @Option(
            names = "--timeout",
            paramLabel = "D",
            defaultValue = "10s",
            converter = Converters.DurationConverter.class,
            description = "per-request timeout; also the connect timeout (default: ${DEFAULT-VALUE})")
    Duration timeout;

    @Option(
            names = "--max-error-rate",
            paramLabel = "X",
            defaultValue = "0",
            converter = Converters.FractionConverter.class,
            description =
                    "highest share of failed requests in main that still exits 0: 0.01 or 1%% (default: ${DEFAULT-VALUE})")
    double maxErrorRate;

    @Option(
            names = "--threads",
            paramLabel = "N",
            defaultValue = "0",
            description = "event-loop threads (default: the cores this process may use)")
    int threads;

    @Option(
            names = "--transport",
            paramLabel = "auto|epoll|nio",
            defaultValue = "auto",
            description = "socket transport (default: ${DEFAULT-VALUE}: native epoll where available)")
    String transport;

    @Option(
            names = "--out",
            paramLabel = "FILE.json",
            description = "write every setting and result as JSON (atomically)")
    Path out;

    @Option(
            names = "--hdr-log",
            paramLabel = "FILE",
            description = "write per-second latency histograms in HdrHistogram's log format")
    Path hdrLog;

    @Option(
            names = {"-q", "--quiet"},
            description = "no live progress line")
    boolean quiet;

    @Option(
            names = "--agents",
            split = ",",
            paramLabel = "HOST:PORT[#sha256:FP]",
            description = "load agents (duel agent) that share the load instead of this process: the plan is split"
                    + " between them and their results merged exactly (histograms added, never averaged); an agent"
                    + " with --tls is written as it prints its address, host:port#sha256:<fingerprint>, and only the"
                    + " certificate of that fingerprint is trusted")
    List<String> agents;

    @Option(
            names = "--token-file",
            paramLabel = "FILE",
            description = "with --agents: the file holding the agents' shared token")
    Path tokenFile;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** What sends the load: duel's engine in this process, or load agents. */
    private interface Sender {
        LoadResult run(LoadPlan plan, ProgressListener listener) throws Exception;

        /** Ends the run early (Ctrl-C); what was measured is still returned. Any thread. */
        void stop();
    }

    /** The engine here, or a coordinator of {@code --agents} with the token of {@code --token-file}. */
    private Sender sender() {
        if (agents == null || agents.isEmpty()) {
            if (tokenFile != null) {
                throw new IllegalArgumentException("--token-file goes with --agents: name the agents, or leave it out");
            }
            LoadEngine engine = new LoadEngine();
            return new Sender() {
                @Override
                public LoadResult run(LoadPlan plan, ProgressListener listener) throws Exception {
                    return engine.run(plan, listener);
                }

                @Override
                public void stop() {
                    engine.stop();
                }
            };
        }
        if (tokenFile == null) {
            throw new IllegalArgumentException(
                    "--agents needs --token-file FILE: the agents answer only calls that carry their shared token");
        }
        String token = AgentProcess.readToken(tokenFile);
        List<AgentClient> clients = new java.util.ArrayList<>();
        for (String text : agents) {
            AgentAddress address = AgentAddress.parse(text);
            String plain = address.plainWarning();
            if (plain != null) {
                System.err.println("duel: warning: " + plain);
            }
            // named by where it listens; the pin, if any, only in the address the client trusts
            clients.add(
                    new AgentClient(address.hostPort(), address.toString(), token, java.time.Duration.ofSeconds(10)));
        }
        AgentCoordinator coordinator = new AgentCoordinator(
                clients, "duel load pid " + ProcessHandle.current().pid());
        return new Sender() {
            @Override
            public LoadResult run(LoadPlan plan, ProgressListener listener) throws Exception {
                return coordinator.run(plan, listener);
            }

            @Override
            public void stop() {
                coordinator.stop();
            }
        };
    }

    /** Writes the --out file: temp file, sync, rename, sync of the folder. */
    interface ResultWriter {
        void write(Path file, LoadResult result) throws IOException;
    }

    private final ResultWriter resultWriter;

    LoadCommand() {
        this(AtomicJson::write);
    }

    /** For tests: a writer that fails as a full disk would. */
    LoadCommand(ResultWriter resultWriter) {
        this.resultWriter = resultWriter;
    }

    @Override
    public Integer call() throws Exception {
        LoadPlan plan;
        try {
            plan = plan();
        } catch (InvalidSettingException e) {
            throw SettingFlags.usageError(e);
        }
        if (out != null) {
            String problem = OutputFiles.cannotReplace(out);
            if (problem != null) {
                throw new IllegalArgumentException("--out: " + problem); // a usage error: one line, exit 2
            }
        }
        PrintStream err = System.err;
        PrintStream stdout = System.out;
        ProgressListener progress = quiet ? ProgressListener.NONE : new ProgressDisplay(err);
        HdrLogListener hdrListener = null;
        if (hdrLog != null) {
            try {
                hdrListener = new HdrLogListener(hdrLog, progress);
            } catch (IOException e) {
                throw new IllegalArgumentException(
                        "--hdr-log: cannot write " + hdrLog + ": " + OutputFiles.reason(e), e);
            }
            progress = hdrListener;
        }
        if (agents == null || agents.isEmpty()) { // the agents hold their own connections
            String files = FileLimit.problem(plan.model().maxConnections(), FileLimit.current());
            if (files != null) { // refused before a connect fails for it and counts against the target
                throw new IllegalArgumentException(
                        (plan.model() instanceof LoadModel.Closed ? "--vus: " : "--max-connections: ") + files);
            }
        }
        Sender engine = sender();
        // Ctrl-C ends the run early; the hook then waits until what was measured is printed and written.
        CountDownLatch reported = new CountDownLatch(1);
        Thread stopper = new Thread(
                () -> {
                    engine.stop();
                    try {
                        reported.await(30, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                },
                "duel-stop");
        Runtime.getRuntime().addShutdownHook(stopper);
        try {
            LoadResult result = engine.run(plan, progress);
            // The summary first: if a file cannot be written, what was measured is at least on screen.
            stdout.print(new SummaryFormatter().format(result, maxErrorRate));
            boolean written = !stdout.checkError(); // flushes, and says whether any print failed
            if (!written) {
                err.println("duel: could not print the summary to standard output");
            }
            if (hdrListener != null) {
                written &= closed(hdrListener, err);
                hdrListener = null;
            }
            if (out != null) {
                try {
                    // The file says what the summary said of main's steadiness, among the result's warnings.
                    resultWriter.write(out, MainSteadiness.of(result).warned(result));
                    stdout.println("result written to " + out);
                    written &= !stdout.checkError();
                } catch (IOException e) {
                    err.println("duel: could not write the result to " + out.toAbsolutePath() + ": "
                            + OutputFiles.reason(e) + "; the summary above is all that is kept");
                    written = false;
                }
            }
            if (!written) {
                return ExitCodes.OUTPUT_FAILED;
            }
            if (allConnectsFailed(result)) {
                return ExitCodes.UNREACHABLE;
            }
            if (result.agents() != null && result.agents().stream().anyMatch(share -> share.lost() != null)) {
                err.println("duel: a load agent was lost during the run (see LOST above): the merged result is not"
                        + " the whole plan");
                return ExitCodes.NOT_CLEAN;
            }
            return result.main().errorRate() > maxErrorRate ? ExitCodes.CHECKS_FAILED : ExitCodes.OK;
        } catch (TargetUnreachableException e) {
            err.println("duel: " + e.getMessage());
            return ExitCodes.UNREACHABLE;
        } catch (AgentException e) {
            // The agent's message says what to do (start it, fix its address or pin, give its token): a generic
            // "start it" after a TLS pin mismatch sent users the wrong way.
            err.println("duel: a load agent could not run the load: " + e.getMessage() + "; nothing was measured");
            return ExitCodes.UNREACHABLE;
        } catch (InvalidSettingException e) {
            // found when the engine compiles the plan (variables, checks, transport); nothing was sent
            throw SettingFlags.usageError(e);
        } finally {
            if (hdrListener != null) {
                closed(hdrListener, err); // the run failed: keep what the log has, say if even that failed
            }
            reported.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(stopper);
            } catch (IllegalStateException shuttingDown) {
                // Ctrl-C: the hook is running and lets the JVM exit now that the result is out
            }
        }
    }

    /** Closes the HDR log; false, with the reason on {@code err}, if any of its writes failed. */
    private boolean closed(HdrLogListener listener, PrintStream err) {
        try {
            listener.close();
            return true;
        } catch (IOException e) {
            err.println(
                    "duel: could not write the latency log " + hdrLog.toAbsolutePath() + ": " + OutputFiles.reason(e));
            return false;
        }
    }

    private static boolean allConnectsFailed(LoadResult result) {
        long connectFailures = result.main().connectFailures()
                + (result.warmup() == null ? 0 : result.warmup().connectFailures());
        long sent = result.main().sent()
                + (result.warmup() == null ? 0 : result.warmup().sent());
        return connectFailures > 0 && sent == 0;
    }

    /** Closed-model users when neither --vus nor --rate is given. */
    private static final int DEFAULT_USERS = 10;

    /** The phases left out: no warm-up, no gap, 10 s of main. */
    private static final Timing.Phases DEFAULT_PHASES =
            new Timing.Phases(Duration.ZERO, Duration.ZERO, Duration.ofSeconds(10));

    LoadPlan plan() throws IOException {
        LoadModel model = LoadSettings.model(virtualUsers, rate, arrival, maxConnections, DEFAULT_USERS);
        // A zero warm-up or gap is the default, as if left out: only a phase that lasts is refused beside --windows.
        LoadSettings.GivenPhases phases = new LoadSettings.GivenPhases(
                warmup.auto(),
                warmup.auto() || warmup.none() ? null : warmup.fixed(),
                minWarmup,
                maxWarmup,
                gap.isZero() ? null : gap,
                duration);
        Timing timing = windows != null
                ? LoadSettings.windows(windows, windowLength, awaitFirst, phases)
                : LoadSettings.phases(phases, DEFAULT_PHASES);
        List<Header> headerList = new ArrayList<>();
        for (String header : headers) {
            headerList.add(Header.parse(header));
        }
        byte[] bodyBytes = null;
        if (body != null) {
            if (body.startsWith("@")) {
                Path file = Path.of(body.substring(1));
                if (!Files.isReadable(file)) {
                    throw new CommandLine.ParameterException(
                            spec.commandLine(), "--body " + body + ": cannot read the file " + file.toAbsolutePath());
                }
                bodyBytes = Files.readAllBytes(file);
            } else {
                bodyBytes = body.getBytes(java.nio.charset.StandardCharsets.UTF_8);
            }
        }
        Map<String, VariableSpec> variableSpecs = new LinkedHashMap<>();
        for (String variable : variables) {
            int equals = variable.indexOf('=');
            if (equals <= 0) {
                throw new CommandLine.ParameterException(
                        spec.commandLine(), "--var is NAME=SPEC, e.g. --var id=seq:1..10000, got '" + variable + "'");
            }
            String name = variable.substring(0, equals).trim();
            variableSpecs.put(name, LoadSettings.variable(name, variable.substring(equals + 1)));
        }
        LoadPlan.Transport transportKind;
        try {
            transportKind = LoadPlan.Transport.valueOf(transport.toUpperCase(java.util.Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--transport is auto, epoll or nio");
        }
        return new LoadPlan(
                new RequestSpec(method, url, headerList, bodyBytes),
                variableSpecs,
                checks,
                model,
                timing,
                timeout,
                seed,
                threads,
                transportKind,
                PlanSegment.WHOLE);
    }
}
