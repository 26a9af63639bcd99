package dev.duel.agent;

import java.util.List;

/**
 * An agent's wall clock relative to the coordinator's, from round trips: the coordinator reads its clock before
 * ({@code t0}) and after ({@code t3}) a {@code hello} whose answer holds the agent's clock ({@code wallNanos}); the
 * agent read it somewhere in between, so {@code offset = wallNanos - (t0 + t3) / 2}, to within half the round trip.
 * The sample with the shortest round trip bounds it best. Immutable.
 *
 * @param offsetNanos      the agent's clock minus the coordinator's, nanoseconds
 * @param uncertaintyNanos half the best sample's round trip, nanoseconds: the offset is known to plus or minus this
 * @param hello            the best sample's answer
 */
public record ClockOffset(long offsetNanos, long uncertaintyNanos, AgentClient.Hello hello) {
    /** How many round trips a measurement takes. */
    public static final int SAMPLES = 8;

    /** One round trip: the coordinator's clock before and after, and the agent's answer. */
    public record Sample(long beforeNanos, long afterNanos, AgentClient.Hello hello) {}

    /** The offset from the sample with the shortest round trip. */
    public static ClockOffset best(List<Sample> samples) {
        Sample best = null;
        for (Sample sample : samples) {
            if (best == null || sample.afterNanos() - sample.beforeNanos() < best.afterNanos() - best.beforeNanos()) {
                best = sample;
            }
        }
        if (best == null) {
            throw new IllegalArgumentException("no clock sample");
        }
        long midpoint = best.beforeNanos() + (best.afterNanos() - best.beforeNanos()) / 2;
        return new ClockOffset(
                best.hello().wallNanos() - midpoint, (best.afterNanos() - best.beforeNanos()) / 2, best.hello());
    }

    /**
     * Round trips made and not timed before the samples: the first calls of a fresh HTTP client (connection set-up,
     * cold code on both sides) take 1-2 ms on 127.0.0.1 against 0.3 ms once warm (docs/scale.md), and the offset is
     * known only to half a round trip.
     */
    static final int WARMUP_CALLS = 32;

    /** {@link #WARMUP_CALLS} untimed round trips, then {@link #SAMPLES} to {@code agent}, read against {@code wall}. */
    public static ClockOffset measure(AgentClient agent, WallClock wall) throws AgentException {
        for (int i = 0; i < WARMUP_CALLS; i++) {
            agent.hello();
        }
        List<Sample> samples = new java.util.ArrayList<>();
        for (int i = 0; i < SAMPLES; i++) {
            long before = wall.epochNanos();
            AgentClient.Hello hello = agent.hello();
            samples.add(new Sample(before, wall.epochNanos(), hello));
        }
        return best(samples);
    }

    public double offsetMillis() {
        return offsetNanos / 1e6;
    }

    public double uncertaintyMillis() {
        return uncertaintyNanos / 1e6;
    }
}
