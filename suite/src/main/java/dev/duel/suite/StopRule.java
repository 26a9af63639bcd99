package dev.duel.suite;

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
 * the ratio of the measure (other / first, over the ok runs of the scenario) lies within N% of its
 * point estimate (the ratio of medians) on both sides: {@code max(ratio - low, high - ratio) / ratio
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

    /** What the rule reads from a run's scenario result; keys as the report's thresholds name them. */
    public enum Measure {
        RPS("rps", false, r -> main(r) == null ? Double.NaN : main(r).okPerSecond()),
        P50("p50", true, r -> latency(r, LatencySummary::p50Micros)),
        P90("p90", true, r -> latency(r, LatencySummary::p90Micros)),
        P99("p99", true, r -> latency(r, LatencySummary::p99Micros)),
        CPU(
                "cpu",
                false,
                r -> r.targetMain() == null ? Double.NaN : r.targetMain().cpuMicrosPerRequest());

        /**
         * Fewer correct responses than this in a run's main phase and its percentiles are not used: the report's
         * {@code Metric.MIN_SAMPLES_FOR_PERCENTILES}, so the rule and the report count the same runs.
         */
        static final long MIN_SAMPLES_FOR_PERCENTILES = 1_000;

        private final String key;
        private final boolean percentile;
        private final ToDoubleFunction<RunRecord.ScenarioResult> read;

        Measure(String key, boolean percentile, ToDoubleFunction<RunRecord.ScenarioResult> read) {
            this.key = key;
            this.percentile = percentile;
            this.read = read;
        }

        public String key() {
            return key;
        }

        /**
         * The run's value (requests/s; microseconds for latency and CPU per request), or NaN when it has none: no
         * main phase, too few samples for a percentile, or not a positive number.
         */
        public double read(RunRecord.ScenarioResult result) {
            if (percentile && (main(result) == null || main(result).latency().count() < MIN_SAMPLES_FOR_PERCENTILES)) {
                return Double.NaN;
            }
            double value = read.applyAsDouble(result);
            return value > 0 && Double.isFinite(value) ? value : Double.NaN;
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

        private static double latency(RunRecord.ScenarioResult result, ToDoubleFunction<LatencySummary> read) {
            PhaseResult main = main(result);
            return main == null ? Double.NaN : read.applyAsDouble(main.latency());
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
    StopRule about(String scenarioName) {
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
