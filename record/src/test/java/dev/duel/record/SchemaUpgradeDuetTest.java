package dev.duel.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

/** Schema-7 duel made every run alone: a schema-7 record reads with no duet partner; a schema-8 one must say. */
class SchemaUpgradeDuetTest {
    @Test
    void aSchemaSevenRecordReadsAsARunMadeAlone() throws Exception {
        ObjectNode tree = OlderRecords.schemaSeven(RecordJsonTest.sample());
        RunRecord record = OlderRecords.read(tree);
        assertNull(record.duet());
        assertEquals(RecordJsonTest.sample().results(), record.results());
    }

    @Test
    void aSchemaEightRecordMustHaveIt() throws Exception {
        ObjectNode tree = OlderRecords.schemaSeven(RecordJsonTest.sample());
        tree.put("schemaVersion", 8);
        assertThrows(RecordException.class, () -> OlderRecords.read(tree));
    }

    @Test
    void aDuetPartnerRoundTrips() throws Exception {
        ObjectNode tree = OlderRecords.schemaSeven(RecordJsonTest.sample());
        tree.put("schemaVersion", 8);
        tree.putObject("duet").put("partnerIndex", 2).put("partnerTarget", "jdk25");
        RunRecord record = OlderRecords.read(tree);
        assertEquals(new RunRecord.Duet(2, "jdk25"), record.duet());
        assertEquals(record, RecordJson.read(RecordJson.text(record), "again.json", RunRecord.class));
    }

    @Test
    void aSchemaNinePairReadsWithItsCompilersAsTheJvmHadThem() throws Exception {
        ObjectNode tree = OlderRecords.schemaSeven(RecordJsonTest.sample());
        tree.put("schemaVersion", 9);
        tree.putObject("duet")
                .put("partnerIndex", 2)
                .put("partnerTarget", "jdk25")
                .put("design", "interleaved");
        RunRecord record = OlderRecords.read(tree);
        assertEquals(new RunRecord.Duet(2, "jdk25", PairDesign.INTERLEAVED, null), record.duet());
        ObjectNode ten = tree.deepCopy();
        ten.put("schemaVersion", 10);
        assertThrows(RecordException.class, () -> OlderRecords.read(ten), "schema 10 must say");
        ((ObjectNode) ten.get("duet")).put("warmupCompilerNice", -10);
        RunRecord raised = OlderRecords.read(ten);
        assertEquals(-10, raised.duet().warmupCompilerNice());
        assertEquals(raised, RecordJson.read(RecordJson.text(raised), "again.json", RunRecord.class));
    }

    @Test
    void aSchemaTenPairReadsAsWarmedUpOnItsOwnCpusAndASchemaElevenOneMustSay() throws Exception {
        ObjectNode tree = OlderRecords.schemaSeven(RecordJsonTest.sample());
        tree.put("schemaVersion", 10);
        tree.putObject("duet")
                .put("partnerIndex", 2)
                .put("partnerTarget", "jdk25")
                .put("design", "interleaved")
                .put("warmupCompilerNice", -10);
        RunRecord record = OlderRecords.read(tree);
        assertEquals(new RunRecord.Duet(2, "jdk25", PairDesign.INTERLEAVED, -10, null), record.duet());
        ObjectNode eleven = tree.deepCopy();
        eleven.put("schemaVersion", 11);
        assertThrows(RecordException.class, () -> OlderRecords.read(eleven), "schema 11 must say");
        ((ObjectNode) eleven.get("duet")).put("warmupCpus", "0-1");
        RunRecord spread = OlderRecords.read(eleven);
        assertEquals("0-1", spread.duet().warmupCpus());
        assertEquals(spread, RecordJson.read(RecordJson.text(spread), "again.json", RunRecord.class));
    }
}
