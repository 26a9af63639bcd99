package dev.duel.report.render;

import java.io.StringReader;
import javax.xml.XMLConstants;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.Schema;
import javax.xml.validation.SchemaFactory;
import org.xml.sax.SAXException;

/** Validates JUnit XML against the schema CI systems read ({@code src/test/resources/junit.xsd}). */
final class JunitSchema {
    private JunitSchema() {}

    /** @throws AssertionError the XML is not valid, naming the line, column and rule broken */
    static void validate(String xml) throws Exception {
        SchemaFactory factory = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI);
        factory.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
        factory.setProperty(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
        Schema schema;
        try (var in = JunitSchema.class.getResourceAsStream("/junit.xsd")) {
            schema = factory.newSchema(new StreamSource(in));
        }
        try {
            schema.newValidator().validate(new StreamSource(new StringReader(xml)));
        } catch (SAXException e) {
            throw new AssertionError("the JUnit XML is not valid: " + e.getMessage() + "\n" + xml, e);
        }
    }
}
