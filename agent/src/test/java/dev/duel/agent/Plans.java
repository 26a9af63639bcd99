package dev.duel.agent;

import dev.duel.load.LoadModel;
import dev.duel.load.LoadPlan;
import dev.duel.load.Timing;
import dev.duel.load.http.RequestSpec;
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
        return new LoadPlan(
                new RequestSpec("GET", url, List.of(), null),
                Map.of(),
                List.of("status == 200"),
                new LoadModel.Closed(users),
                timing,
                Duration.ofSeconds(2),
                7,
                1,
                LoadPlan.Transport.NIO);
    }
}
