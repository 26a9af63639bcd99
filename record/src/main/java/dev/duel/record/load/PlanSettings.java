package dev.duel.record.load;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import java.util.List;
import java.util.Map;

/**
 * Every setting that shaped a load run, resolved (defaults filled in), as the record keeps it.
 * One flat shape for both load models and both timings: durations are milliseconds, and a setting
 * that does not apply is 0 (or null for {@code arrival}); {@link #model} and {@link #windows} say
 * which apply. Immutable.
 *
 * @param bodyBytes          request body length
 * @param variables          request variables as written ("seq:1..10000"), by name
 * @param checks             response checks as written
 * @param virtualUsers       closed model: users, each on its own connection
 * @param ratePerSecond      open model: arrivals per second
 * @param arrival            open model: spacing of arrivals; null in the closed model
 * @param maxConnections     connections the engine may open (closed model: the users)
 * @param seed               seed of every random choice
 * @param warmupMillis       phases: warm-up length; for an auto warm-up, the length it turned out to have (= the
 *                           result's {@code warmupEnd.endedAtMillis}, so main starts at warm-up + gap either way); 0
 *                           with windows
 * @param gapMillis          phases: pause between warm-up and main
 * @param durationMillis     length of main (windows: all windows together)
 * @param windows            windows counted from the first correct response; 0 for phases
 * @param windowLengthMillis length of one window
 * @param awaitFirstMillis   windows: how long to wait for a first correct response
 * @param timeoutMillis      per-request timeout
 * @param threads            event-loop threads used
 * @param transport          socket transport used ("epoll" or "nio")
 * @param warmupMode         phases: fixed, or auto (until steady, with a cap); null with windows
 * @param maxWarmupMillis    auto warm-up: its cap in milliseconds; 0 otherwise
 * @param minWarmupMillis    auto warm-up: the least it lasts in milliseconds, whatever the judge says (0 when none
 *                           was set); null for a fixed warm-up, with windows, and in records older than schema 4
 * @param warmupTurnMillis   one side of an interleaved pair that warmed up in turns: each turn's length, milliseconds
 *                           (side 0 held the first); null for a run made alone, a pair that warmed up at once, and in
 *                           records before schema 9
 */
public record PlanSettings(
        String method,
        String url,
        List<String> headers,
        int bodyBytes,
        Map<String, String> variables,
        List<String> checks,
        Model model,
        int virtualUsers,
        double ratePerSecond,
        @JsonSetter(nulls = Nulls.SET) Arrival arrival,
        int maxConnections,
        long seed,
        double warmupMillis,
        double gapMillis,
        double durationMillis,
        int windows,
        double windowLengthMillis,
        double awaitFirstMillis,
        double timeoutMillis,
        int threads,
        String transport,
        @JsonSetter(nulls = Nulls.SET) WarmupMode warmupMode,
        double maxWarmupMillis,
        @JsonSetter(nulls = Nulls.SET) Double minWarmupMillis,
        @JsonSetter(nulls = Nulls.SET) Double warmupTurnMillis) {

    /** How load is offered. */
    public enum Model {
        /** N users loop request, response, request. */
        @JsonProperty("closed")
        CLOSED,
        /** Requests arrive on schedule whatever the target does. */
        @JsonProperty("open")
        OPEN
    }
}
