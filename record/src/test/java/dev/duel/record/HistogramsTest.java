package dev.duel.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Random;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * Issue 24, item 2: a truncated histogram in a record made the report die with "internal error" (an exception of
 * HdrHistogram's own, not the one readers expect). Every cut of a real encoding fails one way.
 */
class HistogramsTest {
    @Test
    void everyTruncationOfAnEncodingIsRefusedAsNotAHistogram() {
        Histogram latencies = Histograms.newLatencyHistogram();
        Random random = new Random(24);
        for (int i = 0; i < 20_000; i++) {
            Histograms.recordNanos(latencies, (long) (50_000 * Math.exp(random.nextGaussian())));
        }
        String encoded = Histograms.encode(latencies);
        assertEquals(latencies, Histograms.decode(encoded));
        int refused = 0;
        for (int length = 4; length < encoded.length(); length += 4) { // whole Base64 groups: the bytes are cut
            String cut = encoded.substring(0, length);
            assertThrows(IllegalArgumentException.class, () -> Histograms.decode(cut), "cut at " + cut.length());
            refused++;
        }
        assertEquals((encoded.length() - 1) / 4, refused);
    }
}
