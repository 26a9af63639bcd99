package dev.duel.agent;

import dev.duel.load.Clock;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Agents in this JVM on 127.0.0.1, each on its own port, for the coordinator's tests. Closes them all. */
final class LocalAgents implements AutoCloseable {
    static final String TOKEN = "local-token";

    final List<AgentService> services = new ArrayList<>();
    final List<AgentServer> servers = new ArrayList<>();
    final List<AgentClient> clients = new ArrayList<>();
    final List<String> log = new CopyOnWriteArrayList<>();

    LocalAgents(int count) throws InterruptedException {
        this(count, Duration.ofSeconds(30));
    }

    /** @param leaseIdle how long an agent's lease may go unused before it lapses */
    LocalAgents(int count, Duration leaseIdle) throws InterruptedException {
        for (int i = 0; i < count; i++) {
            String name = "agent-" + i;
            AgentService service = new AgentService(
                    new AgentIdentity(name, "host-" + i, 1),
                    WallClock.system(),
                    Clock.system(),
                    leaseIdle,
                    Duration.ofSeconds(2),
                    new AgentTargets(FakeTarget.starter(), Path.of("target"), null, log::add),
                    true,
                    line -> log.add(name + ": " + line));
            AgentServer server = AgentServer.start(
                    new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), TOKEN, service, log::add);
            services.add(service);
            servers.add(server);
            clients.add(new AgentClient(name, "127.0.0.1:" + server.address().getPort(), TOKEN, Duration.ofSeconds(5)));
        }
    }

    @Override
    public void close() {
        for (AgentServer server : servers) {
            server.close();
        }
        try {
            for (AgentService service : services) {
                service.shutdown();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
