package dev.duel.agent;

import dev.duel.record.Phase;
import dev.duel.record.load.LoadResult;
import dev.duel.record.load.SecondResult;
import org.HdrHistogram.Histogram;

/** One event of a run on an agent, as {@code GET /v1/runs/<id>/events} delivers it, decoded. Immutable. */
public sealed interface AgentEvent {
    /** Its number in the run's events, from 1. */
    long seq();

    /** A phase began. */
    record PhaseBegan(long seq, Phase phase) implements AgentEvent {}

    /** A second ended: its counts and its correct responses' latencies (ns). */
    record Second(long seq, SecondResult second, Histogram latency) implements AgentEvent {}

    /**
     * An auto warm-up's check at {@code checkSecond} seconds waits for the coordinator's judgement.
     *
     * @param okPerSecond this agent's correct responses in each second so far (length {@code checkSecond})
     */
    record Judge(long seq, int checkSecond, long[] okPerSecond) implements AgentEvent {}

    /** The run ended with this result (the agent's segment only). */
    record Result(long seq, LoadResult result) implements AgentEvent {}

    /** The run failed. */
    record Failed(long seq, String message) implements AgentEvent {}
}
