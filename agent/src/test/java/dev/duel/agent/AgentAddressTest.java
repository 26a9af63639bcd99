package dev.duel.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class AgentAddressTest {
    @Test
    void hostsAndIpAddressesWithTheirPorts() {
        assertEquals(new AgentAddress("10.213.0.2", 9400, null), AgentAddress.parse("10.213.0.2:9400"));
        assertEquals(new AgentAddress("agent-b.duel", 1, null), AgentAddress.parse(" agent-b.duel:1 "));
        AgentAddress v6 = AgentAddress.parse("[fd00::3]:9400");
        assertEquals("fd00::3", v6.host());
        assertEquals("[fd00::3]:9400", v6.toString());
        assertEquals("10.213.0.2:9400", AgentAddress.parse("10.213.0.2:9400").toString());
        assertFalse(AgentAddress.parse("10.213.0.2:9400").tls());
    }

    private static final String PIN = "sha256:" + "0123456789abcdef".repeat(4);

    @Test
    void aTlsAgentsAddressPinsItsCertificateAndReadsBackAsWritten() {
        AgentAddress pinned = AgentAddress.parse("10.213.0.2:9400#" + PIN.toUpperCase(java.util.Locale.ROOT));
        assertEquals(new AgentAddress("10.213.0.2", 9400, PIN), pinned); // hex digits read in either case
        assertTrue(pinned.tls());
        assertEquals("10.213.0.2:9400", pinned.hostPort());
        assertEquals("10.213.0.2:9400#" + PIN, pinned.toString());
        assertEquals(pinned, AgentAddress.parse(pinned.toString()));
        assertEquals(
                "[fd00::3]:9400#" + PIN,
                AgentAddress.parse("[fd00::3]:9400#" + PIN).toString());
        for (String bad : new String[] {
            "10.213.0.2:9400#",
            "10.213.0.2:9400#" + PIN.substring(1),
            "10.213.0.2:9400#sha1:0123",
            "10.213.0.2:9400#" + PIN + "0"
        }) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> AgentAddress.parse(bad));
            assertTrue(e.getMessage().contains("pins no certificate fingerprint"), e.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> new AgentAddress("h", 1, "sha256:00"));
    }

    @Test
    void aControllerWarnsBeforeItSendsTheTokenInClearOffThisMachine() {
        assertEquals(null, AgentAddress.parse("127.0.0.1:9400").plainWarning());
        assertEquals(null, AgentAddress.parse("[::1]:9400").plainWarning());
        assertEquals(null, AgentAddress.parse("10.213.0.2:9400#" + PIN).plainWarning());
        String warning = AgentAddress.parse("10.213.0.2:9400").plainWarning();
        assertTrue(
                warning != null && warning.startsWith("the agent at 10.213.0.2:9400 is spoken to over plain HTTP"),
                warning);
    }

    @Test
    void anythingElseNamesTheFormItWants() {
        for (String bad :
                new String[] {"", "host", ":9400", "host:", "host:0", "host:65536", "host:x", "fd00::3:9400"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> AgentAddress.parse(bad));
            assertTrue(e.getMessage().endsWith("is not host:port: write " + AgentAddress.FORM), e.getMessage());
        }
    }
}
