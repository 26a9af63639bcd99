package dev.duel.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.duel.record.load.LoadResult;
import org.junit.jupiter.api.Test;

/** Schema-1 records know nothing of the engine's closed-model turnaround and GC pauses: they read as not measured. */
class SchemaUpgradeEngineTest {
    private static final ObjectMapper TREES = new ObjectMapper();

    /** The sample record as schema-1 duel wrote it: without the fields schema 2 added to the engine's results. */
    private static ObjectNode schemaOne() throws Exception {
        ObjectNode tree = (ObjectNode) TREES.readTree(RecordJson.bytes(RecordJsonTest.sample()));
        tree.put("schemaVersion", 1);
        ((ObjectNode) tree.at("/results/0/load/main")).remove("turnaroundLag");
        ((ObjectNode) tree.at("/results/0/load/warmup")).remove("turnaroundLag");
        ObjectNode engine = (ObjectNode) tree.at("/results/0/load/engine");
        engine.remove("gcPauses");
        engine.remove("gcPauseMillis");
        engine.remove("gcPauseShare");
        return tree;
    }

    @Test
    void aSchemaOneRecordReadsTheEnginesNewFieldsAsNotMeasured() throws Exception {
        RunRecord read = RecordJson.read(TREES.writeValueAsString(schemaOne()), "old.json", RunRecord.class);
        LoadResult load = read.results().get(0).load();
        assertNull(load.main().turnaroundLag());
        assertNull(load.warmup().turnaroundLag());
        assertNull(load.engine().gcPauses());
        assertNull(load.engine().gcPauseMillis());
        assertNull(load.engine().gcPauseShare());
        assertEquals(
                RecordJsonTest.sample().results().get(0).load().main().latency(),
                load.main().latency());
    }

    @Test
    void aSchemaTwoRecordMustHaveThem() throws Exception {
        ObjectNode tree = schemaOne();
        tree.put("schemaVersion", 2);
        RecordException missing = assertThrows(
                RecordException.class,
                () -> RecordJson.read(TREES.writeValueAsString(tree), "new.json", RunRecord.class));
        assertTrue(
                missing.getMessage().contains("turnaroundLag")
                        || missing.getMessage().contains("gcPause"),
                missing.getMessage());
    }
}
