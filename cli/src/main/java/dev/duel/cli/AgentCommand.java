package dev.duel.cli;

import dev.duel.agent.AgentProcess;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code duel agent}: a load agent that another duel drives (duel load --agents, a suite's loadgen agents). */
@Command(
        name = "agent",
        description = {
            "Runs a load agent: the same load engine, driven over HTTP+JSON by another duel (duel load --agents, a"
                    + " suite's loadgen: {agents: [...]}), which splits a plan between its agents and merges their"
                    + " results. Every call must carry the shared token of --token-file; one controller at a time"
                    + " holds the agent (its lease lapses after 30 s unused). Prints where it listens first, logs to"
                    + " standard error, and runs until SIGTERM or Ctrl-C, which stop its run."
        },
        footer = {"", ExitCodes.HELP},
        sortOptions = false,
        mixinStandardHelpOptions = true,
        versionProvider = Duel.Version.class)
final class AgentCommand implements Callable<Integer> {
    @Option(
            names = "--port",
            defaultValue = "9400",
            paramLabel = "PORT",
            description = "port to listen on (default: ${DEFAULT-VALUE}; 0: any free port, printed)")
    int port;

    @Option(
            names = "--bind",
            defaultValue = "127.0.0.1",
            paramLabel = "ADDRESS",
            description = "address to listen on (default: ${DEFAULT-VALUE}, this machine only); give this machine's"
                    + " address for other machines to reach it")
    String bind;

    @Option(
            names = "--token-file",
            paramLabel = "FILE",
            description = "required: the file holding the shared token every call must carry")
    Path tokenFile;

    @Option(
            names = "--name",
            paramLabel = "NAME",
            description = "the agent's name in records and logs (default: the host name)")
    String name;

    @Option(
            names = "--warmup",
            defaultValue = "5s",
            paramLabel = "DURATION",
            description = "how long the engine warms its JIT against an in-process sink before it listens"
                    + " (default: ${DEFAULT-VALUE}; 0s: not at all), as duel warms its own before a suite")
    String warmup;

    @Option(
            names = "--allow-targets",
            description = "start targets for the controller (a suite's host:): whoever holds the token can then start"
                    + " any command on this machine; off by default, when the agent only sends load")
    boolean allowTargets;

    @Override
    public Integer call() throws Exception {
        if (tokenFile == null) {
            // Checked here rather than by picocli, whose refusal prints the whole usage after the message.
            throw new IllegalArgumentException("duel agent needs --token-file FILE: the shared token every call must"
                    + " carry (e.g. (umask 077; head -c 32 /dev/urandom | base64 > agent.token)), the same file as the"
                    + " controller's");
        }
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException("--port " + port + " is not a port: give 0 to 65535 (0: any free port)");
        }
        String token = AgentProcess.readToken(tokenFile);
        InetAddress address;
        try {
            address = InetAddress.getByName(bind);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("--bind " + bind + " is not an address of this machine: give an IP"
                    + " address such as 127.0.0.1 or this machine's network address");
        }
        try {
            AgentProcess.serve(
                    name,
                    new InetSocketAddress(address, port),
                    token,
                    warmupLength(),
                    allowTargets,
                    System.out,
                    System.err);
        } catch (BindException e) {
            System.err.println("duel: cannot listen on " + bind + ":" + port + " (" + e.getMessage()
                    + "): choose another --port, or stop what listens there");
            return ExitCodes.USAGE;
        }
        return ExitCodes.OK;
    }

    private java.time.Duration warmupLength() {
        try {
            return dev.duel.load.Durations.parse(warmup);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--warmup " + warmup + ": " + e.getMessage());
        }
    }
}
