package dev.duel.targets;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A started service: the environment targets receive, and its resource readings (so a
 * database-bound comparison can show the database at its limit). Close it to stop what was started.
 */
public final class RunningService implements AutoCloseable {
    private final String name;
    private final Map<String, String> env;
    private final Process process;
    private final RunningTarget target;
    private final LimitedGroup group;
    private final Limits limits;

    private RunningService(
            String name,
            Map<String, String> env,
            Process process,
            RunningTarget target,
            LimitedGroup group,
            Limits limits) {
        this.name = name;
        this.env = Map.copyOf(env);
        this.process = process;
        this.target = target;
        this.group = group;
        this.limits = limits;
    }

    /**
     * Starts the service (or, for an external one, only names it).
     *
     * @param floatCpus the CPUs a service without a cpuset of its own runs on ("2-3"), or null for every
     *                  online CPU (see {@link Affinity#floating})
     * @param log       where its output goes
     * @param spawned   told the process id as soon as the process exists
     */
    public static RunningService start(
            ServiceSpec spec,
            String floatCpus,
            TargetLauncher launcher,
            JdkResolver jdks,
            Cgroups cgroups,
            Path log,
            Spawned spawned)
            throws IOException, InterruptedException, TargetFailedException, IdentityMismatchException {
        if (spec instanceof ServiceSpec.ExternalPostgres external) {
            return new RunningService(
                    external.name(),
                    Map.of("DATABASE_URL", external.url()),
                    null,
                    null,
                    LimitedGroup.none(),
                    Limits.NONE);
        }
        if (spec instanceof ServiceSpec.Command command) {
            TargetSpec asTarget = new TargetSpec(
                    command.name(),
                    null,
                    null,
                    command.limits().cpuset() == null
                            ? Affinity.floating(floatCpus, command.command())
                            : command.command(),
                    List.of(),
                    command.env(),
                    command.port(),
                    command.ready(),
                    List.of(),
                    command.limits(),
                    null,
                    TargetSpec.LOOPBACK);
            RunningTarget started = launcher.start(asTarget, Map.of(), log, spawned);
            Map<String, String> env = new java.util.LinkedHashMap<>();
            command.env()
                    .forEach((key, value) -> env.put(key, value.replace("${port}", String.valueOf(started.port()))));
            return new RunningService(command.name(), env, null, started, started.group(), command.limits());
        }
        ServiceSpec.EmbeddedPostgres postgres = (ServiceSpec.EmbeddedPostgres) spec;
        if (!Files.isRegularFile(postgres.launcherJar())) {
            throw new IOException("the embedded PostgreSQL launcher " + postgres.launcherJar()
                    + " is missing: build it with mvn -pl reference/pg -am package -DskipTests");
        }
        LimitedGroup group = cgroups.create(postgres.name(), postgres.limits());
        List<String> java = List.of(
                jdks.installed().get(0).java().toString(),
                "-jar",
                postgres.launcherJar().toString());
        List<String> command =
                group.wrap(postgres.limits().cpuset() == null ? Affinity.floating(floatCpus, java) : java);
        Files.createDirectories(log.toAbsolutePath().getParent());
        ProcessBuilder builder =
                new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()));
        // The ledger's mark: PostgreSQL's server leaves its launcher's tree, and is found by it all the same.
        builder.environment().putAll(spawned.environment());
        Process process = builder.start();
        spawned.spawned(process.pid());
        String url;
        try {
            url = firstLine(process, Duration.ofSeconds(120));
        } catch (IOException e) {
            process.destroyForcibly();
            group.close();
            throw new IOException("embedded PostgreSQL did not start: " + e.getMessage() + lastLines(log), e);
        }
        return new RunningService(
                postgres.name(), Map.of("DATABASE_URL", url), process, null, group, postgres.limits());
    }

    private static String firstLine(Process process, Duration timeout) throws IOException, InterruptedException {
        BufferedReader reader =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (reader.ready()) {
                String line = reader.readLine();
                if (line != null && line.startsWith("jdbc:")) {
                    return line.trim();
                }
            } else if (!process.isAlive()) {
                throw new IOException("it exited with code " + process.exitValue());
            } else {
                Thread.sleep(20);
            }
        }
        throw new IOException("no JDBC URL within " + timeout.toSeconds() + " s");
    }

    private static String lastLines(Path log) {
        try {
            return "\n" + String.join("\n", LogTail.lastLines(log, 20));
        } catch (IOException e) {
            return "";
        }
    }

    public String name() {
        return name;
    }

    /** Environment each target receives from this service. */
    public Map<String, String> env() {
        return env;
    }

    /** The process id, or -1 for a service not started here. */
    public long pid() {
        return process != null ? process.pid() : target != null ? target.pid() : -1;
    }

    /** The limits it was started under; {@link Limits#NONE} for a service not started here. */
    public Limits limits() {
        return limits;
    }

    /** How its limits are enforced (no limits for a service not started here). */
    public LimitedGroup group() {
        return group;
    }

    /** The processes of its control group now (see {@link LimitedGroup#members()}). */
    public List<Long> groupMembers() {
        return group.members();
    }

    public ResourceReading read() {
        long pid = pid();
        return pid < 0 ? ResourceReading.UNKNOWN : group.read(pid);
    }

    @Override
    public void close() {
        if (target != null) {
            target.stop();
            return;
        }
        if (process != null) {
            List<ProcessHandle> descendants =
                    new ArrayList<>(process.descendants().toList());
            process.destroy();
            try {
                if (!process.waitFor(30, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                }
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
            }
            descendants.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
        }
        group.close();
    }
}
