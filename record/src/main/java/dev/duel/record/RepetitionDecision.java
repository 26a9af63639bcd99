package dev.duel.record;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;

/**
 * Why a suite with {@code repetitions: {min, max, until}} stopped adding repetitions, or that it has
 * not yet: written by the suite runner as {@code repetitions.json} in the results folder after every
 * repetition from {@code min} on (atomically, replacing the last one), and recomputed from the run
 * records on disk when a suite is resumed. Suites with a plain {@code repetitions: N} write none. Not
 * versioned: read strictly as it is, like {@code inputs.json}. Immutable. Field by field, with
 * units: {@code docs/records.md}.
 *
 * @param rule          the {@code until} text as the suite file wrote it ("rps clear", "rps ci within 5%")
 * @param scenario      the scenario whose runs the rule reads
 * @param measure       the measure's key ("rps", "p50", "p90", "p99", "cpu"), as thresholds name it
 * @param withinPercent {@code ci within}: the largest relative half-width that stops the suite, percent of the ratio
 *                      (5 for 5%); {@code clear}: the equivalence margin, percent
 * @param confidence    each look's interval's confidence, a fraction: 1 − 0.05 / (max − min + 1), so that all the
 *                      looks together call two equal targets different at most 5% of the time (0.95 in files written
 *                      before issue 22)
 * @param min           repetitions always run
 * @param max           repetitions never exceeded, whatever became of the runs (failed and invalid runs count)
 * @param repetitions   repetitions complete when this decision was taken
 * @param stop          what the decision is
 * @param comparisons   every other target against the first (the baseline), in the suite's order
 * @param budgetSeconds a time budget's length ({@code repetitions: {budget: 8m}}), seconds: its looks then spend α as
 *                      O'Brien-Fleming does over the share of it used ({@code confidence} is this look's); null
 *                      without a budget, and in files written before issue 31
 * @param usedSeconds   with a budget, the time the repetitions so far took, seconds (from each repetition's first start
 *                      to its last end, as its records say); null otherwise
 */
public record RepetitionDecision(
        String rule,
        String scenario,
        String measure,
        double withinPercent,
        double confidence,
        int min,
        int max,
        int repetitions,
        Stop stop,
        List<Comparison> comparisons,
        @JsonSetter(nulls = Nulls.SET) Double budgetSeconds,
        @JsonSetter(nulls = Nulls.SET) Double usedSeconds) {

    public RepetitionDecision {
        comparisons = List.copyOf(comparisons);
    }

    /** A decision of a rule without a time budget. */
    public RepetitionDecision(
            String rule,
            String scenario,
            String measure,
            double withinPercent,
            double confidence,
            int min,
            int max,
            int repetitions,
            Stop stop,
            List<Comparison> comparisons) {
        this(rule, scenario, measure, withinPercent, confidence, min, max, repetitions, stop, comparisons, null, null);
    }

    /** What stopped the suite, or that nothing has yet; written in lower case ("interval_narrow"). */
    public enum Stop {
        /** The interval is still wider than the rule and max is not reached: another repetition follows. */
        @JsonProperty("going_on")
        GOING_ON,
        /** Every comparison's interval was within the rule (checked before max, so this wins at max too). */
        @JsonProperty("interval_narrow")
        INTERVAL_NARROW,
        /** max repetitions ran and some interval was still wider than the rule (or could not be computed). */
        @JsonProperty("maximum_reached")
        MAXIMUM_REACHED,
        /** {@code clear}: every comparison gave a change or "the same within" the margin. */
        @JsonProperty("answer_clear")
        ANSWER_CLEAR,
        /**
         * A time budget would not fit another repetition that carries this scenario: its last look spent what α was
         * left.
         */
        @JsonProperty("budget_spent")
        BUDGET_SPENT
    }

    /**
     * Why a run's value is counted with a mark (every run counts: issue 22), or, for {@link #NOT_MEASURED}, why a run
     * gave none: the report's rule, which the stopping rule follows so that it stops on the answer the report prints.
     * Written in lower case ("never_steady").
     */
    public enum LeftOut {
        /** Main has no value of the measure (no main phase, no correct answer, no CPU reading, or zero). */
        @JsonProperty("not_measured")
        NOT_MEASURED,
        /** The run never reached a steady state: it gives no steady-state value of any measure. */
        @JsonProperty("never_steady")
        NEVER_STEADY,
        /** Latency or CPU per request: the steady state began inside main, whose histogram and counter mix warm-up in. */
        @JsonProperty("steady_inside_main")
        STEADY_INSIDE_MAIN,
        /** A latency percentile of a main phase with fewer than 1,000 correct answers. */
        @JsonProperty("too_few_samples")
        TOO_FEW_SAMPLES,
        /** Latency: main's per-second p99 moved over main. */
        @JsonProperty("latency_moving")
        LATENCY_MOVING,
        /** The run's status is not ok (invalid, failed, or disturbed without a clean repeat). */
        @JsonProperty("not_ok")
        NOT_OK,
        /** An ok run (not a duet's) that measured the machine: something outside the target took the CPU it needed. */
        @JsonProperty("measured_machine")
        MACHINE,
        /** An ok run whose load generator was at its limit. */
        @JsonProperty("generator_at_limit")
        LOADGEN
    }

    /**
     * Runs of one target counted with one mark (or, not measured, that gave no value).
     *
     * @param target the target whose runs they are
     * @param reason why they gave none
     * @param runs   how many, at least 1
     */
    public record LeftOutRuns(String target, LeftOut reason, int runs) {
        /** "2 jdk25 never steady". */
        String describe() {
            String why = switch (reason) {
                case NOT_MEASURED -> "not measured";
                case NEVER_STEADY -> "never steady";
                case STEADY_INSIDE_MAIN -> "steady only inside main";
                case TOO_FEW_SAMPLES -> "under 1,000 answers";
                case LATENCY_MOVING -> "p99 moving";
                case NOT_OK -> "not ok";
                case MACHINE -> "measured the machine";
                case LOADGEN -> "generator at its limit";
            };
            return runs + " " + target + " " + why;
        }
    }

    /**
     * One target against the baseline, over every run of repetitions 1 to {@code repetitions} that gave a value of
     * the measure (every run counts: issue 22; a run not ok or with a mark is counted and marked).
     *
     * @param baseline       the first target of the suite
     * @param target         the other target
     * @param baselineValues runs of the baseline that gave a value of the measure, marked ones included
     * @param targetValues   runs of the target that gave a value of the measure, marked ones included
     * @param ratio          the ratio of the target's geometric mean to the baseline's (before issue 22: of medians),
     *                       or null when a side has none
     * @param low            lower bound of the ratio's interval, or null when no bounded interval exists (fewer than
     *                       2 values a side, or no run-to-run variation)
     * @param high           upper bound, or null likewise
     * @param halfWidthPercent the larger distance of a bound from {@code ratio}, percent of it (4.1); null when the
     *                       interval is not bounded, which never stops the suite
     * @param method         how the interval was computed ("Welch-Hsu t on logs, 2 df"), or "none"
     * @param leftOut        runs of either side counted with a mark, or not measured, by target (baseline first) and
     *                       reason (a run with two marks is in both); empty when every run gave a clean value
     * @param verdict        the answer at this look ("lower", "higher", "the same", "cannot tell", "too few runs",
     *                       "depends on marked runs", "too few clean runs"); null in files written before issue 22
     * @param moreRepetitions where the answer is "cannot tell": how many more repetitions would resolve it at the noise
     *                       measured (at its 80% upper bound): the same within the margin, or the change measured;
     *                       null otherwise, where it cannot be said, and in files written before issue 31
     */
    public record Comparison(
            String baseline,
            String target,
            int baselineValues,
            int targetValues,
            @JsonSetter(nulls = Nulls.SET) Double ratio,
            @JsonSetter(nulls = Nulls.SET) Double low,
            @JsonSetter(nulls = Nulls.SET) Double high,
            @JsonSetter(nulls = Nulls.SET) Double halfWidthPercent,
            String method,
            List<LeftOutRuns> leftOut,
            @JsonSetter(nulls = Nulls.SET) String verdict,
            @JsonSetter(nulls = Nulls.SET) Integer moreRepetitions) {

        public Comparison {
            leftOut = List.copyOf(leftOut);
        }

        /** A comparison that says nothing of more repetitions. */
        public Comparison(
                String baseline,
                String target,
                int baselineValues,
                int targetValues,
                Double ratio,
                Double low,
                Double high,
                Double halfWidthPercent,
                String method,
                List<LeftOutRuns> leftOut,
                String verdict) {
            this(
                    baseline,
                    target,
                    baselineValues,
                    targetValues,
                    ratio,
                    low,
                    high,
                    halfWidthPercent,
                    method,
                    leftOut,
                    verdict,
                    null);
        }

        /** True when this interval is as narrow as {@code withinPercent} asks. */
        public boolean within(double withinPercent) {
            return halfWidthPercent != null && halfWidthPercent <= withinPercent;
        }

        /** "jdk25/jdk17 rps ratio 0.912, 95% CI ±4.1% (6 and 6 ok runs)". */
        String describe(String measure, double confidence) {
            String runs = String.format(Locale.ROOT, "%d and %d runs", targetValues, baselineValues);
            if (!leftOut.isEmpty()) {
                runs += "; marked: "
                        + String.join(
                                ", ",
                                leftOut.stream().map(LeftOutRuns::describe).toList());
            }
            if (ratio == null) {
                return String.format(Locale.ROOT, "%s/%s %s: no ratio (%s)", target, baseline, measure, runs);
            }
            return String.format(
                            Locale.ROOT,
                            "%s/%s %s ratio %.3f, %s%% CI %s%s (%s)",
                            target,
                            baseline,
                            measure,
                            ratio,
                            new BigDecimal(String.valueOf(confidence * 100))
                                    .round(new java.math.MathContext(3))
                                    .stripTrailingZeros()
                                    .toPlainString(),
                            halfWidthPercent == null
                                    ? "not bounded"
                                    : String.format(Locale.ROOT, "±%.1f%%", halfWidthPercent),
                            verdict == null ? "" : ": " + verdict,
                            runs)
                    + (moreRepetitions == null
                            ? ""
                            : moreRepetitions > 400
                                    ? "; more than 400 repetitions would be needed to resolve it at this noise"
                                    : "; about " + moreRepetitions + " more repetition"
                                            + (moreRepetitions == 1 ? "" : "s") + " would resolve it at this noise");
        }
    }

    /**
     * One line for a person, the same in the suite's output and the report: "repetitions: stopped after 5 (of 3 to
     * 12): json rps CI within 5% (jdk25/jdk17 rps ratio 0.912, 95% CI ±4.1% (5 and 5 ok runs))".
     */
    public String describe() {
        String range = budgetSeconds != null ? min + " or more, within " + clock(budgetSeconds) : min + " to " + max;
        String percent = new BigDecimal(String.valueOf(withinPercent))
                .stripTrailingZeros()
                .toPlainString();
        String what = clearRule()
                ? String.format(
                        Locale.ROOT, "%s %s clear (a change, or the same within ±%s%%)", scenario, measure, percent)
                : String.format(Locale.ROOT, "%s %s CI within %s%%", scenario, measure, percent);
        String detail = String.join(
                "; ",
                comparisons.stream().map(c -> c.describe(measure, confidence)).toList());
        return switch (stop) {
            case GOING_ON ->
                "repetitions: " + repetitions + " done (of " + range + "), " + what + " not yet met (" + detail
                        + "): one more";
            case INTERVAL_NARROW ->
                "repetitions: stopped after " + repetitions + " (of " + range + "): the interval is narrow enough, "
                        + what + " (" + detail + ")";
            case MAXIMUM_REACHED ->
                "repetitions: stopped at the maximum of " + max + " (of " + range + "): " + what
                        + (met() ? " was met" : " was not met") + " (" + detail + ")";
            case ANSWER_CLEAR ->
                "repetitions: stopped after " + repetitions + " (of " + range + "): the answer is clear, " + what + " ("
                        + detail + ")";
            case BUDGET_SPENT ->
                "repetitions: stopped after " + repetitions + ", another would not fit the time budget (" + used()
                        + "): " + what + (met() ? " was met" : " was not met") + " (" + detail + ")";
        };
    }

    /** Every comparison's ratio, interval and verdict at this look, "; " between them. */
    public String comparisonsSaid() {
        return String.join(
                "; ",
                comparisons.stream().map(c -> c.describe(measure, confidence)).toList());
    }

    /**
     * Whether this scenario's rule held at this look: for {@code clear}, every comparison a change or the same within
     * the margin; for {@code ci within}, every interval narrow enough. A suite that stopped on its budget or its maximum
     * reads every scenario, and one scenario's answer may be clear while another's held the suite up.
     */
    @JsonIgnore
    public boolean met() {
        if (comparisons.isEmpty()) {
            return false;
        }
        if (clearRule()) {
            return comparisons.stream()
                    .allMatch(c -> "the same".equals(c.verdict())
                            || "higher".equals(c.verdict())
                            || "lower".equals(c.verdict()));
        }
        return comparisons.stream().allMatch(c -> c.within(withinPercent));
    }

    /** A {@code clear} rule (a change, or the same within the margin), not {@code ci within}. */
    private boolean clearRule() {
        return rule.matches("(?s).*\\bclear\\b.*");
    }

    /** "7:40 of 8:00 used"; "" without a budget. */
    String used() {
        if (budgetSeconds == null || usedSeconds == null) {
            return "";
        }
        return clock(usedSeconds) + " of " + clock(budgetSeconds) + " used";
    }

    private static String clock(double seconds) {
        long whole = Math.round(seconds);
        return String.format(Locale.ROOT, "%d:%02d", whole / 60, whole % 60);
    }
}
