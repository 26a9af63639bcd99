package dev.duel.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.duel.suite.AtomicJson;
import dev.duel.suite.Suite;
import dev.duel.suite.SuiteException;
import dev.duel.suite.SuiteLoader;
import dev.duel.suite.SuiteOutcome;
import dev.duel.suite.SuiteRunner;
import dev.duel.targets.Cgroups;
import dev.duel.targets.JdkResolver;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code duel smoke}: the whole pipeline once, as a self-check: embedded PostgreSQL, both reference
 * apps fresh under limits, identity checks, a short scenario, two alternating repetitions, atomic
 * records; then every record is read back and checked for what a report will need.
 */
@Command(name = "smoke",
        description = {"Self-check of the whole pipeline in about a minute: embedded PostgreSQL, both reference apps",
                "under 1 CPU / 512 MiB, one short scenario, two alternating repetitions, every record checked."},
        footer = {"", ExitCodes.HELP}, sortOptions = false, mixinStandardHelpOptions = true, versionProvider = Duel.Version.class)
final class SmokeCommand implements Callable<Integer> {
    @Option(names = "--results", paramLabel = "DIR", description = "keep the records here (default: a new folder under the temp folder)")
    Path results;

    @CommandLine.ParentCommand
    Duel parent;

    @Override
    public Integer call() throws Exception {
        long startNanos = System.nanoTime();
        PrintStream out = System.out;
        PrintStream err = System.err;
        Path home = DuelHome.locate();
        Path directory = results != null ? results : Files.createTempDirectory("duel-smoke-");
        Files.createDirectories(directory);
        Path suiteFile = directory.resolve("smoke-suite.yaml");
        if (!Files.exists(suiteFile)) {
            Files.writeString(suiteFile, template().replace("@JAVA@", System.getProperty("java.home")).replace("@HOME@", home.toString()));
        }
        Suite suite;
        SuiteRunner runner;
        try {
            suite = new SuiteLoader(home).load(suiteFile);
            runner = new SuiteRunner(suite, directory, new SuiteProgress(out, System::nanoTime), new JdkResolver(), new Cgroups(), home);
            runner.preflight();
        } catch (SuiteException e) {
            err.println("duel: smoke: " + e.getMessage());
            return ExitCodes.USAGE;
        }
        SuiteOutcome outcome;
        try {
            outcome = StoppableRun.run(runner);
        } catch (SuiteException e) {
            err.println("duel: smoke: " + e.getMessage());
            if (parent != null && parent.verbose) {
                e.printStackTrace(err);
            }
            return ExitCodes.STOPPED;
        }
        List<String> problems = new ArrayList<>(outcome.problems());
        List<String> warnings = new ArrayList<>();
        checkRecords(directory, problems, warnings);
        warnings.forEach(warning -> out.println("smoke: warning: " + warning));
        double seconds = (System.nanoTime() - startNanos) / 1e9;
        if (!problems.isEmpty() || !outcome.clean()) {
            problems.forEach(problem -> err.println("smoke: " + problem));
            err.printf(Locale.ROOT, "smoke: FAILED after %.0f s; records and logs in %s%n", seconds, directory);
            return ExitCodes.NOT_CLEAN;
        }
        out.printf(Locale.ROOT, "smoke: ok in %.0f s: every part of the pipeline worked (records in %s)%n", seconds, directory);
        return ExitCodes.OK;
    }

    private static String template() throws IOException {
        try (InputStream in = SmokeCommand.class.getResourceAsStream("smoke.yaml")) {
            if (in == null) {
                throw new IOException("smoke.yaml is missing from duel's jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** Reads every record back and checks what a report needs from it. */
    static void checkRecords(Path directory, List<String> problems, List<String> warnings) throws IOException {
        List<JsonNode> records = new ArrayList<>();
        try (Stream<Path> files = Files.list(directory.resolve("runs"))) {
            for (Path file : files.filter(f -> f.getFileName().toString().matches("\\d{3}-.*\\.json")).sorted().toList()) {
                records.add(AtomicJson.MAPPER.readTree(file.toFile()));
            }
        }
        List<String> order = records.stream().map(r -> r.path("target").asText()).toList();
        if (!order.equals(List.of("minimal", "controllers", "controllers", "minimal"))) {
            problems.add("expected runs of minimal, controllers, controllers, minimal; found " + order);
        }
        for (JsonNode record : records) {
            String name = record.path("index").asInt() + " (" + record.path("target").asText() + ")";
            if (!record.path("status").asText().equals("ok")) {
                problems.add("run " + name + " is " + record.path("status").asText() + ": " + record.path("reason").asText());
                continue;
            }
            if (record.path("startup").path("readyMillis").asLong() <= 0) {
                problems.add("run " + name + " has no startup time");
            }
            JsonNode result = record.path("results").path(0);
            JsonNode main = result.path("load").path("main");
            if (main.path("ok").asLong() <= 0 || main.path("failed").asLong() != 0) {
                problems.add("run " + name + ": expected correct responses only, got ok=" + main.path("ok") + " failed=" + main.path("failed"));
            }
            if (result.path("target").path("main").path("cpuMicrosPerRequest").asDouble() <= 0) {
                problems.add("run " + name + " has no target CPU per request");
            }
            if (result.path("services").path("postgres").path("main").path("cpuMillis").asDouble() < 0) {
                problems.add("run " + name + " has no PostgreSQL CPU");
            }
            if (result.path("peakRssBytes").asLong() <= 0) {
                problems.add("run " + name + " has no peak memory");
            }
            JsonNode info = record.path("targetInfo");
            if (!info.path("limitsEnforced").asBoolean()) {
                warnings.add("run " + name + ": limits " + info.path("limitsMechanism").asText());
            }
            if (info.path("jvm").path("gc").asText("unknown").equals("unknown")) {
                problems.add("run " + name + " has no JVM facts");
            }
        }
    }
}
