package dev.duel.suite.micro;

import dev.duel.targets.Jdk;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What {@code duel micro} runs: the benchmarks jar, the JDKs (the first is the baseline), which benchmarks
 * (JMH include regexes; none: all), parameters that replace the jar's own values, and each fork's shape. Every fork
 * runs one benchmark with one set of parameters on one JDK. Immutable.
 *
 * @param forks              forks of each benchmark on each JDK (rounds of the alternation)
 * @param warmupIterations   warm-up iterations per fork
 * @param warmupTime         length of each warm-up iteration
 * @param measurementTime    length of each measurement iteration
 * @param cpus               the CPUs every JMH process is pinned to ("1", "0-1"), or null for every online CPU
 */
public record MicroPlan(
        Path jar,
        List<MicroJdk> jdks,
        List<String> includes,
        Map<String, List<String>> params,
        int forks,
        int warmupIterations,
        Duration warmupTime,
        int measurementIterations,
        Duration measurementTime,
        String cpus) {

    /**
     * Defaults sized so that both JDKs get every benchmark of {@code reference/micro} (9 with their parameters) with
     * an interval in at most 10 minutes on 2 cores: 3 forks a side (the fewest that give an interval: a Welch t on
     * logs), 2 x 1 s warm-up and 3 x 1 s measurement. A fork costs about 5 s of iterations plus 2 to 6 s of JVM and
     * application start-up (Spring Boot in HttpBenchmark), so 54 forks take about 8 to 9 minutes.
     */
    public static final int DEFAULT_FORKS = 3;

    public static final int DEFAULT_WARMUP_ITERATIONS = 2;
    public static final int DEFAULT_MEASUREMENT_ITERATIONS = 3;
    public static final Duration DEFAULT_ITERATION_TIME = Duration.ofSeconds(1);
    public static final Path DEFAULT_JAR = Path.of("reference/micro/target/benchmarks.jar");

    /** A JDK of the comparison under its name ("jdk17", or a suite target's name). */
    public record MicroJdk(String name, Jdk jdk) {}

    public MicroPlan {
        jdks = List.copyOf(jdks);
        includes = List.copyOf(includes);
        Map<String, List<String>> copy = new LinkedHashMap<>();
        params.forEach((k, v) -> copy.put(k, List.copyOf(v)));
        params = Collections.unmodifiableMap(copy);
        if (jdks.size() < 2) {
            throw new IllegalArgumentException("micro needs two JDKs to compare, got " + jdks.size());
        }
        if (forks < 1 || warmupIterations < 0 || measurementIterations < 1) {
            throw new IllegalArgumentException("forks and measurement iterations must be at least 1");
        }
    }

    /** The plan as {@code micro.json} keeps it: what a resume must match. */
    public Map<String, Object> describe() {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("jar", jar.toString());
        Map<String, String> homes = new LinkedHashMap<>();
        jdks.forEach(j -> homes.put(j.name(), j.jdk().home() + " (" + j.jdk().version() + ")"));
        d.put("jdks", homes);
        d.put("includes", includes);
        d.put("params", params);
        d.put("forks", forks);
        d.put("warmupIterations", warmupIterations);
        d.put("warmupSeconds", warmupTime.toMillis() / 1000.0);
        d.put("measurementIterations", measurementIterations);
        d.put("measurementSeconds", measurementTime.toMillis() / 1000.0);
        d.put("cpus", cpus);
        return d;
    }
}
