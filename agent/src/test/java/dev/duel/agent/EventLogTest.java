package dev.duel.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 24, item 5: an agent kept every event of its last runs, an hour's run of per-second events with their
 * histograms in hundreds of MiB. A poll past an event now lets it go; a poll whose answer was lost is answered again.
 */
class EventLogTest {
    private static List<Long> seqs(EventLog.Batch batch) {
        return batch.events().stream().map(e -> e.get("seq").asLong()).toList();
    }

    @Test
    void eventsAPollHasPassedAreLetGoAndALostAnswerIsGivenAgain() throws Exception {
        EventLog log = new EventLog();
        for (int second = 1; second <= 3_600; second++) { // an hour of seconds
            log.append(AgentJson.object().put("type", "second").put("second", second));
        }
        assertEquals(3_600, log.kept(), "nothing polled yet: all kept");
        EventLog.Batch first = log.after(0, 0);
        assertEquals(3_600, first.events().size());
        // The controller got them all and asks after 3,600: those are let go.
        log.append(AgentJson.object().put("type", "second").put("second", 3_601));
        EventLog.Batch next = log.after(3_600, 0);
        assertEquals(List.of(3_601L), seqs(next));
        assertEquals(1, log.kept());
        // That answer was lost: the controller asks after 3,600 again and gets the same.
        assertEquals(List.of(3_601L), seqs(log.after(3_600, 0)));
        log.append(AgentJson.object().put("type", "result"));
        log.finish();
        EventLog.Batch last = log.after(3_601, 0);
        assertEquals(List.of(3_602L), seqs(last));
        assertTrue(last.done());
        assertEquals(1, log.kept());
    }
}
