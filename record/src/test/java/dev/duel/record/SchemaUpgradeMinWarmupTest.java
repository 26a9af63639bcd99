package dev.duel.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.duel.record.load.PlanSettings;
import org.junit.jupiter.api.Test;

/** Schema-3 duel had no minimum warm-up: a schema-3 record reads it as not set (null), never as a floor of 0. */
class SchemaUpgradeMinWarmupTest {
    private static final ObjectMapper TREES = new ObjectMapper();

    /** The sample record as schema-3 duel wrote it: without schema 4's minimum warm-up. */
    private static ObjectNode schemaThree() throws Exception {
        ObjectNode tree = (ObjectNode) TREES.readTree(RecordJson.bytes(RecordJsonTest.sample()));
        tree.put("schemaVersion", 3);
        ((ObjectNode) tree.at("/results/0/load/settings")).remove("minWarmupMillis");
        return tree;
    }

    private static PlanSettings read(ObjectNode tree) throws Exception {
        return RecordJson.read(TREES.writeValueAsString(tree), "old.json", RunRecord.class)
                .results()
                .get(0)
                .load()
                .settings();
    }

    @Test
    void aSchemaThreeRecordReadsItsMinimumWarmUpAsNotSet() throws Exception {
        ObjectNode tree = schemaThree();
        // An auto warm-up of schema 3, so that null cannot come from "fixed warm-up" alone.
        ((ObjectNode) tree.at("/results/0/load/settings"))
                .put("warmupMode", "auto")
                .put("maxWarmupMillis", 46_000.0);
        PlanSettings settings = read(tree);
        assertNull(settings.minWarmupMillis());
        assertEquals(46_000, settings.maxWarmupMillis());
    }

    @Test
    void aSchemaTwoRecordPassesThroughEveryUpgrade() throws Exception {
        ObjectNode tree = schemaThree();
        tree.put("schemaVersion", 2);
        ObjectNode settings = (ObjectNode) tree.at("/results/0/load/settings");
        settings.remove("warmupMode");
        settings.remove("maxWarmupMillis");
        ((ObjectNode) tree.at("/results/0/load")).remove("warmupEnd");
        tree.remove("hostProbe");
        assertNull(read(tree).minWarmupMillis());
    }

    @Test
    void aSchemaFourRecordMustHaveIt() throws Exception {
        ObjectNode tree = schemaThree();
        tree.put("schemaVersion", RecordJson.SCHEMA_VERSION);
        assertThrows(RecordException.class, () -> read(tree));
    }

    @Test
    void aMinimumWarmUpRoundTrips() throws Exception {
        ObjectNode tree = (ObjectNode) TREES.readTree(RecordJson.bytes(RecordJsonTest.sample()));
        ((ObjectNode) tree.at("/results/0/load/settings")).put("minWarmupMillis", 36_000.0);
        assertEquals(36_000.0, read(tree).minWarmupMillis());
    }
}
