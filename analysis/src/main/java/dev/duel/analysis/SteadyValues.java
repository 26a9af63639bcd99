package dev.duel.analysis;

import dev.duel.record.ScenarioKind;
import java.util.ArrayList;
import java.util.List;

/**
 * Each run's value of a load scenario's measure, and whether it is a clean steady-state value or is counted with a
 * mark: one rule for the report's comparison rows and the suite's {@code repetitions: {until}} rule, so the rule stops
 * on what the report prints. Every run counts (issue 22): a run that never settled is not dropped (the runs a filter
 * drops are the atypical ones, and a verdict from the survivors flatters the side); it gives its main phase's value,
 * marked, and the report shows the verdict from every run beside the one from the clean runs alone.
 *
 * <ul>
 *   <li>requests/s is the mean of the run's steady seconds ({@link RunSteadyState#steadyRequestsPerSecond}); a run
 *       that never settled gives its main's mean ({@link RunSteadyState#mainRequestsPerSecond}), marked {@link
 *       Mark#NEVER_STEADY};
 *   <li>latency percentiles, mean latency and CPU per request are main's (main's histogram and CPU counter cannot be
 *       split by second): marked {@link Mark#NEVER_STEADY} for a run that never settled, {@link
 *       Mark#STEADY_INSIDE_MAIN} when its steady state began inside main (main mixes warm-up in), {@link
 *       Mark#LATENCY_MOVING} (latency only) when main's per-second p99 moved;
 *   <li>a latency percentile of a main phase with fewer than {@link #MIN_SAMPLES_FOR_PERCENTILES} correct answers is
 *       marked {@link Mark#TOO_FEW_SAMPLES} (its p99 rests on a handful of answers);
 *   <li>an ok run that measured the machine or its generator's limit is marked {@link Mark#MACHINE} or {@link
 *       Mark#LOADGEN} ({@link #limits}).
 * </ul>
 *
 * Startup scenarios have no per-second series: their values are main's as measured. Stateless, thread-safe.
 */
public final class SteadyValues {
    /** Fewer correct responses than this in a run's main phase and its latency percentiles are marked. */
    public static final long MIN_SAMPLES_FOR_PERCENTILES = 1_000;

    private SteadyValues() {}

    /** The measures that have a steady-state value, by where it comes from. */
    public enum Measure {
        /** Requests/s, in requests per second: the mean of the steady seconds. */
        REQUESTS_PER_SECOND(false, false),
        /** A percentile of main's latency histogram, in microseconds. */
        LATENCY_PERCENTILE(true, true),
        /** Main's mean latency, in microseconds. */
        MEAN_LATENCY(false, true),
        /** Target CPU over main / requests completed in main, in microseconds per request. */
        CPU_PER_REQUEST(false, false);

        private final boolean percentile;
        private final boolean latency;

        Measure(boolean percentile, boolean latency) {
            this.percentile = percentile;
            this.latency = latency;
        }

        /** True for latency percentiles, which need {@link #MIN_SAMPLES_FOR_PERCENTILES} answers in main. */
        public boolean percentile() {
            return percentile;
        }
    }

    /** Why a run's value is not a clean steady-state value. */
    public enum Mark {
        /** The run never reached a steady state: its main phase's value. */
        NEVER_STEADY("never steady"),
        /** The steady state began inside main: main's histogram or CPU counter mixes warm-up in. */
        STEADY_INSIDE_MAIN("steady only inside main"),
        /** Main's per-second p99 moved significantly: main's latency is not one level's. */
        LATENCY_MOVING("p99 moved over main"),
        /** A latency percentile of a main phase with fewer than {@link #MIN_SAMPLES_FOR_PERCENTILES} answers. */
        TOO_FEW_SAMPLES("thin samples"),
        /**
         * An ok run that measured the machine ({@link Bottleneck.Kind#MACHINE}): not a duet's, whose two sides share
         * their CPUs by design ({@link #limits}).
         */
        MACHINE("measured the machine"),
        /** An ok run whose load generator was at its limit ({@link Bottleneck.Kind#LOADGEN}). */
        LOADGEN("load generator at its limit");

        private final String words;

        Mark(String words) {
            this.words = words;
        }

        /** In a few words: "never steady". */
        public String words() {
            return words;
        }
    }

    /**
     * @param value the run's value in the measure's unit; NaN when not measured
     * @param marks why it is not a clean steady-state value; empty when it is
     */
    public record Value(double value, List<Mark> marks) {
        public Value {
            marks = List.copyOf(marks);
        }

        /** A value was measured. */
        public boolean measured() {
            return !Double.isNaN(value);
        }

        /** A clean steady-state value: measured, with no mark. */
        public boolean clean() {
            return measured() && marks.isEmpty();
        }
    }

    /**
     * The marks an ok run's steady value takes from what limited its throughput ({@link Bottleneck}): one that measured
     * the machine or whose generator was at its limit measured them, not the target. Not the machine in a duet: the
     * two sides share their CPUs by design, what the machine took from both cancels second by second, and what it took
     * from one side only the duet's noise gate judged. A run that is not ok is marked by its status already. The
     * report's rows and the repetitions rule both add these ({@link #value(Measure, RunSteadyState, double, long)}
     * gives the others), so the rule stops on the runs the report counts clean.
     */
    public static List<Mark> limits(Bottleneck.Kind bottleneck, boolean duet) {
        return switch (bottleneck) {
            case MACHINE -> duet ? List.of() : List.of(Mark.MACHINE);
            case LOADGEN -> List.of(Mark.LOADGEN);
            default -> List.of();
        };
    }

    /** True for scenarios whose values are steady-state values: every kind with a per-second series. */
    public static boolean applies(ScenarioKind kind) {
        return kind != ScenarioKind.STARTUP;
    }

    /**
     * The run's value of the measure, and its marks.
     *
     * @param run         the run's steady state in the scenario; null for a scenario the rule does not apply to
     *                    ({@link #applies}), whose value is main's as measured
     * @param mainValue   main's value of the measure as recorded (requests/s, microseconds); negative or NaN when not
     *                    measured
     * @param mainSamples correct responses in main (its latency histogram's count)
     */
    public static Value value(Measure measure, RunSteadyState run, double mainValue, long mainSamples) {
        if (Double.isNaN(mainValue) || mainValue < 0) {
            return new Value(Double.NaN, List.of());
        }
        double value = mainValue;
        List<Mark> marks = new ArrayList<>();
        if (run != null) {
            if (!run.steady()) {
                marks.add(Mark.NEVER_STEADY);
                if (measure == Measure.REQUESTS_PER_SECOND && Double.isFinite(run.mainRequestsPerSecond())) {
                    value = run.mainRequestsPerSecond();
                }
            } else {
                if (measure == Measure.REQUESTS_PER_SECOND) {
                    value = run.steadyRequestsPerSecond();
                } else if (!run.steadyThroughMain()) {
                    marks.add(Mark.STEADY_INSIDE_MAIN);
                }
            }
            if (measure.latency && run.latencyMoving()) {
                marks.add(Mark.LATENCY_MOVING);
            }
        }
        if (measure.percentile() && mainSamples < MIN_SAMPLES_FOR_PERCENTILES) {
            marks.add(Mark.TOO_FEW_SAMPLES);
        }
        return new Value(value, marks);
    }
}
