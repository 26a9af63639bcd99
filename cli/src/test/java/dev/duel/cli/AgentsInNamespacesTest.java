package dev.duel.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.load.OutsideCpu;
import dev.duel.record.RecordJson;
import dev.duel.record.RunRecord;
import dev.duel.record.Status;
import dev.duel.record.load.AgentShare;
import dev.duel.record.load.LoadResult;
import dev.duel.record.load.PhaseResult;
import dev.duel.targets.fixtures.NetworkNamespaces;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three load agents ({@code duel agent}, real processes) in three network namespaces that the test makes (a veth pair
 * each to the root namespace, 10.213.0.0/16), against one minimal reference app in the root namespace listening on
 * the root side of the first pair: through {@code duel load --agents} beside a single engine at the same total rate,
 * and through a suite whose agent is killed mid-run and which then resumes. Skipped, saying why, where the machine
 * cannot make namespaces.
 */
@Tag("slow") // real processes in network namespaces: CI runs it; the quick loop leaves it out
@TestInstance(TestInstance.Lifecycle.PER_CLASS) // the agents and namespaces are the class's
// Each test passes alone; in this order the comparison meets three warm agents, and the agent the second test kills
// comes back unwarmed.
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class AgentsInNamespacesTest {
    private static final int AGENT_PORT = 9400;
    private static final String AGENT_WARMUP = "2s";
    /** Requests per second of the comparison's runs: counts are exact at any rate. */
    private static final int RATE = 4_500;

    @TempDir
    static Path temp; // static: made before the agents, which the class's tests share

    private NetworkNamespaces namespaces;
    /** The agents, started once for the class; a test that kills one starts it again, so that each test finds three. */
    private final Process[] agents = new Process[3];

    private final Path[] agentLogs = new Path[3];
    /** What one test started besides the agents (the app): ended after it. */
    private final List<Process> started = new ArrayList<>();

    private Path token;
    private String host;

    @BeforeAll
    void namespacesAndAgents() throws Exception {
        namespaces = NetworkNamespaces.createOrSkip(3);
        host = namespaces.hostAddress().getHostAddress();
        token = Files.writeString(temp.resolve("agent.token"), "ns-test-" + System.nanoTime() + "\n");
        Files.setPosixFilePermissions(token, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
        List<CompletableFuture<String>> ready = new ArrayList<>();
        for (int k = 0; k < 3; k++) {
            ready.add(startAgent(k, AGENT_WARMUP));
        }
        for (CompletableFuture<String> line : ready) {
            assertTrue(line.get(60, TimeUnit.SECONDS).contains(" listening on "), line.get());
        }
    }

    /** Each test starts with three agents alive, whichever test ran before it. */
    @BeforeEach
    void threeAgentsAlive() throws Exception {
        for (int k = 0; k < 3; k++) {
            if (!agents[k].isAlive()) {
                assertTrue(startAgent(k, AGENT_WARMUP).get(60, TimeUnit.SECONDS).contains(" listening on "));
            }
        }
    }

    @AfterEach
    void endWhatTheTestStarted() {
        for (Process process : started) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
        started.clear();
    }

    @AfterAll
    void endAgentsAndNamespaces() throws IOException {
        for (Process agent : agents) {
            if (agent != null) {
                agent.descendants().forEach(ProcessHandle::destroyForcibly);
                agent.destroyForcibly();
            }
        }
        if (namespaces != null) {
            namespaces.close();
        }
    }

    /**
     * Agent {@code k} in namespace k on its own address, its engine warmed {@link #AGENT_WARMUP} (the comparison's
     * warm load through the agents warms the rest); completes with its first line.
     */
    private CompletableFuture<String> startAgent(int k, String warmup) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        agentLogs[k] = temp.resolve("agent-" + k + "-" + System.nanoTime() + ".log");
        ProcessBuilder builder = new ProcessBuilder(
                        java,
                        "-cp",
                        System.getProperty("java.class.path"),
                        Duel.class.getName(),
                        "agent",
                        "--bind",
                        namespaces.get(k).address().getHostAddress(),
                        "--port",
                        String.valueOf(AGENT_PORT),
                        "--token-file",
                        token.toString(),
                        "--name",
                        "gen-" + (char) ('a' + k),
                        "--warmup",
                        warmup)
                .redirectError(agentLogs[k].toFile());
        Process agent = namespaces.start(k, builder);
        agents[k] = agent;
        return FirstLine.of(agent);
    }

    private String agentList() {
        return String.join(
                ",",
                namespaces.namespaces().stream()
                        .map(n -> n.address().getHostAddress() + ":" + AGENT_PORT)
                        .toList());
    }

    /** The minimal reference app on JDK 17 in the root namespace, on the address every namespace reaches. */
    private int startApp() throws Exception {
        Path jar = Path.of("..", "reference", "minimal", "target", "minimal.jar")
                .toAbsolutePath()
                .normalize();
        assertTrue(Files.isRegularFile(jar), "the reactor builds the minimal reference app before cli: " + jar);
        ProcessBuilder builder = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-Xmx256m",
                        "-XX:+UseSerialGC",
                        "-jar",
                        jar.toString())
                .redirectError(temp.resolve("app.log").toFile());
        builder.environment().put("PORT", "0");
        builder.environment().put("HOST", host);
        builder.environment().put("DATASET_SIZE", "1000");
        Process app = builder.start();
        started.add(app);
        String line = FirstLine.of(app).get(60, TimeUnit.SECONDS);
        assertTrue(line.startsWith("listening on "), line);
        return Integer.parseInt(line.substring("listening on ".length()).trim());
    }

    @Test
    @Order(1)
    void threeAgentsMergeToExactlyTheSumOfTheirCountsAndMatchOneEngineAtTheSameRate() throws Exception {
        int port = startApp();
        String url = "http://" + host + ":" + port + "/json";
        List<String> common = List.of(
                "load",
                url,
                "--rate",
                String.valueOf(RATE),
                "--arrival",
                "uniform",
                "--max-connections",
                "32",
                "--check",
                "json:/id == 42",
                "--warmup",
                "1s",
                "--gap",
                "0s",
                "--duration",
                "3s",
                // One event loop per engine: three agents' loops and the app share 2 cores here.
                "--threads",
                "1",
                "--quiet");
        // Every JVM warm before either measurement: the app and this JVM's engine (a single-engine run), then the
        // agents' whole path (their engine on this plan, their API streaming seconds), which their own warm-up
        // against a sink does not reach: measured without it, the agents' p99 fell from 13 ms to 1.3 ms over main.
        // At 6,000 requests/s, for 3 s each: the JIT counts requests, not seconds. (Measured at 6,000
        // requests/s after this short warm-up, the agents fell behind on this busy machine; at 2,000 to 3,000 the
        // three agents' CPU per request was 0.9x to 2.6x the single engine's, 1.1x to 1.5x at 6,000 after long ones.)
        List<String> agentArgs = List.of("--agents", agentList(), "--token-file", token.toString());
        List<String> warmSingle = new ArrayList<>(common);
        warmSingle.set(warmSingle.indexOf("3s"), "2s");
        warmSingle.set(warmSingle.indexOf(String.valueOf(RATE)), String.valueOf(6_000));
        assertEquals(
                ExitCodes.OK, Captured.duel(warmSingle.toArray(String[]::new)).exitCode());
        List<String> warmAgents = new ArrayList<>(warmSingle);
        warmAgents.addAll(agentArgs);
        assertEquals(
                ExitCodes.OK, Captured.duel(warmAgents.toArray(String[]::new)).exitCode());
        Path agentsOut = temp.resolve("agents.json");
        List<String> withAgents = new ArrayList<>(common);
        withAgents.addAll(
                List.of("--agents", agentList(), "--token-file", token.toString(), "--out", agentsOut.toString()));
        OutsideCpu agentsWindow = OutsideCpu.from(ours());
        Captured merged = Captured.duel(withAgents.toArray(String[]::new));
        double outsideDuringAgents = agentsWindow.cores();
        assertEquals(ExitCodes.OK, merged.exitCode(), merged.out() + merged.err());
        Path singleOut = temp.resolve("single.json");
        List<String> single = new ArrayList<>(common);
        single.addAll(List.of("--out", singleOut.toString()));
        OutsideCpu singleWindow = OutsideCpu.from(ours());
        Captured alone = Captured.duel(single.toArray(String[]::new));
        double outsideDuringSingle = singleWindow.cores();
        assertEquals(ExitCodes.OK, alone.exitCode(), alone.out() + alone.err());

        LoadResult agentsResult = RecordJson.read(Files.readString(agentsOut), "agents.json", LoadResult.class);
        LoadResult singleResult = RecordJson.read(Files.readString(singleOut), "single.json", LoadResult.class);
        List<AgentShare> shares = agentsResult.agents();
        assertEquals(3, shares.size(), merged.out());
        PhaseResult main = agentsResult.main();
        long ok = 0;
        long sent = 0;
        long failed = 0;
        long latencyCount = 0;
        double agentCpuMillis = 0;
        for (AgentShare share : shares) {
            assertEquals(null, share.lost(), share.toString());
            assertNotNull(share.clockOffsetMillis(), share.name());
            assertTrue(share.clockUncertaintyMillis() < 50, "a round trip to a namespace: " + share);
            PhaseResult own = share.result().main();
            assertTrue(own.ok() > 0, share.name() + " sent its share: " + own);
            ok += own.ok();
            sent += own.sent();
            failed += own.failed();
            latencyCount += own.latency().count();
            agentCpuMillis += share.result().engine().cpuMillis();
        }
        // The merge is exact: counts are the sum of the agents' counts, the merged histogram holds every latency.
        assertEquals(ok, main.ok());
        assertEquals(sent, main.sent());
        assertEquals(failed, main.failed());
        assertEquals(latencyCount, main.latency().count());
        assertTrue(merged.out().contains("agents (main: the merge above adds their histograms"), merged.out());
        // The split schedule is the whole schedule: the three agents planned the single engine's sends: exactly when
        // every engine kept up, and within the sends of main's last 6 ms when one fell behind at main's end on this
        // busy 2-core machine (seen: 35,989 against 36,000 at 6,000 requests/s, the single engine's last intended
        // sends neither sent nor counted unstarted; the bound was 0.1% of a 6 s main, 6 ms, the same time here).
        PhaseResult one = singleResult.main();
        assertEquals(
                (double) (one.sent() + one.unstarted()),
                (double) (main.sent() + main.unstarted()),
                Math.max(3, RATE * 0.006),
                () -> table(singleResult, agentsResult));
        // Merged percentiles are the added histogram's, never averaged: a quantile of the merge lies between the
        // agents' own quantiles (a mixture's distribution function is a weighted mean of theirs), to HDR's precision.
        for (java.util.function.ToDoubleFunction<dev.duel.record.load.LatencySummary> quantile :
                List.<java.util.function.ToDoubleFunction<dev.duel.record.load.LatencySummary>>of(
                        dev.duel.record.load.LatencySummary::p50Micros,
                        dev.duel.record.load.LatencySummary::p99Micros)) {
            double mergedQuantile = quantile.applyAsDouble(main.latency());
            double lowest = shares.stream()
                    .mapToDouble(share ->
                            quantile.applyAsDouble(share.result().main().latency()))
                    .min()
                    .orElseThrow();
            double highest = shares.stream()
                    .mapToDouble(share ->
                            quantile.applyAsDouble(share.result().main().latency()))
                    .max()
                    .orElseThrow();
            assertTrue(
                    mergedQuantile >= lowest * 0.999 && mergedQuantile <= highest * 1.001,
                    mergedQuantile + " us outside the agents' " + lowest + " to " + highest + " us");
        }
        // Against the single engine, generous bounds only: on 2 cores the app, three agents and duel contend, and the
        // agents' p99 was 1.1x to 9x the single engine's (the measured table is bench/agents-vs-single.sh's). The two
        // runs are measured one after the other, so they are compared as duel compares runs: only when nothing else
        // used the machine during either (under 0.25 cores outside this JVM, the agents and the app, the quiet
        // gate's default). The build runs another test class beside this one; with it, the agents' three JVMs lost
        // cores the single engine kept (p50 1.6 and 2.3 ms against 0.15 to 0.19 ms, CPU per request 3.4x): that
        // measures the build, not the agents, and is printed as not judged. Alone, as `-Dtest=` runs it, it is judged.
        double agentsCpuPerRequest = agentCpuMillis * 1_000 / Math.max(1, main.ok() + main.failed());
        double singleCpuPerRequest = singleResult.engine().cpuMicrosPerRequest();
        if (outsideDuringAgents < OutsideCpu.QUIET_CORES && outsideDuringSingle < OutsideCpu.QUIET_CORES) {
            double p50Ratio = main.latency().p50Micros() / one.latency().p50Micros();
            assertTrue(p50Ratio > 0.33 && p50Ratio < 3, table(singleResult, agentsResult));
            // 4x, not 3x: three agent JVMs each pay a fixed cost the one engine pays once, and CPU time comes in 10 ms
            // ticks: one run beside another test class read 1,800 ms against 600 ms over 13,500 requests (3.0005x).
            assertTrue(
                    agentsCpuPerRequest < 4 * singleCpuPerRequest && agentsCpuPerRequest > singleCpuPerRequest / 4,
                    table(singleResult, agentsResult));
        } else {
            System.out.printf(
                    Locale.ROOT,
                    "agents against one engine not judged: %.2f and %.2f cores busy outside the measured processes%n",
                    outsideDuringAgents,
                    outsideDuringSingle);
        }
        System.out.println(table(singleResult, agentsResult));
        shares.forEach(share -> System.out.println(
                share.name() + " started " + share.startLateMillis() + " ms after the agreed instant, clock "
                        + share.clockOffsetMillis() + " ms +- " + share.clockUncertaintyMillis()));
    }

    /** This JVM (the single engine, duel's coordinator), the agents and the app, with their descendants. */
    private List<ProcessHandle> ours() {
        List<ProcessHandle> ours = new ArrayList<>();
        ours.add(ProcessHandle.current());
        for (Process agent : agents) {
            if (agent != null) {
                ours.add(agent.toHandle());
            }
        }
        started.forEach(process -> ours.add(process.toHandle()));
        return ours;
    }

    /** Single engine against three agents, main phase: the comparison the issue asks for. */
    static String table(LoadResult single, LoadResult agents) {
        double agentCpu = agents.agents().stream()
                .filter(s -> s.result() != null)
                .mapToDouble(s -> s.result().engine().cpuMillis())
                .sum();
        PhaseResult a = agents.main();
        PhaseResult s = single.main();
        return String.format(
                Locale.ROOT,
                "| | single engine | 3 agents (merged) |%n|---|---|---|%n"
                        + "| planned sends (sent + unstarted) | %d | %d |%n| ok | %d | %d |%n| failed | %d | %d |%n"
                        + "| p50 | %.0f us | %.0f us |%n| p99 | %.0f us | %.0f us |%n| max | %.0f us | %.0f us |%n"
                        + "| generator CPU per request | %.2f us | %.2f us |%n",
                s.sent() + s.unstarted(),
                a.sent() + a.unstarted(),
                s.ok(),
                a.ok(),
                s.failed(),
                a.failed(),
                s.latency().p50Micros(),
                a.latency().p50Micros(),
                s.latency().p99Micros(),
                a.latency().p99Micros(),
                s.latency().maxMicros(),
                a.latency().maxMicros(),
                single.engine().cpuMicrosPerRequest(),
                agentCpu * 1_000 / Math.max(1, a.ok() + a.failed()));
    }

    @Test
    @Order(2)
    void aSuiteThroughAgentsKeepsEveryRecordWhenAnAgentIsKilledAndResumes() throws Exception {
        Path jar = Path.of("..", "reference", "minimal", "target", "minimal.jar")
                .toAbsolutePath()
                .normalize();
        String agentsYaml = String.join(
                ", ",
                namespaces.namespaces().stream()
                        .map(n -> "{name: gen-" + (char) ('a' + n.index()) + ", address: '"
                                + n.address().getHostAddress() + ":" + AGENT_PORT + "'}")
                        .toList());
        String yaml = """
                name: agents-ns
                targets:
                  - name: minimal
                    java: '17'
                    jar: %s
                    jvmArgs: [-Xmx256m, -XX:TieredStopAtLevel=1, -XX:+UseSerialGC, -Xshare:auto]
                    env: {PORT: '${port}', HOST: '${host}', DATASET_SIZE: '1000'}
                    listen: %s
                    limits: {cpus: 1.0, memory: 512m}
                scenarios:
                  - name: json
                    request: {path: /json}
                    checks: ['status == 200', 'json:/id == 42']
                    model: {rate: 400, arrival: uniform, maxConnections: 16}
                    phases: {warmup: 500ms, gap: 0s, duration: 2s}
                repetitions: 3
                cooldown: 0s
                loadgen: {tokenFile: %s, agents: [%s]}
                gates:
                  quiet: {maxCores: 4.0, for: 200ms, maxWait: 5s, retries: 0}
                  loadgen: {maxUtilization: 1.0, maxLagP99: 50ms}
                """.formatted(jar, host, token, agentsYaml);
        Path suite = Files.writeString(temp.resolve("agents-ns.yaml"), yaml);
        Path results = temp.resolve("results");
        Path runs = results.resolve("runs");

        // Agent gen-c is killed 1 s into run 2's main: the agents start a run 1 s (the coordinator's start delay)
        // after gen-c logs that run's start, then warm up for 0.5 s; main lasts 2 s. Run 2 loses gen-c, run 3 cannot
        // start.
        CompletableFuture<Void> killer = CompletableFuture.runAsync(() -> {
            try {
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
                while (System.nanoTime() < deadline && !startedRunTwo(runs)) {
                    Thread.sleep(50);
                }
                long before = runStarts(agentLogs[2]);
                while (System.nanoTime() < deadline && runStarts(agentLogs[2]) == before) {
                    Thread.sleep(20);
                }
                Thread.sleep(2_500);
                agents[2].destroyForcibly(); // SIGKILL, by the PID this test started
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        Captured first = Captured.duelWithoutProbe("run", suite.toString(), "--results", results.toString());
        killer.get(10, TimeUnit.SECONDS);
        assertTrue(
                first.exitCode() != ExitCodes.OK && first.err().contains("agent gen-c ("), first.out() + first.err());
        RunRecord one = RecordJson.readRun(runs.resolve("001-minimal-json.json"));
        String oneBytes = Files.readString(runs.resolve("001-minimal-json.json"));
        assertEquals(3, one.results().get(0).load().agents().size());
        RunRecord two = RecordJson.readRun(runs.resolve("002-minimal-json.json"));
        assertEquals(Status.INVALID, two.status(), two.reason());
        assertTrue(two.reason().startsWith("load agent gen-c ("), two.reason());
        assertTrue(
                two.results().get(0).load().agents().get(2).lost() != null,
                two.results().get(0).load().agents().toString());
        assertTrue(!Files.exists(runs.resolve("003-minimal-json.json")), "run 3 never started");

        // The agent comes back (same namespace, same address): the suite resumes with run 3 only. Unwarmed: this test
        // runs last and asks nothing of its speed.
        assertTrue(startAgent(2, "0s").get(60, TimeUnit.SECONDS).contains(" listening on "));
        new ProcessBuilder("cp", "-r", results.toString(), "/tmp/t9a-results-" + System.nanoTime())
                .start()
                .waitFor();
        Captured resumed = Captured.duelWithoutProbe("run", suite.toString(), "--results", results.toString());
        assertTrue(resumed.out().contains("3 run(s)") || resumed.out().contains("[3/3]"), resumed.out());
        assertEquals(oneBytes, Files.readString(runs.resolve("001-minimal-json.json")), "completed runs are kept");
        assertEquals(
                Status.INVALID,
                RecordJson.readRun(runs.resolve("002-minimal-json.json")).status());
        RunRecord three = RecordJson.readRun(runs.resolve("003-minimal-json.json"));
        LoadResult load = three.results().get(0).load();
        assertEquals(3, load.agents().size(), three.reason());
        assertEquals(
                load.agents().stream().mapToLong(s -> s.result().main().ok()).sum(),
                load.main().ok(),
                "merged ok is the sum of the agents'");
        assertTrue(
                three.status() == Status.OK || three.status() == Status.INVALID, three.status() + " " + three.reason());
    }

    /** How many runs an agent has begun, as its log says. */
    private static long runStarts(Path agentLog) throws IOException {
        try (Stream<String> lines = Files.lines(agentLog)) {
            return lines.filter(line -> line.contains(" starting at the agreed instant"))
                    .count();
        }
    }

    private static boolean startedRunTwo(Path runs) throws IOException {
        if (!Files.isDirectory(runs)) {
            return false;
        }
        try (Stream<Path> files = Files.list(runs)) {
            return files.anyMatch(f -> f.getFileName().toString().equals("002-minimal-json.log"))
                    && Files.exists(runs.resolve("001-minimal-json.json"))
                    && Files.readString(runs.resolve("002-minimal-json.log")).contains("listening on");
        }
    }
}
