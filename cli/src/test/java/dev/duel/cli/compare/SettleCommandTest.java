package dev.duel.cli.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.duel.report.model.Report;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The command a compare without an answer ends on: what stood in the way raised, the rest of the line as it was. */
class SettleCommandTest {
    private static final List<String> LINE = List.of(
            "duel", "compare", "app.jar", "--jdk", "17", "--jdk", "25", "--path", "/vets", "--path", "/owners/1");
    private static final Duration WARMUP = Duration.ofSeconds(150);
    private static final Duration BUDGET = Duration.ofMinutes(8);

    private static SettleCommand.PathAnswer answer(String path, Report.Verdict verdict, double detectable, int never) {
        return new SettleCommand.PathAnswer(path, verdict, detectable, 0.05, never, 6);
    }

    private static Optional<String> command(
            List<String> line, Duration warmup, Duration budget, List<SettleCommand.PathAnswer> answers) {
        return SettleCommand.of(line, warmup, budget, answers).map(SettleCommand.Settle::command);
    }

    @Test
    void everyPathAnsweredNeedsNoCommand() {
        assertEquals(
                Optional.empty(),
                command(
                        LINE,
                        WARMUP,
                        BUDGET,
                        List.of(
                                answer("/vets", Report.Verdict.BETTER, Double.NaN, 0),
                                answer("/owners/1", Report.Verdict.SAME, Double.NaN, 1))));
    }

    @Test
    void sidesThatNeverSettledDoubleTheCapAndMarkedRunsDoubleTheBudget() {
        assertEquals(
                Optional.of("duel compare app.jar --jdk 17 --jdk 25 --path /vets --path /owners/1 --max-warmup 300s"
                        + " --budget 16m"),
                command(
                        LINE,
                        WARMUP,
                        BUDGET,
                        List.of(
                                answer("/vets", Report.Verdict.NOT_COMPARABLE, Double.NaN, 2),
                                answer("/owners/1", Report.Verdict.BETTER, Double.NaN, 0))));
    }

    /**
     * PetClinic's /owners/1 (2026-12-06): "18% more requests/s" from six runs that all ran their warm-up to the cap,
     * and the command the compare ended on kept the cap while its words said it was doubled.
     */
    @Test
    void aPathAnsweredOnlyOnRunsThatNeverSettledDoublesTheCapAndTheWordsSayWhatChanged() {
        SettleCommand.Settle settle = SettleCommand.of(
                        LINE,
                        WARMUP,
                        BUDGET,
                        List.of(
                                answer("/vets", Report.Verdict.CANNOT_TELL, 0.24, 0),
                                answer("/owners/1", Report.Verdict.BETTER, Double.NaN, 6)))
                .orElseThrow();
        assertEquals(
                "duel compare app.jar --jdk 17 --jdk 25 --path /vets --path /owners/1 --max-warmup 300s --budget 60m",
                settle.command());
        assertEquals(
                "the warm-up cap doubled where a side never settled, the budget raised to the pairs the intervals need",
                settle.changed());
        // Without runs that never settled, the words do not claim a cap was raised.
        SettleCommand.Settle budgetOnly = SettleCommand.of(
                        LINE, WARMUP, BUDGET, List.of(answer("/vets", Report.Verdict.CANNOT_TELL, 0.10, 0)))
                .orElseThrow();
        assertEquals("the budget raised to the pairs the intervals need", budgetOnly.changed());
    }

    @Test
    void cannotTellGrowsTheBudgetByTheSquareOfTheDetectableChangeOverTheMargin() {
        // ±10% detectable, asked within ±5%: four times the pairs.
        assertEquals(
                Optional.of("duel compare app.jar --jdk 17 --jdk 25 --path /vets --path /owners/1 --budget 32m"),
                command(LINE, WARMUP, BUDGET, List.of(answer("/vets", Report.Verdict.CANNOT_TELL, 0.10, 0))));
        // Never past an hour: beyond it fewer paths or a quieter machine are the answer, not a bigger budget.
        assertEquals(
                Optional.of("duel compare app.jar --jdk 17 --jdk 25 --path /vets --path /owners/1 --budget 60m"),
                command(LINE, WARMUP, BUDGET, List.of(answer("/vets", Report.Verdict.CANNOT_TELL, 0.47, 0))));
    }

    @Test
    void theSettingsItRanWithAreReplacedAndTheResultsFolderAndDryRunDropped() {
        List<String> line = List.of(
                "duel",
                "compare",
                "a.jar",
                "b.jar",
                "--budget",
                "10m",
                "--path",
                "/x",
                "--max-warmup=100s",
                "--results",
                "out",
                "--dry-run",
                "--results=other");
        assertEquals(
                Optional.of("duel compare a.jar b.jar --path /x --max-warmup 200s --budget 20m"),
                command(
                        line,
                        Duration.ofSeconds(100),
                        Duration.ofMinutes(10),
                        List.of(answer("/x", Report.Verdict.TOO_FEW_RUNS, Double.NaN, 1))));
    }

    @Test
    void aRefusedComparisonIsNotSettledByMoreOfTheSame() {
        assertEquals(
                Optional.empty(),
                command(LINE, WARMUP, BUDGET, List.of(answer("/vets", Report.Verdict.REFUSED, Double.NaN, 0))));
    }
}
