package dev.duel.record;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** Records as an older duel wrote them, for the tests of what a reader makes of them. */
public final class OlderRecords {
    private static final ObjectMapper TREES = new ObjectMapper();

    private OlderRecords() {}

    /**
     * {@code record} as schema-6 duel would have written it: without schema 7's fields (run-queue waits, the services'
     * limits, the warm-up's judged seconds, each window's phase).
     */
    public static ObjectNode schemaSix(RunRecord record) throws Exception {
        ObjectNode tree = (ObjectNode) TREES.readTree(RecordJson.text(record));
        tree.put("schemaVersion", 6);
        tree.remove("services");
        for (JsonNode result : tree.withArray("results")) {
            result.get("target").forEach(phase -> ((ObjectNode) phase).remove("runQueueWaitMillis"));
            result.get("services")
                    .forEach(service -> service.forEach(phase -> ((ObjectNode) phase).remove("runQueueWaitMillis")));
            if (result.at("/load/engine") instanceof ObjectNode engine) {
                engine.remove("runQueueWaitMillis");
            }
        }
        ObjectNode gates = (ObjectNode) tree.get("gates");
        gates.remove("warmupJudgedSeconds");
        gates.remove("warmupDisturbedSeconds");
        gates.withArray("noiseWindows").forEach(window -> ((ObjectNode) window).remove("phase"));
        return tree;
    }

    /** {@code record} as schema-7 duel would have written it: without schema 8's duet partner. */
    public static ObjectNode schemaSeven(RunRecord record) throws Exception {
        ObjectNode tree = (ObjectNode) TREES.readTree(RecordJson.text(record));
        tree.put("schemaVersion", 7);
        tree.remove("duet");
        return tree;
    }

    /** A record's tree read as a record, through the schema upgrade its version asks for. */
    public static RunRecord read(ObjectNode tree) throws Exception {
        return RecordJson.read(TREES.writeValueAsString(tree), "old.json", RunRecord.class);
    }
}
