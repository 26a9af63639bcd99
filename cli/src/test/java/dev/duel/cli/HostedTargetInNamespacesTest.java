package dev.duel.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.record.Phase;
import dev.duel.record.RecordJson;
import dev.duel.record.Resources;
import dev.duel.record.RunRecord;
import dev.duel.record.Status;
import dev.duel.record.load.AgentShare;
import dev.duel.record.load.LoadResult;
import dev.duel.targets.fixtures.NetworkNamespaces;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A suite whose target names a host agent ({@code host: gen-a}): agent gen-a starts the minimal app on its own
 * address under its limits, agents gen-b and gen-c, each in a network namespace the test makes, send the load. The
 * fixture's namespaces reach the root namespace's side of their pairs but not each other (the machine forwards no
 * packets, a setting the test must not change), so gen-a runs in the root namespace on the address every namespace
 * reaches ({@link NetworkNamespaces#hostAddress()}): the same shape as a target machine and two generator machines.
 * Skipped, saying why, where the machine cannot make namespaces.
 */
@Tag("slow") // real processes in network namespaces: CI runs it; the quick loop leaves it out
class HostedTargetInNamespacesTest {
    private static final int AGENT_PORT = 9400;

    @TempDir
    Path temp;

    private NetworkNamespaces namespaces;
    private final List<Process> started = new ArrayList<>();

    @AfterEach
    void endWhatWasStarted() throws IOException {
        for (Process process : started) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
        if (namespaces != null) {
            namespaces.close();
        }
    }

    @Test
    void theTargetRunsOnItsHostAgentWhileTheOtherTwoSendTheLoad() throws Exception {
        namespaces = NetworkNamespaces.createOrSkip(2);
        String hostAddress = namespaces.hostAddress().getHostAddress();
        Path token = Files.writeString(temp.resolve("agent.token"), "hosted-test-" + System.nanoTime() + "\n");
        Files.setPosixFilePermissions(token, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
        Path hostLog = temp.resolve("gen-a.log");
        List<CompletableFuture<String>> ready = new ArrayList<>();
        ready.add(FirstLine.of(agent(-1, "gen-a", hostAddress, token, hostLog)));
        for (int k = 0; k < 2; k++) {
            String name = "gen-" + (char) ('b' + k);
            ready.add(FirstLine.of(
                    agent(k, name, namespaces.get(k).address().getHostAddress(), token, temp.resolve(name + ".log"))));
        }
        for (CompletableFuture<String> line : ready) {
            assertTrue(line.get(60, TimeUnit.SECONDS).contains(" listening on "), line.get());
        }
        Path jar = Path.of("..", "reference", "minimal", "target", "minimal.jar")
                .toAbsolutePath()
                .normalize();
        assertTrue(Files.isRegularFile(jar), "the reactor builds the minimal reference app before cli: " + jar);
        String yaml = """
                name: hosted-ns
                targets:
                  - name: minimal
                    java: '17'
                    jar: %s
                    jvmArgs: [-Xmx256m, -XX:TieredStopAtLevel=1, -XX:+UseSerialGC, -Xshare:auto]
                    env: {PORT: '${port}', HOST: '${host}', DATASET_SIZE: '1000'}
                    host: gen-a
                    listen: %s
                    limits: {cpus: 1.0, memory: 512m}
                scenarios:
                  - name: json
                    request: {path: /json}
                    checks: ['status == 200', 'json:/id == 42']
                    model: {rate: 400, arrival: uniform, maxConnections: 16}
                    phases: {warmup: 500ms, gap: 0s, duration: 2s}
                repetitions: 1
                cooldown: 0s
                loadgen:
                  tokenFile: %s
                  agents:
                    - {name: gen-a, address: '%s:%d'}
                    - {name: gen-b, address: '%s:%d'}
                    - {name: gen-c, address: '%s:%d'}
                gates:
                  quiet: {maxCores: 4.0, for: 200ms, maxWait: 5s, retries: 0}
                  loadgen: {maxUtilization: 1.0, maxLagP99: 50ms}
                """.formatted(
                        jar,
                        hostAddress,
                        token,
                        hostAddress,
                        AGENT_PORT,
                        namespaces.get(0).address().getHostAddress(),
                        AGENT_PORT,
                        namespaces.get(1).address().getHostAddress(),
                        AGENT_PORT);
        Path suite = Files.writeString(temp.resolve("hosted-ns.yaml"), yaml);
        Path results = temp.resolve("results");

        Captured run = Captured.duel("run", suite.toString(), "--results", results.toString());

        assertTrue(Files.exists(results.resolve("runs/001-minimal-json.json")), run.out() + run.err());
        RunRecord record = RecordJson.readRun(results.resolve("runs/001-minimal-json.json"));
        assertTrue(
                record.status() == Status.OK || record.status() == Status.INVALID,
                record.status() + " " + record.reason() + "\n" + run.out() + run.err());
        assertEquals("gen-a", record.targetInfo().host(), "the record says where the target ran");
        // Its pid and limits are the ones agent gen-a started it with, which gen-a's log names.
        String agentLog = Files.readString(hostLog);
        Matcher startedAs = Pattern.compile("target minimal started as \\S+ \\(pid (\\d+), port \\d+, limits (.*)\\)")
                .matcher(agentLog);
        assertTrue(startedAs.find(), agentLog);
        assertEquals(Long.parseLong(startedAs.group(1)), record.startup().pid());
        assertEquals(startedAs.group(2), record.targetInfo().limitsMechanism());
        assertTrue(agentLog.contains("target minimal (1) stopped"), "stopped through its agent: " + agentLog);
        // Its CPU during main came from the agent (duel reads no /proc of a hosted target), and is the app's work.
        Resources main = record.results().get(0).target().get(Phase.MAIN);
        assertTrue(main.cpuMillis() > 0 && main.peakMemoryBytes() > 0, main.toString());
        assertTrue(
                record.affinity().stream().noneMatch(a -> a.role().startsWith("target ")),
                "no affinity of a process on another machine: " + record.affinity());
        assertNull(record.hostProbe().before(), "the drift probe runs on duel's machine only");
        // The load came from the two other agents, and the merge is exactly their sum.
        LoadResult load = record.results().get(0).load();
        assertEquals(
                List.of("gen-b", "gen-c"),
                load.agents().stream().map(AgentShare::name).toList());
        long ok = 0;
        long sent = 0;
        for (AgentShare share : load.agents()) {
            assertNull(share.lost(), share.toString());
            assertTrue(share.result().main().ok() > 0, share.name() + " sent its share");
            ok += share.result().main().ok();
            sent += share.result().main().sent();
        }
        assertEquals(ok, load.main().ok());
        assertEquals(sent, load.main().sent());
        System.out.printf(
                "hosted target: %s (%s), main ok %d from %s, target CPU over main %.0f ms (from gen-a)%n",
                record.status(),
                record.reason(),
                load.main().ok(),
                load.agents().stream()
                        .map(s -> s.name() + " " + s.result().main().ok())
                        .toList(),
                main.cpuMillis());
    }

    /** An agent in namespace {@code k}, or in the root namespace when k is -1, its standard error in {@code log}. */
    private Process agent(int k, String name, String bind, Path token, Path log) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder builder = new ProcessBuilder(
                        java,
                        // Not a test of the agents' speed (an invalid run, its generators saturated, is as good here):
                        // JVMs that start cheaply, and no warm-up against a sink.
                        "-XX:TieredStopAtLevel=1",
                        "-XX:+UseSerialGC",
                        "-Xshare:auto",
                        "-cp",
                        System.getProperty("java.class.path"),
                        Duel.class.getName(),
                        "agent",
                        "--bind",
                        bind,
                        "--port",
                        String.valueOf(AGENT_PORT),
                        "--token-file",
                        token.toString(),
                        "--name",
                        name,
                        "--warmup",
                        "0s",
                        "--allow-targets") // this test's agents start hosted targets
                .redirectError(log.toFile());
        Process agent = k < 0 ? builder.start() : namespaces.start(k, builder);
        started.add(agent);
        return agent;
    }
}
