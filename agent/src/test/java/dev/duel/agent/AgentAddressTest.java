package dev.duel.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class AgentAddressTest {
    @Test
    void hostsAndIpAddressesWithTheirPorts() {
        assertEquals(new AgentAddress("10.213.0.2", 9400), AgentAddress.parse("10.213.0.2:9400"));
        assertEquals(new AgentAddress("agent-b.duel", 1), AgentAddress.parse(" agent-b.duel:1 "));
        AgentAddress v6 = AgentAddress.parse("[fd00::3]:9400");
        assertEquals("fd00::3", v6.host());
        assertEquals("[fd00::3]:9400", v6.toString());
        assertEquals("10.213.0.2:9400", AgentAddress.parse("10.213.0.2:9400").toString());
    }

    @Test
    void anythingElseNamesTheFormItWants() {
        for (String bad :
                new String[] {"", "host", ":9400", "host:", "host:0", "host:65536", "host:x", "fd00::3:9400"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> AgentAddress.parse(bad));
            assertTrue(
                    e.getMessage().endsWith("is not host:port: write host:port, e.g. 10.0.0.2:9400"), e.getMessage());
        }
    }
}
