package dev.duel.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code repetitions.json}: written and read by the records' codec, strictly, with its enum in lower case. */
class RepetitionDecisionTest {
    private static final RepetitionDecision AT_MAX = new RepetitionDecision(
            "json: rps ci within 5%",
            "json",
            "rps",
            5,
            0.95,
            3,
            12,
            12,
            RepetitionDecision.Stop.MAXIMUM_REACHED,
            List.of(
                    new RepetitionDecision.Comparison(
                            "a", "b", 12, 12, 1.1, 1.02, 1.19, 8.18, "Welch-Hsu t on logs, 11 df", List.of(), "higher"),
                    new RepetitionDecision.Comparison(
                            "a",
                            "c",
                            12,
                            1,
                            0.9,
                            null,
                            null,
                            null,
                            "none",
                            List.of(new RepetitionDecision.LeftOutRuns(
                                    "c", RepetitionDecision.LeftOut.NEVER_STEADY, 11)),
                            null)));

    @Test
    void itRoundTripsThroughTheCodecWithNullsWhereNoIntervalExists() throws Exception {
        String json = RecordJson.text(AT_MAX);
        assertTrue(json.contains("\"stop\" : \"maximum_reached\""), json);
        assertTrue(json.contains("\"halfWidthPercent\" : null"), json);
        assertTrue(json.contains("\"reason\" : \"never_steady\""), json);
        assertEquals(AT_MAX, RecordJson.read(json, "repetitions.json", RepetitionDecision.class));
        assertThrows(
                RecordException.class,
                () -> RecordJson.read(
                        json.replace("\"withinPercent\"", "\"within\""), "repetitions.json", RepetitionDecision.class));
        // A file written before issue 22 has no verdict: read as null.
        com.fasterxml.jackson.databind.ObjectMapper mapper = new com.fasterxml.jackson.databind.ObjectMapper();
        com.fasterxml.jackson.databind.JsonNode tree = mapper.readTree(json);
        tree.get("comparisons").forEach(c -> ((com.fasterxml.jackson.databind.node.ObjectNode) c).remove("verdict"));
        String older = mapper.writeValueAsString(tree);
        assertTrue(!older.contains("verdict"), older);
        RepetitionDecision read = RecordJson.read(older, "repetitions.json", RepetitionDecision.class);
        assertEquals(null, read.comparisons().get(0).verdict());
    }

    @Test
    void itSaysWhatStoppedTheRepetitionsInOneLine() {
        assertEquals(
                "repetitions: stopped at the maximum of 12 (of 3 to 12): json rps CI within 5% was not met (b/a rps"
                        + " ratio 1.100, 95% CI ±8.2%: higher (12 and 12 runs); c/a rps ratio 0.900, 95% CI not bounded"
                        + " (1 and 12 runs; marked: 11 c never steady))",
                AT_MAX.describe());
    }

    /**
     * A suite that stopped on its budget reads every scenario; one whose own answer was clear says so ("was met"),
     * another that held the suite up says it was not (the A/A demo printed "was not met (... the same ...)").
     */
    @Test
    void aScenarioWhoseAnswerWasClearWhenTheBudgetRanOutSaysItWasMet() {
        RepetitionDecision.Comparison same = new RepetitionDecision.Comparison(
                "jdk17", "jdk17b", 3, 3, 1.0, 0.966, 1.035, 3.4, "interleaved t, 2 df", List.of(), "the same");
        RepetitionDecision.Comparison cannotTell = new RepetitionDecision.Comparison(
                "jdk17", "jdk17b", 3, 3, 1.031, 0.91, 1.16, 12.0, "interleaved t, 2 df", List.of(), "cannot tell");
        RepetitionDecision product = new RepetitionDecision(
                "rps clear",
                "product",
                "rps",
                5,
                0.95,
                3,
                100,
                3,
                RepetitionDecision.Stop.BUDGET_SPENT,
                List.of(same),
                420.0,
                428.0);
        RepetitionDecision json = new RepetitionDecision(
                "rps clear",
                "json",
                "rps",
                5,
                0.95,
                3,
                100,
                3,
                RepetitionDecision.Stop.BUDGET_SPENT,
                List.of(cannotTell),
                420.0,
                428.0);
        assertTrue(product.met());
        assertTrue(!json.met());
        assertTrue(
                product.describe().contains("product rps clear (a change, or the same within ±5%) was met ("),
                product.describe());
        assertTrue(
                json.describe().contains("json rps clear (a change, or the same within ±5%) was not met ("),
                json.describe());
        assertTrue(!AT_MAX.met(), "c has no interval");
    }
}
