package dev.duel.load.split;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.load.InvalidSettingException;
import dev.duel.load.LoadModel;
import dev.duel.load.LoadPlan;
import dev.duel.load.PlanSegment;
import dev.duel.load.Setting;
import dev.duel.load.Timing;
import dev.duel.load.http.RequestSpec;
import dev.duel.load.http.VariableSpec;
import dev.duel.load.schedule.Rate;
import dev.duel.record.load.Arrival;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PlanSplitTest {
    private static LoadPlan plan(LoadModel model, Map<String, VariableSpec> variables) {
        return new LoadPlan(
                new RequestSpec("GET", "http://127.0.0.1:8080/item/${id}", List.of(), null),
                variables,
                List.of("status 200"),
                model,
                new Timing.Phases(Duration.ofSeconds(3), Duration.ofSeconds(1), Duration.ofSeconds(10)),
                Duration.ofSeconds(4),
                42,
                2,
                LoadPlan.Transport.NIO,
                PlanSegment.WHOLE);
    }

    @Test
    void closedUsersAreDividedTheFirstSegmentsTakingTheRemainder() {
        LoadPlan whole = plan(new LoadModel.Closed(11), Map.of("id", VariableSpec.parse("seq:1..100")));
        List<LoadPlan> segments = PlanSplit.split(whole, 3);
        assertEquals(
                List.of(4, 4, 3),
                segments.stream()
                        .map(p -> ((LoadModel.Closed) p.model()).virtualUsers())
                        .toList());
        for (int i = 0; i < 3; i++) {
            LoadPlan segment = segments.get(i);
            assertEquals(new PlanSegment(i, 3), segment.segment());
            assertEquals(whole.request(), segment.request());
            assertEquals(whole.variables(), segment.variables());
            assertEquals(whole.checks(), segment.checks());
            assertEquals(whole.timing(), segment.timing());
            assertEquals(whole.timeout(), segment.timeout());
            assertEquals(whole.seed(), segment.seed());
            assertEquals(whole.threads(), segment.threads());
            assertEquals(whole.transport(), segment.transport());
        }
    }

    @Test
    void fewerUsersThanAgentsIsRefusedNamingTheSetting() {
        InvalidSettingException e = assertThrows(
                InvalidSettingException.class, () -> PlanSplit.split(plan(new LoadModel.Closed(2), Map.of()), 3));
        assertEquals(Setting.VIRTUAL_USERS, e.setting());
        assertTrue(e.problem().contains("give at least 3 users"), e.problem());
    }

    @Test
    void anOpenRateIsDividedExactlyAndConnectionsAtLeastOneEach() {
        Rate rate = new Rate(1_000, 1_000_000_007L);
        LoadPlan whole = plan(new LoadModel.Open(rate, Arrival.UNIFORM, 2), Map.of());
        List<LoadPlan> segments = PlanSplit.split(whole, 3);
        for (LoadPlan segment : segments) {
            LoadModel.Open open = (LoadModel.Open) segment.model();
            // Exactly a third: 1000 per 3 periods, no rounding of the rate.
            assertEquals(new Rate(1_000, 3_000_000_021L), open.rate());
            assertEquals(Arrival.UNIFORM, open.arrival());
        }
        assertEquals(
                List.of(1, 1, 1),
                segments.stream().map(p -> p.model().maxConnections()).toList());
        List<LoadPlan> two = PlanSplit.split(plan(new LoadModel.Open(rate, Arrival.POISSON, 5), Map.of()), 2);
        assertEquals(
                List.of(3, 2), two.stream().map(p -> p.model().maxConnections()).toList());
    }

    @Test
    void aSequenceWithFewerValuesThanAgentsIsRefusedNamingTheSetting() {
        InvalidSettingException e = assertThrows(
                InvalidSettingException.class,
                () -> PlanSplit.split(plan(new LoadModel.Closed(10), Map.of("id", VariableSpec.parse("list:a,b"))), 3));
        assertEquals(Setting.VARIABLES, e.setting());
        assertTrue(e.problem().contains("'list:a,b' has 2 values"), e.problem());
    }

    @Test
    void oneAgentIsTheWholePlanAsSegmentZeroOfOne() {
        LoadPlan whole = plan(new LoadModel.Closed(5), Map.of());
        List<LoadPlan> one = PlanSplit.split(whole, 1);
        assertEquals(1, one.size());
        assertEquals(whole, one.get(0));
        assertThrows(IllegalArgumentException.class, () -> PlanSplit.split(whole, 0));
        LoadPlan segment = PlanSplit.split(whole, 2).get(1);
        assertThrows(IllegalArgumentException.class, () -> PlanSplit.split(segment, 2));
    }
}
