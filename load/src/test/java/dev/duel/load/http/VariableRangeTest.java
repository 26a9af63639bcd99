package dev.duel.load.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.load.InvalidSettingException;
import dev.duel.load.PlanSegment;
import dev.duel.load.Setting;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 24, item 10: {@code uniform:0..9223372036854775807} was accepted and then every request threw (its bound,
 * LAST + 1, overflowed), and a {@code seq:} count overflowed likewise; the agent API built the same specs without the
 * parser's checks. The checks now live in the specs themselves, so every way in refuses the same ranges.
 */
class VariableRangeTest {
    private static String refusal(Runnable make) {
        InvalidSettingException refused = assertThrows(InvalidSettingException.class, make::run);
        assertEquals(Setting.VARIABLES, refused.setting());
        return refused.getMessage();
    }

    @Test
    void aRangeOfMoreValuesThanALongCountsIsRefusedWhereverItComesFrom() {
        for (String text : List.of(
                "uniform:0..9223372036854775807",
                "seq:0..9223372036854775807",
                "uniform:-9223372036854775808..0",
                "seq:-1..9223372036854775807",
                "uniform:-9223372036854775808..9223372036854775807")) {
            String message = refusal(() -> VariableSpec.parse(text));
            assertTrue(message.contains("a range holds at most 9223372036854775807 values"), text + ": " + message);
        }
        // As the agent API decodes a plan: the record's own check, the same words.
        assertTrue(refusal(() -> new VariableSpec.Uniform(0, Long.MAX_VALUE)).contains("a range holds at most"));
        assertTrue(refusal(() -> new VariableSpec.Sequence(5, 1)).contains("FIRST <= LAST"));
        assertTrue(refusal(() -> new VariableSpec.Values(List.of())).contains("at least one value"));
    }

    @Test
    void theWidestRangesAllowedDrawAndCountWithoutOverflow() {
        VariableSpec uniform = VariableSpec.parse("uniform:1..9223372036854775807");
        VariableSpec.Source draws = uniform.source(PlanSegment.WHOLE, 0, 1, 7);
        for (int i = 0; i < 10_000; i++) {
            assertTrue(Long.parseLong(draws.next()) >= 1);
        }
        VariableSpec top = VariableSpec.parse("seq:9223372036854775805..9223372036854775807");
        assertEquals(3, top.valueCount());
        VariableSpec.Source values = top.source(PlanSegment.WHOLE, 0, 1, 7);
        assertEquals(
                List.of("9223372036854775805", "9223372036854775806", "9223372036854775807", "9223372036854775805"),
                List.of(values.next(), values.next(), values.next(), values.next()));
    }
}
