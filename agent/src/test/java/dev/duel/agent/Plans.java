package dev.duel.agent;

import dev.duel.load.LoadModel;
import dev.duel.load.LoadPlan;
import dev.duel.load.PlanSegment;
import dev.duel.load.Timing;
import dev.duel.load.http.RequestSpec;
import dev.duel.load.schedule.Rate;
import dev.duel.record.load.Arrival;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/** Small plans for the agent's tests. */
final class Plans {
    private Plans() {}

    /** {@code users} closed users on {@code url}, no warm-up, {@code mainMillis} of main, one thread. */
    static LoadPlan closed(String url, int users, long mainMillis) {
        return closed(url, users, new Timing.Phases(Duration.ZERO, Duration.ZERO, Duration.ofMillis(mainMillis)));
    }

    static LoadPlan closed(String url, int users, Timing timing) {
        return plan(url, new LoadModel.Closed(users), timing);
    }

    /**
     * {@code perSecond} requests a second arriving uniformly on up to 8 connections, no warm-up, {@code mainMillis}
     * of main, one thread: load that flows at a pace set here, not at whatever two cores can do, for tests about the
     * agents' protocol (merging, losses, leases), not about the load (closed users against a sink in this JVM hammer
     * both cores for the whole run).
     */
    static LoadPlan open(String url, int perSecond, long mainMillis) {
        return open(url, perSecond, new Timing.Phases(Duration.ZERO, Duration.ZERO, Duration.ofMillis(mainMillis)));
    }

    static LoadPlan open(String url, int perSecond, Timing timing) {
        return plan(url, new LoadModel.Open(Rate.perSecond(perSecond), Arrival.UNIFORM, 8), timing);
    }

    private static LoadPlan plan(String url, LoadModel model, Timing timing) {
        return new LoadPlan(
                new RequestSpec("GET", url, List.of(), null),
                Map.of(),
                List.of("status == 200"),
                model,
                timing,
                Duration.ofSeconds(2),
                7,
                1,
                LoadPlan.Transport.NIO,
                PlanSegment.WHOLE);
    }
}
