package dev.duel.targets;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.duel.record.runtime.Profile;
import dev.duel.targets.runtime.JfrSettings;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Starts a target as a fresh process inside its limits and waits until it is ready: polls every
 * 10 ms for the first accepted connection and the first response that passes the ready check,
 * then checks the target's identity. Thread-safe.
 */
public final class TargetLauncher implements TargetStarter {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long POLL_MILLIS = 10;
    /** Exit code of the wrapper when joining the control group failed. */
    private static final int JOIN_FAILED = 97;

    private final JdkResolver jdks;
    private final Cgroups cgroups;

    public TargetLauncher(JdkResolver jdks, Cgroups cgroups) {
        this.jdks = jdks;
        this.cgroups = cgroups;
    }

    /**
     * Starts the target and returns it ready, identity checked.
     *
     * @param extraEnv environment from services (such as DATABASE_URL), added to the target's own
     * @param log      where its stdout and stderr go
     * @throws TargetFailedException     it exited, or was not ready in time (it is stopped)
     * @throws IdentityMismatchException it is not the target the spec names (it is stopped)
     * @throws IOException               it could not be started at all (bad command, port in use)
     */
    public RunningTarget start(TargetSpec spec, Map<String, String> extraEnv, Path log)
            throws IOException, TargetFailedException, IdentityMismatchException, InterruptedException {
        return start(spec, extraEnv, log, pid -> {});
    }

    /**
     * As {@link #start(TargetSpec, Map, Path)}, telling {@code spawned} the process id as soon as the
     * process exists, before it is ready: whoever must end it if duel dies knows it from then on.
     */
    public RunningTarget start(TargetSpec spec, Map<String, String> extraEnv, Path log, Spawned spawned)
            throws IOException, TargetFailedException, IdentityMismatchException, InterruptedException {
        InetAddress listen = InetAddress.getByName(spec.listen()); // an IP literal (TargetSpec): no lookup
        int port = spec.port() == null ? freePort(listen) : requireFree(listen, spec.port());
        List<String> command = new ArrayList<>();
        LimitedGroup group = cgroups.create(spec.name(), spec.limits());
        try {
            if (spec.jar() != null) {
                Jdk jdk = jdks.resolve(spec.java());
                command.add(jdk.java().toString());
                spec.jvmArgs().forEach(argument -> command.add(withPort(argument, spec.listen(), port)));
                command.addAll(group.extraJvmArguments());
                if (spec.profile() == Profile.JFR) {
                    command.add(JfrSettings.startFlag(recordingFor(log)));
                }
                command.add("-jar");
                command.add(spec.jar().toString());
            } else {
                spec.command().forEach(argument -> command.add(withPort(argument, spec.listen(), port)));
            }
            Map<String, String> environment = new LinkedHashMap<>(extraEnv);
            spec.env().forEach((name, value) -> environment.put(name, withPort(value, spec.listen(), port)));
            environment.putAll(spawned.environment()); // last: a ledger's mark is not the target's to change
            List<String> wrapped = group.wrap(command);
            Files.createDirectories(log.toAbsolutePath().getParent());
            ProcessBuilder builder = new ProcessBuilder(wrapped)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
            builder.environment().putAll(environment);
            long spawnNanos = System.nanoTime();
            Process process = builder.start();
            spawned.spawned(process.pid());
            RunningTarget target = new RunningTarget(
                    spec, process, group, port, log, wrapped, spec.profile() == Profile.JFR ? recordingFor(log) : null);
            try {
                awaitReady(target, spawnNanos);
                checkIdentity(target);
            } catch (TargetFailedException | IdentityMismatchException | InterruptedException | RuntimeException e) {
                target.stop();
                throw e;
            }
            return target;
        } catch (IOException | RuntimeException e) {
            group.close();
            throw e;
        }
    }

    /** The flight recording beside the target's log: {@code runs/NNN-target-scenario.log} records into {@code .jfr}. */
    static Path recordingFor(Path log) {
        String name = log.getFileName().toString();
        String stem = name.endsWith(".log") ? name.substring(0, name.length() - ".log".length()) : name;
        return log.resolveSibling(stem + ".jfr");
    }

    private void awaitReady(RunningTarget target, long spawnNanos) throws TargetFailedException, InterruptedException {
        ReadySpec ready = target.spec().ready();
        long deadline = spawnNanos + ready.timeout().toNanos();
        long firstAccept = -1;
        while (true) {
            Integer exit = target.exitCode();
            if (exit != null) {
                String why = exit == JOIN_FAILED
                        ? "could not join its control group (" + target.group().mechanism() + ")"
                        : "exited with code " + exit + " before it was ready";
                throw new TargetFailedException(
                        "target " + target.spec().name() + " " + why, exit, target.lastLogLines(50));
            }
            if (firstAccept < 0 && accepts(target.host(), target.port())) {
                firstAccept = System.nanoTime();
            }
            if (firstAccept >= 0) {
                try {
                    // One connection per check, closed at once: an idle keep-alive connection left to the target
                    // would be closed by it at its idle timeout, in the middle of the load (see ReadyProbe).
                    ReadyProbe.Answer response =
                            ReadyProbe.get(target.host(), target.port(), ready.path(), Duration.ofSeconds(2));
                    if (response.status() == ready.status()) {
                        long now = System.nanoTime();
                        target.markReady(
                                (firstAccept - spawnNanos) / 1_000_000,
                                (now - spawnNanos) / 1_000_000,
                                response.body());
                        return;
                    }
                } catch (IOException e) {
                    // not ready yet
                }
            }
            if (System.nanoTime() > deadline) {
                throw new TargetFailedException(
                        "target " + target.spec().name() + " was not ready within "
                                + ready.timeout().toSeconds() + " s (GET " + ready.path() + " -> " + ready.status()
                                + ")",
                        null,
                        target.lastLogLines(50));
            }
            Thread.sleep(POLL_MILLIS);
        }
    }

    private static void checkIdentity(RunningTarget target) throws IdentityMismatchException {
        if (target.spec().identity().isEmpty()) {
            return;
        }
        JsonNode response;
        try {
            response = JSON.readTree(target.readyBody());
        } catch (IOException e) {
            throw new IdentityMismatchException("expected JSON with "
                    + target.spec().identity() + " at "
                    + target.url(target.spec().ready().path()) + ", it answered something else; refusing to measure");
        }
        for (IdentityCheck check : target.spec().identity()) {
            if (!check.passes(response)) {
                String field = check.pointer().substring(1);
                throw new IdentityMismatchException(
                        "expected " + field + (check.operator() == IdentityCheck.Operator.EQUALS ? "=" : " containing ")
                                + check.expected() + " at "
                                + target.url(target.spec().ready().path()) + ", it reported " + field + "="
                                + check.actual(response) + "; refusing to measure");
            }
        }
    }

    private static boolean accepts(String host, int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(InetAddress.getByName(host), port), 200);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    static int freePort() throws IOException {
        return freePort(InetAddress.getLoopbackAddress());
    }

    private static int freePort(InetAddress listen) throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 0, listen)) {
            return socket.getLocalPort();
        }
    }

    private static int requireFree(InetAddress listen, int port) throws IOException {
        try (ServerSocket socket = new ServerSocket(port, 0, listen)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new IOException("port " + port + " on " + listen.getHostAddress()
                    + " is in use: stop what holds it, pick another port, or use port: auto"
                    + (listen.isLoopbackAddress() ? "" : " (or listen: names an address this machine does not have)"));
        }
    }

    private static String withPort(String text, String host, int port) {
        return text.replace("${port}", String.valueOf(port)).replace("${host}", host);
    }
}
