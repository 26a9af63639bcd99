package dev.duel.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which machine an agent says it runs on: its node on Kubernetes (the downward API's NODE_NAME), else its host. */
class AgentIdentityTest {
    @Test
    void anAgentInAPodNamesItsNodeAsItsHost() {
        AgentIdentity identity =
                AgentIdentity.local("duel-1a2b-agents-0-x", Map.of(AgentIdentity.NODE_NAME_VARIABLE, "node-7"));
        assertEquals("duel-1a2b-agents-0-x", identity.name());
        assertEquals("node-7", identity.host());
    }

    @Test
    void elsewhereItNamesItsHostAndIsNamedAfterItWithoutANameOfItsOwn() {
        AgentIdentity identity = AgentIdentity.local(null, Map.of(AgentIdentity.NODE_NAME_VARIABLE, " "));
        assertEquals(AgentIdentity.hostName(), identity.host());
        assertEquals(AgentIdentity.hostName(), identity.name());
    }
}
