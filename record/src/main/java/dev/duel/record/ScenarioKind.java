package dev.duel.record;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Locale;

/** What a scenario measures; written as its label ("load", "warmup-curve", ...) in suites and records. */
public enum ScenarioKind {
    /** Warm-up, gap, main: the default. */
    @JsonProperty("load")
    LOAD,
    /** Windows from a fresh target's first correct answer. */
    @JsonProperty("warmup-curve")
    WARMUP_CURVE,
    /** Fresh starts, time to the first correct answer only; no load. */
    @JsonProperty("startup")
    STARTUP,
    /** Low concurrency: the cost of one request, percentiles that mean something. */
    @JsonProperty("latency")
    LATENCY,
    /** Saturating concurrency: capacity; its percentiles describe queueing. */
    @JsonProperty("throughput")
    THROUGHPUT;

    /**
     * The name of the report's section of every run's start-up time (time to ready), keyed beside the scenarios'
     * names: a scenario cannot take it, or it would share that section's rows and thresholds. Defined once here, for
     * the suite that refuses it and the report that shows it.
     */
    public static final String STARTUP_SECTION = "start-up";

    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The kind with this label, or null. */
    public static ScenarioKind byLabel(String label) {
        for (ScenarioKind kind : values()) {
            if (kind.label().equals(label)) {
                return kind;
            }
        }
        return null;
    }
}
