package dev.duel.suite.micro;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.duel.record.micro.MicroMode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Reads what JMH writes with {@code -rf json}: per benchmark its mode, parameters, unit, each iteration's score
 * ({@code primaryMetric.rawData}, one list per fork), the score, and {@code -prof gc}'s
 * {@code gc.alloc.rate.norm}. Read with Jackson, never by linking JMH. Stateless.
 */
public final class JmhJson {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private JmhJson() {}

    /**
     * One benchmark's result of a one-fork JMH run.
     *
     * @param iterationScores the fork's measurement iterations, in {@code unit}
     * @param allocBytesPerOp bytes per operation, or null without {@code -prof gc}
     */
    public record Result(
            String benchmark,
            MicroMode mode,
            Map<String, String> params,
            String unit,
            List<Double> iterationScores,
            double score,
            Double allocBytesPerOp,
            String jmhVersion,
            List<String> jvmArgs) {}

    public static List<Result> read(Path file) throws IOException {
        JsonNode root = MAPPER.readTree(file.toFile());
        if (root == null || !root.isArray()) {
            throw new IOException(file + " is not JMH's JSON (an array of benchmark results)");
        }
        List<Result> results = new ArrayList<>();
        for (JsonNode benchmark : root) {
            JsonNode primary = benchmark.path("primaryMetric");
            MicroMode mode = MicroMode.ofJmh(benchmark.path("mode").asText());
            if (mode == null || !primary.isObject()) {
                throw new IOException(file + ": benchmark " + benchmark.path("benchmark") + " has mode "
                        + benchmark.path("mode") + " or no primaryMetric");
            }
            Map<String, String> params = new TreeMap<>();
            benchmark
                    .path("params")
                    .properties()
                    .forEach(p -> params.put(p.getKey(), p.getValue().asText()));
            List<Double> scores = new ArrayList<>();
            for (JsonNode fork : primary.path("rawData")) {
                fork.forEach(score -> scores.add(score.asDouble()));
            }
            JsonNode alloc = benchmark
                    .path("secondaryMetrics")
                    .path("gc.alloc.rate.norm")
                    .path("score");
            List<String> jvmArgs = new ArrayList<>();
            benchmark.path("jvmArgs").forEach(a -> jvmArgs.add(a.asText()));
            results.add(new Result(
                    benchmark.path("benchmark").asText(),
                    mode,
                    params,
                    primary.path("scoreUnit").asText(),
                    scores,
                    primary.path("score").asDouble(),
                    alloc.isNumber() ? alloc.asDouble() : null,
                    benchmark.path("jmhVersion").asText(),
                    jvmArgs));
        }
        return results;
    }
}
