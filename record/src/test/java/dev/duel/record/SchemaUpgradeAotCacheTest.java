package dev.duel.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

/** Schema-4 duel had no AOT-cache arm: a schema-4 record reads its target's cache as not used (null). */
class SchemaUpgradeAotCacheTest {
    private static final ObjectMapper TREES = new ObjectMapper();

    /** The sample record as schema-4 duel wrote it: without schema 5's fields. */
    private static ObjectNode schemaFour() throws Exception {
        ObjectNode tree = (ObjectNode) TREES.readTree(RecordJson.bytes(RecordJsonTest.sample()));
        tree.put("schemaVersion", 4);
        ((ObjectNode) tree.get("targetInfo")).remove("aotCache");
        tree.withArray("results").forEach(result -> ((ObjectNode) result).remove("runtime"));
        return tree;
    }

    private static RunRecord read(ObjectNode tree) throws Exception {
        return RecordJson.read(TREES.writeValueAsString(tree), "old.json", RunRecord.class);
    }

    @Test
    void aSchemaFourRecordReadsItsAotCacheAsNotUsed() throws Exception {
        assertNull(read(schemaFour()).targetInfo().aotCache());
    }

    @Test
    void aSchemaFiveRecordMustHaveIt() throws Exception {
        ObjectNode tree = schemaFour();
        tree.put("schemaVersion", RecordJson.SCHEMA_VERSION);
        tree.withArray("results").forEach(result -> ((ObjectNode) result).putNull("runtime"));
        assertThrows(RecordException.class, () -> read(tree));
    }

    @Test
    void anAotCacheRoundTrips() throws Exception {
        RunRecord.AotCache cache =
                new RunRecord.AotCache("aot/jdk25-aot.aot", "ab12", 40_779_776L, 34_512L, "json", 30.0, 1L << 30);
        ObjectNode tree = (ObjectNode) TREES.readTree(RecordJson.bytes(RecordJsonTest.sample()));
        ((ObjectNode) tree.get("targetInfo")).set("aotCache", TREES.valueToTree(cache));
        assertEquals(cache, read(tree).targetInfo().aotCache());
    }
}
