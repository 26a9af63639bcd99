package dev.duel.cli.compare;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A comparison given on {@code duel compare}'s command line, written as the suite file it runs: two targets that
 * differ in one thing (the JDK, the jar or the JVM flags), one scenario per path, in interleaved pairs added within a
 * time budget until every path's requests/s is clear (the design of docs/methodology.md, "Interleaved pairs"). The file
 * is the next step: a user edits it (checks on the answers, variables in the path, a database) and runs it again with
 * {@code duel run}, so it holds absolute paths and says in comments what each setting does. Immutable.
 *
 * @param name        the suite's name (results/&lt;name&gt; for {@code duel run})
 * @param targets     A then B
 * @param port        how each target is told its port
 * @param readyPath   the path whose first 200 answer ends a start-up (the first path when not given)
 * @param paths       the paths measured, one scenario each, in this order in every pair
 * @param headers     request headers ("Accept: application/json"), for every path
 * @param checks      checks on every answer (status == 200 when none is given)
 * @param env         NAME=VALUE for both targets' processes
 * @param vus         closed-model users per path
 * @param limits      each target's CPU share, CPU set and memory limit; the load generator's CPU set
 * @param phases      each path's warm-up cap and main length, and the comparison's time budget
 * @param commandLine the command that wrote the file, for its first comment
 */
public record CompareSuite(
        String name,
        List<Target> targets,
        PortSetting port,
        String readyPath,
        List<String> paths,
        List<String> headers,
        List<String> checks,
        List<String> env,
        int vus,
        Limits limits,
        Phases phases,
        String commandLine) {

    /**
     * One side.
     *
     * @param name    its name in the report
     * @param java    a JDK version ("17") or home
     * @param jar     the application, an absolute path
     * @param jvmArgs its JVM flags
     */
    public record Target(String name, String java, Path jar, List<String> jvmArgs) {
        public Target {
            jvmArgs = List.copyOf(jvmArgs);
        }
    }

    /**
     * @param cpus          each target's CPU share (cgroup quota), in cores
     * @param cpuset        the CPUs both targets run on ("0")
     * @param memory        each target's memory limit ("512m")
     * @param loadgenCpuset the load generator's CPUs ("1")
     */
    public record Limits(double cpus, String cpuset, String memory, String loadgenCpuset) {}

    /**
     * @param maxWarmup a path's warm-up cap ("75s"): the warm-up ends earlier once both sides are steady
     * @param duration  main's length in slices ("12s")
     * @param budget    the time within which pairs are added ("8m")
     */
    public record Phases(String maxWarmup, String duration, String budget) {}

    public CompareSuite {
        if (targets.size() != 2) {
            throw new IllegalArgumentException("a comparison has two targets, got " + targets.size());
        }
        if (paths.isEmpty()) {
            throw new IllegalArgumentException("a comparison needs a path");
        }
        targets = List.copyOf(targets);
        paths = List.copyOf(paths);
        headers = List.copyOf(headers);
        checks = checks.isEmpty() ? List.of("status == 200") : List.copyOf(checks);
        env = List.copyOf(env);
    }

    /**
     * One scenario name per path, as the report shows them: the path's words joined by '-' ("/api/items/1" gives
     * "api-items-1", "/" gives "root"), made unique in order.
     */
    public static List<String> scenarioNames(List<String> paths) {
        Set<String> taken = new LinkedHashSet<>();
        List<String> names = new ArrayList<>();
        for (String path : paths) {
            String base = name(path.replaceFirst("[?#].*", ""), "root");
            String candidate = base;
            for (int n = 2; !taken.add(candidate); n++) {
                candidate = base + "-" + n;
            }
            names.add(candidate);
        }
        return names;
    }

    /**
     * {@code text} as a suite name: letters, digits, '.', '_' and '-', not starting with '.' or '-', at most 40
     * characters; {@code fallback} when nothing is left.
     */
    public static String name(String text, String fallback) {
        String cleaned = text.replaceAll("[^A-Za-z0-9._-]+", "-")
                .replaceAll("-{2,}", "-")
                .replaceAll("^[._-]+", "")
                .replaceAll("-+$", "");
        if (cleaned.length() > 40) {
            cleaned = cleaned.substring(0, 40).replaceAll("-+$", "");
        }
        return cleaned.isEmpty() ? fallback : cleaned;
    }

    /** The suite file. */
    public String yaml() {
        List<String> scenarioNames = scenarioNames(paths);
        StringBuilder out = new StringBuilder();
        out.append("# Written by duel compare:\n#   ")
                .append(commandLine.replace("\n", " "))
                .append('\n');
        out.append("# Run it again unchanged with: duel run <this file>   (its results go to results/")
                .append(name)
                .append(")\n");
        out.append(
                "# Edit it to go further (docs/suites.md): checks on each answer's body ('json:/id == 42'), variables in\n");
        out.append(
                "# a path ('/items/${id}' with vars: {id: 'seq:1..1000'}), a database (services: postgres: embedded),\n");
        out.append("# identity checks on the ready answer, longer phases, a larger budget.\n");
        out.append("name: ").append(quoted(name)).append('\n');
        out.append("targets:\n");
        for (Target target : targets) {
            out.append("  - name: ").append(quoted(target.name())).append('\n');
            out.append("    java: ").append(quoted(target.java())).append('\n');
            out.append("    jar: ").append(quoted(target.jar().toString())).append('\n');
            List<String> jvmArgs = new ArrayList<>(target.jvmArgs());
            if (port.kind() == PortSetting.Kind.PROPERTY) {
                jvmArgs.add(port.yaml());
            }
            if (!jvmArgs.isEmpty()) {
                out.append("    jvmArgs: ").append(list(jvmArgs)).append('\n');
            }
            out.append("    # The port: ").append(port.reason()).append('\n');
            List<String> environment = new ArrayList<>();
            if (port.kind() == PortSetting.Kind.ENV) {
                environment.add(port.yaml());
            }
            for (String entry : env) {
                int equals = entry.indexOf('=');
                environment.add(entry.substring(0, equals) + ": " + quoted(entry.substring(equals + 1)));
            }
            if (!environment.isEmpty()) {
                out.append("    env: {").append(String.join(", ", environment)).append("}\n");
            }
            out.append("    ready: {path: ")
                    .append(quoted(readyPath == null ? paths.get(0) : readyPath))
                    .append(", status: 200, timeout: 2m}\n");
            out.append(String.format(
                    Locale.ROOT,
                    "    limits: {cpus: %s, cpuset: %s, memory: %s}%n",
                    number(limits.cpus()),
                    quoted(limits.cpuset()),
                    limits.memory()));
        }
        out.append(
                "# One scenario per path, measured in this order on both targets of every pair. warmup: auto ends a\n");
        out.append(
                "# warm-up once the side's correct answers per second are steady, or at maxWarmup (the run then counts,\n");
        out.append("# marked); then main in slices.\n");
        out.append("scenarios:\n");
        for (int i = 0; i < paths.size(); i++) {
            out.append("  - name: ").append(quoted(scenarioNames.get(i))).append('\n');
            out.append("    request: {path: ").append(quoted(paths.get(i)));
            if (!headers.isEmpty()) {
                out.append(", headers: ").append(list(headers));
            }
            out.append("}\n");
            out.append("    checks: ").append(list(checks)).append('\n');
            out.append("    model: {vus: ").append(vus).append("}\n");
            out.append("    phases: {warmup: auto, maxWarmup: ")
                    .append(phases.maxWarmup())
                    .append(", gap: 1s, duration: ")
                    .append(phases.duration())
                    .append("}\n");
        }
        out.append("together: ")
                .append(scenarioNames.stream().map(CompareSuite::quoted).collect(Collectors.joining(", ", "[", "]")))
                .append('\n');
        out.append(
                "# Interleaved pairs: both targets alive on the same CPUs, the load handed from one to the other in\n");
        out.append("# 0.5 s slices (ABBA blocks), so a change in the host's speed meets both alike; pairs are added\n");
        out.append("# until every path's requests/s is clear or another would not fit the budget.\n");
        out.append("repetitions: {min: 3, budget: ").append(phases.budget()).append(", until: 'rps clear'}\n");
        out.append("order: interleaved\n");
        out.append("interleave: {slice: 500ms}\n");
        out.append("cooldown: 1s\n");
        out.append("loadgen: {cpuset: ").append(quoted(limits.loadgenCpuset())).append(", threads: 1, warmup: 3s}\n");
        out.append("# A short quiet gate, not none: a busy machine is still seen before each pair.\n");
        out.append("gates:\n");
        out.append("  quiet: {maxCores: 0.5, for: 2s, maxWait: 1m, retries: 1}\n");
        return out.toString();
    }

    /** YAML's single-quoted scalar: nothing inside is special but the quote, written twice. */
    static String quoted(String text) {
        return "'" + text.replace("'", "''") + "'";
    }

    private static String list(List<String> values) {
        return values.stream().map(CompareSuite::quoted).collect(Collectors.joining(", ", "[", "]"));
    }

    private static String number(double value) {
        return value == Math.rint(value) ? String.format(Locale.ROOT, "%.1f", value) : Double.toString(value);
    }
}
