package dev.duel.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.load.ProgressListener;
import dev.duel.load.sink.SinkServer;
import dev.duel.record.load.AgentShare;
import dev.duel.record.load.LoadResult;
import dev.duel.targets.Limits;
import dev.duel.targets.ReadySpec;
import dev.duel.targets.TargetSpec;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Agents as real {@code java} processes on 127.0.0.1, driven by the coordinator against a sink in this JVM. */
@Tag("slow")
class AgentProcessTest {
    private static final Pattern LISTENING = Pattern.compile("duel agent (\\S+) listening on 127\\.0\\.0\\.1:(\\d+)"
            + "(#sha256:[0-9a-f]{64} \\(TLS: give this address, its certificate's fingerprint included\\))?");

    @TempDir
    Path dir;

    private final List<Process> started = new ArrayList<>();

    @AfterEach
    void stopAgents() throws InterruptedException {
        for (Process process : started) {
            process.destroy(); // SIGTERM to the PID this test started
            process.waitFor();
        }
    }

    private List<AgentClient> startAgents(int count) throws IOException {
        return startAgents(count, false);
    }

    /** {@code count} agents, the first over TLS with a certificate made at its start when {@code firstTls}. */
    private List<AgentClient> startAgents(int count, boolean firstTls) throws IOException {
        Path tokenFile = Files.writeString(dir.resolve("token"), "process-token\n");
        Files.setPosixFilePermissions(tokenFile, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
        // Every agent is started before the first is waited for: their JVMs start side by side.
        for (int i = 0; i < count; i++) {
            String name = "agent-" + i;
            started.add(new ProcessBuilder(
                            Path.of(System.getProperty("java.home"), "bin", "java")
                                    .toString(),
                            // A cheap start: these tests are about the protocol across processes, not the agent's
                            // speed, and the load below is paced.
                            "-XX:TieredStopAtLevel=1",
                            "-XX:+UseSerialGC",
                            "-Xshare:auto",
                            "-cp",
                            System.getProperty("java.class.path"),
                            TestAgentMain.class.getName(),
                            name,
                            tokenFile.toString(),
                            "0",
                            firstTls && i == 0 ? "tls" : "plain")
                    .redirectError(dir.resolve(name + ".log").toFile())
                    .start());
        }
        List<AgentClient> clients = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String name = "agent-" + i;
            BufferedReader out =
                    new BufferedReader(new InputStreamReader(started.get(i).getInputStream(), StandardCharsets.UTF_8));
            String first = out.readLine();
            Matcher matcher = LISTENING.matcher(first == null ? "" : first);
            assertTrue(matcher.matches(), "first line: " + first);
            assertEquals(name, matcher.group(1));
            assertEquals(firstTls && i == 0, matcher.group(3) != null, first);
            String pin = matcher.group(3) == null
                    ? ""
                    : matcher.group(3).substring(0, matcher.group(3).indexOf(' '));
            clients.add(new AgentClient(
                    name, "127.0.0.1:" + matcher.group(2) + pin, "process-token", Duration.ofSeconds(5)));
        }
        return clients;
    }

    @Test
    void twoAgentProcessesOneOverTlsMergeToExactlyTheSumOfTheirCounts() throws Exception {
        try (SinkServer sink = SinkServer.start()) {
            AgentCoordinator coordinator = new AgentCoordinator(startAgents(2, true), "process-test");

            LoadResult merged = coordinator.run(Plans.open(sink.url("/"), 400, 1_000), ProgressListener.NONE);

            long sum = 0;
            for (AgentShare share : merged.agents()) {
                assertNull(share.lost(), share.lost());
                assertNotNull(share.clockOffsetMillis(), share.name());
                assertNotNull(share.clockUncertaintyMillis(), share.name());
                assertTrue(share.result().main().ok() > 0, share.name());
                sum += share.result().main().ok();
            }
            assertEquals(sum, merged.main().ok());
            assertTrue(sink.requests() >= merged.main().ok());
        }
    }

    @Test
    void killingAnAgentMidRunLosesItsShareAndNamesIt() throws Exception {
        try (SinkServer sink = SinkServer.start()) {
            List<AgentClient> clients = startAgents(2);
            Process victim = started.get(1);
            AtomicBoolean killed = new AtomicBoolean();
            ProgressListener killAgentOne = (second, latency, status) -> {
                if (killed.compareAndSet(false, true)) {
                    victim.destroyForcibly(); // SIGKILL to the PID this test started
                }
            };
            AgentCoordinator coordinator = new AgentCoordinator(
                    clients,
                    "process-test",
                    WallClock.system(),
                    new AgentCoordinator.Settings(Duration.ofSeconds(1), Duration.ofSeconds(2), 500),
                    new dev.duel.load.SteadyStateJudge(),
                    dev.duel.load.split.PlanSplit::split);

            LoadResult merged = coordinator.run(Plans.open(sink.url("/"), 400, 2_000), killAgentOne);

            assertTrue(killed.get());
            AgentShare lost = merged.agents().get(1);
            assertEquals("agent-1", lost.name());
            assertNotNull(lost.lost());
            assertTrue(lost.lost().startsWith("no answer for 2 s"), lost.lost());
            assertNull(merged.agents().get(0).lost());
            assertEquals(
                    merged.agents().get(0).result().main().ok(), merged.main().ok());
            assertTrue(
                    merged.warnings().stream().anyMatch(w -> w.startsWith("agent agent-1 was lost")),
                    merged.warnings().toString());
        }
    }

    @Test
    void anAgentProcessHostsATargetUnderTheTargetsCodeAndStopsItOnSigterm() throws Exception {
        AgentClient agent = startAgents(1).get(0);
        agent.lease("process-test");
        TargetSpec fixture = new TargetSpec(
                "fixture",
                null,
                null,
                List.of(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-Xmx64m",
                        "-XX:+UseSerialGC",
                        "-XX:TieredStopAtLevel=1",
                        "-cp",
                        System.getProperty("java.class.path"),
                        "dev.duel.targets.fixtures.FixtureServer",
                        "ok",
                        "fixture",
                        "${port}"),
                List.of(),
                Map.of(),
                null,
                new ReadySpec("/health", 200, Duration.ofSeconds(30)),
                List.of(),
                Limits.NONE,
                null,
                TargetSpec.LOOPBACK);

        AgentClient.HostedTarget first = agent.startTarget(fixture, Map.of());
        assertTrue(first.port() > 0 && first.readyMillis() > 0, first.toString());
        assertTrue(agent.target(first.id()).alive());
        assertTrue(ProcessHandle.of(first.pid()).orElseThrow().isAlive());
        agent.stopTarget(first.id());
        assertTrue(ProcessHandle.of(first.pid()).map(p -> !p.isAlive()).orElse(true));

        AgentClient.HostedTarget second = agent.startTarget(fixture, Map.of());
        Process agentProcess = started.get(0);
        agentProcess.destroy(); // SIGTERM to the agent this test started: it stops its targets as it ends
        assertTrue(agentProcess.waitFor(30, java.util.concurrent.TimeUnit.SECONDS));
        assertTrue(ProcessHandle.of(second.pid()).map(p -> !p.isAlive()).orElse(true), "the target outlived its agent");
    }
}
