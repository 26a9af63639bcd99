package dev.duel.load.http;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.load.InvalidSettingException;
import dev.duel.load.Setting;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RequestTemplateTest {

    private static String render(RequestTemplate template, String... values) {
        ByteBuf out = Unpooled.buffer();
        int written = template.render(out, values);
        assertEquals(out.readableBytes(), written);
        return out.toString(StandardCharsets.ISO_8859_1);
    }

    @Test
    void aRequestWithoutVariablesIsEncodedOnce() {
        RequestTemplate template = RequestTemplate.compile(
                new RequestSpec(
                        "get", "http://127.0.0.1:8080/json", List.of(Header.parse("Accept: application/json")), null),
                Map.of());
        assertFalse(template.hasVariables());
        assertEquals(
                "GET /json HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nAccept: application/json\r\n\r\n",
                template.encoded().toString(StandardCharsets.ISO_8859_1));
        assertEquals(
                template.encoded().readableBytes(),
                template.encoded().duplicate().readableBytes());
        // The shared request is direct memory: the run frees it (Netty's leak detector reported it to stderr,
        // where `duel load` writes its own errors); a second release is harmless.
        assertEquals(1, template.encoded().refCnt());
        template.release();
        assertEquals(0, template.encoded().refCnt());
        template.release();
    }

    @Test
    void variablesFillThePathHeadersAndBodyWithTheRightContentLength() {
        Map<String, VariableSpec> variables = new LinkedHashMap<>();
        variables.put("id", VariableSpec.parse("seq:1..3"));
        variables.put("sku", VariableSpec.parse("list:a,b"));
        RequestTemplate template = RequestTemplate.compile(
                new RequestSpec(
                        "POST",
                        "http://localhost/p/${id}",
                        List.of(Header.parse("X-Sku: ${sku}"), Header.parse("Content-Type: application/json")),
                        "{\"sku\":\"${sku}\",\"n\":\"${unknown}\"}".getBytes(StandardCharsets.UTF_8)),
                variables);
        String request = render(template, "12", "abc");
        assertEquals(
                "POST /p/12 HTTP/1.1\r\nHost: localhost\r\nX-Sku: abc\r\nContent-Type: application/json\r\n"
                        + "Content-Length: 30\r\n\r\n{\"sku\":\"abc\",\"n\":\"${unknown}\"}",
                request);
        assertEquals("POST /p/7 HTTP/1.1", template.requestLine(new String[] {"7", "x"}));
    }

    @Test
    void valuesAreUtf8InHeadersAndBodiesAndPercentEncodedUtf8InTheUrl() {
        Map<String, VariableSpec> variables = Map.of("name", VariableSpec.parse("list:naïve"));
        RequestTemplate template = RequestTemplate.compile(
                new RequestSpec(
                        "POST",
                        "http://h/p/${name}/é",
                        List.of(Header.parse("X-Name: ${name} é")),
                        "{\"name\":\"${name}\",\"city\":\"Zürich\"}".getBytes(StandardCharsets.UTF_8)),
                variables);
        ByteBuf out = Unpooled.buffer();
        template.render(out, new String[] {"naïve"});
        byte[] rendered = new byte[out.readableBytes()];
        out.readBytes(rendered);
        String body = "{\"name\":\"naïve\",\"city\":\"Zürich\"}";
        String expected = "POST /p/na%C3%AFve/%C3%A9 HTTP/1.1\r\nHost: h\r\nX-Name: naïve é\r\n" + "Content-Length: "
                + body.getBytes(StandardCharsets.UTF_8).length + "\r\n\r\n" + body;
        assertEquals(expected, new String(rendered, StandardCharsets.UTF_8));
        assertArrayEquals(expected.getBytes(StandardCharsets.UTF_8), rendered, "one encoding for literal and value");
    }

    @Test
    void valuesThatWouldBreakTheRequestAreRefusedWhenCompiled() {
        InvalidSettingException header = assertThrows(
                InvalidSettingException.class,
                () -> RequestTemplate.compile(
                        new RequestSpec("GET", "http://h/", List.of(Header.parse("X-Sku: ${sku}")), null),
                        Map.of("sku", new VariableSpec.Values(List.of("ok", "a\r\nX-Evil: 1")))));
        assertEquals(Setting.VARIABLES, header.setting());
        assertEquals(
                "${sku} can be 'a\\r\\nX-Evil: 1', used in header X-Sku: it has a line break (CR), which would end"
                        + " the header early and start another (header injection)",
                header.problem());
        InvalidSettingException space = assertThrows(
                InvalidSettingException.class,
                () -> RequestTemplate.compile(
                        new RequestSpec("GET", "http://h/p?q=${q}", List.of(), null),
                        Map.of("q", new VariableSpec.Values(List.of("a b")))));
        assertEquals(
                "${q} can be 'a b', used in the URL: it has a space; write a space in a URL as %20", space.problem());
        for (String value : List.of("a\nb", "a\tb", "a\u0000b", "a\u007fb")) {
            assertThrows(
                    InvalidSettingException.class,
                    () -> RequestTemplate.compile(
                            new RequestSpec("GET", "http://h/${v}", List.of(), null),
                            Map.of("v", new VariableSpec.Values(List.of(value)))),
                    value);
        }
        InvalidSettingException literal = assertThrows(
                InvalidSettingException.class,
                () -> RequestTemplate.compile(
                        new RequestSpec("GET", "http://h/", List.of(new Header("X-A", "a\u0000b")), null), Map.of()));
        assertEquals(Setting.HEADERS, literal.setting());
        assertEquals(
                "header X-A has the control character U+0000 in its value, which cannot be sent in a header",
                literal.problem());
        assertEquals(
                Setting.URL,
                assertThrows(
                                InvalidSettingException.class,
                                () -> RequestTemplate.compile(
                                        new RequestSpec("GET", "http://h/a\tb", List.of(), null), Map.of()))
                        .setting());
        // Where nothing breaks, the same values are fine: a tab in a header, anything in a body.
        RequestTemplate.compile(
                new RequestSpec(
                        "POST",
                        "http://h/",
                        List.of(Header.parse("X-V: ${v}")),
                        "${v}".getBytes(StandardCharsets.UTF_8)),
                Map.of("v", new VariableSpec.Values(List.of("a\tb"))));
        RequestTemplate.compile(
                new RequestSpec("POST", "http://h/", List.of(), "${v}".getBytes(StandardCharsets.UTF_8)),
                Map.of("v", new VariableSpec.Values(List.of("a\r\nb c"))));
    }

    @Test
    void postWithoutBodySaysContentLengthZero() {
        RequestTemplate template =
                RequestTemplate.compile(new RequestSpec("POST", "http://h:81/", List.of(), null), Map.of());
        assertTrue(render(template).endsWith("Host: h:81\r\nContent-Length: 0\r\n\r\n"));
    }

    @Test
    void mistakesAreNamedWithTheirFix() {
        IllegalArgumentException undeclared = assertThrows(
                IllegalArgumentException.class,
                () -> RequestTemplate.compile(new RequestSpec("GET", "http://h/p/${id}", List.of(), null), Map.of()));
        assertTrue(
                undeclared.getMessage().contains("the URL uses ${id}, which is not declared: declare it as seq:1..100"),
                undeclared.getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> RequestSpec.target("https://h/"))
                .getMessage()
                .contains("https is not supported"));
        assertThrows(IllegalArgumentException.class, () -> RequestSpec.target("ftp://h/"));
        assertThrows(IllegalArgumentException.class, () -> Header.parse("no colon"));
        assertThrows(
                IllegalArgumentException.class,
                () -> RequestTemplate.compile(
                        new RequestSpec("GET", "http://h/", List.of(Header.parse("Content-Length: 5")), null),
                        Map.of()));
    }

    @Test
    void variableSourcesSplitSequencesBetweenLoops() {
        VariableSpec spec = VariableSpec.parse("seq:10..14");
        VariableSpec.Source loop0 = spec.source(0, 2, 1);
        VariableSpec.Source loop1 = spec.source(1, 2, 1);
        assertEquals(List.of("10", "12", "14", "10"), List.of(loop0.next(), loop0.next(), loop0.next(), loop0.next()));
        assertEquals(List.of("11", "13", "11"), List.of(loop1.next(), loop1.next(), loop1.next()));
        VariableSpec.Source uniform = VariableSpec.parse("uniform:1..3").source(0, 1, 5);
        for (int i = 0; i < 100; i++) {
            int value = Integer.parseInt(uniform.next());
            assertTrue(value >= 1 && value <= 3);
        }
        assertEquals(
                VariableSpec.parse("uniform:1..3").source(0, 1, 5).next(),
                VariableSpec.parse("uniform:1..3").source(0, 1, 5).next());
        assertThrows(IllegalArgumentException.class, () -> VariableSpec.parse("seq:5..1"));
        assertThrows(IllegalArgumentException.class, () -> VariableSpec.parse("random:1..2"));
    }

    @Test
    void uniqueValuesNeverRepeatAcrossLoopsOrRunsAndFitAKey() {
        VariableSpec spec = VariableSpec.parse("unique");
        // Two runs whose sources are made in the same millisecond, as two duels started together.
        List<VariableSpec.Source> sources = new java.util.ArrayList<>();
        for (int run = 0; run < 2; run++) {
            for (int loop = 0; loop < 3; loop++) {
                sources.add(spec.source(loop, 3, 1));
            }
        }
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (VariableSpec.Source source : sources) {
            for (int i = 0; i < 1_000; i++) {
                String value = source.next();
                assertTrue(value.length() <= 24, value);
                assertTrue(value.matches("[0-9a-z]{13}-[0-9a-z]+"), value);
                assertTrue(seen.add(value), "repeated " + value);
            }
        }
        assertEquals("unique", spec.text());
    }
}
