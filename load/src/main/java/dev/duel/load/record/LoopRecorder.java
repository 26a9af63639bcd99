package dev.duel.load.record;

import dev.duel.load.schedule.Timeline;
import dev.duel.load.schedule.TurnSchedule;
import dev.duel.record.Histograms;
import dev.duel.record.Phase;
import dev.duel.record.load.FailureExample;
import dev.duel.record.load.FailureKind;
import java.util.ArrayList;
import java.util.List;

/**
 * Everything one event loop measures: per-phase counts and histograms, its share of the
 * per-second series and of the windows, and a few failure examples. The accounting rule lives
 * here: a request counts in a phase only if it started and ended inside that phase; one that
 * crosses a boundary is counted as interrupted in the phase it started in.
 *
 * <p>Confined to one event loop: no locks and no shared writes on the recording path.
 * All times are clock readings in nanoseconds.
 */
public final class LoopRecorder {
    public static final int EXAMPLES_PER_KIND = 5;
    public static final long SECOND_NANOS = 1_000_000_000L;

    private final Timeline timeline;
    private final PhaseAccumulator warmup = new PhaseAccumulator();
    private final PhaseAccumulator main = new PhaseAccumulator();
    private final IntervalRoller seconds;
    private final IntervalRoller windows;
    private final List<FailureExample> examples = new ArrayList<>();
    private final int[] examplesPerKind = new int[FailureKind.values().length];
    /** The run's turns, when it is one side of an interleaved pair; null for a run made alone. */
    private final TurnSchedule turns;

    private final SliceAccumulator slices = new SliceAccumulator();

    /**
     * @param windows a roller for the warm-up windows, or null when the run has no windows
     */
    public LoopRecorder(
            int loop, Timeline timeline, IntervalCollector secondsCollector, int maxSeconds, IntervalRoller windows) {
        this(loop, timeline, secondsCollector, maxSeconds, windows, null);
    }

    /**
     * @param windows a roller for the warm-up windows, or null when the run has no windows
     * @param turns   the run's turns, when it is one side of an interleaved pair (main's requests are then counted
     *                by the slice that sent them too); null for a run made alone
     */
    public LoopRecorder(
            int loop,
            Timeline timeline,
            IntervalCollector secondsCollector,
            int maxSeconds,
            IntervalRoller windows,
            TurnSchedule turns) {
        this.timeline = timeline;
        this.seconds = new IntervalRoller(loop, SECOND_NANOS, maxSeconds, secondsCollector);
        this.seconds.setOrigin(timeline.startNanos());
        this.windows = windows;
        this.turns = turns != null && turns.turns().interleaved() ? turns : null;
    }

    /** Main's requests counted by the slice that sent them; empty for a run made alone. */
    public SliceAccumulator slices() {
        return slices;
    }

    /** The accumulator of a phase in which requests start, or null for the others. */
    public PhaseAccumulator phase(Phase phase) {
        return switch (phase) {
            case WARMUP -> warmup;
            case MAIN -> main;
            default -> null;
        };
    }

    /**
     * A request was written.
     *
     * @param late true if it waited for a free connection after its intended start (open model)
     */
    public void sent(
            Phase phase, long intendedNanos, long sentNanos, int requestBytes, boolean late, boolean scheduled) {
        PhaseAccumulator into = phase(phase);
        into.sent++;
        into.requestBytes += requestBytes;
        if (late) {
            into.late++;
            Histograms.recordNanos(into.lateDelay, sentNanos - intendedNanos);
        } else if (scheduled) {
            Histograms.recordNanos(into.scheduleLag, sentNanos - intendedNanos);
        }
    }

    /**
     * Closed model: a request of {@code phase} was written on the connection whose previous response
     * ended at {@code responseEndNanos}, with no reconnect or pause in between.
     */
    public void turnaround(Phase phase, long responseEndNanos, long sentNanos) {
        Histograms.recordNanos(phase(phase).turnaroundLag, sentNanos - responseEndNanos);
    }

    /**
     * A sent request ended, with a response or without one.
     *
     * @param failure       null for a correct response
     * @param responseBytes bytes of a complete response (0 when none arrived)
     * @return true if it counted in its phase, false if it crossed a boundary (interrupted)
     */
    public boolean completed(
            Phase startPhase,
            long intendedNanos,
            long sentNanos,
            long endNanos,
            long responseBytes,
            FailureKind failure) {
        long latencyNanos = endNanos - intendedNanos;
        if (failure == null) {
            if (timeline.windowed() && !timeline.mainAnchored()) {
                timeline.anchorMain(endNanos);
            }
            seconds.record(endNanos, latencyNanos);
        } else {
            seconds.record(endNanos, -1);
        }
        if (windowsStarted()) {
            windows.record(endNanos, failure == null ? latencyNanos : -1);
        }
        PhaseAccumulator into = phase(startPhase);
        if (timeline.phaseAt(endNanos) != startPhase) {
            into.interrupted++;
            return false;
        }
        if (responseBytes > 0) {
            into.responses++;
            into.responseBytes += responseBytes;
        }
        if (turns != null && startPhase == Phase.MAIN) {
            long slice = turns.sliceOf(sentNanos);
            if (slice >= 0) {
                slices.completed(slice, turns.tenthOf(sentNanos), failure == null);
            }
        }
        if (failure == null) {
            into.ok++;
            Histograms.recordNanos(into.latency, latencyNanos);
            Histograms.recordNanos(into.uncorrectedLatency, endNanos - sentNanos);
        } else {
            into.failures[failure.ordinal()]++;
        }
        return true;
    }

    /** A sent request was abandoned at the end of the run. */
    public void interrupted(Phase startPhase) {
        phase(startPhase).interrupted++;
    }

    /** Open model: scheduled requests of a phase that never started before the phase ended. */
    public void unstarted(Phase phase, long count) {
        phase(phase).unstarted += count;
    }

    /** A connection could not be opened at {@code nowNanos}. */
    public void connectFailed(long nowNanos) {
        seconds.record(nowNanos, -1);
        PhaseAccumulator into = phase(timeline.phaseAt(nowNanos));
        if (into != null) {
            into.failures[FailureKind.CONNECT.ordinal()]++;
        }
    }

    /**
     * A connection was opened again after the server closed the previous one; one reopened in the
     * gap counts for main, whose requests it will carry.
     */
    public void reconnected(long nowNanos) {
        Phase now = timeline.phaseAt(nowNanos);
        PhaseAccumulator into = phase(now == Phase.GAP ? Phase.MAIN : now);
        if (into != null) {
            into.reconnects++;
        }
    }

    /** True if another example of this kind would be kept; lets callers skip building one. */
    public boolean wantsExample(FailureKind kind) {
        return examplesPerKind[kind.ordinal()] < EXAMPLES_PER_KIND;
    }

    public void example(FailureExample example) {
        if (wantsExample(example.kind())) {
            examplesPerKind[example.kind().ordinal()]++;
            examples.add(example);
        }
    }

    /** Hands finished intervals to the collectors; see {@link IntervalRoller#flushThrough}. */
    public void flushThrough(long nowNanos) {
        seconds.flushThrough(nowNanos);
        if (windowsStarted()) {
            windows.flushThrough(nowNanos);
        }
    }

    /** The run ended at {@code endNanos}: hands every remaining interval to the collectors. */
    public void finish(long endNanos) {
        seconds.finish(endNanos);
        if (windowsStarted()) {
            windows.finish(endNanos);
        }
    }

    /** True once the run has windows and they have their origin: the first correct response. */
    private boolean windowsStarted() {
        if (windows == null) {
            return false;
        }
        if (!windows.hasOrigin() && timeline.mainAnchored()) {
            windows.setOrigin(timeline.mainStartNanos());
        }
        return windows.hasOrigin();
    }

    public List<FailureExample> examples() {
        return examples;
    }
}
