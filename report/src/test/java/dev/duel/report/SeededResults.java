package dev.duel.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Random;

/**
 * Results folders as {@code duel run} writes them, made up from a seed: the same seed always gives
 * the same files, so reports built from them can be compared with golden files.
 */
final class SeededResults {
    static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /** How one target behaves: its median requests/s, p99 in microseconds, and samples per run. */
    record Behaviour(String target, String jdk, double rps, double p99Micros, long samples, double throttled) {
    }

    private final Random random;
    private final Path directory;
    private final Instant start;
    private int index;

    SeededResults(Path directory, long seed, Instant start) throws IOException {
        this.random = new Random(seed);
        this.directory = directory;
        this.start = start;
        Files.createDirectories(directory.resolve("runs"));
    }

    void environment(String fingerprint, List<String> warnings) throws IOException {
        ObjectNode env = JSON.createObjectNode();
        env.put("fingerprint", fingerprint);
        env.put("capturedAt", start.toString());
        env.put("cpuModel", "Test CPU @ 3.0GHz");
        env.put("logicalCores", 2);
        env.put("x86Level", "v3");
        env.put("memoryBytes", 8L << 30);
        env.put("os", "Debian GNU/Linux 12 (bookworm)");
        env.put("kernel", "6.1.0-test");
        env.put("governor", "performance");
        env.put("cgroup", "v1");
        env.put("duelVersion", "0.1.0-test");
        env.put("duelCommit", "0123456789abcdef");
        ArrayNode w = env.putArray("warnings");
        warnings.forEach(w::add);
        JSON.writeValue(directory.resolve("env.json").toFile(), env);
    }

    void suite(String name, List<String> thresholds) throws IOException {
        StringBuilder yaml = new StringBuilder("name: " + name + "\nthresholds:\n");
        thresholds.forEach(t -> yaml.append("  - '").append(t.replace("'", "''")).append("'\n"));
        Files.writeString(directory.resolve("suite.yaml"), yaml);
    }

    /** One run of {@code b} with the scenarios given, {@code minutes} after the start. */
    void run(Behaviour b, String status, String reason, int attempt, double minutes, String fingerprint, List<String> scenarios,
            boolean windows) throws IOException {
        index++;
        ObjectNode r = JSON.createObjectNode();
        r.put("duelVersion", "0.1.0-test");
        r.put("suite", "seeded");
        r.put("index", index);
        r.put("repetition", (index + 1) / 2);
        r.put("attempt", attempt);
        r.put("target", b.target());
        r.putArray("scenarios").addAll(scenarios.stream().map(s -> JSON.getNodeFactory().textNode(s)).toList());
        r.put("status", status);
        r.put("reason", reason);
        Instant startedAt = start.plusSeconds(Math.round(minutes * 60));
        r.put("startedAt", startedAt.toString());
        r.put("endedAt", startedAt.plusSeconds(90).toString());
        ObjectNode info = r.putObject("targetInfo");
        info.put("name", b.target());
        info.put("jdkVersion", b.jdk());
        info.put("jdkVendor", "Test");
        info.put("jar", "/opt/apps/minimal.jar");
        info.putArray("jvmArgs").add("-XX:MaxRAMPercentage=75");
        info.put("limits", "cpus 1.0, memory 512 MiB");
        info.put("limitsMechanism", "cgroup v1");
        info.put("limitsEnforced", true);
        ObjectNode jvm = info.putObject("jvm");
        jvm.put("gc", "Serial");
        jvm.put("maxHeapBytes", 384L << 20);
        jvm.put("activeProcessors", 1);
        ObjectNode startup = r.putObject("startup");
        startup.put("readyMillis", Math.round(1500 * noise(0.1)));
        startup.putArray("startsMillis");
        ArrayNode results = r.putArray("results");
        for (String scenario : scenarios) {
            results.add(scenario(b, scenario, windows));
        }
        r.put("environment", fingerprint);
        String stem = String.format("%03d-%s-%s", index, b.target().replaceAll("[^A-Za-z0-9.-]", "_"), String.join("+", scenarios));
        String file = status.equals("discarded") && attempt == 1 ? stem + ".discarded-1.json" : stem + ".json";
        JSON.writeValue(directory.resolve("runs").resolve(file).toFile(), r);
    }

    private ObjectNode scenario(Behaviour b, String name, boolean windows) {
        ObjectNode result = JSON.createObjectNode();
        result.put("scenario", name);
        result.put("kind", windows ? "warmup-curve" : "load");
        ObjectNode load = result.putObject("load");
        ObjectNode settings = load.putObject("settings");
        settings.put("model", "closed");
        settings.put("virtualUsers", 32);
        settings.put("warmupMillis", 10000.0);
        settings.put("gapMillis", 5000.0);
        settings.put("durationMillis", 20000.0);
        settings.put("windows", windows ? 6 : 0);
        settings.put("windowLengthMillis", windows ? 15000.0 : 0);
        double rps = b.rps() * noise(0.03);
        ObjectNode main = load.putObject("main");
        main.put("durationMillis", 20000.0);
        main.put("requestsPerSecond", rps);
        main.put("okPerSecond", rps);
        main.put("failed", 0);
        ObjectNode failures = main.putObject("failures");
        for (String kind : List.of("connect", "timeout", "reset", "protocol", "status", "check")) {
            failures.put(kind, 0);
        }
        ObjectNode latency = main.putObject("latency");
        latency.put("count", b.samples());
        double p99 = b.p99Micros() * noise(0.08);
        latency.put("meanMicros", p99 / 6);
        latency.put("p50Micros", p99 / 8);
        latency.put("p90Micros", p99 / 3);
        latency.put("p99Micros", p99);
        latency.put("p999Micros", p99 * 2.5);
        latency.put("histogram", "");
        ArrayNode windowArray = load.putArray("windows");
        if (windows) {
            for (int w = 0; w < 6; w++) {
                ObjectNode window = windowArray.addObject();
                window.put("index", w);
                window.put("lengthMillis", 15000.0);
                window.put("okPerSecond", b.rps() * (1 - 0.5 * Math.exp(-w)) * noise(0.02));
            }
        }
        ArrayNode seconds = load.putArray("seconds");
        for (int second = 0; second < 35; second++) {
            String phase = second < 10 ? "warmup" : second < 15 ? "gap" : "main";
            ObjectNode entry = seconds.addObject();
            entry.put("second", second);
            entry.put("phase", phase);
            entry.put("ok", phase.equals("gap") ? 0 : Math.round(rps * noise(0.05) * (phase.equals("warmup") ? 0.7 : 1)));
            entry.put("failures", 0);
        }
        load.putObject("engine").put("utilization", 0.4);
        ObjectNode target = result.putObject("target").putObject("main");
        target.put("cores", 0.99);
        target.put("cpuMicrosPerRequest", 0.99e6 / rps);
        target.put("throttledShare", b.throttled());
        result.put("peakRssBytes", Math.round((300L << 20) * noise(0.02)));
        result.putObject("services").putObject("postgres").putObject("main").put("cores", 0.4 * noise(0.1));
        return result;
    }

    private double noise(double relative) {
        return 1 + relative * (random.nextDouble() * 2 - 1);
    }

    /** {@code each} ok runs of a and of b in turn, one minute apart, all in environment "e". */
    void interleaved(Behaviour a, Behaviour b, int each, List<String> scenarios) throws IOException {
        for (int i = 0; i < each; i++) {
            run(a, "ok", "", 1, i * 2, "e", scenarios, false);
            run(b, "ok", "", 1, i * 2 + 1, "e", scenarios, false);
        }
    }
}
