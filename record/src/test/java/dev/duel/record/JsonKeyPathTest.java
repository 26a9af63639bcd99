package dev.duel.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The key path of a mapping error: fields joined by '.', list indexes in brackets, nothing at the top. */
class JsonKeyPathTest {
    private static final JsonMapper STRICT = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    public record Doc(List<Item> items, Integer count) {}

    public record Item(String name, Map<String, Item> parts) {}

    private static String pathOf(String json) {
        return JsonKeyPath.of(assertThrows(JsonMappingException.class, () -> STRICT.readValue(json, Doc.class)));
    }

    @Test
    void aFieldOfANestedListElementHasItsIndexInBrackets() {
        assertEquals("items[1].colour", pathOf("{\"items\": [{\"name\": \"a\"}, {\"name\": \"b\", \"colour\": 1}]}"));
        assertEquals(
                "items[0].parts.wheel.size",
                pathOf("{\"items\": [{\"name\": \"a\", \"parts\": {\"wheel\": {\"size\": 3}}}]}"));
    }

    @Test
    void aWrongValueIsAtItsFieldAndAnErrorAtTheTopHasNoPath() {
        assertEquals("count", pathOf("{\"count\": \"many\"}"));
        assertEquals("", pathOf("[1]"));
    }
}
