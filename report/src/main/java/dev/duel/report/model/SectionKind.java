package dev.duel.report.model;

import com.fasterxml.jackson.annotation.JsonValue;
import dev.duel.record.ScenarioKind;
import java.util.Objects;

/**
 * What a section of a report holds: a scenario of one of the kinds its records name ({@link ScenarioKind}), or the
 * start-up section beside the scenarios. Written as its label in summary.json, and beside a section's name where it
 * is not a plain load scenario. Immutable.
 */
public enum SectionKind {
    LOAD(ScenarioKind.LOAD),
    WARMUP_CURVE(ScenarioKind.WARMUP_CURVE),
    STARTUP(ScenarioKind.STARTUP),
    LATENCY(ScenarioKind.LATENCY),
    THROUGHPUT(ScenarioKind.THROUGHPUT),
    /** The start-up section: each valid run's time to its first correct answer, whatever scenarios it measured. */
    PER_RUN(null);

    /** The records' kind of scenario; null for the start-up section, which is no scenario. */
    private final ScenarioKind scenario;

    SectionKind(ScenarioKind scenario) {
        this.scenario = scenario;
    }

    /** "load", "warmup-curve", "startup", "latency", "throughput" (the records' labels), or "per run". */
    @JsonValue
    public String label() {
        return scenario == null ? "per run" : scenario.label();
    }

    /** The section of a scenario of {@code kind}. */
    public static SectionKind of(ScenarioKind kind) {
        Objects.requireNonNull(kind, "kind");
        for (SectionKind section : values()) {
            if (section.scenario == kind) {
                return section;
            }
        }
        throw new IllegalArgumentException("no section for scenarios of kind " + kind);
    }
}
