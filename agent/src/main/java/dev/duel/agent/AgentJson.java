package dev.duel.agent;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.duel.record.RecordException;
import dev.duel.record.RecordJson;
import dev.duel.record.load.LoadResult;
import dev.duel.record.load.SecondResult;

/**
 * The agent API's JSON codec. Record types ({@link LoadResult}, {@link SecondResult}) go through {@link RecordJson},
 * so that what an agent sends is read as strictly as a record on disk. Thread-safe.
 */
final class AgentJson {
    static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    private AgentJson() {}

    static ObjectNode object() {
        return MAPPER.createObjectNode();
    }

    static ObjectNode error(String message) {
        return object().put("error", message);
    }

    static JsonNode parse(byte[] body) {
        if (body.length == 0) {
            return object();
        }
        try {
            return MAPPER.readTree(body);
        } catch (java.io.IOException e) {
            throw new IllegalArgumentException("the request body is not JSON: " + e.getMessage(), e);
        }
    }

    static byte[] bytes(JsonNode json) {
        try {
            return MAPPER.writeValueAsBytes(json);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("JSON could not be written: " + e.getMessage(), e);
        }
    }

    /** A record type as a JSON tree, written exactly as a record file would hold it. */
    static JsonNode tree(Object record) {
        try {
            return MAPPER.readTree(RecordJson.text(record));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a record could not be written as JSON: " + e.getMessage(), e);
        }
    }

    /** Reads a record type strictly ({@link RecordJson#read}); {@code source} names the sender in errors. */
    static <T> T record(JsonNode json, String source, Class<T> type) throws RecordException {
        return RecordJson.read(json.toString(), source, type);
    }
}
