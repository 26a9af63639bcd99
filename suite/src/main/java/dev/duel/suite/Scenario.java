package dev.duel.suite;

import dev.duel.load.LoadModel;
import dev.duel.load.LoadPlan;
import dev.duel.load.PlanSegment;
import dev.duel.load.Timing;
import dev.duel.load.http.Header;
import dev.duel.load.http.RequestSpec;
import dev.duel.load.http.VariableSpec;
import dev.duel.record.ScenarioKind;
import dev.duel.targets.TargetSpec;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * One thing a suite measures on each target: what to send, what to check, the load and its timing.
 * Immutable.
 *
 * @param seed   seed of the load's random choices (Poisson arrivals, uniform variables): model.seed, default 1
 * @param starts for {@link ScenarioKind#STARTUP}: fresh starts per run
 * @param micro  the JMH benchmark whose in-process result the report puts beside this scenario's HTTP result
 *               ("HttpBenchmark.postQuote", optionally followed by parameters "app=minimal"), or null
 */
public record Scenario(
        String name,
        ScenarioKind kind,
        String method,
        String path,
        List<Header> headers,
        byte[] body,
        Map<String, VariableSpec> variables,
        List<String> checks,
        LoadModel model,
        long seed,
        Timing timing,
        int starts,
        Duration timeout,
        double maxErrorRate,
        String micro) {

    public Scenario {
        headers = List.copyOf(headers);
        // Declaration order, as the load plan documents it, so records list variables as the suite wrote them.
        variables = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(variables));
        checks = List.copyOf(checks);
    }

    public boolean sendsLoad() {
        return kind != ScenarioKind.STARTUP;
    }

    /** The same requests, checks and model with another timing (an AOT cache's training, say). */
    public Scenario withTiming(Timing other) {
        return new Scenario(
                name,
                kind,
                method,
                path,
                headers,
                body,
                variables,
                checks,
                model,
                seed,
                other,
                starts,
                timeout,
                maxErrorRate,
                micro);
    }

    /** The load run against a target on 127.0.0.1:{@code port}. */
    public LoadPlan plan(int port, int threads) {
        return plan(TargetSpec.LOOPBACK, port, threads);
    }

    /** The load run against a target listening on {@code host} (an IP address) at {@code port}. */
    public LoadPlan plan(String host, int port, int threads) {
        String authority = (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
        return new LoadPlan(
                new RequestSpec(method, "http://" + authority + path, headers, body),
                new java.util.LinkedHashMap<>(variables),
                checks,
                model,
                timing,
                timeout,
                seed,
                threads,
                LoadPlan.Transport.AUTO,
                PlanSegment.WHOLE);
    }
}
