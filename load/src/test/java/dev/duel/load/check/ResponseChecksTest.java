package dev.duel.load.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.load.InvalidSettingException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class ResponseChecksTest {
    private static final byte[] BODY =
            "{\"id\":42,\"name\":\"Product 42\",\"price\":42.50,\"tags\":[\"a\",{\"k\":null}],\"ok\":true}"
                    .getBytes(StandardCharsets.UTF_8);

    private static String verify(String check, String... values) {
        ResponseChecks checks = ResponseChecks.parse(List.of(check), List.of("id"));
        return BodyMatcher.verify(checks.bodyChecks().get(0), BODY, values);
    }

    @Test
    void statusChecksAcceptValuesClassesRangesAndLists() {
        StatusCheck check = ResponseChecks.parse(List.of("status in 200, 3xx, 404..405"), List.of())
                .status();
        assertTrue(check.accepts(200));
        assertFalse(check.accepts(201));
        assertTrue(check.accepts(304));
        assertTrue(check.accepts(405));
        assertFalse(check.accepts(406));
        StatusCheck byDefault = ResponseChecks.parse(List.of(), List.of()).status();
        assertTrue(byDefault.accepts(204));
        assertFalse(byDefault.accepts(302));
        assertFalse(ResponseChecks.parse(List.of(), List.of()).needBody());
        assertEquals(
                "status in 2xx (default)",
                ResponseChecks.parse(List.of(), List.of()).texts().get(0));
    }

    @Test
    void jsonPointerChecksCompareByType() {
        assertNull(verify("json:/id == 42"));
        assertNull(verify("json:/id == 42.0"));
        assertNull(verify("json:/price == 42.5"));
        assertNull(verify("json:/name == \"Product 42\""));
        assertNull(verify("json:/name == \"Product ${id}\"", "42"));
        assertNull(verify("json:/id == ${id}", "42"));
        assertNull(verify("json:/tags/1/k == null"));
        assertNull(verify("json:/ok == true"));
        assertNull(verify("json:/tags/0 exists"));
        assertNull(verify("json:/id != 41"));
        assertNull(verify("json:/missing != 1"));
        assertEquals("/id is 42, expected \"42\"", verify("json:/id == \"42\""));
        assertEquals("/id is 42, expected 43 (${id})", verify("json:/id == ${id}", "43"));
        assertEquals("no JSON value at /nope", verify("json:/nope exists"));
        assertEquals("/tags is an array, expected 1", verify("json:/tags == 1"));
    }

    @Test
    void bodyContainsChecksSayWhatWasMissing() {
        assertNull(verify("body contains Product 42"));
        assertNull(verify("body contains \"Product ${id}\"", "42"));
        assertEquals("body does not contain \"Product 43\"", verify("body contains Product ${id}", "43"));
    }

    @Test
    void cutShortAndInvalidBodiesFailWithAReason() {
        BodyCheck check = ResponseChecks.parse(List.of("json:/zzz == 1"), List.of())
                .bodyChecks()
                .get(0);
        String cutShort = BodyMatcher.verify(check, Arrays.copyOf(BODY, 20), new String[0]);
        assertTrue(cutShort.startsWith("body is not JSON (Unexpected end-of-input"), cutShort);
        String html = BodyMatcher.verify(check, "<html>".getBytes(StandardCharsets.UTF_8), new String[0]);
        assertTrue(html.startsWith("body is not JSON (Unexpected character ('<'"), html);
        assertFalse(html.contains("REDACTED"), "Jackson's location notice is left out: " + html);
        assertEquals("no JSON value at /zzz", BodyMatcher.verify(check, new byte[0], new String[0]));
    }

    @Test
    void badChecksAreUsageErrorsThatShowTheSyntax() {
        assertTrue(assertThrows(
                        IllegalArgumentException.class, () -> ResponseChecks.parse(List.of("latency < 5"), List.of()))
                .getMessage()
                .contains("a check starts with"));
        assertThrows(IllegalArgumentException.class, () -> ResponseChecks.parse(List.of("status == 99"), List.of()));
        assertThrows(
                IllegalArgumentException.class,
                () -> ResponseChecks.parse(List.of("status == 200", "status == 201"), List.of()));
        assertThrows(IllegalArgumentException.class, () -> ResponseChecks.parse(List.of("json:id == 1"), List.of()));
        assertThrows(IllegalArgumentException.class, () -> ResponseChecks.parse(List.of("json:/id == {}"), List.of()));
        assertEquals(
                "check 'json:/id == ${x}': ${x} is not declared: declare it as seq:1..100, uniform:1..100, list:a,b or unique",
                assertThrows(
                                InvalidSettingException.class,
                                () -> ResponseChecks.parse(List.of("json:/id == ${x}"), List.of()))
                        .problem());
    }
}
