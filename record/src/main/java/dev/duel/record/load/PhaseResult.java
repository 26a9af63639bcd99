package dev.duel.record.load;

import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import dev.duel.record.Phase;
import java.util.Map;

/**
 * What happened to the requests that started in one phase. A request counts here only if it
 * started and ended inside the phase; {@code sent = ok + failed + interrupted}.
 *
 * @param phase                 {@link Phase#WARMUP} or {@link Phase#MAIN}
 * @param durationMillis        length of the phase (for a windowed run's warm-up: time to the first correct response)
 * @param sent                  requests written to a connection
 * @param ok                    complete responses that passed every check
 * @param failed                sent requests that failed (every kind but connect)
 * @param connectFailures       connections that could not be opened (not sent requests)
 * @param interrupted           requests still in flight at the phase's end (or that ended in another phase)
 * @param late                  open model: requests that waited for a free connection past their intended start
 * @param unstarted             open model: scheduled requests that never found a connection before the phase ended
 * @param reconnects            connections reopened after the server closed one
 * @param failures              failures by kind, every kind present (0 when none)
 * @param errorRate             all failures / (sent + connect failures), 0..1
 * @param requestsPerSecond     requests that ended inside the phase (ok or failed) per second of phase
 * @param okPerSecond           correct responses per second of phase
 * @param requestBytes          request bytes written
 * @param responseBytes         bytes of complete responses (head and body) received
 * @param meanRequestBytes      requestBytes / sent
 * @param meanResponseBytes     responseBytes / complete responses
 * @param latency               correct responses, from the intended start (coordinated-omission free)
 * @param uncorrectedLatency    correct responses, from the moment the request was written
 * @param scheduleLag           open model: intended start to write, for requests that found a free connection
 * @param lateDelay             open model: intended start to write, for late requests
 * @param turnaroundLag         closed model: per connection, from the last byte of a response (as the engine read
 *                              it) to the write of the next request on that connection: the engine's own time
 *                              between two requests of a user (checks, recording), which the closed model's
 *                              latency counts. Null in the open model (its own lag is {@code scheduleLag}) and in
 *                              schema-1 records (not measured)
 */
public record PhaseResult(
        Phase phase,
        double durationMillis,
        long sent,
        long ok,
        long failed,
        long connectFailures,
        long interrupted,
        long late,
        long unstarted,
        long reconnects,
        Map<FailureKind, Long> failures,
        double errorRate,
        double requestsPerSecond,
        double okPerSecond,
        long requestBytes,
        long responseBytes,
        double meanRequestBytes,
        double meanResponseBytes,
        LatencySummary latency,
        LatencySummary uncorrectedLatency,
        LatencySummary scheduleLag,
        LatencySummary lateDelay,
        @JsonSetter(nulls = Nulls.SET) LatencySummary turnaroundLag) {}
