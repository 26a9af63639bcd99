package dev.duel.suite.micro;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.duel.load.Durations;
import dev.duel.suite.SuiteException;
import dev.duel.suite.file.KeyPositions;
import dev.duel.suite.file.YamlErrorLocator;
import dev.duel.targets.JdkResolver;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a {@code duel micro} file, as strictly as a suite file: unknown keys and wrong types from the parser, the
 * rest checked here, every error at {@code file:line:column} with its key. Relative jar paths are resolved
 * against the file's folder. Thread-safe.
 *
 * <pre>
 * jdks: {jdk17: 17, jdk25: /usr/lib/jvm/temurin-25-jdk-amd64}   # name: version or JDK path; the first is the baseline
 * jar: reference/micro/target/benchmarks.jar
 * benchmarks: [HttpBenchmark, ProcessLogicBenchmark.sort]       # JMH include regexes; none: all
 * forks: 3
 * warmup: {iterations: 2, time: 1s}
 * measurement: {iterations: 3, time: 1s}
 * params: {app: [minimal]}
 * cpus: "1"
 * </pre>
 */
public final class MicroFileLoader {
    private final YAMLMapper yaml = YAMLMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY)
            .build();
    /** The parser's errors, worded as a suite file's (its top level is "the suite" there too). */
    private static final YamlErrorLocator ERRORS = new YamlErrorLocator("the suite", Map.of(), Map.of());

    private final JdkResolver jdks;

    public MicroFileLoader(JdkResolver jdks) {
        this.jdks = jdks;
    }

    /** The file as written. */
    record MicroFile(
            LinkedHashMap<String, String> jdks,
            String jar,
            List<String> benchmarks,
            Integer forks,
            Iterations warmup,
            Iterations measurement,
            LinkedHashMap<String, List<String>> params,
            String cpus) {}

    record Iterations(Integer iterations, String time) {}

    public MicroPlan load(Path file) throws SuiteException {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new SuiteException(file + ": cannot read the micro file (" + e.getMessage() + ")");
        }
        MicroFile parsed;
        try {
            parsed = yaml.readValue(text, MicroFile.class);
        } catch (JsonProcessingException e) {
            throw new SuiteException(ERRORS.describe(file, text, e), e);
        }
        if (parsed == null) {
            throw new SuiteException(file + ": the micro file is empty");
        }
        KeyPositions positions = KeyPositions.of(text);
        String at = "jdks";
        try {
            if (parsed.jdks() == null || parsed.jdks().size() < 2) {
                throw new IllegalArgumentException("name two JDKs to compare, e.g. jdks: {jdk17: 17, jdk25: 25}");
            }
            List<MicroPlan.MicroJdk> resolved = new ArrayList<>();
            for (Map.Entry<String, String> jdk : parsed.jdks().entrySet()) {
                at = "jdks." + jdk.getKey();
                resolved.add(new MicroPlan.MicroJdk(jdk.getKey(), jdks.resolve(jdk.getValue())));
            }
            Path parent = file.toAbsolutePath().getParent();
            at = "jar";
            Path jar = parsed.jar() == null ? MicroPlan.DEFAULT_JAR : parent.resolve(parsed.jar());
            at = "forks";
            int forks = positive(parsed.forks(), MicroPlan.DEFAULT_FORKS);
            at = "warmup";
            Iterations warmup = parsed.warmup() == null ? new Iterations(null, null) : parsed.warmup();
            at = "warmup.iterations";
            int warmupIterations =
                    warmup.iterations() == null ? MicroPlan.DEFAULT_WARMUP_ITERATIONS : warmup.iterations();
            if (warmupIterations < 0) {
                throw new IllegalArgumentException("is " + warmupIterations + ", expected 0 or more");
            }
            at = "warmup.time";
            Duration warmupTime = time(warmup.time());
            at = "measurement";
            Iterations measurement = parsed.measurement() == null ? new Iterations(null, null) : parsed.measurement();
            at = "measurement.iterations";
            int measurementIterations = positive(measurement.iterations(), MicroPlan.DEFAULT_MEASUREMENT_ITERATIONS);
            at = "measurement.time";
            Duration measurementTime = time(measurement.time());
            at = "cpus";
            if (parsed.cpus() != null && !parsed.cpus().matches("[0-9]+(-[0-9]+)?(,[0-9]+(-[0-9]+)?)*")) {
                throw new IllegalArgumentException("'" + parsed.cpus() + "' is not a CPU list like 1 or 0-1");
            }
            at = "";
            return new MicroPlan(
                    jar,
                    resolved,
                    parsed.benchmarks() == null ? List.of() : parsed.benchmarks(),
                    parsed.params() == null ? Map.of() : parsed.params(),
                    forks,
                    warmupIterations,
                    warmupTime,
                    measurementIterations,
                    measurementTime,
                    parsed.cpus());
        } catch (IllegalArgumentException e) {
            throw new SuiteException(YamlErrorLocator.locate(file, positions, at, at, e.getMessage()), e);
        }
    }

    private static int positive(Integer value, int otherwise) {
        if (value == null) {
            return otherwise;
        }
        if (value < 1) {
            throw new IllegalArgumentException("is " + value + ", expected 1 or more");
        }
        return value;
    }

    private static Duration time(String text) {
        if (text == null) {
            return MicroPlan.DEFAULT_ITERATION_TIME;
        }
        Duration time = Durations.parse(text);
        if (time.toMillis() < 100) {
            throw new IllegalArgumentException("is " + text + ", expected at least 100ms");
        }
        return time;
    }
}
