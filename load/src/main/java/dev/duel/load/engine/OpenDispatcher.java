package dev.duel.load.engine;

import dev.duel.load.Clock;
import dev.duel.load.record.LoopRecorder;
import dev.duel.load.schedule.ArrivalSchedule;
import dev.duel.load.schedule.Timeline;
import dev.duel.load.schedule.TurnSchedule;
import dev.duel.record.Phase;
import java.util.ArrayDeque;

/**
 * The open model's logic for one event loop, free of any networking so that it can be driven by
 * a manual clock: arrivals come due from the schedule whatever the target does; each starts on a
 * free connection, or waits for one (and is then {@code late}); new connections are opened up to
 * a maximum; arrivals still waiting when their phase ends are counted as unstarted. As one side of an interleaved
 * pair, the arrivals due in the other side's turns are the other side's: they are neither sent nor counted here, and
 * one still waiting when this side's turn ends is counted as unstarted.
 *
 * <p>Confined to one event loop. Times are clock readings in nanoseconds.
 *
 * @param <L> a connection ("lane")
 */
public final class OpenDispatcher<L> {
    /** What the dispatcher needs from the network side. */
    public interface Lanes<L> {
        /** Write a request on {@code lane} now; it was due at {@code intendedNanos}. */
        void send(L lane, long intendedNanos, boolean late);

        /** Begin opening a connection; answer later with {@link #laneOpened} or {@link #laneOpenFailed}. */
        void open();

        /** Call {@link #tick()} at {@code nanos} (or soon after). */
        void wakeAt(long nanos);
    }

    private static final long NEVER = Long.MAX_VALUE;
    /** Most arrivals one loop keeps waiting for a connection (8 MB); later ones are counted unstarted at once. */
    static final int MAX_PENDING = 1 << 20;

    private final Clock clock;
    private final Timeline timeline;
    private final ArrivalSchedule schedule;
    private final int maxConnections;
    private final LoopRecorder recorder;
    private final Lanes<L> lanes;
    private final TurnSchedule turns;

    private final LongQueue pending = new LongQueue();
    private final ArrayDeque<L> idle = new ArrayDeque<>();
    /** Pending arrivals that outlived the tick that made them due: they waited for a connection. */
    private int latePending;

    private int openLanes;
    private int openingLanes;
    private int openFailuresInRow;
    private long openRetryAtNanos = Long.MIN_VALUE;
    private long originNanos;
    private Phase originPhase;
    private long nextIntendedNanos = NEVER;

    public OpenDispatcher(
            Clock clock,
            Timeline timeline,
            ArrivalSchedule schedule,
            int maxConnections,
            LoopRecorder recorder,
            Lanes<L> lanes) {
        this(clock, timeline, schedule, maxConnections, recorder, lanes, null);
    }

    /** @param turns when this run sends, as one side of an interleaved pair; null for a run made alone */
    public OpenDispatcher(
            Clock clock,
            Timeline timeline,
            ArrivalSchedule schedule,
            int maxConnections,
            LoopRecorder recorder,
            Lanes<L> lanes,
            TurnSchedule turns) {
        this.turns = turns != null && turns.turns().interleaved() ? turns : null;
        this.clock = clock;
        this.timeline = timeline;
        this.schedule = schedule;
        this.maxConnections = maxConnections;
        this.recorder = recorder;
        this.lanes = lanes;
    }

    /** Starts the schedule at the run's start. */
    public void start() {
        originNanos = timeline.startNanos();
        originPhase = timeline.phaseAt(originNanos);
        if (originPhase == Phase.GAP) {
            // No warm-up: the schedule begins with main.
            originNanos = timeline.nextLoadStartNanos(originNanos);
            originPhase = Phase.MAIN;
        } else if (!originPhase.sendsLoad()) {
            return;
        }
        nextIntendedNanos = originNanos + schedule.nextOffsetNanos();
        tick();
    }

    /** Brings due arrivals in, starts what can start, opens connections if needed. */
    public void tick() {
        long now = clock.nanoTime();
        generate(now);
        dropExpired(now);
        while (!pending.isEmpty() && !idle.isEmpty()) {
            boolean late = latePending > 0;
            if (late) {
                latePending--;
            }
            lanes.send(idle.pollFirst(), pending.poll(), late);
        }
        grow(now);
        latePending = pending.size();
        long wake = nextIntendedNanos;
        if (turns != null && wake != NEVER && !turns.holds(wake)) {
            // Arrivals in the other side's turn are skipped together when this side may look again.
            wake = Math.max(wake, turns.nextLookNanos(wake));
        }
        if (!pending.isEmpty() && openingLanes == 0 && openLanes < maxConnections) {
            wake = Math.min(wake, openRetryAtNanos);
        }
        if (wake != NEVER) {
            lanes.wakeAt(wake);
        }
    }

    /** A connection became free: after its response, or just opened. */
    public void laneIdle(L lane) {
        long now = clock.nanoTime();
        dropExpired(now);
        if (!pending.isEmpty()) {
            latePending = Math.max(0, latePending - 1);
            lanes.send(lane, pending.poll(), true);
        } else {
            idle.addLast(lane);
        }
    }

    public void laneOpened(L lane) {
        openingLanes--;
        openLanes++;
        openFailuresInRow = 0;
        laneIdle(lane);
    }

    public void laneOpenFailed() {
        openingLanes--;
        openFailuresInRow++;
        long now = clock.nanoTime();
        openRetryAtNanos = now + Backoff.delayNanos(openFailuresInRow);
        lanes.wakeAt(openRetryAtNanos);
    }

    /** A connection closed (the server closed it, or it failed); a busy one has reported its request itself. */
    public void laneClosed(L lane) {
        openLanes--;
        idle.remove(lane);
        grow(clock.nanoTime());
    }

    /**
     * The run is over: arrivals still waiting are counted as unstarted in their phase, and so are those that fell due
     * since the last tick (a loop that was busy or blocked at the end never brought them in): every arrival of the
     * schedule up to the end is either sent or unstarted.
     */
    public void finish() {
        generate(clock.nanoTime());
        nextIntendedNanos = NEVER;
        while (!pending.isEmpty()) {
            countUnstarted(pending.poll());
        }
        latePending = 0;
    }

    public int openLanes() {
        return openLanes;
    }

    private void generate(long now) {
        while (nextIntendedNanos <= now) {
            Phase phase = timeline.phaseAt(nextIntendedNanos);
            if (phase == Phase.ENDED) {
                nextIntendedNanos = NEVER;
                return;
            }
            if (phase != originPhase && !timeline.windowed()) {
                // Each load phase restarts the schedule at its own start, so main's arrivals are
                // exactly its schedule whatever happened in warm-up.
                originNanos = timeline.mainStartNanos();
                originPhase = Phase.MAIN;
                schedule.restart();
                nextIntendedNanos = originNanos + schedule.nextOffsetNanos();
                continue;
            }
            if (turns != null && !turns.holds(nextIntendedNanos)) {
                // The other side's turn: this arrival is its partner's.
                nextIntendedNanos = originNanos + schedule.nextOffsetNanos();
                continue;
            }
            if (pending.size() < MAX_PENDING) {
                pending.add(nextIntendedNanos);
            } else {
                // A target that has stalled for long: the backlog is bounded, the rest is counted.
                countUnstarted(nextIntendedNanos);
            }
            nextIntendedNanos = originNanos + schedule.nextOffsetNanos();
        }
    }

    private void dropExpired(long now) {
        Phase current = timeline.phaseAt(now);
        while (!pending.isEmpty()) {
            long intendedNanos = pending.peek();
            if (current.sendsLoad()
                    && timeline.phaseAt(intendedNanos) == current
                    && (turns == null || turns.holds(now))) {
                return;
            }
            pending.poll();
            latePending = Math.max(0, latePending - 1);
            countUnstarted(intendedNanos);
        }
    }

    /**
     * An arrival that never started counts as unstarted in its phase; one whose intended start
     * lies past an early end of the run was never part of the run.
     */
    private void countUnstarted(long intendedNanos) {
        Phase phase = timeline.phaseAt(intendedNanos);
        if (phase.sendsLoad()) {
            recorder.unstarted(phase, 1);
        }
    }

    private void grow(long now) {
        while (pending.size() > openingLanes && openLanes + openingLanes < maxConnections && now >= openRetryAtNanos) {
            openingLanes++;
            lanes.open();
        }
    }
}
