package dev.duel.report.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** What no golden report holds: text XML cannot carry, and a schema that refuses what CI readers refuse. */
class JunitXmlRendererTest {
    @Test
    void markupQuotesAndControlCharactersCannotBreakTheXml() throws Exception {
        String hostile = "a < b & \"c\" > d\u0000\u0007\ttab\nline";
        assertEquals("a &lt; b &amp; \"c\" &gt; d\ttab\nline", JunitXmlRenderer.text(hostile));
        assertEquals("a &lt; b &amp; &quot;c&quot; &gt; d&#9;tab&#10;line", JunitXmlRenderer.attribute(hostile));
        String xml = "<testsuites><testsuite name=\"" + JunitXmlRenderer.attribute(hostile) + "\" tests=\"1\">"
                + "<testcase name=\"x\" classname=\"y\"><failure message=\"" + JunitXmlRenderer.attribute(hostile)
                + "\">" + JunitXmlRenderer.text(hostile) + "</failure></testcase></testsuite></testsuites>";
        JunitSchema.validate(xml);
    }

    @Test
    void theSchemaRefusesWhatCiReadersRefuse() {
        for (String bad : new String[] {
            "<testsuites><testsuite tests=\"1\"><testcase name=\"x\" classname=\"y\"/></testsuite></testsuites>",
            "<testsuites><testsuite name=\"s\" tests=\"1\"><testcase classname=\"y\"/></testsuite></testsuites>",
            "<testsuites><testsuite name=\"s\" tests=\"-1\"/></testsuites>",
            "<testsuites><testsuite name=\"s\" tests=\"1\"><testcase name=\"x\" classname=\"y\">"
                    + "<system-out>o</system-out><failure/></testcase></testsuite></testsuites>"
        }) {
            AssertionError refused = assertThrows(AssertionError.class, () -> JunitSchema.validate(bad));
            assertTrue(refused.getMessage().startsWith("the JUnit XML is not valid"), refused.getMessage());
        }
    }
}
