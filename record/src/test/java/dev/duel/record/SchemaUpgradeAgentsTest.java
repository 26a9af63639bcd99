package dev.duel.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.duel.record.load.AgentShare;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Schema-5 duel ran every load in its own process and every target on its own machine: a schema-5 record reads its
 * agents and its target's host as null.
 */
class SchemaUpgradeAgentsTest {
    private static final ObjectMapper TREES = new ObjectMapper();

    /** The sample record as schema-5 duel wrote it: without schema 6's fields. */
    private static ObjectNode schemaFive() throws Exception {
        ObjectNode tree = (ObjectNode) TREES.readTree(RecordJson.bytes(RecordJsonTest.sample()));
        tree.put("schemaVersion", 5);
        ((ObjectNode) tree.get("targetInfo")).remove("host");
        tree.withArray("results").forEach(result -> ((ObjectNode) result.get("load")).remove("agents"));
        return tree;
    }

    private static RunRecord read(ObjectNode tree) throws Exception {
        return RecordJson.read(TREES.writeValueAsString(tree), "old.json", RunRecord.class);
    }

    @Test
    void aSchemaFiveRecordReadsAsOneEngineOnThisMachine() throws Exception {
        RunRecord record = read(schemaFive());
        assertNull(record.targetInfo().host());
        record.results().forEach(result -> assertNull(result.load().agents()));
    }

    @Test
    void aSchemaSixRecordMustHaveThem() throws Exception {
        ObjectNode tree = schemaFive();
        tree.put("schemaVersion", 6);
        assertThrows(RecordException.class, () -> read(tree));
    }

    @Test
    void agentSharesRoundTripWithTheirOwnResults() throws Exception {
        RunRecord sample = RecordJsonTest.sample();
        var own = sample.results().get(0).load();
        List<AgentShare> agents = List.of(
                new AgentShare("a", "10.0.0.2:9400", "node-a", 0, 2, 0.42, 0.05, 0.0, null, own),
                new AgentShare(
                        "b", "10.0.0.3:9400", "", 1, 2, null, null, 0.0, "stopped answering 3.0 s into main", null));
        ObjectNode tree = (ObjectNode) TREES.readTree(RecordJson.bytes(sample));
        ((ObjectNode) tree.withArray("results").get(0).get("load")).set("agents", TREES.valueToTree(agents));
        ((ObjectNode) tree.get("targetInfo")).put("host", "agent-b");
        RunRecord read = read(tree);
        assertEquals(agents, read.results().get(0).load().agents());
        assertEquals("agent-b", read.targetInfo().host());
    }
}
