package dev.duel.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

/** Records of schema 1 and 2 had no host drift probe: they read as not measured, and schema 3 must have it. */
class SchemaUpgradeHostProbeTest {
    private static final ObjectMapper TREES = new ObjectMapper();

    /** The sample record as schema-2 duel wrote it: without the probe. */
    private static ObjectNode schemaTwo() throws Exception {
        ObjectNode tree = (ObjectNode) TREES.readTree(RecordJson.bytes(RecordJsonTest.sample()));
        tree.put("schemaVersion", 2);
        tree.remove("hostProbe");
        return tree;
    }

    @Test
    void aSchemaTwoRecordReadsItsProbeAsNotMeasured() throws Exception {
        RunRecord read = RecordJson.read(TREES.writeValueAsString(schemaTwo()), "old.json", RunRecord.class);
        assertNull(read.hostProbe(), "schema 2 did not probe the host");
        assertEquals(RecordJsonTest.sample().results(), read.results(), "what schema 2 measured is kept");
    }

    @Test
    void aSchemaOneRecordReadsItsProbeAsNotMeasuredToo() throws Exception {
        ObjectNode tree = schemaTwo();
        tree.remove("schemaVersion");
        RunRecord read = RecordJson.read(TREES.writeValueAsString(tree), "older.json", RunRecord.class);
        assertNull(read.hostProbe());
    }

    @Test
    void aSchemaThreeRecordMustHaveIt() throws Exception {
        ObjectNode tree = schemaTwo();
        tree.put("schemaVersion", 3);
        RecordException missing = assertThrows(
                RecordException.class,
                () -> RecordJson.read(TREES.writeValueAsString(tree), "new.json", RunRecord.class));
        assertTrue(missing.getMessage().contains("hostProbe"), missing.getMessage());
    }

    @Test
    void aProbeReadsBackWithItsUnknownFrequency() throws Exception {
        HostProbe probe = RecordJson.read(
                        TREES.writeValueAsString(TREES.readTree(RecordJson.bytes(RecordJsonTest.sample()))),
                        "r.json",
                        RunRecord.class)
                .hostProbe();
        assertNull(probe.before().frequencyMhz());
        assertEquals(2_596.0, probe.after().frequencyMhz());
        assertEquals(100 / 0.4555, probe.after().unitsPerCpuSecond(), 1e-9);
    }
}
