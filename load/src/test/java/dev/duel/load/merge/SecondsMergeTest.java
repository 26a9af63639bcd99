package dev.duel.load.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.record.Histograms;
import dev.duel.record.Phase;
import dev.duel.record.load.SecondResult;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class SecondsMergeTest {
    private static SecondResult second(int index, long ok, long failures) {
        return new SecondResult(index, Phase.MAIN, ok, failures, 0, 0, 0);
    }

    private static Histogram of(long... nanos) {
        Histogram histogram = Histograms.newLatencyHistogram();
        for (long value : nanos) {
            Histograms.recordNanos(histogram, value);
        }
        return histogram;
    }

    @Test
    void mergedSecondsEqualOneHistogramOfEveryAgentsValues() {
        int agents = 3;
        SecondsMerge merge = new SecondsMerge(agents);
        SplittableRandom random = new SplittableRandom(13);
        Histogram all = Histograms.newLatencyHistogram();
        List<SecondsMerge.MergedSecond> out = new ArrayList<>();
        for (int agent = 0; agent < agents; agent++) {
            // Agents of different speeds: their latency distributions differ, so an average of percentiles would not
            // do.
            Histogram latency = Histograms.newLatencyHistogram();
            int n = 1_000 * (agent + 1);
            for (int i = 0; i < n; i++) {
                long nanos = (long) ((agent + 1) * 200_000 * -Math.log(1 - random.nextDouble())) + 1_000;
                Histograms.recordNanos(latency, nanos);
                Histograms.recordNanos(all, nanos);
            }
            out.addAll(merge.add(agent, second(0, n, agent), latency));
        }
        assertEquals(1, out.size());
        SecondResult merged = out.get(0).second();
        assertEquals(6_000, merged.ok());
        assertEquals(0 + 1 + 2, merged.failures());
        assertEquals(all.getTotalCount(), out.get(0).latency().getTotalCount());
        assertEquals(all, out.get(0).latency());
        assertEquals(Histograms.micros(all.getValueAtPercentile(50)), merged.p50Micros());
        assertEquals(Histograms.micros(all.getValueAtPercentile(99)), merged.p99Micros());
        assertEquals(Histograms.micros(all.getMaxValue()), merged.maxMicros());
    }

    @Test
    void aSecondWaitsForEveryLiveAgentAndComesOutOnceInOrder() {
        SecondsMerge merge = new SecondsMerge(2);
        assertEquals(List.of(), merge.add(0, second(0, 1, 0), of(1_000_000)));
        assertEquals(List.of(), merge.add(0, second(1, 2, 0), of(2_000_000, 2_000_000)));
        List<SecondsMerge.MergedSecond> first = merge.add(1, second(0, 3, 0), of(3_000_000, 3_000_000, 3_000_000));
        assertEquals(List.of(0), indexes(first));
        assertEquals(4, first.get(0).second().ok());
        List<SecondsMerge.MergedSecond> next = merge.add(1, second(1, 1, 1), of(5_000_000));
        assertEquals(List.of(1), indexes(next));
        assertEquals(3, next.get(0).second().ok());
        assertEquals(1, next.get(0).second().failures());
        assertEquals(5_000.0, next.get(0).second().maxMicros(), 5);
    }

    @Test
    void anAgentAheadReleasesSecondsItSkippedOnlyOnceTheOthersCatchUp() {
        SecondsMerge merge = new SecondsMerge(2);
        merge.add(0, second(0, 1, 0), of(1_000_000));
        merge.add(0, second(2, 1, 0), of(1_000_000));
        assertEquals(List.of(0, 1), indexes(merge.add(1, second(1, 1, 0), of(1_000_000))));
        assertEquals(List.of(2), indexes(merge.add(1, second(2, 1, 0), of(1_000_000))));
    }

    @Test
    void aLostAgentReleasesTheWaitAndIsIgnoredAfterwards() {
        SecondsMerge merge = new SecondsMerge(3);
        merge.add(0, second(0, 1, 0), of(1_000_000));
        merge.add(1, second(0, 1, 0), of(1_000_000));
        merge.add(0, second(1, 1, 0), of(1_000_000));
        merge.add(1, second(1, 1, 0), of(1_000_000));
        List<SecondsMerge.MergedSecond> released = merge.lose(2);
        assertEquals(List.of(0, 1), indexes(released));
        assertEquals(2, released.get(0).second().ok());
        assertEquals(List.of(), merge.add(2, second(2, 100, 0), of(1_000_000)));
        merge.add(0, second(2, 1, 0), of(1_000_000));
        List<SecondsMerge.MergedSecond> last = merge.add(1, second(2, 1, 0), of(1_000_000));
        assertEquals(2, last.get(0).second().ok(), "the lost agent's later reports are not added");
    }

    @Test
    void aFinishedAgentIsNoLongerWaitedForAndEveryAgentDoneReleasesTheRest() {
        SecondsMerge merge = new SecondsMerge(2);
        merge.add(0, second(0, 1, 0), of(1_000_000));
        merge.add(1, second(0, 1, 0), of(1_000_000));
        merge.add(0, second(1, 1, 0), of(1_000_000));
        assertEquals(List.of(1), indexes(merge.finish(1)));
        merge.add(0, second(2, 1, 0), of(1_000_000));
        // Agent 0 is the only one left: each of its seconds is complete as it comes.
        assertEquals(List.of(3), indexes(merge.add(0, second(3, 1, 0), of(1_000_000))));
        assertEquals(List.of(), merge.finish(0));
    }

    @Test
    void aSecondNotAfterTheAgentsPreviousOneIsRefused() {
        SecondsMerge merge = new SecondsMerge(2);
        merge.add(0, second(3, 1, 0), of(1_000_000));
        assertThrows(IllegalArgumentException.class, () -> merge.add(0, second(3, 1, 0), of(1_000_000)));
        assertThrows(IllegalArgumentException.class, () -> merge.add(2, second(4, 1, 0), of(1_000_000)));
        assertThrows(IllegalArgumentException.class, () -> new SecondsMerge(0));
    }

    @Test
    void theCallersHistogramIsCopiedNotKept() {
        SecondsMerge merge = new SecondsMerge(2);
        Histogram reused = of(1_000_000);
        merge.add(0, second(0, 1, 0), reused);
        reused.reset();
        Histograms.recordNanos(reused, 9_000_000);
        List<SecondsMerge.MergedSecond> out = merge.add(1, second(0, 1, 0), reused);
        assertEquals(2, out.get(0).latency().getTotalCount());
        assertTrue(
                out.get(0).second().p50Micros() < 1_100,
                "p50 " + out.get(0).second().p50Micros());
    }

    private static List<Integer> indexes(List<SecondsMerge.MergedSecond> seconds) {
        return seconds.stream().map(s -> s.second().second()).toList();
    }
}
