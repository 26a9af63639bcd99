package dev.duel.report.model;

import dev.duel.analysis.SteadyValues;
import java.util.Locale;

/**
 * A number read from each run of a scenario, with its unit and which way is better. Values are in
 * the unit named by {@link #unit}; NaN, or a negative value of a unit that cannot be negative,
 * means "not measured" and is left out. Which value of a run's record each metric is, is said where the runs are
 * read into rows ({@code Rows.read}): the metric itself knows nothing of records.
 */
public enum Metric {
    RPS("rps", "requests/s", Unit.RATE, Direction.HIGHER, false),
    P50("p50", "p50", Unit.MICROS, Direction.LOWER, true),
    P90("p90", "p90", Unit.MICROS, Direction.LOWER, true),
    P99("p99", "p99", Unit.MICROS, Direction.LOWER, true),
    P999("p99.9", "p99.9", Unit.MICROS, Direction.LOWER, true),
    MEAN("mean", "mean latency", Unit.MICROS, Direction.LOWER, false),
    ERRORS("errors", "errors", Unit.COUNT, Direction.LOWER, false),
    /**
     * Open model: requests that waited for a free connection past their intended start, over those
     * scheduled in main. The target held its connections too long: a target result, not the generator's.
     */
    LATE("late", "late share", Unit.SHARE, Direction.LOWER, false),
    /** Open model: scheduled requests of main that never found a connection, over those scheduled. */
    UNSTARTED("unstarted", "unstarted share", Unit.SHARE, Direction.LOWER, false),
    CPU_PER_REQUEST("cpu", "CPU per request", Unit.MICROS, Direction.LOWER, false),
    CORES("cores", "cores used", Unit.CORES, Direction.NONE, false),
    THROTTLED("throttled", "throttled", Unit.SHARE, Direction.LOWER, false),
    /** The highest anonymous memory (no page cache) sampled within the scenario; records of schema 2 on. */
    PEAK_ANON("anon", "peak anonymous memory", Unit.BYTES, Direction.LOWER, false),
    /**
     * Schema-1 records only, which did not sample anonymous memory: the group's peak since the target started,
     * page cache included. Never mixed with {@link #PEAK_ANON}: a run that has the one has not the other.
     */
    PEAK_RSS("rss", "peak RSS+cache (schema 1)", Unit.BYTES, Direction.LOWER, false);

    /** Which way is better. NONE: a fact to show, compared without judgement (e.g. cores used). */
    public enum Direction {
        HIGHER,
        LOWER,
        NONE
    }

    /** CHANGE: a relative change, +0.5 = +50%. */
    public enum Unit {
        RATE,
        MICROS,
        MILLIS,
        /** Whole or half seconds, e.g. a time to steady state. */
        SECONDS,
        COUNT,
        CORES,
        SHARE,
        BYTES,
        CHANGE
    }

    private final String key;
    private final String label;
    private final Unit unit;
    private final Direction direction;
    private final boolean percentile;

    Metric(String key, String label, Unit unit, Direction direction, boolean percentile) {
        this.key = key;
        this.label = label;
        this.unit = unit;
        this.direction = direction;
        this.percentile = percentile;
    }

    /** The name used in thresholds ({@code jdk25.rps}, {@code *.p99}). */
    public String key() {
        return key;
    }

    public String label() {
        return label;
    }

    public Unit unit() {
        return unit;
    }

    public Direction direction() {
        return direction;
    }

    /**
     * True for latency percentiles: hidden when a run's main phase has fewer than
     * {@link SteadyValues#MIN_SAMPLES_FOR_PERCENTILES} samples.
     */
    public boolean percentile() {
        return percentile;
    }

    /**
     * Which steady-state rule the metric's values follow in load scenarios ({@link SteadyValues}: requests/s from the
     * steady seconds; latency and CPU per request from runs steady through all of main), or null for a value that is
     * main's as measured (errors, shares, cores, memory).
     */
    public SteadyValues.Measure steadyMeasure() {
        return switch (this) {
            case RPS -> SteadyValues.Measure.REQUESTS_PER_SECOND;
            case P50, P90, P99, P999 -> SteadyValues.Measure.LATENCY_PERCENTILE;
            case MEAN -> SteadyValues.Measure.MEAN_LATENCY;
            case CPU_PER_REQUEST -> SteadyValues.Measure.CPU_PER_REQUEST;
            default -> null;
        };
    }

    public static Metric byKey(String key) {
        for (Metric metric : values()) {
            if (metric.key.equals(key.toLowerCase(Locale.ROOT))) {
                return metric;
            }
        }
        return null;
    }
}
