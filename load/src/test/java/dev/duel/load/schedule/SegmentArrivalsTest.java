package dev.duel.load.schedule;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.load.PlanSegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.BiFunction;
import org.apache.commons.statistics.distribution.ExponentialDistribution;
import org.apache.commons.statistics.inference.KolmogorovSmirnovTest;
import org.apache.commons.statistics.inference.SignificanceResult;
import org.junit.jupiter.api.Test;

/** Arrivals of a plan split between load agents ({@link dev.duel.load.split.PlanSplit}): together, the whole plan's. */
class SegmentArrivalsTest {
    /** Loops per agent: agents on machines of different sizes run different numbers of event loops. */
    private static final int[] LOOPS = {2, 1, 3, 2};

    private static final long HORIZON_NANOS = 20_000_000_000L;

    /**
     * Every arrival of every loop of every agent before the horizon, sorted: what the target sees.
     *
     * @param schedule the schedule of (agent's segment, loop index) for an agent of {@code LOOPS[agent]} loops
     */
    private static long[] superposition(BiFunction<PlanSegment, Integer, ArrivalSchedule> schedule) {
        List<Long> all = new ArrayList<>();
        for (int agent = 0; agent < LOOPS.length; agent++) {
            PlanSegment segment = new PlanSegment(agent, LOOPS.length);
            for (int loop = 0; loop < LOOPS[agent]; loop++) {
                ArrivalSchedule arrivals = schedule.apply(segment, loop);
                for (long offset = arrivals.nextOffsetNanos();
                        offset < HORIZON_NANOS;
                        offset = arrivals.nextOffsetNanos()) {
                    all.add(offset);
                }
            }
        }
        return all.stream().mapToLong(Long::longValue).sorted().toArray();
    }

    private static double[] gapsMillis(long[] offsets) {
        double[] gaps = new double[offsets.length];
        long previous = 0;
        for (int i = 0; i < offsets.length; i++) {
            gaps[i] = (offsets[i] - previous) / 1e6;
            previous = offsets[i];
        }
        return gaps;
    }

    @Test
    void splitPoissonSchedulesSuperposeIntoAPoissonProcessAtTheWholeRate() {
        Rate whole = Rate.perSecond(1_000);
        Rate perAgent = whole.dividedBy(LOOPS.length);
        long[] arrivals = superposition(
                (segment, loop) -> new PoissonArrivals(perAgent, 42, segment, loop, LOOPS[segment.index()]));
        // 20 s at 1000/s: about 20,000 arrivals (sd about 141).
        assertEquals(20_000, arrivals.length, 700);
        ExponentialDistribution expected = ExponentialDistribution.of(1.0); // mean 1 ms at 1000/s
        SignificanceResult result =
                KolmogorovSmirnovTest.withDefaults().test(gapsMillis(arrivals), expected::cumulativeProbability);
        assertTrue(result.getPValue() > 0.01, "KS p-value " + result.getPValue() + ", D=" + result.getStatistic());
    }

    @Test
    void agentsThatIgnoredTheirSegmentWouldSendTogetherAndFailTheSameTest() {
        Rate perAgent = Rate.perSecond(1_000).dividedBy(LOOPS.length);
        // Every agent drawing as if it ran the plan alone: the same arrivals, several times over.
        long[] arrivals = superposition(
                (segment, loop) -> new PoissonArrivals(perAgent, 42, PlanSegment.WHOLE, loop, LOOPS[segment.index()]));
        SignificanceResult result = KolmogorovSmirnovTest.withDefaults()
                .test(gapsMillis(arrivals), ExponentialDistribution.of(1.0)::cumulativeProbability);
        assertTrue(result.getPValue() < 1e-6, "a test that cannot fail proves nothing: p=" + result.getPValue());
    }

    @Test
    void segmentZeroOfOneDrawsWhatTheEngineAloneDraws() {
        PoissonArrivals alone = new PoissonArrivals(Rate.perSecond(300), 11, 1, 2);
        PoissonArrivals whole = new PoissonArrivals(Rate.perSecond(300), 11, PlanSegment.WHOLE, 1, 2);
        for (int i = 0; i < 100; i++) {
            assertEquals(alone.nextOffsetNanos(), whole.nextOffsetNanos());
        }
    }

    @Test
    void splitUniformSchedulesInterleaveExactlyIntoTheWholeSchedule() {
        // A period the agents' count does not divide, so that an offset rounded per agent would show.
        Rate whole = new Rate(997, 1_000_000_007L);
        Rate perAgent = whole.dividedBy(LOOPS.length);
        long[] split = superposition(
                (segment, loop) -> UniformArrivals.ofSegment(perAgent, segment, loop, LOOPS[segment.index()]));
        UniformArrivals alone = new UniformArrivals(whole, 0, 1);
        List<Long> expected = new ArrayList<>();
        for (long offset = alone.nextOffsetNanos(); offset < HORIZON_NANOS; offset = alone.nextOffsetNanos()) {
            expected.add(offset);
        }
        assertArrayEquals(expected.stream().mapToLong(Long::longValue).toArray(), split);
        assertTrue(split.length > 19_000, "arrivals " + split.length);
    }

    @Test
    void anAgentsUniformArrivalsAreOffsetByItsIndexOfTheWholeInterval() {
        Rate whole = Rate.perSecond(1_000); // 1 ms apart
        UniformArrivals third = UniformArrivals.ofSegment(whole.dividedBy(4), new PlanSegment(2, 4), 0, 1);
        long[] first = new long[3];
        Arrays.setAll(first, i -> third.nextOffsetNanos());
        assertArrayEquals(new long[] {2_000_000, 6_000_000, 10_000_000}, first);
        third.restart();
        assertEquals(2_000_000, third.nextOffsetNanos());
    }
}
