package dev.duel.load.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.record.Histograms;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class IntervalCollectorTest {
    private static final long S = 1_000_000_000L;

    @Test
    void intervalsAreYieldedOnceEveryLoopMovedPastThemAndMergedAcrossLoops() {
        IntervalCollector collector = new IntervalCollector(2);
        IntervalRoller a = new IntervalRoller(0, S, Integer.MAX_VALUE, collector);
        IntervalRoller b = new IntervalRoller(1, S, Integer.MAX_VALUE, collector);
        a.setOrigin(0);
        b.setOrigin(0);
        a.record(S / 2, 1_000_000);
        a.record(S + 1, 2_000_000);
        b.record(S / 3, 3_000_000);
        b.record(S / 3, -1);
        a.flushThrough(2 * S);
        assertTrue(collector.drainFinished().isEmpty(), "loop b has not moved past second 0 yet");
        b.flushThrough(2 * S);
        List<IntervalCollector.Merged> merged = collector.drainFinished();
        assertEquals(2, merged.size());
        assertEquals(2, merged.get(0).ok());
        assertEquals(1, merged.get(0).failures());
        assertEquals(2, merged.get(0).latency().getTotalCount());
        assertEquals(1, merged.get(1).ok());
        assertTrue(collector.drainFinished().isEmpty(), "each interval only once");
    }

    @Test
    void quietSecondsAreYieldedEmptyAndFinishCoversThePartialLastSecond() {
        IntervalCollector collector = new IntervalCollector(1);
        IntervalRoller roller = new IntervalRoller(0, S, Integer.MAX_VALUE, collector);
        roller.setOrigin(0);
        roller.record(10, 1);
        roller.record(3 * S + 5, 1);
        roller.finish(3 * S + S / 2);
        List<Long> oks = new ArrayList<>();
        collector.drainFinished().forEach(m -> oks.add(m.ok()));
        assertEquals(List.of(1L, 0L, 0L, 1L), oks);
    }

    @Test
    void encodedHistogramsDecodeToTheSameCounts() {
        var histogram = Histograms.newLatencyHistogram();
        for (long micros = 1; micros <= 10_000; micros++) {
            Histograms.recordNanos(histogram, micros * 1_000);
        }
        var decoded = Histograms.decode(Histograms.encode(histogram));
        assertEquals(histogram.getTotalCount(), decoded.getTotalCount());
        assertEquals(histogram.getValueAtPercentile(99), decoded.getValueAtPercentile(99));
        assertEquals(0, Histograms.decode("").getTotalCount());
    }

    @Test
    void windowsStopAtTheirCount() {
        IntervalCollector collector = new IntervalCollector(1);
        IntervalRoller roller = new IntervalRoller(0, S, 3, collector);
        roller.setOrigin(10 * S);
        roller.record(10 * S - 1, 5);
        roller.record(12 * S, 5);
        roller.record(40 * S, 5);
        roller.finish(100 * S);
        List<IntervalCollector.Merged> merged = collector.drainFinished();
        assertEquals(3, merged.size());
        assertEquals(1, merged.get(2).ok());
        assertEquals(0, merged.get(0).ok());
    }
}
