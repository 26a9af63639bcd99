package dev.duel.report.render;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.duel.analysis.Levels;
import dev.duel.analysis.MeanInterval;
import dev.duel.analysis.SteadyState;
import dev.duel.report.model.WarmupRun;
import dev.duel.report.model.WarmupSection;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The warm-up answer's notes, which the terminal, Markdown and HTML reports print under its runs: why a run never
 * settled, and the levels a run's requests/s alternated between.
 */
class WarmupNotesTest {
    private static WarmupRun run(
            String run, SteadyState.Classification classification, Levels.Alternation levels, String why) {
        boolean steady = classification != SteadyState.Classification.NO_STEADY_STATE;
        return new WarmupRun(
                run,
                "jdk17",
                classification,
                steady ? 0 : -1,
                steady ? 0 : Double.NaN,
                4_750,
                steady,
                why,
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                19,
                levels,
                levels == null ? null : new MeanInterval.Interval(4_750, 4_405, 0.95, 29, 10, 0.55),
                java.util.List.of());
    }

    @Test
    void eachRunsNotesInRunOrderWithItsLevels() {
        Levels.Alternation levels = new Levels.Alternation(2_500, 10_000, 7, 3, 20 / 29.0, 5, 29);
        WarmupSection section = new WarmupSection(
                List.of(
                        run("001", SteadyState.Classification.FLAT, levels, "flat"),
                        run("002", SteadyState.Classification.FLAT, null, "flat"),
                        run("003", SteadyState.Classification.NO_STEADY_STATE, levels, "still moving")),
                List.of(),
                List.of());
        String sentence = "requests/s alternated between two levels: 2,500 for 7 s at a time and 10,000 for 3 s (5"
                + " switches in 29 s); allowing for them, main's mean is known to ±93% (95%)";
        assertEquals(
                List.of("001 jdk17: " + sentence, "003 jdk17: still moving", "003 jdk17: " + sentence),
                Words.warmupNotes(section));
    }
}
