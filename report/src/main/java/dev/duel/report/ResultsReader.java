package dev.duel.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Reads results folders written by {@code duel run}: every run record (final ones and discarded
 * attempts), the environment capture and the suite's thresholds. Reads only; stateless.
 */
public final class ResultsReader {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final List<String> PERCENTILES = List.of("p50", "p90", "p99", "p99.9");

    /** Everything found in the folders, in the order given; runs sorted by folder, then file name. */
    public record Results(List<RunData> runs, Map<String, JsonNode> environments, List<String> thresholds, List<String> suites) {
    }

    public Results read(List<Path> directories) throws ReportException {
        List<RunData> runs = new ArrayList<>();
        Map<String, JsonNode> environments = new LinkedHashMap<>();
        List<String> thresholds = new ArrayList<>();
        List<String> suites = new ArrayList<>();
        for (Path directory : directories) {
            Path runsFolder = directory.resolve("runs");
            if (!Files.isDirectory(runsFolder)) {
                throw new ReportException(directory + " holds no runs/ folder: give the results folder that `duel run` wrote "
                        + "(e.g. results/jdk17-vs-jdk25)");
            }
            JsonNode env = readJson(directory.resolve("env.json"), null);
            if (env != null) {
                environments.put(env.path("fingerprint").asText(""), env);
            }
            Path suiteCopy = directory.resolve("suite.yaml");
            if (Files.exists(suiteCopy)) {
                try {
                    JsonNode suite = YAML.readTree(suiteCopy.toFile());
                    suites.add(suite.path("name").asText(directory.getFileName().toString()));
                    suite.path("thresholds").forEach(t -> thresholds.add(t.asText()));
                } catch (IOException e) {
                    throw new ReportException(suiteCopy + " is not readable YAML: " + e.getMessage());
                }
            }
            List<Path> files;
            try (Stream<Path> listing = Files.list(runsFolder)) {
                files = listing.filter(f -> f.getFileName().toString().endsWith(".json")).sorted().toList();
            } catch (IOException e) {
                throw new ReportException("cannot list " + runsFolder + ": " + e.getMessage());
            }
            for (Path file : files) {
                runs.add(run(directory.toString(), readJson(file, file)));
            }
        }
        if (runs.isEmpty()) {
            throw new ReportException("no run records in " + directories + ": run the suite first (duel run SUITE.yaml)");
        }
        return new Results(runs, environments, List.copyOf(thresholds), suites);
    }

    private static JsonNode readJson(Path file, Path required) throws ReportException {
        if (!Files.exists(file)) {
            if (required != null) {
                throw new ReportException(required + " is missing");
            }
            return null;
        }
        try {
            return JSON.readTree(file.toFile());
        } catch (IOException e) {
            throw new ReportException(file + " is not a readable run record (" + e.getMessage() + ")");
        }
    }

    static RunData run(String source, JsonNode r) {
        JsonNode info = r.path("targetInfo");
        JsonNode jvm = info.path("jvm");
        List<String> jvmArgs = new ArrayList<>();
        info.path("jvmArgs").forEach(a -> jvmArgs.add(a.asText()));
        String app = info.hasNonNull("jar") && !info.path("jar").asText().isEmpty()
                ? Path.of(info.path("jar").asText()).getFileName().toString() : "command";
        RunData.TargetSettings settings = new RunData.TargetSettings(info.path("jdkVersion").asText(""), info.path("jdkVendor").asText(""),
                app, jvmArgs, info.path("limits").asText("none"), info.path("limitsMechanism").asText("none"),
                info.path("limitsEnforced").asBoolean(false), jvm.path("gc").asText(""), jvm.path("maxHeapBytes").asLong(-1),
                jvm.path("activeProcessors").asInt(-1));
        JsonNode startup = r.path("startup");
        List<Double> starts = new ArrayList<>();
        startup.path("startsMillis").forEach(n -> starts.add(n.asDouble()));
        List<RunData.ScenarioData> scenarios = new ArrayList<>();
        for (JsonNode result : r.path("results")) {
            scenarios.add(scenario(result, starts));
        }
        double startupMillis = startup.isMissingNode() || startup.isNull() ? -1 : startup.path("readyMillis").asDouble(-1);
        return new RunData(source, r.path("suite").asText(""), r.path("index").asInt(), r.path("repetition").asInt(),
                r.path("attempt").asInt(1), r.path("target").asText(), r.path("status").asText(), r.path("reason").asText(""),
                instant(r.path("startedAt")), instant(r.path("endedAt")), r.path("environment").asText(""),
                r.path("duelVersion").asText(""), settings, startupMillis, scenarios);
    }

    private static RunData.ScenarioData scenario(JsonNode result, List<Double> recordStarts) {
        JsonNode load = result.path("load");
        JsonNode main = load.path("main");
        JsonNode latency = main.path("latency");
        JsonNode targetMain = result.path("target").path("main");
        Map<String, Double> percentiles = new LinkedHashMap<>();
        for (String p : PERCENTILES) {
            String field = p.replace(".", "") + "Micros";
            if (latency.has(field)) {
                percentiles.put(p, latency.path(field).asDouble());
            }
        }
        Map<String, Long> failures = new LinkedHashMap<>();
        main.path("failures").fields().forEachRemaining(e -> failures.put(e.getKey(), e.getValue().asLong()));
        Map<String, Double> services = new LinkedHashMap<>();
        result.path("services").fields().forEachRemaining(e -> services.put(e.getKey(), e.getValue().path("main").path("cores").asDouble(-1)));
        List<Double> windows = new ArrayList<>();
        double windowSeconds = 0;
        for (JsonNode window : load.path("windows")) {
            windows.add(window.path("okPerSecond").asDouble());
            windowSeconds = window.path("lengthMillis").asDouble() / 1000;
        }
        List<Double> starts = result.path("kind").asText().equals("startup") ? recordStarts : List.of();
        return new RunData.ScenarioData(result.path("scenario").asText(), result.path("kind").asText("load"), describeLoad(load.path("settings")),
                main.path("durationMillis").asDouble() / 1000, latency.path("count").asLong(), main.path("okPerSecond").asDouble(),
                latency.path("meanMicros").asDouble(), percentiles, main.path("failed").asLong(), failures,
                targetMain.path("cpuMicrosPerRequest").asDouble(-1), targetMain.path("cores").asDouble(-1),
                targetMain.path("throttledShare").asDouble(-1), result.path("peakRssBytes").asLong(-1), services, windows, windowSeconds,
                load.path("engine").path("utilization").asDouble(), starts, latency.path("histogram").asText(""), trend(load.path("seconds")));
    }

    /** Last third of main's per-second requests over its first third, minus one; NaN below 6 seconds. */
    static double trend(JsonNode seconds) {
        List<Long> main = new ArrayList<>();
        for (JsonNode second : seconds) {
            if (second.path("phase").asText().equals("main")) {
                main.add(second.path("ok").asLong() + second.path("failures").asLong());
            }
        }
        if (main.size() < 6) {
            return Double.NaN;
        }
        int third = main.size() / 3;
        double first = main.subList(0, third).stream().mapToLong(Long::longValue).sum();
        double last = main.subList(main.size() - third, main.size()).stream().mapToLong(Long::longValue).sum();
        return first == 0 ? Double.NaN : last / first - 1;
    }

    /** "32 users, warm-up 10 s, gap 5 s, main 20 s" or "2,000 req/s (poisson), 6 windows of 15 s". */
    static String describeLoad(JsonNode s) {
        if (s.isMissingNode()) {
            return "";
        }
        String model = s.path("model").asText().equals("open")
                ? String.format(Locale.ROOT, "%,.0f req/s (%s, up to %d connections)", s.path("ratePerSecond").asDouble(),
                        s.path("arrival").asText(), s.path("maxConnections").asInt())
                : s.path("virtualUsers").asInt() + " users";
        String timing = s.path("windows").asInt() > 0
                ? String.format(Locale.ROOT, "%d windows of %s from the first correct answer", s.path("windows").asInt(),
                        seconds(s.path("windowLengthMillis").asDouble()))
                : String.format(Locale.ROOT, "warm-up %s, gap %s, main %s", seconds(s.path("warmupMillis").asDouble()),
                        seconds(s.path("gapMillis").asDouble()), seconds(s.path("durationMillis").asDouble()));
        return model + ", " + timing;
    }

    private static String seconds(double millis) {
        return millis % 1000 == 0 ? String.format(Locale.ROOT, "%.0f s", millis / 1000) : String.format(Locale.ROOT, "%.1f s", millis / 1000);
    }

    private static Instant instant(JsonNode node) {
        try {
            return node.isTextual() ? Instant.parse(node.asText()) : Instant.EPOCH;
        } catch (RuntimeException e) {
            return Instant.EPOCH;
        }
    }
}
