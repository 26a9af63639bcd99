package dev.duel.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.load.ManualClock;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The agent API over TLS, pinned as SSH pins a host key: a controller talks to the agent whose certificate its address
 * pins and to no other; a plain controller and a plain agent are each told, in one message, what to write instead.
 * Two keys are made once for the class (keytool, about a second each).
 */
class AgentTlsTest {
    private static final String TOKEN = "s3cret-token";
    private static AgentTls.ServerKey key;
    private static AgentTls.ServerKey other;

    @TempDir
    Path temp;

    @BeforeAll
    static void keys() {
        Path javaHome = Path.of(System.getProperty("java.home"));
        key = AgentTls.generate(javaHome);
        other = AgentTls.generate(javaHome);
    }

    @AfterAll
    static void forget() {
        key = null;
        other = null;
    }

    private final List<String> log = new CopyOnWriteArrayList<>();

    private AgentService service() {
        return new AgentService(
                new AgentIdentity("agent-t", "host-t", 2),
                WallClock.system(),
                new ManualClock(0),
                Duration.ofSeconds(30),
                Duration.ofSeconds(2),
                new AgentTargets(FakeTarget.starter(), Path.of("target"), null, log::add),
                false,
                log::add);
    }

    private AgentServer server(AgentTls.ServerKey served) throws InterruptedException {
        return AgentServer.start(
                new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                TOKEN,
                service(),
                log::add,
                AgentServer.Limits.DEFAULT,
                served == null ? null : AgentTls.serverContext(served));
    }

    private static AgentClient client(String address) {
        return new AgentClient("agent-t", address, TOKEN, Duration.ofSeconds(5));
    }

    @Test
    void aMadeKeyIsAnEcCertificateWithAFingerprintThatReadsBackFromItsPem() throws Exception {
        assertTrue(AgentTls.isFingerprint(key.fingerprint()), key.fingerprint());
        assertNotEquals(key.fingerprint(), other.fingerprint());
        assertEquals("EC", key.key().getAlgorithm());
        assertEquals(
                "CN=duel-agent", key.certificate().getSubjectX500Principal().getName());
        assertTrue(key.toString().contains("key hidden") && !key.toString().contains("PRIVATE"), key.toString());
        Path cert = Files.writeString(temp.resolve("agent.crt"), key.certificatePem());
        Path pem = Files.writeString(temp.resolve("agent.key"), key.keyPem());
        AgentTls.ServerKey read = AgentTls.read(cert, pem);
        assertEquals(key.fingerprint(), read.fingerprint());
        assertEquals(key.key(), read.key());
    }

    @Test
    void givenFilesThatAreNotACertificateAndItsKeyAreRefusedNamingTheFix() throws Exception {
        Path cert = Files.writeString(temp.resolve("agent.crt"), key.certificatePem());
        Path otherKey = Files.writeString(temp.resolve("other.key"), other.keyPem());
        IllegalArgumentException mismatch =
                assertThrows(IllegalArgumentException.class, () -> AgentTls.read(cert, otherKey));
        assertTrue(mismatch.getMessage().contains("is not the key of the certificate"), mismatch.getMessage());

        Path traditional = Files.writeString(
                temp.resolve("ec.key"),
                key.keyPem()
                        .replace("BEGIN PRIVATE KEY", "BEGIN EC PRIVATE KEY")
                        .replace("END PRIVATE KEY", "END EC PRIVATE KEY"));
        IllegalArgumentException form =
                assertThrows(IllegalArgumentException.class, () -> AgentTls.read(cert, traditional));
        assertTrue(form.getMessage().contains("openssl pkcs8 -topk8 -nocrypt"), form.getMessage());

        Path missing = temp.resolve("missing.crt");
        IllegalArgumentException absent =
                assertThrows(IllegalArgumentException.class, () -> AgentTls.read(missing, otherKey));
        assertEquals("--tls-cert " + missing + " does not exist: give the PEM file's path", absent.getMessage());

        Path notPem = Files.writeString(temp.resolve("not.crt"), "hello\n");
        IllegalArgumentException garbage =
                assertThrows(IllegalArgumentException.class, () -> AgentTls.read(notPem, otherKey));
        assertTrue(garbage.getMessage().startsWith("--tls-cert " + notPem), garbage.getMessage());

        Path noKey = Files.writeString(temp.resolve("none.key"), key.certificatePem());
        IllegalArgumentException none = assertThrows(IllegalArgumentException.class, () -> AgentTls.read(cert, noKey));
        assertTrue(none.getMessage().contains("holds no private key"), none.getMessage());
    }

    @Test
    void aControllerTalksToThePinnedAgentOverTls() throws Exception {
        try (AgentServer server = server(key)) {
            AgentClient client = client("127.0.0.1:" + server.address().getPort() + "#" + key.fingerprint());
            assertEquals("agent-t", client.hello().name());
            assertEquals("127.0.0.1:" + server.address().getPort(), client.address()); // messages name no pin
            client.lease("controller");
            client.release();
        }
    }

    @Test
    void anotherCertificateThanThePinnedOneIsRefusedNamingBoth() throws Exception {
        try (AgentServer server = server(other)) {
            AgentClient client = client("127.0.0.1:" + server.address().getPort() + "#" + key.fingerprint());
            AgentException e = assertThrows(AgentException.class, client::hello);
            assertTrue(e.getMessage().contains("TLS failed"), e.getMessage());
            assertTrue(
                    e.getMessage()
                            .contains("the agent's certificate is " + other.fingerprint() + ", not the "
                                    + key.fingerprint() + " its address pins"),
                    e.getMessage());
        }
    }

    @Test
    void aPlainControllerIsToldTheAgentSpeaksTlsAndNothingOfItsCallIsServed() throws Exception {
        try (AgentServer server = server(key)) {
            AgentException e = assertThrows(
                    AgentException.class,
                    () -> client("127.0.0.1:" + server.address().getPort()).lease("plain"));
            assertEquals(400, e.status());
            assertTrue(
                    e.getMessage().contains("this agent speaks TLS: write its address as host:port#sha256:"),
                    e.getMessage());
            assertTrue(
                    log.stream().anyMatch(line -> line.startsWith("refused a plain-HTTP connection from ")),
                    log.toString());
            // The refused call took no lease: a pinned controller takes it at once.
            AgentClient pinned = client("127.0.0.1:" + server.address().getPort() + "#" + key.fingerprint());
            pinned.lease("pinned");
            pinned.release();
        }
    }

    @Test
    void aPinnedControllerIsToldWhenTheAgentSpeaksNoTls() throws Exception {
        try (AgentServer server = server(null)) {
            AgentClient client = client("127.0.0.1:" + server.address().getPort() + "#" + key.fingerprint());
            AgentException e = assertThrows(AgentException.class, client::hello);
            assertTrue(
                    e.getMessage().contains("TLS failed")
                            && e.getMessage().contains("does it serve TLS (duel agent --tls)"),
                    e.getMessage());
        }
    }
}
