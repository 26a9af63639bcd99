package dev.duel.report.model;

/**
 * A row of a report table: a metric of a scenario, the start-up time, or a companion's CPU. Immutable.
 *
 * @param key        the name thresholds use ("rps", "p99", "startup", "postgres.cores")
 * @param percentile latency percentiles need 1,000 samples per run to count
 */
public record Measure(String key, String label, Metric.Unit unit, Metric.Direction direction, boolean percentile) {
    public static final Measure STARTUP =
            new Measure("startup", "startup", Metric.Unit.MILLIS, Metric.Direction.LOWER, false);

    public static Measure of(Metric metric) {
        return new Measure(metric.key(), metric.label(), metric.unit(), metric.direction(), metric.percentile());
    }

    public static Measure serviceCores(String service) {
        return new Measure(service + ".cores", service + " cores", Metric.Unit.CORES, Metric.Direction.NONE, false);
    }

    /**
     * The value a table shows for one target and a verdict compares: for a measure compared as a ratio, the geometric
     * mean over runs, whose ratio between two sides is the centre of the ratio's interval; for counts and shares
     * (compared as shown, or as a shift in points) and wherever a run gave 0 (no ratio), the median.
     */
    public double central(Summary summary) {
        return comparable() && summary.min() > 0 ? summary.geometricMean() : summary.median();
    }

    /** "geometric mean" or "median": what {@link #central} takes over {@code summary}. */
    public String centralName(Summary summary) {
        return comparable() && summary.min() > 0 ? "geometric mean" : "median";
    }

    /** Ratios of these mean something; counts and shares near zero are shown, not divided. */
    public boolean comparable() {
        return unit != Metric.Unit.COUNT && unit != Metric.Unit.SHARE && unit != Metric.Unit.CHANGE;
    }
}
