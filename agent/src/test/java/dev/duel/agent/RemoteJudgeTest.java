package dev.duel.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.duel.load.WarmupJudge;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class RemoteJudgeTest {
    private final EventLog events = new EventLog();
    private final AtomicBoolean stopped = new AtomicBoolean();

    @Test
    void theCoordinatorsJudgementIsTheEnginesDecisionAndTheCheckCarriesThisAgentsSeries() throws Exception {
        RemoteJudge judge = new RemoteJudge(events, Duration.ofSeconds(2), () -> stopped.set(true));
        WarmupJudge.Decision steady = new WarmupJudge.Decision(true, 1, 0.02, "flat");
        judge.judgement(4, steady); // the answer may come before the engine asks

        assertEquals(steady, judge.judge(new double[] {10, 20, 21, 19}));

        ObjectNode check = events.after(0, 0).events().get(0);
        assertEquals("judge", check.get("type").asText());
        assertEquals(4, check.get("checkSecond").asInt());
        assertEquals("[10,20,21,19]", check.get("okPerSecond").toString());
        assertFalse(stopped.get());
        assertNull(judge.failure());
    }

    @Test
    void noJudgementInTimeStopsTheRunWithAClearReason() {
        RemoteJudge judge = new RemoteJudge(events, Duration.ofMillis(20), () -> stopped.set(true));
        judge.judgement(2, new WarmupJudge.Decision(true, 0, 0.01, "another check's"));

        WarmupJudge.Decision decision = judge.judge(new double[] {1, 2, 3, 4});

        assertFalse(decision.steady());
        assertTrue(stopped.get());
        assertTrue(
                judge.failure()
                        .startsWith(
                                "the coordinator sent no judgement of the warm-up check at second 4 within" + " 20 ms"),
                judge.failure());
    }

    @Test
    void aJudgementBodyIsReadIntoADecision() {
        ObjectNode body =
                AgentJson.object().put("checkSecond", 6).put("steady", false).put("why", "trending");
        body.putNull("steadySinceSecond");
        body.put("relativeHalfWidth", 0.12);
        assertEquals(WarmupJudge.Decision.notYet(0.12, "trending"), AgentService.decision(body));
    }
}
