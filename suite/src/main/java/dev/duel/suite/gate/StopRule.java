package dev.duel.suite.gate;

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
 * The {@code until} of {@code repetitions: {min, max, until}}: {@code [<scenario>:]<measure> ci within <N>%}.
 * The suite stops adding repetitions once, for every target against the first, the 95% interval of
 * the ratio of the measure (other / first, over the steady-state values of the ok runs of the scenario, as the
 * report's comparison rows take them: {@link Measure}) lies within N% of its point estimate (the ratio of medians)
 * on both sides: {@code max(ratio - low, high - ratio) / ratio
 * <= N / 100}. Immutable.
 *
 * @param text          the rule as written
 * @param scenario      the scenario named before the colon, or null when none was (the loader fills in the
 *                      suite's only scenario)
 * @param measure       what is read from each run
 * @param withinPercent N, percent of the point estimate, above 0 and below 100
 */
public record StopRule(String text, String scenario, Measure measure, double withinPercent) {
    /** The interval's confidence: the report's default, so the rule sees the interval the report prints. */
    public static final double CONFIDENCE = 0.95;

    /** Words, measure, number; one space or more between words, nothing else. */
    private static final Pattern FORM = Pattern.compile(
            "(?:([A-Za-z0-9][A-Za-z0-9_.-]*)\\s*:\\s*)?([a-z0-9.]+)\\s+ci\\s+within\\s+(\\d+(?:\\.\\d+)?)\\s*%");

    /**
     * What the rule reads from a run's scenario result; keys as the report's thresholds name them. Each run's value is
     * the one the report's comparison rows use ({@link SteadyValues}): requests/s is the mean of the run's steady
     * seconds; latency percentiles and CPU per request are main's, only from runs steady through all of main, and
     * percentiles only with at least {@link SteadyValues#MIN_SAMPLES_FOR_PERCENTILES} answers; a run that never
     * reached a steady state gives none.
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
         * The run's value, or why it has none: the report's rule ({@link SteadyValues#value}), and a value that is
         * not positive is not measured either (a zero leaves the report no ratio, and the interval none).
         */
        public SteadyValues.Value value(RunRecord.ScenarioResult result) {
            RunSteadyState run = SteadyValues.applies(result.kind()) ? RunSteadyState.of(result.load()) : null;
            PhaseResult main = main(result);
            long samples = main == null ? 0 : main.latency().count();
            SteadyValues.Value value = SteadyValues.value(steady, run, readMain.applyAsDouble(result), samples);
            if (value.kept() && !(value.value() > 0 && Double.isFinite(value.value()))) {
                return new SteadyValues.Value(Double.NaN, SteadyValues.LeftOut.NOT_MEASURED);
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
        Matcher matcher = FORM.matcher(text.trim());
        if (!matcher.matches()) {
            throw new IllegalArgumentException("is '[<scenario>:]<measure> ci within <N>%', e.g. 'rps ci within 5%' or"
                    + " 'json: p99 ci within 10%', got '" + text + "'");
        }
        Measure measure = Measure.byKey(matcher.group(2));
        if (measure == null) {
            throw new IllegalArgumentException("the measure is one of " + keys() + ", got '" + matcher.group(2) + "'");
        }
        double within = Double.parseDouble(matcher.group(3));
        if (!(within > 0 && within < 100)) {
            throw new IllegalArgumentException("N is above 0% and below 100%, got " + matcher.group(3) + "%");
        }
        return new StopRule(text, matcher.group(1), measure, within);
    }

    /** The same rule about {@code scenarioName}. */
    public StopRule about(String scenarioName) {
        return new StopRule(text, scenarioName, measure, withinPercent);
    }

    /** "json rps CI within 5%". */
    public String describe() {
        return String.format(
                Locale.ROOT,
                "%s %s CI within %s%%",
                scenario,
                measure.key(),
                new BigDecimal(String.valueOf(withinPercent))
                        .stripTrailingZeros()
                        .toPlainString());
    }

    private static String keys() {
        StringBuilder keys = new StringBuilder();
        for (Measure measure : Measure.values()) {
            keys.append(keys.length() == 0 ? "" : ", ").append(measure.key);
        }
        return keys.toString();
    }
}
