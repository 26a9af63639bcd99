package dev.duel.load.schedule;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.apache.commons.statistics.distribution.ExponentialDistribution;
import org.apache.commons.statistics.inference.KolmogorovSmirnovTest;
import org.apache.commons.statistics.inference.SignificanceResult;
import org.junit.jupiter.api.Test;

class PoissonArrivalsTest {
    private static final int SAMPLES = 20_000;

    private static double[] gapsMillis(ArrivalSchedule arrivals, int n) {
        double[] gaps = new double[n];
        long previous = 0;
        for (int i = 0; i < n; i++) {
            long next = arrivals.nextOffsetNanos();
            gaps[i] = (next - previous) / 1e6;
            previous = next;
        }
        return gaps;
    }

    @Test
    void gapsPassAKolmogorovSmirnovTestAgainstTheExponential() {
        double[] gaps = gapsMillis(new PoissonArrivals(Rate.perSecond(500), 42, 0, 1), SAMPLES);
        ExponentialDistribution expected = ExponentialDistribution.of(2.0); // mean 2 ms at 500/s
        SignificanceResult result = KolmogorovSmirnovTest.withDefaults().test(gaps, expected::cumulativeProbability);
        assertTrue(result.getPValue() > 0.01, "KS p-value " + result.getPValue() + ", D=" + result.getStatistic());
    }

    @Test
    void uniformGapsFailTheSameTest() {
        double[] gaps = gapsMillis(new UniformArrivals(Rate.perSecond(500), 0, 1), SAMPLES);
        gaps[0] = 2.0;
        ExponentialDistribution expected = ExponentialDistribution.of(2.0);
        SignificanceResult result = KolmogorovSmirnovTest.withDefaults().test(gaps, expected::cumulativeProbability);
        assertTrue(result.getPValue() < 1e-6, "a test that cannot fail proves nothing: p=" + result.getPValue());
    }

    @Test
    void meanRateMatchesAndStreamsAddUp() {
        int streams = 4;
        long lastOffset = 0;
        int perStream = 5_000;
        for (int k = 0; k < streams; k++) {
            PoissonArrivals stream = new PoissonArrivals(Rate.perSecond(1_000), 7, k, streams);
            long offset = 0;
            for (int i = 0; i < perStream; i++) {
                offset = stream.nextOffsetNanos();
            }
            lastOffset += offset;
        }
        // Each stream runs at 250/s, so 5,000 arrivals take about 20 s.
        double meanSeconds = lastOffset / 1e9 / streams;
        assertEquals(20.0, meanSeconds, 0.8);
    }

    @Test
    void sameSeedSameArrivalsDifferentStreamsDiffer() {
        long[] a = first(new PoissonArrivals(Rate.perSecond(100), 9, 0, 2), 50);
        long[] b = first(new PoissonArrivals(Rate.perSecond(100), 9, 0, 2), 50);
        long[] c = first(new PoissonArrivals(Rate.perSecond(100), 9, 1, 2), 50);
        assertArrayEquals(a, b);
        assertTrue(!Arrays.equals(a, c));
        PoissonArrivals restarted = new PoissonArrivals(Rate.perSecond(100), 9, 0, 2);
        first(restarted, 10);
        restarted.restart();
        assertArrayEquals(a, first(restarted, 50));
    }

    private static long[] first(ArrivalSchedule schedule, int n) {
        long[] offsets = new long[n];
        for (int i = 0; i < n; i++) {
            offsets[i] = schedule.nextOffsetNanos();
        }
        return offsets;
    }
}
