package dev.duel.cli;

import dev.duel.agent.AgentProcess;
import dev.duel.agent.AgentTls;
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
        header = "Serve as a load agent of another duel (duel load --agents).",
        description = {
            "Runs a load agent: the same load engine, driven over HTTP+JSON by another duel (duel load --agents, a"
                    + " suite's loadgen: {agents: [...]}), which splits a plan between its agents and merges their"
                    + " results. Every call must carry the shared token of --token-file; one controller at a time"
                    + " holds the agent (its lease lapses after 30 s unused). Prints where it listens first, logs to"
                    + " standard error, and runs until SIGTERM or Ctrl-C, which stop its run."
        },
        footer = {
            "",
            "Examples:",
            "  duel agent --port 9400 --token-file /etc/duel/agent-token",
            "  duel agent --port 0 --token-file token.txt --bind 10.0.0.5 --allow-targets",
            "",
            ExitCodes.HELP
        },
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

    @Option(
            names = "--tls",
            description = "serve the API over TLS with a certificate made at start (EC P-256, self-signed): the first"
                    + " line then prints the address to give the controller, host:port#sha256:<fingerprint>, which"
                    + " pins that certificate as SSH pins a host key; a new one at every start")
    boolean tls;

    @Option(
            names = "--tls-cert",
            paramLabel = "FILE",
            description =
                    "serve the API over TLS with this certificate (PEM), the same at every start; needs" + " --tls-key")
    Path tlsCert;

    @Option(
            names = "--tls-key",
            paramLabel = "FILE",
            description = "the certificate's private key (PEM, unencrypted PKCS#8: -----BEGIN PRIVATE KEY-----)")
    Path tlsKey;

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
        AgentTls.ServerKey key = tlsKey();
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
                    key,
                    System.out,
                    System.err);
        } catch (BindException e) {
            System.err.println("duel: cannot listen on " + bind + ":" + port + " (" + e.getMessage()
                    + "): choose another --port, or stop what listens there");
            return ExitCodes.USAGE;
        }
        return ExitCodes.OK;
    }

    /** The TLS key and certificate asked for, or null for plain HTTP. */
    private AgentTls.ServerKey tlsKey() {
        if ((tlsCert == null) != (tlsKey == null)) {
            throw new IllegalArgumentException(
                    "--tls-cert and --tls-key go together: give the certificate and its key, or --tls alone for a"
                            + " certificate made at start");
        }
        if (tlsCert != null) {
            if (tls) {
                throw new IllegalArgumentException("--tls makes a certificate, --tls-cert gives one: give one of them");
            }
            AgentTls.ServerKey key = AgentTls.read(tlsCert, tlsKey);
            openKeyWarning();
            return key;
        }
        if (!tls) {
            return null;
        }
        try {
            return AgentTls.generate(java.nio.file.Path.of(System.getProperty("java.home")));
        } catch (IllegalStateException e) {
            throw new IllegalArgumentException(
                    e.getMessage() + ": give --tls-cert FILE and --tls-key FILE (PEM) instead of --tls");
        }
    }

    /** A key others can read is no secret: said, as ssh says it of a private key, though the agent still starts. */
    private void openKeyWarning() {
        try {
            var open = AgentProcess.openToOthers(tlsKey);
            if (!open.isEmpty()) {
                System.err.println("duel: warning: the TLS key " + tlsKey + " is readable by others ("
                        + java.nio.file.attribute.PosixFilePermissions.toString(
                                java.nio.file.Files.getPosixFilePermissions(tlsKey))
                        + "): whoever reads it can pose as this agent; chmod 600 " + tlsKey);
            }
        } catch (java.io.IOException | UnsupportedOperationException e) {
            // no POSIX modes here: the file system's own access control applies
        }
    }

    private java.time.Duration warmupLength() {
        try {
            return dev.duel.load.Durations.parse(warmup);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--warmup " + warmup + ": " + e.getMessage());
        }
    }
}
