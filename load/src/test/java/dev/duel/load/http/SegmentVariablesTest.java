package dev.duel.load.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.load.InvalidSettingException;
import dev.duel.load.PlanSegment;
import dev.duel.load.Setting;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Variables of a plan split between load agents: each agent's values, with loops of its own. */
class SegmentVariablesTest {
    /** Loops per agent: agents on machines of different sizes run different numbers of event loops. */
    private static final int[] LOOPS = {3, 1, 4};

    /** Every value agent {@code a} sends in one cycle of its values, by loop, each loop its share of the cycle. */
    private static Map<String, Integer> oneCycle(VariableSpec spec, long size) {
        int agents = LOOPS.length;
        Map<String, Integer> sentBy = new HashMap<>();
        for (int agent = 0; agent < agents; agent++) {
            PlanSegment segment = new PlanSegment(agent, agents);
            long mine = (size - agent + agents - 1) / agents;
            for (int loop = 0; loop < LOOPS[agent]; loop++) {
                VariableSpec.Source source = spec.source(segment, loop, LOOPS[agent], 1);
                long loopsShare = (mine - loop + LOOPS[agent] - 1) / LOOPS[agent];
                for (long i = 0; i < loopsShare; i++) {
                    String value = source.next();
                    Integer before = sentBy.put(value, agent);
                    assertTrue(before == null, value + " sent by agent " + before + " and again by agent " + agent);
                }
            }
        }
        return sentBy;
    }

    @ParameterizedTest
    @ValueSource(ints = {3, 7, 20, 101})
    void sequenceValuesArePartitionedBetweenAgentsAndTogetherVisitEveryValuePerCycle(int size) {
        VariableSpec spec = VariableSpec.parse("seq:1000.." + (1000 + size - 1));
        Map<String, Integer> sentBy = oneCycle(spec, size);
        Set<String> every = new HashSet<>();
        for (int v = 1000; v < 1000 + size; v++) {
            every.add(Integer.toString(v));
        }
        assertEquals(every, sentBy.keySet());
    }

    @Test
    void listValuesArePartitionedTheSameWay() {
        List<String> values = List.of("a", "b", "c", "d", "e", "f", "g", "h");
        Map<String, Integer> sentBy = oneCycle(new VariableSpec.Values(values), values.size());
        assertEquals(Set.copyOf(values), sentBy.keySet());
        assertEquals(0, sentBy.get("a"));
        assertEquals(1, sentBy.get("b"));
        assertEquals(2, sentBy.get("c"));
        assertEquals(0, sentBy.get("d"));
    }

    @Test
    void aLoopStartsItsShareAgainAfterACycle() {
        VariableSpec spec = VariableSpec.parse("seq:0..9");
        // Agent 1 of 2 owns 1, 3, 5, 7, 9; its loop 0 of 2 takes 1, 5, 9.
        VariableSpec.Source source = spec.source(new PlanSegment(1, 2), 0, 2, 1);
        List<String> sent = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            sent.add(source.next());
        }
        assertEquals(List.of("1", "5", "9", "1", "5"), sent);
    }

    @Test
    void segmentZeroOfOneIsTheEngineAlone() {
        VariableSpec spec = VariableSpec.parse("seq:1..10");
        VariableSpec.Source alone = spec.source(1, 3, 5);
        VariableSpec.Source whole = spec.source(PlanSegment.WHOLE, 1, 3, 5);
        VariableSpec uniform = VariableSpec.parse("uniform:1..1000000");
        VariableSpec.Source uniformAlone = uniform.source(0, 2, 5);
        VariableSpec.Source uniformWhole = uniform.source(PlanSegment.WHOLE, 0, 2, 5);
        for (int i = 0; i < 20; i++) {
            assertEquals(alone.next(), whole.next());
            assertEquals(uniformAlone.next(), uniformWhole.next());
        }
    }

    @Test
    void uniformValuesDifferBetweenAgentsOfOneSeed() {
        VariableSpec uniform = VariableSpec.parse("uniform:1..1000000000");
        List<List<String>> drawn = new ArrayList<>();
        for (int agent = 0; agent < 3; agent++) {
            VariableSpec.Source source = uniform.source(new PlanSegment(agent, 3), 0, 1, 9);
            List<String> values = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                values.add(source.next());
            }
            drawn.add(values);
        }
        assertNotEquals(drawn.get(0), drawn.get(1));
        assertNotEquals(drawn.get(1), drawn.get(2));
    }

    @Test
    void uniqueValuesAreDistinctAcrossAgentsByTheirPrefix() {
        VariableSpec spec = new VariableSpec.Unique();
        int agents = 5;
        Map<String, Integer> prefixAgent = new HashMap<>();
        Set<String> seen = new HashSet<>();
        for (int agent = 0; agent < agents; agent++) {
            for (int loop = 0; loop < 4; loop++) {
                VariableSpec.Source source = spec.source(new PlanSegment(agent, agents), loop, 4, 1);
                for (int i = 0; i < 200; i++) {
                    String value = source.next();
                    assertTrue(value.matches("[0-9a-z]{13}-[0-9a-z]+") && value.length() <= 24, value);
                    assertTrue(seen.add(value), "repeated " + value);
                    String prefix = value.substring(0, 13);
                    // The prefix names the agent: prefix mod agents is its segment.
                    assertEquals(agent, Long.remainderUnsigned(Long.parseUnsignedLong(prefix, 36), agents));
                    Integer other = prefixAgent.putIfAbsent(prefix, agent);
                    assertTrue(other == null || other == agent, prefix + " of agents " + other + " and " + agent);
                }
            }
        }
    }

    @Test
    void aPrefixNearTheTopOfTheRangeStaysInItsSegment() {
        PlanSegment segment = new PlanSegment(6, 7);
        long top = -1L; // 2^64 - 1 unsigned
        long prefix = VariableSpec.Unique.prefix(top, segment);
        assertEquals(6, Long.remainderUnsigned(prefix, 7));
        assertTrue(Long.compareUnsigned(prefix, top) <= 0);
        assertEquals(3, Long.remainderUnsigned(VariableSpec.Unique.prefix(0L, new PlanSegment(3, 4)), 4));
        assertEquals(0L, VariableSpec.Unique.prefix(0L, PlanSegment.WHOLE));
        assertEquals(123L, VariableSpec.Unique.prefix(123L, PlanSegment.WHOLE));
    }

    @Test
    void fewerValuesThanAgentsIsRefusedNamingTheSetting() {
        InvalidSettingException e = assertThrows(
                InvalidSettingException.class,
                () -> VariableSpec.parse("seq:1..2").source(new PlanSegment(2, 3), 0, 1, 1));
        assertEquals(Setting.VARIABLES, e.setting());
        assertTrue(e.problem().contains("'seq:1..2' has 2 values, fewer than the 3 load agents"), e.problem());
    }
}
