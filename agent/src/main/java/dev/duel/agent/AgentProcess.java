package dev.duel.agent;

import dev.duel.load.Clock;
import dev.duel.load.LoadEngine;
import dev.duel.load.ProgressListener;
import dev.duel.load.sink.SinkServer;
import dev.duel.targets.Cgroups;
import dev.duel.targets.JdkResolver;
import dev.duel.targets.TargetLauncher;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.Consumer;

/**
 * {@code duel agent} as a process: reads the token file, listens, prints where it listens as its first line on
 * standard output ({@code duel agent <name> listening on <host>:<port>}, over TLS {@code <host>:<port>#sha256:<its
 * certificate's fingerprint>}, the address a controller gives: a launcher that asked for port 0 reads the port from
 * it), logs to standard error, and serves until the JVM is told to end (SIGTERM, Ctrl-C), when it stops its
 * run and its targets before it exits. Stateless.
 */
public final class AgentProcess {
    /** How long a lease may go unused before it lapses. */
    public static final Duration LEASE_IDLE = Duration.ofSeconds(30);
    /**
     * How long a run waits for the coordinator's judgement of a warm-up check. The coordinator judges once every agent
     * still running has asked, and finds an agent that stopped answering lost after {@code lostAfter} (5 s) plus a
     * long poll (0.5 s): a shorter wait here would fail every healthy agent whenever one hangs during warm-up.
     */
    public static final Duration JUDGEMENT_WAIT = Duration.ofSeconds(10);

    private AgentProcess() {}

    /** The most a token file may hold: a token is one line; anything larger is not a token file. */
    public static final int MAX_TOKEN_FILE_BYTES = 4096;

    /**
     * The shared token in {@code tokenFile} (surrounding white space dropped). The token lets its holder start any
     * command on an agent, so the file must be its owner's alone (no permission for group or others, where the file
     * system has POSIX permissions), small, and hold one word of printable characters.
     *
     * @throws IllegalArgumentException the file is missing, unreadable, empty, open to others, too large, or its token
     *                                  holds white space or control characters: the message says how to fix it
     */
    public static String readToken(Path tokenFile) {
        String token;
        try {
            long size = Files.size(tokenFile);
            if (size > MAX_TOKEN_FILE_BYTES) {
                throw new IllegalArgumentException("the token file " + tokenFile + " holds " + size + " bytes, more"
                        + " than a token (at most " + MAX_TOKEN_FILE_BYTES + "): give the file that holds only the"
                        + " shared token");
            }
            java.util.Set<java.nio.file.attribute.PosixFilePermission> open = openToOthers(tokenFile);
            if (!open.isEmpty()) {
                throw new IllegalArgumentException("the token file " + tokenFile + " is open to others ("
                        + java.nio.file.attribute.PosixFilePermissions.toString(
                                Files.getPosixFilePermissions(tokenFile))
                        + "): the token lets its holder start any command on an agent; chmod 600 " + tokenFile);
            }
            token = Files.readString(tokenFile, StandardCharsets.UTF_8).strip();
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("the token file " + tokenFile + " does not exist: write the shared"
                    + " token into it (e.g. (umask 077; head -c 32 /dev/urandom | base64 > " + tokenFile + "))");
        } catch (IOException e) {
            throw new IllegalArgumentException("the token file " + tokenFile + " cannot be read (" + e + ")");
        }
        if (token.isEmpty()) {
            throw new IllegalArgumentException("the token file " + tokenFile + " is empty: write the shared token into"
                    + " it (e.g. (umask 077; head -c 32 /dev/urandom | base64 > " + tokenFile + "))");
        }
        if (token.codePoints().anyMatch(c -> Character.isWhitespace(c) || Character.isISOControl(c))) {
            throw new IllegalArgumentException("the token in " + tokenFile + " holds white space or a control"
                    + " character: a token is one word of printable characters, alone in its file");
        }
        return token;
    }

    /**
     * The permissions of {@code file} given to group or others that make it readable by someone but its owner; none
     * where the file system has no POSIX modes. Group read alone does not count on a file another user owns and shares
     * with one of this process's groups, and nobody else: that group is how this process reads it (a Kubernetes
     * Secret mounted with the Pod's fsGroup is root's, mode 0440), and chmod 600 would lock this process out.
     */
    public static java.util.Set<java.nio.file.attribute.PosixFilePermission> openToOthers(Path file)
            throws IOException {
        java.util.Set<java.nio.file.attribute.PosixFilePermission> open;
        try {
            open = java.util.EnumSet.copyOf(Files.getPosixFilePermissions(file));
        } catch (UnsupportedOperationException e) {
            return java.util.Set.of(); // not a POSIX file system: its own access control applies
        } catch (IllegalArgumentException e) {
            return java.util.Set.of(); // EnumSet.copyOf of an empty set (mode 000): nobody but root can read it
        }
        open.removeAll(java.util.EnumSet.of(
                java.nio.file.attribute.PosixFilePermission.OWNER_READ,
                java.nio.file.attribute.PosixFilePermission.OWNER_WRITE,
                java.nio.file.attribute.PosixFilePermission.OWNER_EXECUTE));
        if (open.equals(java.util.EnumSet.of(java.nio.file.attribute.PosixFilePermission.GROUP_READ))
                && sharedWithUs(file)) {
            return java.util.Set.of();
        }
        return open;
    }

    /** The file is another user's and its group is one of this process's (Linux: /proc/self/status). */
    private static boolean sharedWithUs(Path file) {
        try {
            int owner = (Integer) Files.getAttribute(file, "unix:uid");
            int group = (Integer) Files.getAttribute(file, "unix:gid");
            java.util.Set<Integer> groups = new java.util.HashSet<>();
            Integer self = null;
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                String[] words = line.trim().split("\\s+");
                if (words[0].equals("Uid:") && words.length > 2) {
                    self = Integer.valueOf(words[2]); // effective
                } else if ((words[0].equals("Gid:") && words.length > 2)) {
                    groups.add(Integer.valueOf(words[2]));
                } else if (words[0].equals("Groups:")) {
                    for (int i = 1; i < words.length; i++) {
                        groups.add(Integer.valueOf(words[i]));
                    }
                }
            }
            return self != null && owner != self && groups.contains(group);
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException | ClassCastException e) {
            return false; // cannot tell: the strict rule
        }
    }

    /**
     * What {@code duel agent} serves: {@code identity}'s agent on this machine's clocks, its targets started here under
     * their limits ({@link TargetLauncher}, cgroups) with their output under {@code targetLogs}; the lease lapses after
     * {@link #LEASE_IDLE}, a warm-up check waits {@link #JUDGEMENT_WAIT} for its judgement. Serve it with
     * {@link AgentServer#start}.
     */
    public static AgentService service(
            AgentIdentity identity,
            Path targetLogs,
            dev.duel.targets.LeftoverProcesses ledger,
            boolean allowTargets,
            Consumer<String> log) {
        AgentTargets targets =
                new AgentTargets(new TargetLauncher(new JdkResolver(), new Cgroups()), targetLogs, ledger, log);
        return new AgentService(
                identity, WallClock.system(), Clock.system(), LEASE_IDLE, JUDGEMENT_WAIT, targets, allowTargets, log);
    }

    /**
     * Serves the agent API on {@code bind} until the JVM shuts down, after warming the load engine's JIT against an
     * in-process sink for {@code warmup} (as duel warms its own engine before a suite: the engine is a JVM too, and
     * its warm-up must not show in a target's numbers), before it says where it listens.
     *
     * @param name the agent's name (null: the host name)
     * @param tls  the key and certificate it serves the API with over TLS ({@link AgentTls}); null for plain HTTP
     * @throws java.net.BindException the address cannot be bound (Netty rethrows it unchecked-looking)
     */
    public static void serve(
            String name,
            InetSocketAddress bind,
            String token,
            Duration warmup,
            boolean allowTargets,
            AgentTls.ServerKey tls,
            PrintStream out,
            PrintStream err)
            throws Exception {
        Consumer<String> log = line -> err.println(Instant.now() + " " + line);
        if (!bind.getAddress().isLoopbackAddress() && tls == null) {
            // Without TLS, what the token allows must be said where the agent is started.
            err.println("duel: warning: listening on " + bind.getAddress().getHostAddress() + " without TLS: the token"
                    + " and every plan cross the network in clear, and whoever reads the token can send load from this"
                    + " machine to any address it reaches"
                    + (allowTargets ? " and start any command here (--allow-targets)" : "")
                    + "; keep the agent on a network only you use, or give it --tls");
        }
        if (!warmup.isZero()) {
            log.accept("warming the load engine for " + warmup.toMillis() / 1e3 + " s against an in-process sink");
            try (SinkServer sink = SinkServer.start()) {
                LoadEngine engine = new LoadEngine();
                for (var plan : sink.warmupPlans(warmup, 0)) {
                    engine.run(plan, ProgressListener.NONE);
                }
            }
        }
        AgentIdentity identity = AgentIdentity.local(name);
        // The ledger of the targets this agent starts, in a folder of its address and port: an agent started again on
        // them after a SIGKILL ends what the killed one left running. Read only once this agent holds the address
        // (bound), so that no live agent's targets are taken for leftovers; none for --port 0, which a restart
        // never gets again.
        dev.duel.targets.LeftoverProcesses ledger = bind.getPort() == 0
                ? null
                : new dev.duel.targets.LeftoverProcesses(Path.of(
                        System.getProperty("java.io.tmpdir"),
                        "duel-agent-" + bind.getAddress().getHostAddress().replace(':', '_') + "-" + bind.getPort()));
        AgentService service =
                service(identity, Files.createTempDirectory("duel-agent-targets-"), ledger, allowTargets, log);
        AgentServer server = AgentServer.start(
                bind,
                token,
                service,
                log,
                AgentServer.Limits.DEFAULT,
                tls == null ? null : AgentTls.serverContext(tls));
        if (ledger != null) {
            List<String> ended = ledger.endLeftovers();
            if (!ended.isEmpty()) {
                log.accept("ended what an earlier agent on this address left running: " + String.join(", ", ended));
            }
        }
        InetSocketAddress address = server.address();
        AgentAddress listening =
                new AgentAddress(address.getHostString(), address.getPort(), tls == null ? null : tls.fingerprint());
        out.println("duel agent " + identity.name() + " listening on " + listening
                + (tls == null ? "" : " (TLS: give this address, its certificate's fingerprint included)"));
        out.flush();
        Thread shutdown = new Thread(
                () -> {
                    log.accept("shutting down: stopping the run and the targets");
                    try {
                        service.shutdown();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    server.close();
                },
                "duel-agent-shutdown");
        Runtime.getRuntime().addShutdownHook(shutdown);
        server.awaitClosed();
    }
}
