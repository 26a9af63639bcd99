package dev.duel.report.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.duel.analysis.RunSteadyState;
import dev.duel.record.RecordJson;
import dev.duel.record.RunRecord;
import dev.duel.report.read.RunData;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A side whose runs never settled is told what to change, from how its warm-ups ran: a fixed warm-up is told to
 * wait for steady state, an auto warm-up that ran to its cap to raise the cap, one that ended steady while the run
 * moved on to lengthen main. (The advice once told runs that already used auto to "use warmup: auto".)
 */
class SteadyAdviceTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path SEEDED = Path.of("src/test/resources/records/seeded/runs/001-jdk17-json+product.json");

    private static RunData withWarmupEnd(String mode, String reason) throws Exception {
        ObjectNode tree = (ObjectNode) JSON.readTree(SEEDED.toFile());
        ((ObjectNode) tree.at("/results/0/load/warmupEnd")).put("mode", mode).put("reason", reason);
        return new RunData("r", RecordJson.read(JSON.writeValueAsString(tree), "r", RunRecord.class));
    }

    @Test
    void theAdviceFollowsHowTheWarmUpsRan() throws Exception {
        RunData fixed = withWarmupEnd("fixed", "fixed_length");
        RunData steady = withWarmupEnd("auto", "steady");
        RunData capped = withWarmupEnd("auto", "cap");
        String scenario = fixed.record().results().get(0).scenario();

        assertEquals(SteadyMeasures.Advice.FIXED_WARMUP, SteadyMeasures.advice(List.of(fixed, fixed), scenario));
        assertEquals(SteadyMeasures.Advice.AUTO_STEADY, SteadyMeasures.advice(List.of(fixed, steady), scenario));
        assertEquals(SteadyMeasures.Advice.AUTO_CAPPED, SteadyMeasures.advice(List.of(steady, capped), scenario));
        assertEquals(SteadyMeasures.Advice.FIXED_WARMUP, SteadyMeasures.advice(List.of(fixed), "no-such-scenario"));

        String note = SteadyMeasures.unsettled(
                "jdk25",
                List.of(RunSteadyState.of(capped.record().results().get(0).load()), RunSteadyState.of(null)),
                SteadyMeasures.Advice.AUTO_CAPPED);
        assertTrue(note.startsWith("jdk25: 1 of 2 runs never reached steady state"), note);
        assertTrue(
                note.endsWith("counted with main's values, marked; raise maxWarmup: the warm-up ran to its cap"), note);
    }
}
