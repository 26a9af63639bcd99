package dev.duel.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.load.http.RequestSpec;
import dev.duel.load.http.VariableSpec;
import dev.duel.record.load.LoadResult;
import dev.duel.record.load.PhaseResult;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * What the loopback tests share: the engine against real sockets on 127.0.0.1 ({@link TestServer}).
 * The tests are split by theme into classes ({@code Loopback*Test}) that two test JVMs can run side by
 * side: they mostly wait through phases. Assertions are about counts, invariants and generous bounds,
 * never absolute speed: the machine may be busy.
 */
final class Loopback {
    static final long MS = 1_000_000L;

    private Loopback() {}

    static LoadPlan plan(String url, LoadModel model, Timing timing, List<String> checks) {
        return plan(url, model, timing, checks, Map.of());
    }

    static LoadPlan plan(
            String url, LoadModel model, Timing timing, List<String> checks, Map<String, VariableSpec> variables) {
        return new LoadPlan(
                new RequestSpec("GET", url, List.of(), null),
                variables,
                checks,
                model,
                timing,
                Duration.ofSeconds(5),
                1,
                2,
                LoadPlan.Transport.AUTO,
                PlanSegment.WHOLE);
    }

    static Timing.Phases phases(long warmupMillis, long gapMillis, long mainMillis) {
        return new Timing.Phases(
                Duration.ofMillis(warmupMillis), Duration.ofMillis(gapMillis), Duration.ofMillis(mainMillis));
    }

    static void assertAccounting(PhaseResult phase) {
        assertEquals(
                phase.sent(),
                phase.ok() + phase.failed() + phase.interrupted(),
                phase.phase() + ": sent = ok + failed + interrupted, " + phase);
    }

    /**
     * Every request the server saw was counted as sent once; requests still on their way when the
     * run ended may not have reached the server.
     */
    static void assertServerSawTheSentRequests(TestServer server, long sent, long inFlightAtEnd) {
        long seen = server.requests.get();
        assertTrue(
                seen <= sent && seen >= sent - inFlightAtEnd,
                "server saw " + seen + ", engine sent " + sent + " (" + inFlightAtEnd + " in flight at the end)");
    }

    static LoadResult run(LoadPlan plan) throws TargetUnreachableException {
        return new LoadEngine().run(plan, ProgressListener.NONE);
    }
}
