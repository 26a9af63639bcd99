package dev.duel.suite.file;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.duel.suite.SuiteException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 24's fuzz line: the ready suites of {@code suites/}, mutated 2,400 times from a fixed seed (a key deleted,
 * written twice, renamed; a value of the wrong type; a huge or negative number), each either loads or is refused with
 * one clear message at a line and column: never another exception, which the command line would print as an internal
 * error with a stack trace.
 */
class SuiteLoaderFuzzTest {
    private static final YAMLMapper YAML = new YAMLMapper();
    private static final int MUTATIONS = 2_400;
    private static final Pattern LOCATED = Pattern.compile("^\\S+\\.yaml:\\d+:\\d+: .+", Pattern.DOTALL);

    @TempDir
    Path temp;

    /** The kinds of mutation, each as often as the others. */
    private enum Mutation {
        DELETE_KEY,
        DUPLICATE_KEY,
        RENAME_KEY,
        WRONG_TYPE,
        HUGE_NUMBER,
        NEGATIVE_NUMBER
    }

    private static Map<String, String> readySuites() throws IOException {
        Map<String, String> suites = new LinkedHashMap<>();
        try (Stream<Path> files = Files.list(Path.of("../suites"))) {
            for (Path file :
                    files.filter(f -> f.toString().endsWith(".yaml")).sorted().toList()) {
                suites.put(file.getFileName().toString(), Files.readString(file));
            }
        }
        return suites;
    }

    /** Every object node of the tree, with each of its fields' names: the places a mutation can hit. */
    private static void objects(JsonNode node, List<ObjectNode> found) {
        if (node instanceof ObjectNode object) {
            found.add(object);
        }
        node.elements().forEachRemaining(child -> objects(child, found));
    }

    private static String fieldOf(ObjectNode object, Random random) {
        List<String> names = new ArrayList<>();
        object.fieldNames().forEachRemaining(names::add);
        return names.isEmpty() ? null : names.get(random.nextInt(names.size()));
    }

    private static JsonNode wrongType(JsonNode value, Random random) {
        JsonNodeFactory nodes = JsonNodeFactory.instance;
        if (value.isTextual()) {
            return random.nextBoolean()
                    ? nodes.numberNode(42)
                    : nodes.arrayNode().add(value.asText());
        }
        if (value.isNumber() || value.isBoolean()) {
            return random.nextBoolean()
                    ? nodes.textNode("not a number")
                    : nodes.objectNode().put("x", 1);
        }
        if (value.isArray()) {
            return random.nextBoolean()
                    ? nodes.textNode("a")
                    : nodes.objectNode().set("list", value);
        }
        if (value.isObject()) {
            return random.nextBoolean()
                    ? nodes.numberNode(7)
                    : nodes.arrayNode().add(value);
        }
        return nodes.textNode("?");
    }

    /** The suite's text with one mutation, or null when the mutation found nothing to hit. */
    private static String mutate(String text, Mutation mutation, Random random) throws IOException {
        if (mutation == Mutation.DUPLICATE_KEY) { // on the text: a tree cannot hold a key twice
            List<String> lines = new ArrayList<>(text.lines().toList());
            List<Integer> keyed = new ArrayList<>();
            for (int i = 0; i < lines.size(); i++) {
                if (lines.get(i).matches("\\s*(- )?[A-Za-z]+:.*")
                        && !lines.get(i).trim().startsWith("#")) {
                    keyed.add(i);
                }
            }
            int at = keyed.get(random.nextInt(keyed.size()));
            String line = lines.get(at);
            String copy = line.replaceFirst("^(\\s*)- ", "$1  "); // a list item's first key: its sibling line
            lines.add(at + 1, copy);
            return String.join("\n", lines) + "\n";
        }
        JsonNode root = YAML.readTree(text);
        List<ObjectNode> objects = new ArrayList<>();
        objects(root, objects);
        ObjectNode object = objects.get(random.nextInt(objects.size()));
        String field = fieldOf(object, random);
        if (field == null) {
            return null;
        }
        switch (mutation) {
            case DELETE_KEY -> object.remove(field);
            case RENAME_KEY -> object.set(field + "x", object.remove(field));
            case WRONG_TYPE -> object.set(field, wrongType(object.get(field), random));
            case HUGE_NUMBER ->
                object.set(
                        field,
                        random.nextBoolean()
                                ? JsonNodeFactory.instance.numberNode(Long.MAX_VALUE)
                                : JsonNodeFactory.instance.numberNode(1e300));
            case NEGATIVE_NUMBER ->
                object.set(
                        field,
                        random.nextBoolean()
                                ? JsonNodeFactory.instance.numberNode(-1)
                                : JsonNodeFactory.instance.textNode("-5s"));
            default -> throw new IllegalStateException(mutation.name());
        }
        return YAML.writeValueAsString(root);
    }

    @Test
    void everyMutationOfTheReadySuitesLoadsOrIsRefusedAtALineAndColumn() throws Exception {
        Map<String, String> suites = readySuites();
        assertTrue(suites.size() >= 5, suites.keySet().toString());
        List<String> names = new ArrayList<>(suites.keySet());
        SuiteLoader loader = new SuiteLoader(Path.of("..").toAbsolutePath().normalize());
        Random random = new Random(24);
        Map<Mutation, int[]> outcomes = new LinkedHashMap<>();
        List<String> failures = new ArrayList<>();
        for (int i = 0; i < MUTATIONS; i++) {
            String name = names.get(random.nextInt(names.size()));
            Mutation mutation = Mutation.values()[i % Mutation.values().length];
            String mutated = mutate(suites.get(name), mutation, random);
            if (mutated == null) {
                continue;
            }
            Path file = Files.writeString(temp.resolve(name), mutated);
            int[] counts = outcomes.computeIfAbsent(mutation, m -> new int[2]);
            try {
                loader.load(file);
                counts[0]++;
            } catch (SuiteException e) {
                counts[1]++;
                if (!LOCATED.matcher(e.getMessage()).matches()) {
                    failures.add(mutation + " of " + name + ": no line and column: " + e.getMessage());
                }
            } catch (RuntimeException e) {
                failures.add(mutation + " of " + name + ": " + e + "\n" + mutated);
            }
        }
        assertEquals(List.of(), failures.stream().limit(5).toList(), failures.size() + " of " + MUTATIONS);
        // The mutations did reach the loader's checks: each kind was refused at least once.
        outcomes.forEach((mutation, counts) -> assertTrue(counts[1] > 0, mutation + " never refused"));
    }
}
