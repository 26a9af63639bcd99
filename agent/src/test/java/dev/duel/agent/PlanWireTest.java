package dev.duel.agent;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.duel.load.LoadModel;
import dev.duel.load.LoadPlan;
import dev.duel.load.PlanSegment;
import dev.duel.load.Timing;
import dev.duel.load.http.Header;
import dev.duel.load.http.RequestSpec;
import dev.duel.load.http.VariableSpec;
import dev.duel.load.schedule.Rate;
import dev.duel.record.load.Arrival;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PlanWireTest {
    @Test
    void anOpenPlanWithEveryPartSurvivesTheWireBothWays() {
        Map<String, VariableSpec> variables = new LinkedHashMap<>();
        variables.put("id", new VariableSpec.Sequence(1, 10_000));
        variables.put("n", new VariableSpec.Uniform(-5, 5));
        variables.put("name", new VariableSpec.Values(List.of("a,b", "c")));
        variables.put("key", new VariableSpec.Unique());
        LoadPlan plan = new LoadPlan(
                new RequestSpec(
                        "POST",
                        "http://127.0.0.1:8080/products/${id}",
                        List.of(new Header("Content-Type", "application/json"), new Header("X-Key", "${key}")),
                        "{\"name\":\"${name}\"}".getBytes(StandardCharsets.UTF_8)),
                variables,
                List.of("status == 201", "json /name == ${name}"),
                new LoadModel.Open(new Rate(30, 7_000_000_000L), Arrival.POISSON, 17),
                new Timing.Phases(
                        new Timing.Warmup.UntilSteady(Duration.ofMillis(3_500), Duration.ofSeconds(90)),
                        Duration.ofMillis(250),
                        Duration.ofSeconds(20)),
                Duration.ofMillis(1_500),
                -42L,
                3,
                LoadPlan.Transport.EPOLL,
                new PlanSegment(2, 3));

        LoadPlan back = roundTrip(plan);

        assertEquals(plan.request().method(), back.request().method());
        assertEquals(plan.request().url(), back.request().url());
        assertEquals(plan.request().headers(), back.request().headers());
        assertArrayEquals(plan.request().body(), back.request().body());
        assertEquals(
                List.copyOf(plan.variables().entrySet()),
                List.copyOf(back.variables().entrySet()));
        assertEquals(plan.checks(), back.checks());
        assertEquals(plan.model(), back.model());
        assertEquals(plan.timing(), back.timing());
        assertEquals(plan.timeout(), back.timeout());
        assertEquals(plan.seed(), back.seed());
        assertEquals(plan.threads(), back.threads());
        assertEquals(plan.transport(), back.transport());
        assertEquals(plan.segment(), back.segment());
        assertEquals(PlanWire.toJson(plan), PlanWire.toJson(back));
    }

    @Test
    void closedFixedAndWindowedPlansWithNoBodySurviveTheWire() {
        LoadPlan fixed = Plans.closed("http://127.0.0.1:9/", 5, 1_000);
        LoadPlan fixedBack = roundTrip(fixed);
        assertEquals(fixed.model(), fixedBack.model());
        assertEquals(fixed.timing(), fixedBack.timing());
        assertNull(fixedBack.request().body());
        assertEquals(PlanSegment.WHOLE, fixedBack.segment());

        LoadPlan windowed = Plans.closed(
                "http://127.0.0.1:9/", 2, new Timing.Windows(12, Duration.ofMillis(500), Duration.ofSeconds(30)));
        assertEquals(windowed.timing(), roundTrip(windowed).timing());
    }

    @Test
    void aPlanWithAMissingPartIsRefusedNamingIt() {
        var json = PlanWire.toJson(Plans.closed("http://127.0.0.1:9/", 1, 1_000));
        json.remove("timeoutNanos");
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> PlanWire.fromJson(json));
        assertEquals("plan field 'timeoutNanos' is missing", refused.getMessage());
    }

    private static LoadPlan roundTrip(LoadPlan plan) {
        // Through bytes, as the agent receives it.
        return PlanWire.fromJson(AgentJson.parse(AgentJson.bytes(PlanWire.toJson(plan))));
    }
}
