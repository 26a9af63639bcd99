package dev.duel.suite.agents;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.agent.AgentClient;
import dev.duel.agent.AgentException;
import dev.duel.targets.ReadySpec;
import dev.duel.targets.ResourceReading;
import dev.duel.targets.TargetFailedException;
import dev.duel.targets.TargetProcess;
import dev.duel.targets.TargetSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Targets started on a load agent ({@code host:}) against a fake agent that keeps the real agent's lease rules on a
 * fake clock: a lease idle for 30 s lapses and stops its targets, every call under it renews it, releasing it stops
 * its targets too.
 */
class HostedTargetStarterTest {
    private static final Duration IDLE = Duration.ofSeconds(30);

    @TempDir
    Path temp;

    private final FakeAgent agent = new FakeAgent("gen-a");
    private final FakeHosts hosts = new FakeHosts(agent);
    private final ManualTicker ticker = new ManualTicker();
    private final List<TargetSpec> startedLocally = new ArrayList<>();
    private final HostedTargetStarter starter = new HostedTargetStarter(
            (spec, env, log, spawned) -> {
                startedLocally.add(spec);
                throw new IOException("a local start, which this test does not make");
            },
            Map.of("hosted", "gen-a"),
            hosts,
            ticker,
            HostedTargetStarter.RENEW_EVERY,
            duration -> agent.advance(duration));

    private static TargetSpec spec(String name) {
        return new TargetSpec(
                name,
                "17",
                Path.of("/opt/app.jar"),
                List.of(),
                List.of(),
                Map.of("HOST", "${host}"),
                null,
                ReadySpec.DEFAULT,
                List.of(),
                null,
                null,
                "10.213.1.2");
    }

    @Test
    void aHostedTargetStartsOnItsAgentWithTheServicesEnvironmentAndReadsFromIt() throws Exception {
        List<Long> spawned = new ArrayList<>();
        Path log = temp.resolve("runs/001-hosted-json.log");
        TargetProcess target = starter.start(spec("hosted"), Map.of("DATABASE_URL", "x"), log, spawned::add);
        assertEquals(Map.of("DATABASE_URL", "x"), agent.startedEnv);
        assertEquals("gen-a", target.agent());
        assertEquals("10.213.1.2", target.host());
        assertEquals(4242, target.port());
        assertEquals(777, target.pid());
        assertEquals(900, target.readyMillis());
        assertEquals("cgroup v2", target.group().mechanism());
        assertTrue(target.group().enforced());
        assertEquals(List.of(), spawned, "the agent's pid is never given to this machine's ledger of leftovers");
        assertTrue(Files.readString(log).contains("runs on load agent gen-a (10.213.1.2:9400) as its target 1"));
        assertEquals(Set.of("gen-a"), hosts.hosting, "the host sends no load while it hosts");
        agent.cpuNanos = 5_000_000;
        assertEquals(5_000_000, target.read().cpuNanos(), "the reading is the agent's");
        assertTrue(target.alive());
        assertNull(target.exitCode());

        assertEquals(143, target.stop());
        assertEquals(143, target.stop(), "idempotent");
        assertEquals(1, agent.stops);
        assertNull(agent.lease, "the lease is given back once the target stopped");
        assertEquals(Set.of(), hosts.hosting, "the agent sends load again");
        assertFalse(target.alive());
        assertEquals(ResourceReading.UNKNOWN, target.read());
        assertTrue(ticker.cancelled);
    }

    @Test
    void theRenewalsKeepTheLeaseFromStartToStopLongerThanItsIdleTime() throws Exception {
        TargetProcess target = starter.start(spec("hosted"), Map.of(), temp.resolve("a.log"), pid -> {});
        assertEquals(Duration.ofSeconds(10), ticker.period);
        assertTrue(ticker.period.compareTo(IDLE.dividedBy(2)) < 0, "two renewals may fail before the lease lapses");
        // Two minutes of warm-up and main in which duel reads nothing of the target: only the renewals call.
        for (int tick = 0; tick < 12; tick++) {
            agent.advance(ticker.period);
            ticker.task.run();
        }
        assertTrue(target.alive(), "renewed every 10 s, the lease never lapsed");
        assertEquals(0, agent.stops);
        target.stop();
        assertEquals(1, agent.stops);
    }

    @Test
    void withoutRenewalsTheAgentsLeaseLapsesAndItsTargetIsGone() throws Exception {
        TargetProcess target = starter.start(spec("hosted"), Map.of(), temp.resolve("a.log"), pid -> {});
        agent.advance(IDLE.plusSeconds(1));
        assertFalse(target.alive(), "the fake keeps the agent's rule: this is what the renewals prevent");
        assertTrue(
                target.lastLogLines(5).get(0).contains("did not report target hosted"),
                target.lastLogLines(5).toString());
    }

    @Test
    void aTargetThatDidNotStartThereFailsAndGivesTheLeaseBack() {
        agent.startFailure = new AgentException("agent gen-a refused POST /v1/targets (422): not ready in 30 s", 422);
        TargetFailedException failed = assertThrows(
                TargetFailedException.class,
                () -> starter.start(spec("hosted"), Map.of(), temp.resolve("a.log"), pid -> {}));
        assertTrue(failed.getMessage().contains("not ready in 30 s"), failed.getMessage());
        assertNull(agent.lease);
        assertEquals(Set.of(), hosts.hosting);
    }

    @Test
    void aLeaseLeftByAKilledDuelIsWaitedOutUntilItLapses() throws Exception {
        agent.lease("a killed duel");
        TargetProcess target = starter.start(spec("hosted"), Map.of(), temp.resolve("a.log"), pid -> {});
        assertEquals("duel-test", agent.lease, "taken once the other lease lapsed, 30 s after its last call");
        assertTrue(target.alive());
    }

    @Test
    void anAgentHeldByAnotherControllerIsAnIoProblemNamingIt() {
        agent.leaseFailure = new AgentException("agent gen-a refused POST /v1/lease (409): held by bob", 409);
        IOException e = assertThrows(
                IOException.class, () -> starter.start(spec("hosted"), Map.of(), temp.resolve("a.log"), pid -> {}));
        assertTrue(
                e.getMessage()
                        .startsWith("load agent gen-a (10.213.1.2:9400) could not be leased to start hosted: agent"
                                + " gen-a refused POST /v1/lease (409): held by bob (still held after 35 s"),
                e.getMessage());
        assertEquals(Duration.ofSeconds(35), Duration.ofNanos(agent.nowNanos), "waited it out first");
        assertEquals(Set.of(), hosts.hosting);
    }

    @Test
    void aTargetWithoutHostStartsOnThisMachine() {
        assertThrows(IOException.class, () -> starter.start(spec("local"), Map.of(), temp.resolve("b.log"), pid -> {}));
        assertEquals("local", startedLocally.get(0).name());
        assertNull(agent.lease);
    }

    @Test
    void theLoadGoesToTheAgentsThatHostNothing() {
        List<AgentClient> all = List.of(client("gen-a"), client("gen-b"), client("gen-c"));
        assertEquals(
                List.of("gen-b", "gen-c"),
                AgentsLoad.generators(all, Set.of("gen-a")).stream()
                        .map(AgentClient::name)
                        .toList());
        assertEquals(3, AgentsLoad.generators(all, Set.of()).size());
    }

    private static AgentClient client(String name) {
        return new AgentClient(name, "127.0.0.1:1", "token", Duration.ofSeconds(1));
    }

    /** The captured renewal, run by the test. */
    private static final class ManualTicker implements HostedTargetStarter.Ticker {
        Duration period;
        Runnable task;
        boolean cancelled;

        @Override
        public Runnable every(Duration period, Runnable task) {
            this.period = period;
            this.task = task;
            return () -> cancelled = true;
        }
    }

    private static final class FakeHosts implements AgentHosts {
        private final FakeAgent agent;
        final Set<String> hosting = new HashSet<>();

        FakeHosts(FakeAgent agent) {
            this.agent = agent;
        }

        @Override
        public TargetHostAgent agent(String name) {
            assertEquals(agent.name(), name);
            return agent;
        }

        @Override
        public String controller() {
            return "duel-test";
        }

        @Override
        public void hosting(String name, boolean hosts) {
            if (hosts) {
                hosting.add(name);
            } else {
                hosting.remove(name);
            }
        }
    }

    /** One agent's lease and targets, on a fake clock, by the agent's rules (docs/agent-api.md). */
    private static final class FakeAgent implements TargetHostAgent {
        private final String name;
        private long nowNanos;
        private long lastCallNanos;
        String lease;
        final Map<String, Boolean> targets = new LinkedHashMap<>();
        Map<String, String> startedEnv;
        long cpuNanos;
        int stops;
        AgentException startFailure;
        AgentException leaseFailure;

        FakeAgent(String name) {
            this.name = name;
        }

        void advance(Duration by) {
            nowNanos += by.toNanos();
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public String address() {
            return "10.213.1.2:9400";
        }

        @Override
        public synchronized void lease(String controller) throws AgentException {
            lapse();
            if (leaseFailure != null) {
                throw leaseFailure;
            }
            if (lease != null) {
                throw new AgentException("held by " + lease, 409);
            }
            lease = controller;
            lastCallNanos = nowNanos;
        }

        @Override
        public synchronized void release() {
            lease = null;
            targets.replaceAll((id, alive) -> false);
        }

        @Override
        public synchronized AgentClient.HostedTarget startTarget(TargetSpec spec, Map<String, String> extraEnv)
                throws AgentException {
            held();
            if (startFailure != null) {
                throw startFailure;
            }
            startedEnv = extraEnv;
            String id = String.valueOf(targets.size() + 1);
            targets.put(id, true);
            return new AgentClient.HostedTarget(id, 4242, 777, 900, 850, List.of("java", "-jar"), "cgroup v2");
        }

        @Override
        public synchronized AgentClient.TargetStatus target(String id) throws AgentException {
            held();
            boolean alive = targets.getOrDefault(id, false);
            return new AgentClient.TargetStatus(
                    new ResourceReading(cpuNanos, 0, 0, 0, 1, 1, 1, null), alive, alive ? null : 143);
        }

        @Override
        public synchronized int stopTarget(String id) throws AgentException {
            held();
            stops++;
            targets.put(id, false);
            return 143;
        }

        /** A call under the lease: refused once it lapsed, else renews it. */
        private void held() throws AgentException {
            lapse();
            if (lease == null) {
                throw new AgentException("agent " + name + " refused: no lease held (409)", 409);
            }
            lastCallNanos = nowNanos;
        }

        private void lapse() {
            if (lease != null && nowNanos - lastCallNanos >= IDLE.toNanos()) {
                release();
            }
        }
    }
}
