package dev.duel.analysis;

import dev.duel.record.ScenarioKind;

/**
 * Which runs give a steady-state value of a load scenario's measure, and which value: one rule for the report's
 * comparison rows and the suite's {@code repetitions: {until}} rule, so the rule stops on the interval the report
 * prints.
 *
 * <ul>
 *   <li>requests/s is the mean of the run's steady seconds ({@link RunSteadyState#steadyRequestsPerSecond});
 *   <li>latency percentiles, mean latency and CPU per request are main's, but only from runs whose steady state covers
 *       all of main ({@link RunSteadyState#steadyThroughMain}): main's histogram and CPU counter cannot be split by
 *       second, so when the steady state began inside main they mix warm-up in (and a median of per-second p99s is
 *       not a p99);
 *   <li>a run that never reached a steady state gives none of them;
 *   <li>a latency percentile of a main phase with fewer than {@link #MIN_SAMPLES_FOR_PERCENTILES} correct answers is
 *       not used, steady or not.
 * </ul>
 *
 * Startup scenarios have no per-second series: their values are main's as measured. Stateless, thread-safe.
 */
public final class SteadyValues {
    /** Fewer correct responses than this in a run's main phase and its latency percentiles are not used. */
    public static final long MIN_SAMPLES_FOR_PERCENTILES = 1_000;

    /**
     * Whether a side's steady runs may carry a steady-state verdict although some of its runs never settled: more
     * than half of its runs, and at least two (an interval needs two values a side). Half or fewer, and the runs
     * that settled may be the lucky ones: the issue's own example, 3 of 6 never settled, gives no verdict. The report
     * and the repetitions rule both ask this, so the rule never stops where the report gives no verdict.
     *
     * @param steady runs of the side that reached a steady state
     * @param runs   the side's ok runs
     */
    public static boolean enoughSteady(long steady, int runs) {
        return steady >= 2 && steady * 2 > runs;
    }

    private SteadyValues() {}

    /** The measures that have a steady-state value, by where it comes from. */
    public enum Measure {
        /** Requests/s, in requests per second: the mean of the steady seconds. */
        REQUESTS_PER_SECOND(false),
        /** A percentile of main's latency histogram, in microseconds. */
        LATENCY_PERCENTILE(true),
        /** Main's mean latency, in microseconds. */
        MEAN_LATENCY(false),
        /** Target CPU over main / requests completed in main, in microseconds per request. */
        CPU_PER_REQUEST(false);

        private final boolean percentile;

        Measure(boolean percentile) {
            this.percentile = percentile;
        }

        /** True for latency percentiles, which need {@link #MIN_SAMPLES_FOR_PERCENTILES} answers in main. */
        public boolean percentile() {
            return percentile;
        }
    }

    /** Why a run gives no value, or that it gives one. */
    public enum LeftOut {
        /** The run gives a value. */
        NONE,
        /** Main has no value of the measure (no main phase, no answer, no CPU reading): negative or NaN. */
        NOT_MEASURED,
        /** The run never reached a steady state. */
        NEVER_STEADY,
        /** The steady state began inside main: main's histogram or CPU counter mixes warm-up in. */
        STEADY_INSIDE_MAIN,
        /** A latency percentile of a main phase with fewer than {@link #MIN_SAMPLES_FOR_PERCENTILES} answers. */
        TOO_FEW_SAMPLES
    }

    /**
     * @param value   the run's value in the measure's unit; NaN unless {@code leftOut} is NONE
     * @param leftOut why the run gives no value, or NONE
     */
    public record Value(double value, LeftOut leftOut) {
        public boolean kept() {
            return leftOut == LeftOut.NONE;
        }
    }

    /** True for scenarios whose values are steady-state values: every kind with a per-second series. */
    public static boolean applies(ScenarioKind kind) {
        return kind != ScenarioKind.STARTUP;
    }

    /**
     * The run's value of the measure, or why it has none (checked in this order: not measured, never steady, steady
     * only inside main, too few samples).
     *
     * @param run         the run's steady state in the scenario; null for a scenario the rule does not apply to
     *                    ({@link #applies}), whose value is main's as measured
     * @param mainValue   main's value of the measure as recorded (requests/s, microseconds); negative or NaN when not
     *                    measured
     * @param mainSamples correct responses in main (its latency histogram's count)
     */
    public static Value value(Measure measure, RunSteadyState run, double mainValue, long mainSamples) {
        if (Double.isNaN(mainValue) || mainValue < 0) {
            return new Value(Double.NaN, LeftOut.NOT_MEASURED);
        }
        double value = mainValue;
        if (run != null) {
            if (!run.steady()) {
                return new Value(Double.NaN, LeftOut.NEVER_STEADY);
            }
            if (measure != Measure.REQUESTS_PER_SECOND && !run.steadyThroughMain()) {
                return new Value(Double.NaN, LeftOut.STEADY_INSIDE_MAIN);
            }
            if (measure == Measure.REQUESTS_PER_SECOND) {
                value = run.steadyRequestsPerSecond();
            }
        }
        if (measure.percentile() && mainSamples < MIN_SAMPLES_FOR_PERCENTILES) {
            return new Value(Double.NaN, LeftOut.TOO_FEW_SAMPLES);
        }
        return new Value(value, LeftOut.NONE);
    }
}
