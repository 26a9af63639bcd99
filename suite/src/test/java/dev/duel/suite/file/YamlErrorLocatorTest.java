package dev.duel.suite.file;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The YAML error locator alone, on a small document of its own: no suite in sight. */
class YamlErrorLocatorTest {
    private static final YAMLMapper STRICT = YAMLMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();
    private static final Path FILE = Path.of("doc.yaml");

    public record Doc(List<Item> items, Integer count, Size size) {}

    public record Item(String name, Size size) {}

    public record Size(Integer width, Integer height) {}

    private static final YamlErrorLocator LOCATOR = new YamlErrorLocator(
            "the document", Map.of(Size.class, "a size like {width: 2, height: 3}"), Map.of("old", "it went"));

    private static String describe(String yaml) {
        JsonProcessingException e =
                assertThrows(JsonProcessingException.class, () -> STRICT.readValue(yaml, Doc.class));
        return LOCATOR.describe(FILE, yaml, e);
    }

    @Test
    void anUnknownKeyInANestedListElementIsShownAtTheKeyWithItsParentAndTheKeysThatExist() {
        String yaml = "items:\n  - name: a\n  - name: b\n    colour: red\ncount: 2\n";
        assertEquals("doc.yaml:4:5: unknown key 'colour' in items[1]; expected one of: name, size", describe(yaml));
    }

    @Test
    void anUnknownKeyAtTheTopIsInTheReadersWordsWithItsNote() {
        assertEquals(
                "doc.yaml:2:1: unknown key 'old' in the document; expected one of: count, items, size (it went)",
                describe("count: 1\nold: 2\n"));
        assertEquals(
                "doc.yaml:1:1: unknown key 'older' in the document; expected one of: count, items, size",
                describe("older: 2\n"),
                "a note belongs to its key alone");
    }

    @Test
    void aWrongTypeNamesTheKeyPathAndWhatWasExpected() {
        assertEquals("doc.yaml:1:8: count: expected a whole number, got 'many'", describe("count: many\n"));
        assertEquals(
                "doc.yaml:1:8: items: expected a list",
                describe("items: {name: a}\n").replaceAll(":1:\\d+:", ":1:8:"));
        assertEquals(
                "doc.yaml:2:11: items[0].size: expected a size like {width: 2, height: 3}",
                describe("items:\n  - size: [1]\n"),
                "the reader's own type in its words");
    }

    @Test
    void aProblemFoundAfterParsingIsAtItsKeyOrTheNearestEnclosingKeyWritten() {
        String yaml = "items:\n  - name: a\n  - name: b\n    size: {width: 0}\n";
        KeyPositions positions = KeyPositions.of(yaml);
        assertEquals(
                "doc.yaml:4:12: items[1] (b).size.width: must be positive",
                YamlErrorLocator.locate(
                        FILE, positions, "items[1].size.width", "items[1] (b).size.width", "must be positive"));
        assertEquals(
                "doc.yaml:4:5: items[1].size.height: is missing",
                YamlErrorLocator.locate(FILE, positions, "items[1].size.height", "items[1].size.height", "is missing"),
                "a key left out is shown at the one that holds it");
        assertEquals(
                "doc.yaml:3:5: needs a size",
                YamlErrorLocator.locate(FILE, positions, "items[1]", "", "needs a size"),
                "nothing in front when nothing is shown");
    }
}
