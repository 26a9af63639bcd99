package dev.duel.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.duel.record.load.LoadResult;
import dev.duel.record.load.WarmupEnd;
import dev.duel.record.load.WarmupMode;
import org.junit.jupiter.api.Test;

/**
 * Schema-2 duel knew only fixed warm-ups: a schema-2 record's warm-up mode and warm-up end follow exactly from its
 * settings and its warm-up phase, and a windowed run has neither.
 */
class SchemaUpgradeWarmupTest {
    private static final ObjectMapper TREES = new ObjectMapper();

    /** The sample record (10 s fixed warm-up) as schema-2 duel wrote it: without schema 3's warm-up fields. */
    private static ObjectNode schemaTwo() throws Exception {
        ObjectNode tree = (ObjectNode) TREES.readTree(RecordJson.bytes(RecordJsonTest.sample()));
        tree.put("schemaVersion", 2);
        ObjectNode load = (ObjectNode) tree.at("/results/0/load");
        load.remove("warmupEnd");
        ((ObjectNode) load.get("settings")).remove("warmupMode");
        ((ObjectNode) load.get("settings")).remove("maxWarmupMillis");
        return tree;
    }

    private static LoadResult read(ObjectNode tree) throws Exception {
        return RecordJson.read(TREES.writeValueAsString(tree), "old.json", RunRecord.class)
                .results()
                .get(0)
                .load();
    }

    @Test
    void aSchemaTwoPhasedRunReadsAsAFixedWarmUpThatRanItsLength() throws Exception {
        LoadResult load = read(schemaTwo());
        assertEquals(WarmupMode.FIXED, load.settings().warmupMode());
        assertEquals(0, load.settings().maxWarmupMillis());
        assertEquals(
                new WarmupEnd(WarmupMode.FIXED, WarmupEnd.Reason.FIXED_LENGTH, 10_000, null, null), load.warmupEnd());
    }

    @Test
    void aSchemaTwoRunStoppedDuringWarmUpSaysSo() throws Exception {
        ObjectNode tree = schemaTwo();
        ((ObjectNode) tree.at("/results/0/load/warmup")).put("durationMillis", 4_250.0);
        WarmupEnd end = read(tree).warmupEnd();
        assertEquals(WarmupEnd.Reason.STOPPED, end.reason());
        assertEquals(4_250, end.endedAtMillis());
    }

    @Test
    void aSchemaTwoWindowedRunHasNoWarmUpModeNorEnd() throws Exception {
        ObjectNode tree = schemaTwo();
        ((ObjectNode) tree.at("/results/0/load/settings")).put("windows", 6);
        LoadResult load = read(tree);
        assertNull(load.settings().warmupMode());
        assertNull(load.warmupEnd());
    }

    @Test
    void aSchemaThreeRecordMustHaveThem() throws Exception {
        ObjectNode tree = schemaTwo();
        tree.put("schemaVersion", RecordJson.SCHEMA_VERSION);
        assertThrows(RecordException.class, () -> read(tree));
    }

    @Test
    void anAutoWarmUpEndRoundTrips() throws Exception {
        ObjectNode tree = (ObjectNode) TREES.readTree(RecordJson.bytes(RecordJsonTest.sample()));
        ObjectNode end = (ObjectNode) tree.at("/results/0/load/warmupEnd");
        end.put("mode", "auto").put("reason", "steady").put("endedAtMillis", 34_000.0);
        end.put("steadySinceMillis", 22_000.0).put("relativeHalfWidth", 0.021);
        assertEquals(
                new WarmupEnd(WarmupMode.AUTO, WarmupEnd.Reason.STEADY, 34_000, 22_000.0, 0.021),
                read(tree).warmupEnd());
    }
}
