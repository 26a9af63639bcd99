package dev.duel.load.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class UniformArrivalsTest {

    @Test
    void intendedStartsAreExactFloorOfIndexTimesPeriodOverCount() {
        UniformArrivals arrivals = new UniformArrivals(Rate.perSecond(3), 0, 1);
        assertEquals(0L, arrivals.nextOffsetNanos());
        assertEquals(333_333_333L, arrivals.nextOffsetNanos());
        assertEquals(666_666_666L, arrivals.nextOffsetNanos());
        assertEquals(1_000_000_000L, arrivals.nextOffsetNanos());
        assertEquals(1_333_333_333L, arrivals.nextOffsetNanos());
    }

    @Test
    void noDriftAfterMillionsOfArrivals() {
        Rate rate = Rate.perSecond(7);
        long index = 7L * 3_600 * 24 * 365; // a year of arrivals at 7/s
        assertEquals(3_600L * 24 * 365 * 1_000_000_000L, rate.offsetNanos(index));
        assertEquals(3_600L * 24 * 365 * 1_000_000_000L + 142_857_142L, rate.offsetNanos(index + 1));
    }

    @Test
    void largeProductsFallBackToExactBigIntegerArithmetic() {
        Rate rate = new Rate(999_999_937L, 3_600_000_000_000L); // a prime count per hour
        long index = 987_654_321_987L;
        long expected = BigInteger.valueOf(index)
                .multiply(BigInteger.valueOf(3_600_000_000_000L))
                .divide(BigInteger.valueOf(999_999_937L))
                .longValueExact();
        assertEquals(expected, rate.offsetNanos(index));
    }

    @Test
    void ratesPerPeriodKeepTheirExactSpacing() {
        UniformArrivals arrivals = new UniformArrivals(new Rate(30, 60_000_000_000L), 0, 1);
        arrivals.nextOffsetNanos();
        assertEquals(2_000_000_000L, arrivals.nextOffsetNanos());
    }

    @Test
    void streamsTogetherAreExactlyTheGlobalSchedule() {
        Rate rate = Rate.perSecond(1_000);
        int streams = 3;
        List<Long> merged = new ArrayList<>();
        List<UniformArrivals> parts = new ArrayList<>();
        for (int k = 0; k < streams; k++) {
            parts.add(new UniformArrivals(rate, k, streams));
        }
        for (int i = 0; i < 300; i++) {
            merged.add(parts.get(i % streams).nextOffsetNanos());
        }
        for (int i = 0; i < 300; i++) {
            assertEquals(rate.offsetNanos(i), merged.get(i), "arrival " + i);
        }
    }

    @Test
    void restartBeginsAgainAtTheOrigin() {
        UniformArrivals arrivals = new UniformArrivals(Rate.perSecond(10), 1, 2);
        long first = arrivals.nextOffsetNanos();
        arrivals.nextOffsetNanos();
        arrivals.restart();
        assertEquals(first, arrivals.nextOffsetNanos());
        assertEquals(100_000_000L, first);
    }

    @Test
    void rejectsNonsense() {
        assertThrows(IllegalArgumentException.class, () -> Rate.perSecond(0));
        assertThrows(IllegalArgumentException.class, () -> new Rate(1, 0));
        assertThrows(IllegalArgumentException.class, () -> new UniformArrivals(Rate.perSecond(1), 2, 2));
    }
}
