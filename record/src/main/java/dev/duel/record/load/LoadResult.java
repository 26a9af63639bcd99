package dev.duel.record.load;

import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import java.util.List;

/**
 * The complete outcome of one load run. Immutable.
 *
 * @param startedAt                  wall-clock start, ISO-8601
 * @param endedAt                    wall-clock end, ISO-8601
 * @param warmup                     the warm-up phase, or null if there was none
 * @param main                       the main phase: the statistics that matter
 * @param windows                    the warm-up curve, empty unless the run used windows
 * @param firstCorrectResponseMillis milliseconds from start to the first correct response (phased runs: the start of the
 *                                   second it ended in), or -1 if none came
 * @param seconds                    the per-second series of the whole run
 * @param failureExamples            the first few failures of each kind
 * @param engine                     the load generator's own use of the machine over main
 * @param warnings                   what a reader must know before trusting the numbers
 * @param warmupEnd                  phased runs: when and why warm-up ended (ms from the run's start); null for
 *                                   windowed runs, whose warm-up is the wait for the first correct response
 * @param agents                     a run driven by several load agents: each agent's share, in segment order (this
 *                                   result is their exact merge); null for a run of one engine in this process
 *                                   (schema 6; null in older records)
 * @param slices                     one side of an interleaved pair ({@code order: interleaved}): the slices of main
 *                                   this side held, in order; null for a run made alone, and in records before schema 9
 */
public record LoadResult(
        String duelVersion,
        PlanSettings settings,
        String startedAt,
        String endedAt,
        String target,
        @JsonSetter(nulls = Nulls.SET) PhaseResult warmup,
        PhaseResult main,
        List<WindowResult> windows,
        double firstCorrectResponseMillis,
        List<SecondResult> seconds,
        List<FailureExample> failureExamples,
        EngineUsage engine,
        List<String> warnings,
        @JsonSetter(nulls = Nulls.SET) WarmupEnd warmupEnd,
        @JsonSetter(nulls = Nulls.SET) List<AgentShare> agents,
        @JsonSetter(nulls = Nulls.SET) List<SliceResult> slices) {

    public LoadResult {
        slices = slices == null ? null : List.copyOf(slices);
    }

    /** One side of an interleaved pair: main was measured in slices. */
    public boolean interleaved() {
        return slices != null;
    }

    /** The same result with other warnings (what a reader learned of it after the run, say). */
    public LoadResult withWarnings(List<String> warnings) {
        return new LoadResult(
                duelVersion,
                settings,
                startedAt,
                endedAt,
                target,
                warmup,
                main,
                windows,
                firstCorrectResponseMillis,
                seconds,
                failureExamples,
                engine,
                warnings,
                warmupEnd,
                agents,
                slices);
    }
}
