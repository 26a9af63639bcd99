package dev.duel.cli;

import dev.duel.record.Environment;
import dev.duel.report.build.MicroChain;
import dev.duel.suite.Scenario;
import dev.duel.suite.Suite;
import dev.duel.suite.env.EnvironmentProbe;
import dev.duel.suite.micro.MicroBenchmarks;
import dev.duel.suite.micro.MicroPlan;
import dev.duel.suite.micro.MicroProcesses;
import dev.duel.suite.micro.MicroRunner;
import dev.duel.targets.Jdk;
import dev.duel.targets.JdkResolver;
import dev.duel.targets.TargetSpec;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The microbenchmarks a suite's scenarios name ({@code micro: HttpBenchmark.postQuote}), run by {@code duel run} on
 * the suite's JDKs (each distinct JDK of its jar targets, under the first target's name that uses it) into
 * {@code RESULTS/micro/}, with the {@code duel micro} defaults, pinned to the targets' cpuset when they share one.
 *
 * <p>They run after the HTTP runs, not before: the HTTP runs are what the suite is for, and they then start on the
 * same machine state as in a suite without {@code micro:} (no JMH JVM just ended, no page cache of the benchmarks
 * jar). A suite stopped during the HTTP runs leaves no micro forks to mix with a later session; a killed micro phase
 * resumes from its own records. Not thread-safe.
 */
final class SuiteMicro {
    private SuiteMicro() {}

    /** The plan of the suite's microbenchmarks, or null when no scenario names one. */
    static MicroPlan plan(Suite suite, JdkResolver resolver, Path home) {
        List<String> named = suite.scenarios().stream()
                .map(Scenario::micro)
                .filter(m -> m != null)
                .toList();
        if (named.isEmpty()) {
            return null;
        }
        Map<Path, MicroPlan.MicroJdk> jdks = new LinkedHashMap<>();
        Set<String> cpusets = new LinkedHashSet<>();
        for (TargetSpec target : suite.targets()) {
            // A target with an AOT cache is its JDK run another way: the JMH forks run without the cache, so they
            // are named after the plain target of that JDK.
            if (target.jar() == null || suite.aotCaches().containsKey(target.name())) {
                continue;
            }
            Jdk jdk = resolver.resolve(target.java());
            jdks.putIfAbsent(jdk.home(), new MicroPlan.MicroJdk(target.name(), jdk));
            cpusets.add(String.valueOf(target.limits().cpuset()));
        }
        if (jdks.size() < 2) {
            throw new IllegalArgumentException(suite.file() + ": scenarios name micro benchmarks, but the suite's jar"
                    + " targets run on " + jdks.size() + " JDK(s); micro compares two or more");
        }
        Set<String> includes = new LinkedHashSet<>();
        Map<String, List<String>> params = new LinkedHashMap<>();
        for (String micro : named) {
            String[] words = micro.split("\\s+");
            includes.add("(^|\\.)" + Pattern.quote(words[0]) + "$");
            for (int i = 1; i < words.length; i++) {
                String[] pair = words[i].split("=", 2);
                List<String> values = params.computeIfAbsent(pair[0], k -> new ArrayList<>());
                if (!values.contains(pair[1])) {
                    values.add(pair[1]);
                }
            }
        }
        String cpus = cpusets.size() == 1 && !cpusets.contains("null")
                ? cpusets.iterator().next()
                : null;
        return new MicroPlan(
                home.resolve(MicroPlan.DEFAULT_JAR),
                List.copyOf(jdks.values()),
                List.copyOf(includes),
                params,
                MicroPlan.DEFAULT_FORKS,
                MicroPlan.DEFAULT_WARMUP_ITERATIONS,
                MicroPlan.DEFAULT_ITERATION_TIME,
                MicroPlan.DEFAULT_MEASUREMENT_ITERATIONS,
                MicroPlan.DEFAULT_ITERATION_TIME,
                cpus);
    }

    /** Before any run: the jar is there and lists every named benchmark (about a second: {@code -lp}). */
    static void check(MicroPlan plan) throws IOException, InterruptedException {
        if (!Files.isRegularFile(plan.jar())) {
            throw new IllegalArgumentException("scenarios name micro benchmarks, but there is no " + plan.jar()
                    + ": build it with ./duel (or mvn -pl reference/micro -am package -DskipTests)");
        }
        MicroBenchmarks listed = MicroRunner.list(plan.jar(), plan.jdks().get(0), MicroProcesses.REAL);
        listed.select(plan.includes(), plan.params());
    }

    /** Runs the plan into {@code results/micro}; returns the number of forks that failed. */
    static int run(MicroPlan plan, Path results, JdkResolver resolver, Path home, PrintStream out)
            throws IOException, InterruptedException {
        out.println("micro benchmarks (" + String.join(", ", plan.includes()) + ") into "
                + results.resolve(MicroChain.FOLDER));
        Environment environment = new EnvironmentProbe(resolver, home).capture(List.of());
        MicroRunner.Outcome outcome = new MicroRunner(
                        MicroProcesses.REAL, Clock.systemUTC(), line -> out.println("  " + line))
                .run(plan, results.resolve(MicroChain.FOLDER), environment);
        return outcome.failed();
    }
}
