package dev.duel.suite.file;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.suite.Suite;
import dev.duel.suite.SuiteException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A scenario's {@code micro:} key: the JMH benchmark the report puts beside its HTTP result. */
class SuiteMicroKeyTest {
    private static final String SUITE = """
            name: ab
            targets:
              - {name: a, java: 17, jar: minimal.jar}
              - {name: b, java: 17, jar: minimal.jar}
            scenarios:
              - name: quote
                request: {path: /quote, method: POST, body: '{}'}
                micro: MICRO
              - name: json
                request: {path: /json}
            """;

    @TempDir
    Path temp;

    private Suite load(String micro) throws Exception {
        return new SuiteLoader(temp).load(Files.writeString(temp.resolve("suite.yaml"), SUITE.replace("MICRO", micro)));
    }

    @Test
    void aScenarioNamesABenchmarkWithParameters() throws Exception {
        Suite suite = load("HttpBenchmark.postQuote app=minimal");
        assertEquals(
                "HttpBenchmark.postQuote app=minimal", suite.scenario("quote").micro());
        assertNull(suite.scenario("json").micro());
    }

    @Test
    void somethingElseIsRefusedAtItsKey() {
        SuiteException e = assertThrows(SuiteException.class, () -> load("'post quote'"));
        assertTrue(
                e.getMessage()
                        .endsWith(
                                "suite.yaml:8:5: scenarios[0] (quote).micro: 'post quote' is not a JMH "
                                        + "benchmark like HttpBenchmark.postQuote, optionally followed by parameters like app=minimal"),
                e.getMessage());
    }
}
