package dev.duel.load.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.load.ManualClock;
import dev.duel.load.WarmupJudge;
import dev.duel.load.record.IntervalCollector;
import dev.duel.load.record.LoopRecorder;
import dev.duel.load.record.PhaseAccumulator;
import dev.duel.load.schedule.Rate;
import dev.duel.load.schedule.Timeline;
import dev.duel.load.schedule.UniformArrivals;
import dev.duel.load.schedule.WarmupController;
import dev.duel.record.Phase;
import dev.duel.record.load.WarmupEnd;
import dev.duel.record.load.WarmupMode;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.function.LongUnaryOperator;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * The open model's coordinated-omission math, driven by a manual clock and a simulated server:
 * nothing sleeps, every latency is known from the schedule.
 */
class OpenDispatcherTest {
    private static final long MS = 1_000_000L;
    private static final long S = 1_000 * MS;

    /** A discrete-event simulation of one event loop with a server whose service time is a function of send time. */
    private static final class Simulation implements OpenDispatcher.Lanes<Integer> {
        private record Event(long atNanos, long sequence, Runnable action) {}

        final ManualClock clock = new ManualClock(0);
        final Timeline timeline;
        final IntervalCollector seconds = new IntervalCollector(1);
        final LoopRecorder recorder;
        final OpenDispatcher<Integer> dispatcher;
        final LongUnaryOperator serviceNanosAtSend;
        final List<Long> sentIntended = new ArrayList<>();
        private final PriorityQueue<Event> events = new PriorityQueue<>((a, b) ->
                a.atNanos != b.atNanos ? Long.compare(a.atNanos, b.atNanos) : Long.compare(a.sequence, b.sequence));
        private long sequence;
        private int lanes;

        Simulation(Timeline timeline, Rate rate, int maxConnections, LongUnaryOperator serviceNanosAtSend) {
            this.timeline = timeline;
            this.recorder = new LoopRecorder(0, timeline, seconds, Integer.MAX_VALUE, null);
            this.dispatcher = new OpenDispatcher<>(
                    clock, timeline, new UniformArrivals(rate, 0, 1), maxConnections, recorder, this);
            this.serviceNanosAtSend = serviceNanosAtSend;
        }

        void at(long nanos, Runnable action) {
            events.add(new Event(Math.max(nanos, clock.nanoTime()), sequence++, action));
        }

        @Override
        public void send(Integer lane, long intendedNanos, boolean late) {
            long now = clock.nanoTime();
            Phase phase = timeline.phaseAt(intendedNanos);
            sentIntended.add(intendedNanos);
            recorder.sent(phase, intendedNanos, now, 100, late, true);
            at(now + serviceNanosAtSend.applyAsLong(now), () -> {
                recorder.completed(phase, intendedNanos, now, clock.nanoTime(), 200, null);
                dispatcher.laneIdle(lane);
            });
        }

        @Override
        public void open() {
            at(clock.nanoTime(), () -> dispatcher.laneOpened(lanes++));
        }

        @Override
        public void wakeAt(long nanos) {
            at(nanos, dispatcher::tick);
        }

        void run() {
            dispatcher.start();
            // The hard stop: once the clock is past the end (an action may block the loop past it), nothing more runs.
            while (!events.isEmpty()
                    && events.peek().atNanos < timeline.endNanos()
                    && clock.nanoTime() < timeline.endNanos()) {
                Event next = events.poll();
                clock.advanceTo(next.atNanos);
                next.action.run();
            }
            clock.advanceTo(Math.max(clock.nanoTime(), timeline.endNanos()));
            dispatcher.finish();
        }

        PhaseAccumulator main() {
            return recorder.phase(Phase.MAIN);
        }

        /**
         * As the engine's control thread does: {@code lagNanos} after each whole second, the loop hands its seconds
         * over, and each merged second goes to the warm-up's controller.
         */
        void controlEverySecond(WarmupController controller, long lagNanos) {
            for (long second = S; second < timeline.endNanos(); second += S) {
                at(second + lagNanos, () -> {
                    recorder.flushThrough(clock.nanoTime());
                    for (IntervalCollector.Merged merged : seconds.drainFinished()) {
                        controller.onSecond(merged.index(), merged.ok(), clock.nanoTime());
                    }
                });
            }
        }
    }

    /** Steady once the series has {@code steadyAtSeconds} seconds; counts how often it was asked. */
    private static final class FakeJudge implements WarmupJudge {
        final int steadyAtSeconds;
        final List<Integer> askedWithSeconds = new ArrayList<>();

        FakeJudge(int steadyAtSeconds) {
            this.steadyAtSeconds = steadyAtSeconds;
        }

        @Override
        public Decision judge(double[] okPerSecond) {
            askedWithSeconds.add(okPerSecond.length);
            return okPerSecond.length >= steadyAtSeconds
                    ? new Decision(true, 0, 0.01, "flat")
                    : Decision.notYet(0.5, "moving");
        }
    }

    @Test
    void anAutoWarmUpEndsWhereTheJudgeSaysAndGapAndMainFollowWithHardEdges() {
        // 10 requests/s, 1 ms each, except the one sent at 6.9 s, still in flight when warm-up ends at 7 s.
        Timeline timeline = Timeline.untilSteady(0, 120 * S, S, 2 * S);
        Simulation sim =
                new Simulation(timeline, Rate.perSecond(10), 2, sentAt -> sentAt == 6_900 * MS ? 250 * MS : MS);
        FakeJudge judge = new FakeJudge(6);
        WarmupController controller = new WarmupController(timeline, judge);
        sim.controlEverySecond(controller, 5 * MS);
        sim.run();

        // Steady when the 6th second was judged at 6.005 s: warm-up [0, 7 s), gap [7, 8 s), main [8, 10 s).
        assertEquals(List.of(2, 4, 6), judge.askedWithSeconds);
        assertEquals(10 * S, timeline.endNanos());
        PhaseAccumulator warmup = sim.recorder.phase(Phase.WARMUP);
        assertEquals(70, warmup.sent());
        assertEquals(69, warmup.ok());
        assertEquals(1, warmup.interrupted(), "the request in flight at warm-up's end counts in neither phase");
        assertEquals(20, sim.main().sent());
        assertEquals(20, sim.main().ok());
        assertTrue(sim.sentIntended.stream().noneMatch(t -> t >= 7 * S && t < 8 * S), "nothing intended in the gap");
        assertTrue(sim.sentIntended.stream().noneMatch(t -> t >= 10 * S), "nothing after main's end");
        assertEquals(8 * S, sim.sentIntended.get(70), "main's schedule starts at main's start");
        assertEquals(WarmupEnd.Reason.STEADY, controller.end().reason());
    }

    @Test
    void anAutoWarmUpThatNeverSettlesRunsToItsCapAndMainStillRuns() {
        Timeline timeline = Timeline.untilSteady(0, 4 * S, 0, S);
        Simulation sim = new Simulation(timeline, Rate.perSecond(10), 2, sentAt -> MS);
        FakeJudge judge = new FakeJudge(Integer.MAX_VALUE);
        WarmupController controller = new WarmupController(timeline, judge);
        sim.controlEverySecond(controller, 5 * MS);
        sim.run();

        assertEquals(List.of(2, 4), judge.askedWithSeconds);
        assertEquals(40, sim.recorder.phase(Phase.WARMUP).sent());
        assertEquals(10, sim.main().sent());
        assertTrue(sim.sentIntended.stream().noneMatch(t -> t >= 5 * S));
        assertEquals(new WarmupEnd(WarmupMode.AUTO, WarmupEnd.Reason.CAP, 4_000, null, 0.5), controller.end());
    }

    @Test
    void arrivalsDueWhileTheLoopWasBlockedAtTheEndAreCountedUnstartedNotLost() {
        // 1,000 requests/s for 2 s; the event loop is blocked (a long GC pause, say) from 1.9 s until after main's
        // end, so the 100 arrivals due in that time are never brought in by a tick: the run's end must count them.
        Simulation sim = new Simulation(Timeline.phased(0, 0, 0, 2 * S), Rate.perSecond(1_000), 4, sentAt -> 0);
        sim.at(1_900 * MS, () -> sim.clock.advanceTo(2 * S + 5 * MS));
        sim.run();

        PhaseAccumulator main = sim.main();
        assertEquals(1_900, main.sent(), "sent before the loop blocked");
        assertEquals(100, main.unstarted(), "due while it was blocked");
        assertEquals(2_000, main.sent() + main.unstarted(), "every arrival of the schedule, exactly");
    }

    @Test
    void aOneSecondStallShowsInCorrectedLatencyExactlyAsTheScheduleSays() {
        // 1,000 requests/s on one connection; the request sent at 100 ms takes 1 s, every other one 0.
        Simulation sim = new Simulation(
                Timeline.phased(0, 0, 0, 2 * S), Rate.perSecond(1_000), 1, sentAt -> sentAt == 100 * MS ? S : 0);
        sim.run();

        PhaseAccumulator main = sim.main();
        assertEquals(2_000, main.sent());
        assertEquals(2_000, main.ok());
        assertEquals(0, main.interrupted());
        assertEquals(0, main.unstarted());

        // Arrival i (at i ms) waits until the connection frees at 1,100 ms: latency 1,100 - i ms for
        // i in 101..1099, 1,000 ms for i = 100, and 0 for everything else.
        Histogram corrected = main.latency();
        assertEquals(2_000, corrected.getTotalCount());
        assertEquals(1_000, corrected.getMaxValue() / (double) MS, 1.0);
        assertEquals(501, corrected.getCountBetweenValues(500 * MS, 2 * S), 1);
        assertEquals(0, corrected.getValueAtPercentile(50) / (double) MS, 0.5);
        assertEquals(500, corrected.getValueAtPercentile(75) / (double) MS, 1.0);
        assertEquals(980, corrected.getValueAtPercentile(99) / (double) MS, 1.0);

        // Measured from the actual send, the stall is one slow request among 2,000: invisible at p99.
        Histogram uncorrected = main.uncorrectedLatency();
        assertEquals(0, uncorrected.getValueAtPercentile(99.9) / (double) MS, 0.5);
        assertEquals(1_000, uncorrected.getMaxValue() / (double) MS, 1.0);

        // Late: the first request (it waited for the first connection to open) and the 1,000 that
        // queued behind the stall (101..1100), with their delays recorded.
        assertEquals(1_001, main.late());
        assertEquals(999, main.lateDelay().getMaxValue() / (double) MS, 1.0);
        assertEquals(0, main.scheduleLag().getMaxValue());
    }

    @Test
    void requestsStillWaitingWhenMainEndsAreCountedUnstartedNotDropped() {
        // The connection stalls for 3 s from 100 ms: nothing after it can start before the end.
        Simulation sim = new Simulation(
                Timeline.phased(0, 0, 0, 2 * S), Rate.perSecond(1_000), 1, sentAt -> sentAt == 100 * MS ? 3 * S : 0);
        sim.run();
        PhaseAccumulator main = sim.main();
        assertEquals(101, main.sent());
        assertEquals(100, main.ok());
        assertEquals(2_000, main.sent() + main.unstarted(), "every arrival due in main is accounted for");
    }

    @Test
    void theGapSendsNothingAndMainRestartsTheScheduleAtItsStart() {
        Simulation sim = new Simulation(Timeline.phased(0, S, S, S), Rate.perSecond(10), 4, sentAt -> MS);
        sim.run();
        assertEquals(10, sim.recorder.phase(Phase.WARMUP).sent());
        assertEquals(10, sim.main().sent());
        List<Long> mainIntended = sim.sentIntended.subList(10, 20);
        for (int i = 0; i < 10; i++) {
            assertEquals(2 * S + i * 100 * MS, mainIntended.get(i));
        }
        assertTrue(sim.sentIntended.stream().noneMatch(t -> t >= S && t < 2 * S), "nothing intended in the gap");
    }

    @Test
    void withoutWarmupTheScheduleStartsWithMainAfterTheGap() {
        Simulation sim = new Simulation(Timeline.phased(0, 0, S, S), Rate.perSecond(10), 2, sentAt -> MS);
        sim.run();
        assertEquals(10, sim.main().sent());
        assertEquals(S, sim.sentIntended.get(0));
    }

    @Test
    void anEarlyEndDropsWaitingArrivalsWithoutSendingThem() {
        // The connection is stuck from 100 ms; at 500 ms the run is stopped as of 450 ms (a stop
        // reads the clock a little before it takes effect), with arrivals up to 500 ms waiting.
        Timeline timeline = Timeline.phased(0, 0, 0, 2 * S);
        Simulation sim = new Simulation(timeline, Rate.perSecond(1_000), 1, sentAt -> sentAt == 100 * MS ? 3 * S : 0);
        sim.at(500 * MS, () -> timeline.endAt(450 * MS));
        sim.run();
        PhaseAccumulator main = sim.main();
        assertEquals(101, main.sent());
        assertEquals(349, main.unstarted(), "arrivals due before the stop (101..449 ms); none after it counts");
    }

    @Test
    void connectionsGrowOnlyAsFarAsTheMaximum() {
        // Each request takes 50 ms at 100/s: about 5 busy at once; a cap of 3 forces waiting.
        Simulation sim = new Simulation(Timeline.phased(0, 0, 0, S), Rate.perSecond(100), 3, sentAt -> 50 * MS);
        sim.run();
        assertEquals(3, sim.dispatcher.openLanes());
        PhaseAccumulator main = sim.main();
        assertTrue(main.late() > 0);
        assertEquals(100, main.sent() + main.unstarted());
    }
}
