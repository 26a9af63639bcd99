package dev.duel.cli;

import dev.duel.record.Environment;
import dev.duel.record.HostProbe;
import dev.duel.record.RecordJson;
import dev.duel.suite.RunnerParts;
import dev.duel.suite.Suite;
import dev.duel.suite.SuiteException;
import dev.duel.suite.env.EnvironmentProbe;
import dev.duel.suite.file.SuiteLoader;
import dev.duel.targets.HostProbeRunner;
import dev.duel.targets.JdkResolver;
import dev.duel.targets.TargetSpec;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code duel env}: the environment capture a suite records in env.json, with its warnings. */
@Command(
        name = "env",
        header = "Print what a suite records about this machine.",
        description = {
            "Prints what duel records about this machine before a suite: CPU, x86-64 level, memory, kernel, "
                    + "frequency governor, cgroups, the JDKs and their defaults, busy processes, and warnings, then times the "
                    + "host drift probe (a fixed CPU-bound workload, about 0.6 s) on the CPUs the suite's targets use (every "
                    + "online CPU without a suite): compare it across sessions."
        },
        footer = {"", "Examples:", "  duel env", "  duel env suites/jdk17-vs-jdk25.yaml --json", "", ExitCodes.HELP},
        sortOptions = false,
        mixinStandardHelpOptions = true,
        versionProvider = Duel.Version.class)
final class EnvCommand implements Callable<Integer> {
    @Parameters(
            index = "0",
            arity = "0..1",
            paramLabel = "SUITE",
            description = "describe this suite's targets' JDKs (default: every JDK found)")
    Path suiteFile;

    @Option(names = "--json", description = "print env.json as a suite would write it")
    boolean json;

    @Override
    public Integer call() throws Exception {
        Path home = DuelHome.locate();
        List<TargetSpec> targets = List.of();
        if (suiteFile != null) {
            try {
                Suite suite = new SuiteLoader(home).load(suiteFile);
                targets = suite.targets();
            } catch (SuiteException e) {
                System.err.println("duel: " + e.getMessage());
                return ExitCodes.USAGE;
            }
        }
        Environment environment = new EnvironmentProbe(new JdkResolver(), home).capture(targets);
        if (json) {
            System.out.println(RecordJson.text(environment));
        } else {
            print(System.out, environment);
            printProbes(System.out, cpusets(targets), HostProbeRunner.onThisMachine()::probe);
        }
        return ExitCodes.OK;
    }

    /** The distinct CPU sets of the targets, null for a target without one (every online CPU); [null] for none. */
    static List<String> cpusets(List<TargetSpec> targets) {
        Set<String> cpusets = new LinkedHashSet<>();
        targets.forEach(t -> cpusets.add(t.limits().cpuset()));
        return cpusets.isEmpty() ? java.util.Collections.singletonList(null) : new ArrayList<>(cpusets);
    }

    /** One line per CPU set: the host drift probe timed there, as a suite records it before and after each run. */
    static void printProbes(PrintStream out, List<String> cpusets, RunnerParts.HostProber prober)
            throws InterruptedException {
        for (String cpuset : cpusets) {
            try {
                HostProbe.Reading r = prober.probe(cpuset);
                out.printf(
                        Locale.ROOT,
                        "probe      CPUs %s: %d units in %.0f ms (CPU %.0f ms), %.1f units/s, %.1f per CPU second, steal %s, "
                                + "frequency %s (a change above 5%% between sessions is a different host)%n",
                        r.cpus(),
                        r.workUnits(),
                        r.durationMillis(),
                        r.cpuMillis(),
                        r.unitsPerSecond(),
                        r.unitsPerCpuSecond(),
                        String.format(Locale.ROOT, "%.1f%%", r.stealShare() * 100),
                        r.frequencyMhz() == null
                                ? "not visible"
                                : String.format(Locale.ROOT, "%.0f MHz", r.frequencyMhz()));
            } catch (IOException e) {
                out.println("probe      " + (cpuset == null ? "every online CPU" : "CPUs " + cpuset)
                        + ": could not run: " + e.getMessage());
            }
        }
    }

    /**
     * Whether a suite's CPU and memory limits would be enforced here, from the mechanism a limited target would get
     * ({@link dev.duel.targets.Cgroups#mechanismFor}: read from the mounts and permissions, nothing created): "enforced
     * here (cgroup v1)", or "not enforced (why) ..." and what would enforce them.
     */
    static String limits(String mechanism) {
        if (mechanism.startsWith("cgroup")) {
            return "a suite's CPU and memory limits are enforced here (" + mechanism + ")";
        }
        return "a suite's CPU and memory limits are " + mechanism
                + "; run duel as root, or in a control group delegated"
                + " to your user (systemd-run --user --scope -p Delegate=yes), to enforce them";
    }

    static void print(PrintStream out, Environment e) {
        out.printf(
                Locale.ROOT,
                "cpu        %s, %d logical cores (online %s), x86-64 %s%n",
                e.cpuModel(),
                e.logicalCores(),
                e.onlineCpus(),
                e.x86Level().isEmpty() ? "n/a" : e.x86Level());
        out.printf(Locale.ROOT, "memory     %.1f GiB%n", e.memoryBytes() / (double) (1L << 30));
        out.printf(Locale.ROOT, "os         %s, kernel %s%n", e.os(), e.kernel());
        out.printf(Locale.ROOT, "governor   %s%n", e.governor());
        out.printf(Locale.ROOT, "cgroups    %s%n", e.cgroup());
        out.printf(
                Locale.ROOT,
                "limits     %s%n",
                limits(new dev.duel.targets.Cgroups()
                        .mechanismFor(new dev.duel.targets.Limits(1.0, null, 512L << 20))));
        for (Environment.JdkInfo jdk : e.jdks()) {
            out.printf(
                    Locale.ROOT,
                    "jdk        %s%s (%s) at %s: default GC %s, default max heap %d MiB%n",
                    jdk.target().isEmpty() ? "" : jdk.target() + ": ",
                    jdk.version(),
                    jdk.vendor(),
                    jdk.home(),
                    jdk.defaultGc(),
                    jdk.defaultMaxHeapBytes() >> 20);
        }
        out.printf(
                Locale.ROOT,
                "busy       %s%n",
                e.busyProcesses().isEmpty() ? "nothing above 1% CPU" : String.join(", ", e.busyProcesses()));
        out.printf(Locale.ROOT, "duel       %s, commit %s%n", e.duelVersion(), e.duelCommit());
        out.printf(Locale.ROOT, "fingerprint %s (runs are compared only within one)%n", e.fingerprint());
        for (String warning : e.warnings()) {
            out.println("warning: " + warning);
        }
    }
}
