package dev.duel.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Schema-6 duel measured no run-queue wait, recorded no service's limits and judged the seconds of main only (and the
 * starts): a schema-6 record reads the first two as not measured (null) and its windows as main's or a start's.
 */
class SchemaUpgradeBottleneckTest {
    private static final ObjectMapper TREES = new ObjectMapper();

    /** The sample record as schema-6 duel wrote it: without schema 7's fields, its windows main's and a start's. */
    static ObjectNode schemaSix() throws Exception {
        ObjectNode tree = OlderRecords.schemaSix(RecordJsonTest.sample());
        var windows = ((ObjectNode) tree.get("gates")).withArray("noiseWindows");
        windows.remove(0); // the warm-up's second: schema 6 judged none
        ObjectNode start = windows.addObject();
        start.setAll((ObjectNode) windows.get(0).deepCopy());
        start.put("start", true);
        start.put("scenario", "boot");
        return tree;
    }

    private static RunRecord read(ObjectNode tree) throws Exception {
        return OlderRecords.read(tree);
    }

    @Test
    void aSchemaSixRecordReadsItsWaitsAndServicesAsNotMeasured() throws Exception {
        RunRecord record = read(schemaSix());
        assertEquals(6, record.schemaVersion());
        assertNull(record.services());
        assertNull(record.service("postgres"));
        RunRecord.ScenarioResult result = record.results().get(0);
        assertNull(result.targetMain().runQueueWaitMillis());
        assertNull(result.targetMain().runQueueWaitCores());
        assertNull(result.services().get("postgres").get(Phase.MAIN).runQueueWaitMillis());
        assertNull(result.load().engine().runQueueWaitMillis());
        assertNull(result.load().engine().runQueueWaitCores());
        assertNull(record.gates().warmupJudgedSeconds());
        assertNull(record.gates().warmupDisturbedSeconds());
    }

    @Test
    void itsWindowsAreSecondsOfMainOrStarts() throws Exception {
        List<RunRecord.NoiseWindow> windows = read(schemaSix()).gates().noiseWindows();
        assertEquals(3, windows.size());
        assertEquals(Phase.MAIN, windows.get(0).phase());
        assertEquals(Phase.MAIN, windows.get(1).phase());
        assertNull(windows.get(2).phase(), "a start has no phase");
    }

    @Test
    void aSchemaSevenRecordMustHaveThem() throws Exception {
        ObjectNode tree = schemaSix();
        tree.put("schemaVersion", 7);
        assertThrows(RecordException.class, () -> read(tree));
    }

    @Test
    void theNewFieldsRoundTripWithTheirUnits() throws Exception {
        RunRecord sample = RecordJsonTest.sample();
        RunRecord read = RecordJson.read(RecordJson.text(sample), "new.json", RunRecord.class);
        assertEquals(sample, read);
        RunRecord.ScenarioResult result = read.results().get(0);
        // 2,250 ms of waiting over a 20 s main: 0.1125 cores' worth
        assertEquals(0.1125, result.targetMain().runQueueWaitCores(), 1e-12);
        assertEquals(412.5 / 20_000, result.load().engine().runQueueWaitCores(), 1e-12);
        assertEquals(1.0, read.service("postgres").cpus());
        assertEquals(Phase.WARMUP, read.gates().noiseWindows().get(0).phase());
        JsonNode tree = TREES.readTree(RecordJson.bytes(sample));
        assertEquals("warmup", tree.at("/gates/noiseWindows/0/phase").asText());
        assertEquals(
                2_250.0, tree.at("/results/0/target/main/runQueueWaitMillis").asDouble());
    }
}
