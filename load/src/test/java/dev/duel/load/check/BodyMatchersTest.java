package dev.duel.load.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The checks read a body as it arrives: seeded bodies cut into random reads (single bytes included)
 * get the verdict of the whole body, which is the truth of {@code String.contains} and of
 * Jackson's tree ({@code JsonNode.at}); and a JSON value too long for the memory the checks may
 * hold fails the check saying so, giving every byte back.
 */
class BodyMatchersTest {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String[] KEYS = {"a", "b", "id", "0", "1", "x_y", "é", "~", "a/b", "\"q\""};
    private static final String[] NO_VALUES = new String[0];

    /** A memory with a bound, counting what is held. */
    private static final class Budget implements CheckMemory {
        private final long limitBytes;
        long heldBytes;
        long peakBytes;
        int gaveUp;

        Budget(long limitBytes) {
            this.limitBytes = limitBytes;
        }

        @Override
        public boolean reserve(long bytes) {
            if (heldBytes + bytes > limitBytes) {
                return false;
            }
            heldBytes += bytes;
            peakBytes = Math.max(peakBytes, heldBytes);
            return true;
        }

        @Override
        public void release(long bytes) {
            heldBytes -= bytes;
            assertTrue(heldBytes >= 0, "released more than was reserved");
        }

        @Override
        public String describe() {
            return "the test's " + (limitBytes >> 20) + " MiB";
        }

        @Override
        public void gaveUp() {
            gaveUp++;
        }
    }

    /** Feeds {@code body} to {@code matcher} in reads of random sizes, a byte at a time for some bodies. */
    private static String inRandomReads(BodyMatcher matcher, byte[] body, String[] values, Random random) {
        matcher.begin(values);
        boolean bytewise = random.nextInt(4) == 0;
        for (int at = 0; at < body.length; ) {
            int read = bytewise ? 1 : 1 + random.nextInt(Math.max(1, body.length - at));
            // a read lands anywhere in a larger array, as a copy into the loop's scratch does
            byte[] array = new byte[read + 7];
            System.arraycopy(body, at, array, 3, read);
            matcher.feed(array, 3, read);
            at += read;
        }
        return matcher.end();
    }

    @Test
    void bodyContainsFindsTheTextAcrossAnySplitOfTheBody() {
        Random random = new Random(20261202L);
        for (int i = 0; i < 5_000; i++) {
            String needle = randomText(random, "abc", 1 + random.nextInt(5));
            String haystack = randomText(random, "abc", random.nextInt(60));
            if (random.nextInt(8) == 0) {
                needle = "é€" + needle; // multi-byte characters split between reads
                haystack = haystack + (random.nextBoolean() ? needle : "é€");
            }
            BodyCheck check = ResponseChecks.parse(List.of("body contains " + needle), List.of())
                    .bodyChecks()
                    .get(0);
            BodyMatcher matcher = check.matcher(CheckMemory.UNLIMITED);
            byte[] body = haystack.getBytes(StandardCharsets.UTF_8);
            String verdict = inRandomReads(matcher, body, NO_VALUES, random);
            String context = "'" + needle + "' in '" + haystack + "'";
            if (haystack.contains(needle)) {
                assertNull(verdict, context);
            } else {
                assertEquals("body does not contain \"" + needle + "\"", verdict, context);
            }
            // the same matcher reads the next body afresh
            assertNull(inRandomReads(matcher, (haystack + needle).getBytes(StandardCharsets.UTF_8), NO_VALUES, random));
        }
    }

    @Test
    void aVariableInTheTextIsResolvedForEachBody() {
        BodyCheck check = ResponseChecks.parse(List.of("body contains \"id\":${id},"), List.of("id"))
                .bodyChecks()
                .get(0);
        BodyMatcher matcher = check.matcher(CheckMemory.UNLIMITED);
        byte[] body = "{\"id\":42,\"n\":1}".getBytes(StandardCharsets.UTF_8);
        Random random = new Random(7);
        assertNull(inRandomReads(matcher, body, new String[] {"42"}, random));
        assertEquals("body does not contain \"\"id\":43,\"", inRandomReads(matcher, body, new String[] {"43"}, random));
        assertNull(inRandomReads(matcher, body, new String[] {"42"}, random));
    }

    @Test
    void jsonPointerChecksReadInPiecesAgreeWithJacksonsTree() throws Exception {
        Random random = new Random(4_2026_12_02L);
        int found = 0;
        int missing = 0;
        for (int i = 0; i < 2_000; i++) {
            JsonNode root = random.nextInt(3) == 0 ? randomArray(random, 0) : randomObject(random, 0);
            String text = random.nextBoolean()
                    ? MAPPER.writeValueAsString(root)
                    : MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(root);
            byte[] body = text.getBytes(StandardCharsets.UTF_8);
            String pointer = randomPointer(root, random);
            JsonNode truth = root.at(JsonPointer.compile(pointer));
            String context = pointer + " in " + text;

            BodyCheck exists = check("json:" + pointer + " exists");
            String verdict = inRandomReads(exists.matcher(CheckMemory.UNLIMITED), body, NO_VALUES, random);
            if (truth.isMissingNode()) {
                missing++;
                assertEquals("no JSON value at " + pointer, verdict, context);
            } else {
                found++;
                assertNull(verdict, context);
            }
            if (truth.isTextual() || truth.isIntegralNumber() || truth.isBoolean() || truth.isNull()) {
                String literal = MAPPER.writeValueAsString(truth);
                assertNull(
                        inRandomReads(
                                check("json:" + pointer + " == " + literal).matcher(CheckMemory.UNLIMITED),
                                body,
                                NO_VALUES,
                                random),
                        context);
                String other = truth.isTextual() ? MAPPER.writeValueAsString(truth.asText() + "!") : "\"other\"";
                String differs = inRandomReads(
                        check("json:" + pointer + " == " + other).matcher(CheckMemory.UNLIMITED),
                        body,
                        NO_VALUES,
                        random);
                assertNotNull(differs, context);
                assertTrue(differs.startsWith(pointer + " is "), differs);
            }
            // a body cut short, or several values at the root: the old whole-body check's verdict
            byte[] odd = random.nextBoolean()
                    ? Arrays.copyOf(body, random.nextInt(body.length + 1))
                    : (MAPPER.writeValueAsString(randomValue(random, 2)) + " " + text + "\n"
                                    + MAPPER.writeValueAsString(randomValue(random, 2)))
                            .getBytes(StandardCharsets.UTF_8);
            String streamed = inRandomReads(exists.matcher(CheckMemory.UNLIMITED), odd, NO_VALUES, random);
            assertEquals(
                    wholeBodyFinds(pointer, odd),
                    streamed == null,
                    streamed + ": " + pointer + " in " + new String(odd, StandardCharsets.UTF_8));
        }
        assertTrue(found > 500 && missing > 300, "both outcomes covered: " + found + " found, " + missing + " missing");
    }

    @Test
    void oneMatcherReadingBodyAfterBodyGivesEachTheVerdictOfANewMatcher() throws Exception {
        Random random = new Random(31_2026_12_04L);
        String[] pointers = {"/id", "/a", "/0", "/a/0", "/b/id", "/b"};
        JsonPointerMatcher[] kept = new JsonPointerMatcher[pointers.length];
        for (int p = 0; p < pointers.length; p++) {
            kept[p] = (JsonPointerMatcher)
                    check("json:" + pointers[p] + " exists").matcher(CheckMemory.UNLIMITED);
        }
        int bodies = 3_000;
        int found = 0;
        for (int i = 0; i < bodies; i++) {
            byte[] body = oddOrPlainBody(random);
            int p = random.nextInt(pointers.length);
            BodyCheck exists = check("json:" + pointers[p] + " exists");
            if (random.nextInt(20) == 0) {
                // a response cut short by its connection: begun, partly read, abandoned
                kept[p].begin(NO_VALUES);
                kept[p].feed(body, 0, random.nextInt(body.length + 1));
                kept[p].abandon();
            }
            String context = pointers[p] + " in " + new String(body, StandardCharsets.UTF_8);
            String alone = inRandomReads(exists.matcher(CheckMemory.UNLIMITED), body, NO_VALUES, new Random(i));
            assertEquals(alone, inRandomReads(kept[p], body, NO_VALUES, new Random(i)), context);
            found += alone == null ? 1 : 0;
        }
        int made = Arrays.stream(kept).mapToInt(JsonPointerMatcher::parsersMade).sum();
        assertTrue(found > 300 && found < bodies - 300, "both outcomes covered: " + found + " found");
        // A verdict found in an early read leaves the later reads unread, and the parser with them: in these random
        // splits a little under half the bodies hand their parser on (1,600 parsers for 3,000 bodies).
        assertTrue(made < bodies * 3 / 4, "parsers read on: " + made + " made for " + bodies + " bodies");
        assertTrue(made > bodies / 20, "and the odd bodies get new ones: " + made);
    }

    @Test
    void valuesAreComparedAsBeforeWhenTheParserReadsOn() {
        BodyCheck id = ResponseChecks.parse(List.of("json:/id == ${id}"), List.of("id"))
                .bodyChecks()
                .get(0);
        BodyCheck name = check("json:/name == \"Product 42\"");
        BodyMatcher ids = id.matcher(CheckMemory.UNLIMITED);
        BodyMatcher names = name.matcher(CheckMemory.UNLIMITED);
        Random random = new Random(5);
        String[] bodies = {
            "{\"id\":42,\"name\":\"Product 42\"}",
            "{\"id\":42.0,\"name\":\"Product 42\"}\r\n",
            "{\"id\":4.2e1,\"name\":\"Product 4\\u0032\"}",
            "{\"id\":\"42\",\"name\":\"Product 42 \"}",
            "{\"id\":43,\"name\":\"product 42\"}",
            "\uFEFF{\"id\":42,\"name\":\"Product 42\"}",
        };
        String[] idVerdicts = {null, null, null, null, "/id is 43, expected 42 (${id})", null};
        String[] nameVerdicts = {
            null,
            null,
            null,
            "/name is \"Product 42 \", expected \"Product 42\"",
            "/name is \"product 42\", expected \"Product 42\"",
            null
        };
        for (int round = 0; round < 3; round++) {
            for (int b = 0; b < bodies.length; b++) {
                byte[] body = bodies[b].getBytes(StandardCharsets.UTF_8);
                assertEquals(idVerdicts[b], inRandomReads(ids, body, new String[] {"42"}, random), bodies[b]);
                assertEquals(nameVerdicts[b], inRandomReads(names, body, NO_VALUES, random), bodies[b]);
            }
        }
    }

    @Test
    void aPassingCheckOfASmallBodyAllocatesNothingPerResponse() {
        BodyMatcher matcher = ResponseChecks.parse(List.of("json:/id == ${id}"), List.of("id"))
                .bodyChecks()
                .get(0)
                .matcher(CheckMemory.UNLIMITED);
        int kinds = 1_000;
        byte[][] bodies = new byte[kinds][];
        String[][] values = new String[kinds][];
        for (int i = 0; i < kinds; i++) {
            bodies[i] = ("{\"id\":" + i + ",\"name\":\"Product " + i + "\",\"priceCents\":4200}")
                    .getBytes(StandardCharsets.UTF_8);
            values[i] = new String[] {Integer.toString(i)};
        }
        com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        long allocatedBytes = 0;
        int responses = 0;
        for (int round = 0; round < 40; round++) {
            long before = threads.getCurrentThreadAllocatedBytes();
            for (int i = 0; i < kinds; i++) {
                matcher.begin(values[i]);
                matcher.feed(bodies[i], 0, bodies[i].length);
                assertNull(matcher.end());
            }
            if (round >= 20) { // the first rounds warm the code up
                allocatedBytes += threads.getCurrentThreadAllocatedBytes() - before;
                responses += kinds;
            }
        }
        double perResponse = allocatedBytes / (double) responses;
        // A new parser and the compared values' decimals cost about 900 bytes a response before.
        assertTrue(perResponse < 64, perResponse + " bytes per response");
    }

    /**
     * A body of the kinds a connection meets: mostly an object or array, compact or pretty, with or without trailing
     * whitespace; else one cut short, several values at the root, a value at the root that is no container, text after
     * the root, a string still open after it, a byte-order mark, or no JSON at all.
     */
    private static byte[] oddOrPlainBody(Random random) throws Exception {
        JsonNode root = random.nextInt(3) == 0 ? randomArray(random, 0) : randomObject(random, 0);
        if (random.nextInt(3) == 0) {
            ObjectNode wrapper = NODES.objectNode();
            wrapper.set("b", root);
            wrapper.put("id", random.nextInt(100));
            root = wrapper;
        }
        String text = random.nextBoolean()
                ? MAPPER.writeValueAsString(root)
                : MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(root);
        String[] endings = {"", "", "\n", "\r\n", " \t "};
        String plain = text + endings[random.nextInt(endings.length)];
        String body = switch (random.nextInt(16)) {
            case 0 -> plain.substring(0, random.nextInt(plain.length() + 1));
            case 1 -> MAPPER.writeValueAsString(randomValue(random, 2)) + " " + plain;
            case 2 -> plain + " " + MAPPER.writeValueAsString(randomValue(random, 2));
            case 3 -> MAPPER.writeValueAsString(randomValue(random, 4));
            case 4 -> plain + " \"still open";
            case 5 -> plain + "}";
            case 6 -> "\uFEFF" + plain;
            case 7 -> "not json " + plain;
            default -> plain;
        };
        return body.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void aJsonValueBeyondTheMemoryForChecksFailsTheCheckSayingWhyAndGivesEveryByteBack() {
        byte[] body = ("{\"pad\":\"" + "x".repeat(3 << 20) + "\",\"id\":7}").getBytes(StandardCharsets.UTF_8);
        BodyCheck check = check("json:/id == 7");

        Budget tight = new Budget(1 << 20);
        BodyMatcher matcher = check.matcher(tight);
        String verdict = inReads(matcher, body, 64 * 1024);
        assertNotNull(verdict);
        assertTrue(
                verdict.matches("not checked: a JSON value of over 0\\.[0-9] MiB before /id needs more memory than the"
                        + " load engine keeps for checks \\(the test's 1 MiB\\)"),
                verdict);
        assertEquals(0, tight.heldBytes, "everything given back");
        assertEquals(1, tight.gaveUp, "and the engine is told, once");
        assertTrue(tight.peakBytes <= 1 << 20);

        Budget ample = new Budget(16 << 20);
        matcher = check.matcher(ample);
        assertNull(inReads(matcher, body, 64 * 1024), "with room, the value is read and the check passes");
        assertTrue(
                ample.peakBytes >= 2 * (3L << 20) - 2 * JsonPointerMatcher.FREE_TOKEN_BYTES,
                "the token's chars were counted: " + ample.peakBytes);
        assertTrue(ample.peakBytes <= 4 * (3L << 20), "in doubling steps at most: " + ample.peakBytes);
        assertEquals(0, ample.heldBytes, "everything given back at the end");

        matcher.begin(NO_VALUES);
        matcher.feed(body, 0, 2 << 20);
        assertTrue(ample.heldBytes > 0);
        matcher.abandon();
        assertEquals(0, ample.heldBytes, "an abandoned body gives back what it held");
        assertFalse(matcher.decided());
    }

    @Test
    void smallTokensNeverAskForMemory() {
        StringBuilder text = new StringBuilder("{\"items\":[");
        for (int i = 0; i < 100_000; i++) {
            text.append(i == 0 ? "" : ",")
                    .append("{\"sku\":\"SKU-")
                    .append(i)
                    .append("\",\"v\":")
                    .append(i)
                    .append('}');
        }
        byte[] body = text.append("],\"id\":7}").toString().getBytes(StandardCharsets.UTF_8);
        Budget none = new Budget(0);
        assertNull(inReads(check("json:/id == 7").matcher(none), body, 1500));
        assertNull(inReads(check("json:/items/99999/sku == \"SKU-99999\"").matcher(none), body, 65536));
        assertEquals(0, none.peakBytes);
    }

    /**
     * The check before it read bodies as they arrive, as the oracle: Jackson's blocking parser over the whole body,
     * filtered to the pointer; true if it finds a value there, whole, before any error.
     */
    private static boolean wholeBodyFinds(String pointer, byte[] body) {
        try (com.fasterxml.jackson.core.JsonParser parser =
                new com.fasterxml.jackson.core.filter.FilteringParserDelegate(
                        new com.fasterxml.jackson.core.JsonFactory().createParser(body),
                        new com.fasterxml.jackson.core.filter.JsonPointerBasedFilter(pointer),
                        com.fasterxml.jackson.core.filter.TokenFilter.Inclusion.ONLY_INCLUDE_ALL,
                        false)) {
            if (parser.nextToken() == null) {
                return false;
            }
            // Read the value found whole: the old check took a string cut short by the body's end for present
            // (Jackson reads a string's text only when asked); reading as it arrives sees the cut, as it should.
            parser.getText();
            return true;
        } catch (java.io.IOException e) {
            return false;
        }
    }

    @Test
    void theMemoryOfALongValueIsGivenBackOnceItIsReadNotAtTheEndOfTheBody() {
        StringBuilder text =
                new StringBuilder("{\"pad\":\"").append("x".repeat(3 << 20)).append("\",\"more\":[");
        for (int i = 0; i < 100_000; i++) {
            text.append(i).append(',');
        }
        byte[] body = text.append("0],\"id\":7}").toString().getBytes(StandardCharsets.UTF_8);
        Budget budget = new Budget(16 << 20);
        BodyMatcher matcher = check("json:/id == 7").matcher(budget);
        matcher.begin(NO_VALUES);
        int padEnd = (3 << 20) + 20;
        matcher.feed(body, 0, padEnd - 1000);
        assertTrue(budget.heldBytes > 4 << 20, "the long value is held while it arrives: " + budget.heldBytes);
        matcher.feed(body, padEnd - 1000, 200_000);
        assertEquals(0, budget.heldBytes, "read whole, it is given back while the body goes on");
        matcher.feed(body, padEnd - 1000 + 200_000, body.length - (padEnd - 1000 + 200_000));
        assertNull(matcher.end());
    }

    @Test
    void valuesAtTheRootAreSearchedInTurnAsTheWholeBodyCheckDid() {
        byte[] body = "1 \"x\" {\"a\":2} [3] {\"a\":3}".getBytes(StandardCharsets.UTF_8);
        Random random = new Random(11);
        assertNull(inRandomReads(check("json:/a == 2").matcher(CheckMemory.UNLIMITED), body, NO_VALUES, random));
        assertEquals(
                "/a is 2, expected 3",
                inRandomReads(check("json:/a == 3").matcher(CheckMemory.UNLIMITED), body, NO_VALUES, random));
        assertNull(inRandomReads(check("json:/0 == 3").matcher(CheckMemory.UNLIMITED), body, NO_VALUES, random));
        assertEquals(
                "no JSON value at /b",
                inRandomReads(check("json:/b exists").matcher(CheckMemory.UNLIMITED), body, NO_VALUES, random));
        assertTrue(wholeBodyFinds("/a", body) && wholeBodyFinds("/0", body) && !wholeBodyFinds("/b", body));
    }

    private static String inReads(BodyMatcher matcher, byte[] body, int readBytes) {
        matcher.begin(NO_VALUES);
        for (int at = 0; at < body.length && !matcher.decided(); at += readBytes) {
            matcher.feed(body, at, Math.min(readBytes, body.length - at));
        }
        return matcher.end();
    }

    private static BodyCheck check(String text) {
        return ResponseChecks.parse(List.of(text), List.of()).bodyChecks().get(0);
    }

    private static String randomText(Random random, String alphabet, int length) {
        StringBuilder text = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            text.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return text.toString();
    }

    private static JsonNode randomValue(Random random, int depth) {
        int kind = random.nextInt(depth >= 4 ? 5 : 7);
        switch (kind) {
            case 0:
                return NODES.numberNode(random.nextInt(2_000) - 1_000);
            case 1:
                return NODES.textNode(randomText(random, "ab\"\\/é€\n{}[],: ", random.nextInt(12)));
            case 2:
                return NODES.booleanNode(random.nextBoolean());
            case 3:
                return NODES.nullNode();
            case 4:
                return NODES.numberNode(random.nextInt(100) / 8.0);
            case 5:
                return randomArray(random, depth + 1);
            default:
                return randomObject(random, depth + 1);
        }
    }

    private static ObjectNode randomObject(Random random, int depth) {
        ObjectNode object = NODES.objectNode();
        int size = random.nextInt(5);
        for (int i = 0; i < size; i++) {
            object.set(KEYS[random.nextInt(KEYS.length)], randomValue(random, depth));
        }
        return object;
    }

    private static ArrayNode randomArray(Random random, int depth) {
        ArrayNode array = NODES.arrayNode();
        int size = random.nextInt(5);
        for (int i = 0; i < size; i++) {
            array.add(randomValue(random, depth));
        }
        return array;
    }

    /** A pointer into {@code root}: mostly along existing keys and indexes, sometimes off them. */
    private static String randomPointer(JsonNode root, Random random) {
        StringBuilder pointer = new StringBuilder();
        JsonNode at = root;
        do {
            String segment;
            if (at != null && at.isObject() && at.size() > 0 && random.nextInt(6) > 0) {
                Iterator<String> names = at.fieldNames();
                for (int skip = random.nextInt(at.size()); skip > 0; skip--) {
                    names.next();
                }
                segment = names.next();
            } else if (at != null && at.isArray() && at.size() > 0 && random.nextInt(6) > 0) {
                segment = Integer.toString(random.nextInt(at.size()));
            } else {
                segment =
                        random.nextBoolean() ? KEYS[random.nextInt(KEYS.length)] : Integer.toString(random.nextInt(6));
            }
            pointer.append('/').append(segment.replace("~", "~0").replace("/", "~1"));
            at = at == null
                    ? null
                    : at.isObject()
                            ? at.get(segment)
                            : at.isArray() && isIndex(segment) ? at.get(Integer.parseInt(segment)) : null;
        } while (at != null && at.isContainerNode() && random.nextInt(3) > 0);
        return pointer.toString();
    }

    private static boolean isIndex(String segment) {
        return segment.matches("0|[1-9][0-9]{0,5}");
    }
}
