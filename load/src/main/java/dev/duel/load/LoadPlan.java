package dev.duel.load;

import dev.duel.load.http.RequestSpec;
import dev.duel.load.http.VariableSpec;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Everything that shapes one load run. Immutable; validated by {@link LoadEngine} before anything
 * is sent. A wrong setting is an {@link InvalidSettingException} naming it.
 *
 * @param variables     request variables by name, in declaration order
 * @param checks        checks as written (see {@link dev.duel.load.check.ResponseChecks})
 * @param timeout       per-request timeout, from the moment the request is written
 * @param seed          seed of every random choice (Poisson arrivals, uniform variables)
 * @param threads       event-loop threads; 0 means the cores this process may use
 * @param transport     which socket transport to use
 * @param segment       this plan's share of a plan that several load agents run together ({@link PlanSegment#WHOLE} for
 *                      one engine): its model already holds the share's users or rate, and the engine draws variable
 *                      values and arrival times so that the segments together make the whole plan
 */
public record LoadPlan(
        RequestSpec request,
        Map<String, VariableSpec> variables,
        List<String> checks,
        LoadModel model,
        Timing timing,
        Duration timeout,
        long seed,
        int threads,
        Transport transport,
        PlanSegment segment) {

    /** Socket transport: native epoll where the platform has it, else Java NIO. */
    public enum Transport {
        AUTO,
        EPOLL,
        NIO
    }

    public LoadPlan {
        variables = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(variables));
        checks = List.copyOf(checks);
        if (timeout.isZero() || timeout.isNegative()) {
            throw new InvalidSettingException(Setting.TIMEOUT, "must be positive");
        }
        java.util.Objects.requireNonNull(segment, "segment");
        if (threads < 0) {
            throw new InvalidSettingException(Setting.THREADS, "cannot be negative, got " + threads);
        }
    }
}
