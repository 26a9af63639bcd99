package dev.duel.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.record.Histograms;
import dev.duel.record.Phase;
import dev.duel.record.load.SecondResult;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * Issue 24, item 4: a run that lost an agent merges its series again from the agents that delivered. Merging one
 * agent's seconds whole before the next held every second waiting for the next agent, each with a ~192 KiB histogram:
 * an hour of seconds needed about 690 MiB against a 512 MiB heap. The re-merge now goes second by second across the
 * agents, holding a few seconds at most, and adds up the same.
 */
class RemergeTest {
    @Test
    void anHourOfSecondsFromTwoAgentsAfterALostOneHoldsAFewSecondsAtOnce() {
        Histogram latency = Histograms.newLatencyHistogram();
        latency.recordValue(250_000);
        latency.recordValue(1_000_000);
        String encoded = Histograms.encode(latency);
        int hour = 3_600;
        List<List<AgentCoordinator.ReportedSecond>> delivered = new ArrayList<>();
        for (int agent = 0; agent < 2; agent++) {
            List<AgentCoordinator.ReportedSecond> seconds = new ArrayList<>();
            for (int second = 0; second < hour; second++) {
                if (agent == 1 && second % 97 == 5) {
                    continue; // an agent may skip a second: it holds nothing of it
                }
                seconds.add(new AgentCoordinator.ReportedSecond(
                        new SecondResult(second, Phase.MAIN, 10 + agent, agent, 250, 1_000, 1_000), encoded));
            }
            delivered.add(seconds);
        }
        delivered.add(null); // the third agent was lost
        List<AgentCoordinator.ReportedSecond> shortSeries = new ArrayList<>(); // a fourth delivered only 10 s
        for (int second = 0; second < 10; second++) {
            shortSeries.add(new AgentCoordinator.ReportedSecond(
                    new SecondResult(second, Phase.MAIN, 100, 0, 250, 1_000, 1_000), encoded));
        }
        delivered.add(shortSeries);

        AgentCoordinator.Remerged remerged = AgentCoordinator.remerge(delivered);

        assertTrue(remerged.mostPending() <= 2, "held at once: " + remerged.mostPending());
        assertEquals(hour, remerged.seconds().size());
        long[] ok = new long[hour];
        remerged.seconds().forEach(s -> ok[s.second()] = s.ok());
        for (int second = 0; second < hour; second++) {
            assertEquals((second % 97 == 5 ? 10 : 21) + (second < 10 ? 100 : 0), ok[second], "second " + second);
        }
        assertEquals(
                Arrays.stream(ok).sum(),
                remerged.seconds().stream().mapToLong(SecondResult::ok).sum(),
                "each second once");
    }
}
