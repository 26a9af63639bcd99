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

    /** Ratios of these mean something; counts and shares near zero are shown, not divided. */
    public boolean comparable() {
        return unit != Metric.Unit.COUNT && unit != Metric.Unit.SHARE && unit != Metric.Unit.CHANGE;
    }
}
