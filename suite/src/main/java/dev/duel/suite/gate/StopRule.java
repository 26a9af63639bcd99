package dev.duel.suite.gate;

import dev.duel.analysis.RatioVerdict;
import dev.duel.analysis.RunSteadyState;
import dev.duel.analysis.SteadyValues;
import dev.duel.record.RunRecord;
import dev.duel.record.load.LatencySummary;
import dev.duel.record.load.PhaseResult;
import java.math.BigDecimal;
import java.util.Locale;
import java.util.function.ToDoubleFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code until} of {@code repetitions: {min, max, until}}: {@code [<scenario>:]<measure> clear [within <M>%]} or
 * {@code [<scenario>:]<measure> ci within <N>%}. The suite stops adding repetitions once, for every target against the
 * first, the answer on the measure (other / first, over every run of the scenario, as the report's comparison rows
 * take them: {@link Measure}, {@link dev.duel.analysis.RatioVerdict}) is clear (a change, or the same within ±M%,
 * 5% unless written), or its interval lies within N% of its point estimate on both sides: {@code max(ratio - low,
 * high - ratio) / ratio <= N / 100}. Each repetition from min to max is a look at the data: {@link
 * RepetitionCheck} and the report test each at 5% / looks, so that stopping when the answer looks clear does not
 * inflate false differences. Immutable.
 *
 * @param text          the rule as written
 * @param scenario      the scenario named before the colon, or null when none was (the loader fills in the
 *                      suite's only scenario)
 * @param measure       what is read from each run
 * @param clear         true for {@code clear}: stop on a clear answer; false for {@code ci within}
 * @param withinPercent {@code ci within}: N, percent of the point estimate; {@code clear}: the equivalence margin M,
 *                      percent; above 0 and below 100
 */
public record StopRule(String text, String scenario, Measure measure, boolean clear, double withinPercent) {
    /** The overall level of the looks, 5%: the report's 95% over all the looks a suite may take. */
    public static final double FALSE_DIFFERENCE_RATE = 0.05;

    /** Words, measure, number; one space or more between words, nothing else. */
    private static final Pattern FORM = Pattern.compile(
            "(?:([A-Za-z0-9][A-Za-z0-9_.-]*)\\s*:\\s*)?([a-z0-9.]+)\\s+ci\\s+within\\s+(\\d+(?:\\.\\d+)?)\\s*%");

    /** {@code [scenario:] measure clear [within M%]}. */
    private static final Pattern CLEAR = Pattern.compile(
            "(?:([A-Za-z0-9][A-Za-z0-9_.-]*)\\s*:\\s*)?([a-z0-9.]+)\\s+clear(?:\\s+within\\s+(\\d+(?:\\.\\d+)?)\\s*%)?");

    /**
     * The confidence each look's interval takes so that all {@code looks} together say "different" of two equal
     * targets at most 5% of the time (Bonferroni: each at 5% / looks).
     */
    public static double confidence(int looks) {
        return 1 - FALSE_DIFFERENCE_RATE / Math.max(1, looks);
    }

    /**
     * What the rule reads from a run's scenario result; keys as the report's thresholds name them. Each run's value is
     * the one the report's comparison rows use ({@link SteadyValues}): requests/s is the mean of the run's steady
     * seconds, main's for a run that never settled (marked); latency percentiles and CPU per request are main's,
     * marked when the run was not steady through all of main, and percentiles when under {@link
     * SteadyValues#MIN_SAMPLES_FOR_PERCENTILES} answers.
     */
    public enum Measure {
        RPS("rps", SteadyValues.Measure.REQUESTS_PER_SECOND, r -> main(r) == null ? 0 : main(r).okPerSecond()),
        P50("p50", SteadyValues.Measure.LATENCY_PERCENTILE, r -> latency(r, LatencySummary::p50Micros)),
        P90("p90", SteadyValues.Measure.LATENCY_PERCENTILE, r -> latency(r, LatencySummary::p90Micros)),
        P99("p99", SteadyValues.Measure.LATENCY_PERCENTILE, r -> latency(r, LatencySummary::p99Micros)),
        CPU(
                "cpu",
                SteadyValues.Measure.CPU_PER_REQUEST,
                r -> r.targetMain() == null ? -1 : r.targetMain().cpuMicrosPerRequest());

        private final String key;
        private final SteadyValues.Measure steady;
        /** Main's value as recorded, as the report reads it: negative or NaN when not measured. */
        private final ToDoubleFunction<RunRecord.ScenarioResult> readMain;

        Measure(String key, SteadyValues.Measure steady, ToDoubleFunction<RunRecord.ScenarioResult> readMain) {
            this.key = key;
            this.steady = steady;
            this.readMain = readMain;
        }

        public String key() {
            return key;
        }

        /**
         * The run's value (requests/s; microseconds for latency and CPU per request), or NaN when it has none (see
         * {@link #value}).
         */
        public double read(RunRecord.ScenarioResult result) {
            return value(result).value();
        }

        /**
         * The run's value and its marks: the report's rule ({@link SteadyValues#value}); a value that is not positive
         * is not measured (a zero leaves the report no ratio).
         */
        public SteadyValues.Value value(RunRecord.ScenarioResult result) {
            RunSteadyState run = SteadyValues.applies(result.kind()) ? RunSteadyState.of(result.load()) : null;
            PhaseResult main = main(result);
            long samples = main == null ? 0 : main.latency().count();
            SteadyValues.Value value = SteadyValues.value(steady, run, readMain.applyAsDouble(result), samples);
            if (value.measured() && !(value.value() > 0 && Double.isFinite(value.value()))) {
                return new SteadyValues.Value(Double.NaN, java.util.List.of());
            }
            return value;
        }

        static Measure byKey(String key) {
            for (Measure measure : values()) {
                if (measure.key.equals(key)) {
                    return measure;
                }
            }
            return null;
        }

        private static PhaseResult main(RunRecord.ScenarioResult result) {
            return result.load() == null ? null : result.load().main();
        }

        /** As the report reads a percentile: -1 with no main phase or no correct answer in it. */
        private static double latency(RunRecord.ScenarioResult result, ToDoubleFunction<LatencySummary> read) {
            PhaseResult main = main(result);
            return main == null || main.latency().count() == 0 ? -1 : read.applyAsDouble(main.latency());
        }
    }

    /** @throws IllegalArgumentException saying what the form is, or which part is wrong */
    public static StopRule parse(String text) {
        Matcher clear = CLEAR.matcher(text.trim());
        Matcher matcher = FORM.matcher(text.trim());
        boolean isClear = clear.matches();
        if (!isClear && !matcher.matches()) {
            throw new IllegalArgumentException("is '[<scenario>:]<measure> clear [within <M>%]' or"
                    + " '[<scenario>:]<measure> ci within <N>%', e.g. 'rps clear' or 'json: p99 ci within 10%', got '"
                    + text + "'");
        }
        Matcher found = isClear ? clear : matcher;
        Measure measure = Measure.byKey(found.group(2));
        if (measure == null) {
            throw new IllegalArgumentException("the measure is one of " + keys() + ", got '" + found.group(2) + "'");
        }
        String number = found.group(3);
        double within = number == null ? RatioVerdict.DEFAULT_SAME_WITHIN * 100 : Double.parseDouble(number);
        if (!(within > 0 && within < 100)) {
            throw new IllegalArgumentException("the percentage is above 0% and below 100%, got " + number + "%");
        }
        return new StopRule(text, found.group(1), measure, isClear, within);
    }

    /** The same rule about {@code scenarioName}. */
    public StopRule about(String scenarioName) {
        return new StopRule(text, scenarioName, measure, clear, withinPercent);
    }

    /** "json rps clear (the same within ±5%)", "json rps CI within 5%". */
    public String describe() {
        String percent = new BigDecimal(String.valueOf(withinPercent))
                .stripTrailingZeros()
                .toPlainString();
        String where = scenario == null ? "every scenario's" : scenario;
        return clear
                ? String.format(
                        Locale.ROOT, "%s %s clear (a change, or the same within ±%s%%)", where, measure.key(), percent)
                : String.format(Locale.ROOT, "%s %s CI within %s%%", where, measure.key(), percent);
    }

    private static String keys() {
        StringBuilder keys = new StringBuilder();
        for (Measure measure : Measure.values()) {
            keys.append(keys.length() == 0 ? "" : ", ").append(measure.key);
        }
        return keys.toString();
    }
}
